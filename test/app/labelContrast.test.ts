// WCAG AA contrast (≥ 4.5:1 for text) of everything the 3D view writes on its labels, and of the
// line-of-sight badges in the panel: black text on each display-class colour, and each label text
// colour on the dark label box laid over the brightest possible table (white). The contrast formula
// is WCAG 2.1's own (relative luminance of sRGB), written out here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COLOURS } from '../../src/app/scene/palette.ts'

function channel(c: number): number {
  const s = c / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16)
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}
/** The label box rgba(0,0,0,0.82) over white: each channel 255 × 0.18. */
const LABEL_BOX_OVER_WHITE = '#2e2e2e'

describe('label and badge contrast (WCAG AA)', () => {
  it('black on white is 21:1 and white on white 1:1 (the formula)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5)
  })

  it('black text on every line-of-sight colour is at least 4.5:1', () => {
    for (const c of [COLOURS.losClear, COLOURS.losPartial, COLOURS.losBlocked]) expect(contrast('#000000', c), c).toBeGreaterThanOrEqual(4.5)
  })

  it('the panel badges use the same three colours as the 3D view', () => {
    const css = readFileSync('src/app/app.css', 'utf8')
    expect(css).toContain(`--los-clear: ${COLOURS.losClear};`)
    expect(css).toContain(`--los-partial: ${COLOURS.losPartial};`)
    expect(css).toContain(`--los-blocked: ${COLOURS.losBlocked};`)
  })

  it('label text colours on the dark label box stay above 4.5:1 even over a white table', () => {
    for (const c of ['#ffffff', '#ff8080', COLOURS.attacker, COLOURS.target, COLOURS.range, COLOURS.rangeRuling, COLOURS.arc]) {
      expect(contrast(c, LABEL_BOX_OVER_WHITE), c).toBeGreaterThanOrEqual(4.5)
    }
  })
})
