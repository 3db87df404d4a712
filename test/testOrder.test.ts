// The order the unit files start in (test/setup/durationSequencer.ts): longest first, a file with no
// figure first of all, the browser files where vitest put them; and the committed figures name the
// test files that exist (a renamed or deleted file's figure would order nothing, and its successor
// would start first as unknown).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { committedDurations, longestFirst } from './setup/durationSequencer.ts'

const root = join(import.meta.dirname, '..')

describe('the unit files start longest first', () => {
  it('orders the chosen items by length, unknown first, ties and the others where they were', () => {
    const items = [
      { name: 'a', unit: true, s: 2 }, { name: 'e2e-1', unit: false, s: 99 }, { name: 'b', unit: true, s: 80 },
      { name: 'new', unit: true, s: undefined }, { name: 'c', unit: true, s: 2 }, { name: 'e2e-2', unit: false, s: 1 }, { name: 'd', unit: true, s: 30 },
    ]
    const out = longestFirst(items, (i) => i.unit, (i) => i.s).map((i) => i.name)
    expect(out).toEqual(['new', 'e2e-1', 'b', 'd', 'a', 'e2e-2', 'c'])
  })

  it('the committed figures are for test files that exist, in seconds', () => {
    expect(committedDurations.size).toBeGreaterThan(150)
    for (const [path, s] of committedDurations) {
      expect(existsSync(join(root, path)), `${path} in test/setup/fileDurations.json does not exist: refresh it (node test/setup/saveFileDurations.mjs)`).toBe(true)
      expect(path).toMatch(/^test\/.*\.test\.tsx?$/)
      expect(s).toBeGreaterThanOrEqual(0)
    }
  })
})
