// Where bases may stand: a vote over the table plane seen from above (a generalised Hough transform).
// The part of the table in view is resampled onto a grid of the plane 2 mm up (half a base's height:
// the near bottom edge and the far top edge then lie equally far inside and outside the true outline),
// its colour edges found (Sobel per channel, the strongest channel's direction, thinned along it), and
// every edge point votes for the centres a base of each shape could have if the point were on its rim
// (a table per shape: for each edge direction, the offsets from rim points with that normal to the
// centre, over the orientations the shape can have; both ways round, a base may be darker or lighter
// than its mat). Each orientation of a shape that shows one votes into an accumulator of its own
// (`splitOrientations`): summed over orientations, a printed grid's lines, which vote at every
// orientation, buried a long base's own peak (hex mat, 50 × 25 mm rectangles: the summed peaks lay
// 12–15 mm off them); alone, a base's orientation peaks where it stands, and the peak gives its facing.
// A base shows as a peak; a candidate is a peak above `minScore` of a full rim's vote (of one
// orientation), no weaker than the neighbouring orientations' votes at its cell.
// The fit (fitBase) then decides what is a base. Setup allocates (grids, tables); a search frame
// reuses them.
import type { BaseShape } from '../../engine/index.ts'
import type { TablePlaneGradients } from '../opencv/tablePlaneImage.ts'
import { facingSymmetryDeg, perimeterMm, sampleOutline } from './baseOutline.ts'
import { type TableProjector, projectTablePoint } from './tableProjector.ts'

/** A grid over the table plane: cell (i, j) covers x0 + i·cellMm … (+cellMm), y0 + j·cellMm …. */
export type PlaneGrid = { x0: number; y0: number; cellMm: number; width: number; height: number; zMm: number }

const BINS = 72
const BIN = (2 * Math.PI) / BINS

/** For one shape: per edge-direction bin, the offsets (mm) from a rim point with that outward normal to the centre, with weights. */
export type CentreTable = {
  key: string
  shape: BaseShape
  bins: Array<{ dx: Float32Array; dy: Float32Array; w: Float32Array; o: Uint8Array }>
  fullVote: number
  /** … and of one orientation's own vote (`VoteParams.splitOrientations`). */
  fullVoteSplit: number
  /** The orientations the table holds, degrees (one for a shape that shows no facing). */
  orientationsDeg: number[]
}

export function buildCentreTable(key: string, shape: BaseShape, cellMm: number, accumulatorCells: number): CentreTable {
  const sym = facingSymmetryDeg(shape)
  const orientations = sym === 0 ? 1 : Math.round(sym / 15)
  const spreadBins = sym === 0 ? 0 : 1
  // Rim points one accumulator cell apart: closer ones land in the same cell.
  const count = Math.max(24, Math.round(perimeterMm(shape) / (cellMm * accumulatorCells * 0.75)))
  const o = sampleOutline(shape, count)
  const lists: Array<{ dx: number[]; dy: number[]; w: number[]; o: number[] }> = Array.from({ length: BINS }, () => ({ dx: [], dy: [], w: [], o: [] }))
  const orientationsDeg: number[] = []
  const weight = 1 / (orientations * (2 * spreadBins + 1))
  for (let r = 0; r < orientations; r++) {
    const a = (r * (sym || 360) * Math.PI) / 180 / orientations
    orientationsDeg.push((a * 180) / Math.PI)
    const c = Math.cos(a), s = Math.sin(a)
    for (let k = 0; k < count; k++) {
      const px = o.points[2 * k]!, py = o.points[2 * k + 1]!, nx = o.normals[2 * k]!, ny = o.normals[2 * k + 1]!
      const wx = c * px - s * py, wy = s * px + c * py
      const ang = Math.atan2(s * nx + c * ny, c * nx - s * ny)
      const bin = ((Math.round(ang / BIN) % BINS) + BINS) % BINS
      for (let b = -spreadBins; b <= spreadBins; b++) {
        const l = lists[(bin + b + BINS) % BINS]!
        l.dx.push(-wx); l.dy.push(-wy); l.w.push(weight); l.o.push(r)
      }
    }
  }
  const bins = lists.map((l) => ({ dx: Float32Array.from(l.dx), dy: Float32Array.from(l.dy), w: Float32Array.from(l.w), o: Uint8Array.from(l.o) }))
  // A full rim's vote: a perfect outline's edge points (one per grid cell of its length, at the first
  // orientation) voted and smoothed as a frame's are; a candidate's score is its share of this.
  const A = accumulatorCells
  const size = Math.ceil((2 * perimeterMm(shape)) / Math.PI / (cellMm * A)) + 8
  const acc = new Float32Array(size * size), blur = new Float32Array(size * size)
  const ring = sampleOutline(shape, Math.max(12, Math.round(perimeterMm(shape) / cellMm)))
  const mid = (size * A * cellMm) / 2
  for (let k = 0; k < ring.count; k++) {
    const x = (mid + ring.points[2 * k]!) / cellMm, y = (mid + ring.points[2 * k + 1]!) / cellMm
    const b0 = ((Math.round(Math.atan2(ring.normals[2 * k + 1]!, ring.normals[2 * k]!) / BIN) % BINS) + BINS) % BINS
    castVotes(bins, b0, x, y, cellMm, A, size, size, acc)
  }
  smooth(acc, blur, size, size)
  let fullVote = 0
  for (let i = 0; i < size * size; i++) fullVote = Math.max(fullVote, blur[i]!)
  // The same outline into its own orientation's accumulator (the first).
  acc.fill(0)
  for (let k = 0; k < ring.count; k++) {
    const x = (mid + ring.points[2 * k]!) / cellMm, y = (mid + ring.points[2 * k + 1]!) / cellMm
    const b0 = ((Math.round(Math.atan2(ring.normals[2 * k + 1]!, ring.normals[2 * k]!) / BIN) % BINS) + BINS) % BINS
    castVotes(bins, b0, x, y, cellMm, A, size, size, acc, orientations, 0)
  }
  smooth(acc, blur, size, size)
  let fullVoteSplit = 0
  for (let i = 0; i < size * size; i++) fullVoteSplit = Math.max(fullVoteSplit, blur[i]!)
  return { key, shape, bins, fullVote, fullVoteSplit, orientationsDeg }
}

/**
 * Votes of one edge point at grid position (x, y) whose gradient falls in bin b0 (both ways round).
 * `layers` 1: every orientation into one accumulator, each entry at its weight; `layers` = the table's
 * orientations: orientation o into layer o (at o·aw·ah), each entry weighted as if the shape had one
 * orientation (`only` ≥ 0: that orientation's entries alone).
 */
function castVotes(bins: CentreTable['bins'], b0: number, x: number, y: number, cellMm: number, A: number, aw: number, ah: number, acc: Float32Array, layers = 1, only = -1): void {
  const layer = aw * ah
  for (let side = 0; side < 2; side++) {
    const bin = bins[side ? (b0 + BINS / 2) % BINS : b0]!
    for (let e = 0; e < bin.dx.length; e++) {
      const o = bin.o[e]!
      if (only >= 0 && o !== only) continue
      const cx = Math.floor((x + bin.dx[e]! / cellMm) / A), cy = Math.floor((y + bin.dy[e]! / cellMm) / A)
      if (cx < 0 || cy < 0 || cx >= aw || cy >= ah) continue
      const i = (layers > 1 ? o * layer : 0) + cy * aw + cx
      acc[i] = acc[i]! + bin.w[e]! * layers
    }
  }
}

/** [1 2 1]² / 4 smoothing (a centre falls between cells). */
function smooth(acc: Float32Array, blur: Float32Array, aw: number, ah: number, at = 0): void {
  for (let y = 0; y < ah; y++) for (let x = 0; x < aw; x++) {
    let s = 0
    for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) {
      const xx = Math.min(aw - 1, Math.max(0, x + i)), yy = Math.min(ah - 1, Math.max(0, y + j))
      s += acc[at + yy * aw + xx]! * (i ? 1 : 2) * (j ? 1 : 2)
    }
    blur[at + y * aw + x] = s / 4
  }
}

/**
 * The grid over the part of the table rectangle in view, at `cellMm`, coarsened so that it has at
 * most `maxCells`; null when the view holds none of it.
 */
export function planeGridInView(proj: TableProjector, tableFromImage: ArrayLike<number>, image: { width: number; height: number }, table: { x0: number; y0: number; x1: number; y1: number }, cellMm: number, zMm: number, maxCells: number): PlaneGrid | null {
  // The view's footprint on the table: the image border through the inverse homography (points at or
  // beyond the horizon dropped), its bounding box clipped to the table.
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
  const h = tableFromImage
  const edge = (u: number, v: number) => {
    const w = h[6]! * u + h[7]! * v + h[8]!
    if (!(w > 1e-12)) return
    const x = (h[0]! * u + h[1]! * v + h[2]!) / w, y = (h[3]! * u + h[4]! * v + h[5]!) / w
    // Keep points that project back in front of the camera (the homography's sign flips beyond the horizon).
    if (!projectTablePoint(proj, x, y, 0, _pt)) return
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y)
  }
  for (let i = 0; i <= 16; i++) {
    const t = i / 16
    edge(t * (image.width - 1), 0); edge(t * (image.width - 1), image.height - 1)
    edge(0, t * (image.height - 1)); edge(image.width - 1, t * (image.height - 1))
  }
  x0 = Math.max(x0, table.x0); y0 = Math.max(y0, table.y0); x1 = Math.min(x1, table.x1); y1 = Math.min(y1, table.y1)
  if (!(x1 > x0 && y1 > y0)) return null
  let cell = cellMm
  while (((x1 - x0) / cell) * ((y1 - y0) / cell) > maxCells) cell *= 1.25
  return { x0, y0, cellMm: cell, width: Math.ceil((x1 - x0) / cell), height: Math.ceil((y1 - y0) / cell), zMm }
}
const _pt = new Float64Array(2)

/**
 * Image points of the grid's cell centres into mapX, mapY (px; −1 outside the image): exact every
 * 4 cells, bilinear between (the lens bends smoothly over 4 cells).
 */
export function fillPlaneMap(proj: TableProjector, g: PlaneGrid, image: { width: number; height: number }, mapX: Float32Array, mapY: Float32Array): void {
  const S = 4
  const cw = Math.ceil((g.width - 1) / S) + 1, ch = Math.ceil((g.height - 1) / S) + 1
  const cx = new Float64Array(cw * ch), cy = new Float64Array(cw * ch)
  for (let j = 0; j < ch; j++) for (let i = 0; i < cw; i++) {
    const x = g.x0 + (Math.min(i * S, g.width - 1) + 0.5) * g.cellMm, y = g.y0 + (Math.min(j * S, g.height - 1) + 0.5) * g.cellMm
    if (projectTablePoint(proj, x, y, g.zMm, _pt)) { cx[j * cw + i] = _pt[0]!; cy[j * cw + i] = _pt[1]! } else { cx[j * cw + i] = Number.NaN; cy[j * cw + i] = Number.NaN }
  }
  for (let y = 0; y < g.height; y++) {
    const j = Math.min(ch - 2, Math.floor(y / S)), fy = (y - j * S) / Math.max(1, Math.min(S, g.height - 1 - j * S))
    for (let x = 0; x < g.width; x++) {
      const i = Math.min(cw - 2, Math.floor(x / S)), fx = (x - i * S) / Math.max(1, Math.min(S, g.width - 1 - i * S))
      const a = j * cw + i
      const u = (1 - fy) * ((1 - fx) * cx[a]! + fx * cx[a + 1]!) + fy * ((1 - fx) * cx[a + cw]! + fx * cx[a + cw + 1]!)
      const v = (1 - fy) * ((1 - fx) * cy[a]! + fx * cy[a + 1]!) + fy * ((1 - fx) * cy[a + cw]! + fx * cy[a + cw + 1]!)
      const o = y * g.width + x
      const inside = u === u && v === v && u >= 1 && v >= 1 && u <= image.width - 2 && v <= image.height - 2
      mapX[o] = inside ? u : -100
      mapY[o] = inside ? v : -100
    }
  }
}

export type CentreCandidate = { key: string; x: number; y: number; score: number; facingDeg?: number }

export type VoteParams = {
  /** An edge point rises at least this much, levels per cell (the strongest channel). */
  minEdge: number
  /** Votes land in cells this many times the grid's. */
  accumulatorCells: number
  /** A peak of at least this share of a full rim's vote is a candidate. */
  minScore: number
  /** At most this many candidates per shape. */
  maxPerShape: number
  /** Vote each orientation of a shape that shows one into its own accumulator (a peak then says its facing too). */
  splitOrientations: boolean
}

export const DEFAULT_VOTE_PARAMS: VoteParams = { minEdge: 6, accumulatorCells: 2, minScore: 0.18, maxPerShape: 40, splitOrientations: true }

/**
 * Vote for the centres of every shape in `tables` from the grid's edges (cells whose map left the
 * image are skipped, and their neighbours: the black beyond the frame is no edge). Scratch for the
 * edge list and accumulators comes in `scratch` (grown as needed). Per shape, the `maxPerShape`
 * strongest peaks that `accept` (when given) takes.
 */
export function voteBaseCentres(grad: TablePlaneGradients, g: PlaneGrid, mapX: Float32Array, tables: readonly CentreTable[], p: VoteParams, scratch: VoteScratch, accept?: (c: CentreCandidate) => boolean): CentreCandidate[] {
  const { width: W, height: H, dx, dy } = grad
  const n = W * H
  if (scratch.mag.length < n) { scratch.mag = new Float32Array(n); scratch.dir = new Float32Array(n) }
  const mag = scratch.mag, dir = scratch.dir
  for (let i = 0; i < n; i++) {
    let best = 0, bx = 0, by = 0
    for (let c = 0; c < 3; c++) {
      const gx = dx[4 * i + c]!, gy = dy[4 * i + c]!
      const m = gx * gx + gy * gy
      if (m > best) { best = m; bx = gx; by = gy }
    }
    mag[i] = Math.sqrt(best)
    dir[i] = Math.atan2(by, bx)
  }
  // Edge points: strong enough, a local maximum across the edge, away from the image's border.
  const edges: number[] = scratch.edges
  edges.length = 0
  for (let y = 2; y < H - 2; y++) for (let x = 2; x < W - 2; x++) {
    const i = y * W + x
    const m = mag[i]!
    if (m < p.minEdge) continue
    if (mapX[i]! < 0 || mapX[i - 2]! < 0 || mapX[i + 2]! < 0 || mapX[i - 2 * W]! < 0 || mapX[i + 2 * W]! < 0) continue
    const a = dir[i]!
    const ox = Math.round(Math.cos(a)), oy = Math.round(Math.sin(a))
    if (m < mag[i + oy * W + ox]! || m <= mag[i - oy * W - ox]!) continue
    edges.push(i)
  }
  const A = p.accumulatorCells
  const aw = Math.ceil(W / A), ah = Math.ceil(H / A)
  const accCellMm = g.cellMm * A
  const out: CentreCandidate[] = []
  for (const t of tables) {
    const O = p.splitOrientations ? t.orientationsDeg.length : 1
    const layer = aw * ah
    if (scratch.acc.length < layer * O) { scratch.acc = new Float32Array(layer * O); scratch.blur = new Float32Array(layer * O) }
    const acc = scratch.acc, blur = scratch.blur
    acc.fill(0, 0, layer * O)
    for (const i of edges) {
      const b0 = ((Math.round(dir[i]! / BIN) % BINS) + BINS) % BINS
      castVotes(t.bins, b0, (i % W) + 0.5, Math.floor(i / W) + 0.5, g.cellMm, A, aw, ah, acc, O)
    }
    for (let o = 0; o < O; o++) smooth(acc, blur, aw, ah, o * layer)
    const full = O > 1 ? t.fullVoteSplit : t.fullVote
    const minor = t.shape.shape === 'round' ? t.shape.diameter / 2 : Math.min(t.shape.length, t.shape.width) / 2
    const r = Math.max(1, Math.floor((0.8 * minor) / accCellMm))
    const found: CentreCandidate[] = []
    for (let o = 0; o < O; o++) for (let y = 0; y < ah; y++) for (let x = 0; x < aw; x++) {
      const at = o * layer
      const v = blur[at + y * aw + x]!
      const score = v / full
      if (score < p.minScore) continue
      // no stronger vote of the neighbouring orientations at this cell
      if (O > 1 && (blur[((o + 1) % O) * layer + y * aw + x]! > v || blur[((o + O - 1) % O) * layer + y * aw + x]! > v)) continue
      let peak = true
      for (let j = -r; j <= r && peak; j++) for (let i = -r; i <= r; i++) {
        if (!i && !j) continue
        const xx = x + i, yy = y + j
        if (xx < 0 || yy < 0 || xx >= aw || yy >= ah) continue
        const u = blur[at + yy * aw + xx]!
        if (u > v || (u === v && (j < 0 || (j === 0 && i < 0)))) { peak = false; break }
      }
      if (!peak) continue
      found.push({ key: t.key, x: g.x0 + (x + 0.5) * accCellMm, y: g.y0 + (y + 0.5) * accCellMm, score, ...(O > 1 ? { facingDeg: t.orientationsDeg[o]! } : {}) })
    }
    found.sort((a, b) => b.score - a.score)
    // the strongest that `accept` takes (a printed grid's cells, passed over, leave room for the bases)
    let kept = 0
    for (const c of found) {
      if (kept >= p.maxPerShape) break
      if (accept && !accept(c)) continue
      out.push(c)
      kept++
    }
  }
  return out
}

export type VoteScratch = { mag: Float32Array; dir: Float32Array; edges: number[]; acc: Float32Array; blur: Float32Array }
export function createVoteScratch(): VoteScratch {
  return { mag: new Float32Array(0), dir: new Float32Array(0), edges: [], acc: new Float32Array(0), blur: new Float32Array(0) }
}

/**
 * The orientation of a shape whose votes make the candidate at (x, y) (mm): the edge points of the last
 * vote (in `scratch`) voted again, counting per orientation only the votes within `radiusMm` of the
 * candidate. Degrees (the table's first orientation for a shape that shows no facing).
 */
export function orientationAt(t: CentreTable, g: PlaneGrid, W: number, x: number, y: number, radiusMm: number, scratch: VoteScratch): number {
  if (t.orientationsDeg.length === 1) return t.orientationsDeg[0]!
  const votes = new Float64Array(t.orientationsDeg.length)
  const gx = (x - g.x0) / g.cellMm, gy = (y - g.y0) / g.cellMm
  const r = radiusMm / g.cellMm, r2 = r * r
  const reach = (t.shape.shape === 'round' ? t.shape.diameter : Math.max(t.shape.length, t.shape.width)) / g.cellMm
  for (const i of scratch.edges) {
    const ex = (i % W) + 0.5, ey = Math.floor(i / W) + 0.5
    if (Math.abs(ex - gx) > reach || Math.abs(ey - gy) > reach) continue
    const b0 = ((Math.round(scratch.dir[i]! / BIN) % BINS) + BINS) % BINS
    for (let side = 0; side < 2; side++) {
      const bin = t.bins[side ? (b0 + BINS / 2) % BINS : b0]!
      for (let e = 0; e < bin.dx.length; e++) {
        const cx = ex + bin.dx[e]! / g.cellMm - gx, cy = ey + bin.dy[e]! / g.cellMm - gy
        if (cx * cx + cy * cy <= r2) votes[bin.o[e]!] = votes[bin.o[e]!]! + bin.w[e]!
      }
    }
  }
  let best = 0
  for (let k = 1; k < votes.length; k++) if (votes[k]! > votes[best]!) best = k
  return t.orientationsDeg[best]!
}
