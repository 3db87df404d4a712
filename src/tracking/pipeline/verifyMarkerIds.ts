// Stage: a second reading of each decoded marker's id, from the refined corners.
//
// OpenCV decodes a marker from its own, coarser corners; on a blurred 16 px marker (a module of
// 2.7 px) a cell's average can fall on the wrong side and the marker reads as another valid id.
// Here every cell is read again at its centre (5 samples within ±0.2 module), on a soft scale
// between the border's black and the quiet zone's white (0 = black, 1 = white). The read is held
// against the decoded id's pattern and against every other id the registry uses (all four
// rotations): a read with a cell on the wrong side of the midpoint, or one nearly as close to another
// registered id as to its own, is doubted. Doubted ids are still placed, but flagged.
import { unitSquareToQuad } from '../math/homography.ts'
import { sample } from './refineCorners.ts'
import type { GrayFrame, MarkerCorners, MarkerDetection } from '../types.ts'

export type IdCheckParams = {
  /** Doubt when the soft distance to the decoded pattern exceeds this fraction of the distance to the nearest other registered pattern. */
  maxDistanceRatio: number
  /** Minimum black/white contrast of the border and quiet zone, grey levels; below it the read is doubted. */
  minContrast: number
}

export const DEFAULT_ID_CHECK_PARAMS: IdCheckParams = { maxDistanceRatio: 0.6, minContrast: 20 }

export type IdCheck = {
  /** Cells read on the wrong side of the midpoint (vs the decoded id's pattern). */
  bitErrors: number
  /** Soft distance to the decoded pattern / to the nearest other registered pattern (0 = certain, 1 = a tie). */
  distanceRatio: number
  /** Set when doubted: why. */
  doubt?: string
}

const _h = new Float64Array(8)
const _q = new Float64Array(8)
const _soft = new Float64Array(256)

/**
 * Check every detection's id. `pattern(id)` gives an id's cells incl. the border (1 = white),
 * `cells` per side; `otherIds` the ids the registry uses (the decoded one is skipped).
 */
export function verifyMarkerIds(
  gray: GrayFrame,
  detections: readonly MarkerDetection[],
  cells: number,
  pattern: (id: number) => Uint8Array,
  registeredIds: readonly number[],
  params: IdCheckParams = DEFAULT_ID_CHECK_PARAMS,
): IdCheck[] {
  return detections.map((d) => checkOne(gray, d, cells, pattern, registeredIds, params))
}

function at(gray: GrayFrame, u: number, v: number): number {
  const w = _h[6]! * u + _h[7]! * v + 1
  return sample(gray, (_h[0]! * u + _h[1]! * v + _h[2]!) / w, (_h[3]! * u + _h[4]! * v + _h[5]!) / w)
}

/** Mean of 5 samples around a cell's centre (unit-square coordinates, ±0.2 module). */
function cellValue(gray: GrayFrame, u: number, v: number, m: number): number {
  const o = 0.2 * m
  return (at(gray, u, v) + at(gray, u - o, v) + at(gray, u + o, v) + at(gray, u, v - o) + at(gray, u, v + o)) / 5
}

/**
 * Read a quad's cells (incl. the border ring) on a soft scale into `_soft` (row-major, cells², 0 =
 * black, 1 = white), between the border ring's black and the quiet zone's white. Returns why the
 * read failed, or null.
 */
export function readMarkerCells(gray: GrayFrame, corners: MarkerCorners, cells: number, minContrast: number): string | null {
  const contrast = ringContrast(gray, corners, cells)
  if (Number.isNaN(contrast)) return _ringFailure
  if (!(contrast >= minContrast)) return `its black/white contrast is only ${contrast.toFixed(0)} grey levels`
  const m = 1 / cells
  const dark = _ring[0]!, light = _ring[1]!
  for (let r = 0; r < cells; r++) {
    for (let c = 0; c < cells; c++) {
      const g = cellValue(gray, (c + 0.5) * m, (r + 0.5) * m, m)
      _soft[r * cells + c] = Number.isFinite(g) ? Math.min(1, Math.max(0, (g - dark) / (light - dark))) : 0.5
    }
  }
  return null
}
const _ring = new Float64Array(2)
let _ringFailure = ''

/**
 * A quad's quiet zone (half a module outside it) less its border ring (its outer cells), grey
 * levels: positive for a marker's black border on white paper, negative for a light ring with dark
 * outside (the paper's own outline round a marker). NaN when it cannot be read (degenerate, off the
 * frame). Leaves the quad's mapping set for cellValue.
 */
export function ringContrast(gray: GrayFrame, corners: MarkerCorners, cells: number): number {
  for (let i = 0; i < 4; i++) { _q[2 * i] = corners[i]![0]; _q[2 * i + 1] = corners[i]![1] }
  if (!unitSquareToQuad(_q, _h)) { _ringFailure = 'its corners are degenerate'; return Number.NaN }
  const m = 1 / cells
  // Black: the border ring's cells. White: the quiet zone half a module outside (skip what is off the frame).
  let dark = 0, nd = 0, light = 0, nl = 0
  for (let k = 0; k < cells; k++) {
    const t = (k + 0.5) * m
    for (const [u, v] of [[t, 0.5 * m], [t, 1 - 0.5 * m], [0.5 * m, t], [1 - 0.5 * m, t]] as const) {
      const g = cellValue(gray, u, v, m)
      if (Number.isFinite(g)) { dark += g; nd++ }
    }
    for (const [u, v] of [[t, -0.5 * m], [t, 1 + 0.5 * m], [-0.5 * m, t], [1 + 0.5 * m, t]] as const) {
      const g = at(gray, u, v)
      if (Number.isFinite(g)) { light += g; nl++ }
    }
  }
  if (!nd || !nl) { _ringFailure = 'its cells cannot be read again (off the frame)'; return Number.NaN }
  _ring[0] = dark / nd
  _ring[1] = light / nl
  return _ring[1] - _ring[0]
}

/** The last read's soft value of cell (row, col), border included (see readMarkerCells). */
export const softCell = (cells: number, row: number, col: number): number => _soft[row * cells + col]!

function checkOne(gray: GrayFrame, d: MarkerDetection, cells: number, pattern: (id: number) => Uint8Array, ids: readonly number[], p: IdCheckParams): IdCheck {
  const failed = readMarkerCells(gray, d.corners, cells, p.minContrast)
  if (failed) return { bitErrors: 0, distanceRatio: 1, doubt: failed }
  const inner = cells - 2
  const own = pattern(d.id)
  let bitErrors = 0
  const ownDistance = distance(own, cells, 0)
  for (let r = 1; r <= inner; r++) for (let c = 1; c <= inner; c++) if ((_soft[r * cells + c]! > 0.5 ? 1 : 0) !== own[r * cells + c]) bitErrors++
  let nearest = Infinity
  for (const id of ids) {
    if (id === d.id) continue
    const other = pattern(id)
    for (let rot = 0; rot < 4; rot++) nearest = Math.min(nearest, distance(other, cells, rot))
  }
  // Also the decoded id's own other rotations (a read could equally be the same id turned).
  for (let rot = 1; rot < 4; rot++) nearest = Math.min(nearest, distance(own, cells, rot))
  const distanceRatio = Number.isFinite(nearest) && nearest > 0 ? ownDistance / nearest : 0
  if (bitErrors > 0) return { bitErrors, distanceRatio, doubt: `read again from its refined corners, ${bitErrors} of ${inner * inner} cells differ from marker ${d.id}'s pattern (blurred or misread)` }
  if (distanceRatio > p.maxDistanceRatio) return { bitErrors, distanceRatio, doubt: `its cells read almost as well as another registered marker (distance ratio ${distanceRatio.toFixed(2)}); blurred?` }
  return { bitErrors, distanceRatio }
}

/** Soft distance of the last read's inner cells (readMarkerCells) to a pattern turned by `rot` quarter turns. */
export function distance(pat: Uint8Array, cells: number, rot: number): number {
  const n = cells - 2
  let s = 0
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      // Cell (r, c) of the read against the pattern's cell after rotation.
      let pr = r, pc = c
      for (let k = 0; k < rot; k++) { const t = pr; pr = pc; pc = n - 1 - t }
      s += Math.abs(_soft[(r + 1) * cells + c + 1]! - pat[(pr + 1) * cells + pc + 1]!)
    }
  }
  return s
}
