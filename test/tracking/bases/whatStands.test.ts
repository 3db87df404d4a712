// What stands on a base (fitBase's readWhatStandsAt, the print rule's reading), on pictures drawn
// by hand (drawnTable.ts): a camera 300 mm above a flat mat looking straight down, every pixel painted from the table
// point it sees (a figure where the camera's ray to that point passes through it), so the answer is
// known without the tracker. A printed outline (a hex cell's line) has the mat inside and nothing over
// it: top 1, rise 0. A base flocked exactly like the mat, its figure standing in the middle, has the
// mat on most of its top ring but its figure rises. A base with a painted top does not
// read as the mat. A base at the mat's far edge reads only the table behind it, not the room. A
// printed line is the mat again just inside it, a base's bottom edge has its side band there.
import { describe, expect, it } from 'vitest'
import { DEFAULT_BASE_FIT_PARAMS, printedLine, readWhatStandsAt } from '../../../src/tracking/bases/fitBase.ts'
import { DEFAULT_FIND_BASES_PARAMS } from '../../../src/tracking/bases/findBases.ts'
import type { RgbaFrame } from '../../../src/tracking/types.ts'
import { CAM_Z, F, type Rgb, X0, Y0, draw, projector } from './drawnTable.ts'
import { projectTablePoint } from '../../../src/tracking/bases/tableProjector.ts'

const MAT: Rgb = [60, 110, 50]
const LINE: Rgb = [25, 30, 25]
const ROOM: Rgb = [90, 60, 40]

const BASE = { shape: 'round', diameter: 32 } as const
const TABLE = { x0: 0, y0: 0, x1: 600, y1: 500 }
const read = (frame: RgbaFrame, x: number, y: number) => {
  const out = new Float64Array(2)
  readWhatStandsAt(frame, projector(), BASE, x, y, 0, 4, TABLE, null, out)
  return { top: out[0]!, rise: out[1]! }
}
/** Does the camera's ray to table point (x, y) pass through the upright column (centre, radius) between z0 and z1? */
function throughColumn(x: number, y: number, cx: number, cy: number, r: number, z0: number, z1: number): boolean {
  // (a ray that meets the column meets the table within r of its foot pushed away from the camera)
  if (Math.hypot(x - cx, y - cy) > r + (Math.hypot(cx - X0, cy - Y0) + r) * (z1 / (CAM_Z - z1))) return false
  for (let z = z0; z <= z1; z += 0.5) {
    const k = z / CAM_Z
    if (Math.hypot(x + (X0 - x) * k - cx, y + (Y0 - y) * k - cy) < r) return true
  }
  return false
}
const ring = (x: number, y: number, cx: number, cy: number, r: number, w: number) => Math.abs(Math.hypot(x - cx, y - cy) - r) < w / 2

describe('what stands on a base, read against the table round it', () => {
  it('a printed outline of a base\'s size (a grid\'s cell) has the mat inside and nothing rising: a print', () => {
    // a printed grid of 32 mm rings, 1.2 mm lines, over the whole mat
    const frame = draw((x, y) => (ring(x, y, 40 * Math.round(x / 40), 40 * Math.round(y / 40), 16, 1.2) ? LINE : MAT))
    const r = read(frame, 280, 320)
    expect(r.top).toBeGreaterThanOrEqual(0.95)
    expect(r.rise).toBeLessThan(0.15)
  })

  it('a base flocked exactly like the mat, its figure in the middle: the top reads as the mat, but the figure rises', () => {
    const figure: Rgb = [170, 60, 40]
    const frame = draw((x, y) => {
      // the figure: a column 6 mm round and 30 mm tall on the base's top, seen where the camera's ray
      // to this table point passes through it
      if (throughColumn(x, y, 280, 300, 6, 4, 34)) return figure
      const d = Math.hypot(x - 280, y - 300)
      if (Math.abs(d - 16) < 0.6) return LINE // its black rim, seen from above
      return MAT
    })
    const r = read(frame, 280, 300)
    // its top alone would make it a print (the finder's printTopShare) …
    expect(r.top).toBeGreaterThanOrEqual(DEFAULT_FIND_BASES_PARAMS.printTopShare)
    // … its figure does not
    expect(r.rise).toBeGreaterThan(0.8)
  })

  it('a base with its own painted top does not read as the mat', () => {
    const frame = draw((x, y) => (Math.hypot(x - 280, y - 300) < 16 ? [120, 100, 80] : MAT))
    expect(read(frame, 280, 300).top).toBeLessThan(0.05)
  })

  it('over a base at the far edge of the table, the room beyond is not read as a figure', () => {
    // the table ends at y = 500; a printed ring touching it, the room beyond
    const far = (x: number, y: number): Rgb => (y > 500 ? ROOM : ring(x, y, 280, 484, 16, 1.2) ? LINE : MAT)
    // the camera 300 mm short of the edge looks over it: the points above the ring's middle land on the room
    const frame = draw(far)
    const onTable = read(frame, 280, 484)
    expect(onTable.top).toBeGreaterThanOrEqual(0.95)
    expect(onTable.rise).toBeLessThan(0.15)
    // the same reading without the table's bounds takes the room for something standing there
    const out = new Float64Array(2)
    readWhatStandsAt(frame, projector(), BASE, 280, 484, 0, 4, undefined, null, out)
    expect(out[1]!).toBeGreaterThan(onTable.rise)
  })

  it('a printed line has the mat again just inside it; a base\'s bottom edge has its side band there', () => {
    const proj = projector()
    // 2 mm inside (the finder reads within 0.7 of the band, here 3.2 mm wide, and at most lineInsideMm)
    const insidePx = (DEFAULT_BASE_FIT_PARAMS.lineInsideMm * F) / CAM_Z
    // the edge on the near side (towards the camera's foot, at smaller y), read along the outward normal (0, −1) in the table
    const edgeAt = (frame: RgbaFrame, edgeY: number) => {
      const p0 = [0, 0], p1 = [0, 0]
      projectTablePoint(proj, 280, edgeY, 0, p0)
      projectTablePoint(proj, 280, edgeY - 1, 0, p1)
      const nx = p1[0]! - p0[0]!, ny = p1[1]! - p0[1]!, l = Math.hypot(nx, ny)
      return printedLine(frame, p0[0]!, p0[1]!, nx / l, ny / l, insidePx, DEFAULT_BASE_FIT_PARAMS)
    }
    // a grid's printed ring, 1.2 mm wide: its outer edge on the near side at y = 420 − 16.6
    expect(edgeAt(draw((x, y) => (ring(x, y, 280, 420, 16, 1.2) ? LINE : MAT)), 420 - 16.6)).toBe(true)
    // a base 4 mm tall: its painted top seen where the camera's rays meet it (further from the camera
    // than its foot), its dark side between the top and its bottom edge on the near side
    const shift = (4 * (420 - Y0)) / (CAM_Z - 4)
    const base = draw((x, y) => (Math.hypot(x - 280, y - 420 - shift) < 16 ? [120, 100, 80] : Math.hypot(x - 280, y - 420) < 16 ? LINE : MAT))
    expect(edgeAt(base, 420 - 16)).toBe(false)
    // … and so does one whose top is flocked like the mat: its side band is just inside the edge
    const flocked = draw((x, y) => (Math.hypot(x - 280, y - 420 - shift) < 16 ? MAT : Math.hypot(x - 280, y - 420) < 16 ? LINE : MAT))
    expect(edgeAt(flocked, 420 - 16)).toBe(false)
  })
})
