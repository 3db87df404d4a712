// The exported ruling PNG's text column (issue 24's small faults): a summary long enough to wrap keeps
// its own colour on its second line; only the verdict line is green (ALLOWED) or red (NOT ALLOWED).
// The measure is one unit per character, so where each line wraps is known by hand.
import { describe, expect, it } from 'vitest'
import { pngLines } from '../../src/app/record/rulingPng.ts'

const perChar = (t: string) => t.length

describe('ruling PNG lines', () => {
  it('a wrapped summary stays white on its second line; the verdict is green', () => {
    const lines = pngLines(['narrative-skirmish: Ranger sergeant → Raider (Rifle): allowed, 45% to hit', 'ALLOWED', 'Distance 11.1″'], perChar, 50)
    // 'narrative-skirmish: Ranger sergeant → Raider' is 45 characters; adding ' (Rifle):' passes 50.
    expect(lines.map((l) => l.text)).toEqual(['narrative-skirmish: Ranger sergeant → Raider', '    (Rifle): allowed, 45% to hit', 'ALLOWED', 'Distance 11.1″'])
    expect(lines.map((l) => l.colour)).toEqual(['#ffffff', '#ffffff', '#2bff88', '#ffffff'])
  })

  it('NOT ALLOWED is red, and a wrapped reason under it stays white', () => {
    const lines = pngLines(['s: A → B: not allowed', 'NOT ALLOWED', '  ✗ Raider cannot be seen from the eye of Ranger sergeant [§5]'], perChar, 30)
    expect(lines[1]).toEqual({ text: 'NOT ALLOWED', colour: '#ff5c5c' })
    expect(lines.slice(2).every((l) => l.colour === '#ffffff')).toBe(true)
    expect(lines.length).toBeGreaterThan(3)
  })
})
