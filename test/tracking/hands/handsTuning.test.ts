// The hand worker's tuning (src/app/hands/handWorker.ts): the defaults, and the page-URL overrides the
// hands benchmark uses (`?hands-input=320&hands-delegate=GPU&hands-max=1`); values out of range are ignored.
import { describe, expect, it } from 'vitest'
import { DEFAULT_HANDS_TUNING, handsTuning } from '../../../src/app/hands/handWorker.ts'

describe('hands tuning from the page URL', () => {
  it('defaults without parameters', () => {
    expect(handsTuning('')).toEqual(DEFAULT_HANDS_TUNING)
    expect(DEFAULT_HANDS_TUNING).toEqual({ inputPx: 640, delegate: 'CPU', numHands: 2 })
  })
  it('reads input width, delegate and hands', () => {
    expect(handsTuning('?hands-input=320&hands-delegate=GPU&hands-max=1')).toEqual({ inputPx: 320, delegate: 'GPU', numHands: 1 })
  })
  it('ignores values it cannot use', () => {
    expect(handsTuning('?hands-input=12&hands-delegate=TPU&hands-max=9')).toEqual(DEFAULT_HANDS_TUNING)
    expect(handsTuning('?hands-input=abc&hands-max=1.5')).toEqual(DEFAULT_HANDS_TUNING)
  })
})
