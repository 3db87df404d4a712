// The table's rectangle on the marker map: its origin corner and the direction of its +x edge (and its
// size where the corners show it), from
// - table markers declared as corner markers (registry `corner`: laid in that corner, edges along the
//   table's edges, the black square `cornerInset` mm from both edges — by default the printed white
//   margin, i.e. the cut paper pushed into the corner), or
// - table corners the player tapped in a view: each tap's ray through that view's surveyed camera
//   meets the table plane at the corner.
// Unknowns: the turn φ of the table's +x, the origin, and the width and depth where a corner on the far
// side shows them (or the table's size when the caller knows it). For a given φ the rest is linear, so
// every φ is tried (0.5° steps) and the best refined; a corner marker's own turn (its edges run along
// the table's: φ ≡ its turn mod 90°) and the other markers lying on the table settle what the corners'
// places leave open (one corner marker alone, two diagonal ones).
import { intersectPlaneZ, cameraCentre, undistortPixel } from '../math/camera.ts'
import { solveLinear } from '../math/linearAlgebra.ts'
import type { SurveyRegistry, TableCorner } from '../registry/registrySchema.ts'
import { DEFAULT_SURVEY_PARAMS, type MarkerMap, type SurveyParams, type SurveyRefusal, type TablePlacement, type TableTap } from './types.ts'

export type PlaceTableOptions = {
  taps?: readonly TableTap[]
  /** The table's size when known (the scene's table): fixes width and depth in the fit. */
  tableSize?: { widthMm: number; depthMm: number } | null
  params?: Partial<SurveyParams>
}

/** A point the rectangle must pass near: a table corner, `inset` mm in from both its edges. */
type CornerPoint = { corner: TableCorner; x: number; y: number; inset: number; markerId?: number; turnRad?: number }

/** Why a survey cannot place the table: no corner tapped, and none of the registry's table markers laid in one (or seen). */
export const CORNERS_NOT_KNOWN = 'the table\'s corners are not known: tap at least two table corners in a view, or declare table markers laid in the corners ("corner": "x0y0", … in the registry)'

/** Whether a survey of `registry` can place the table at all: corners tapped, or a table marker declared in a corner. */
export function cornersCanBeKnown(registry: SurveyRegistry, tapped: boolean): boolean {
  return tapped || registry.markers.some((m) => m.role === 'table' && m.corner !== undefined)
}

/** A corner marker's turn counts this many mm per radian off the table's axes (mod 90°): a tie-breaker next to positions. */
const TURN_WEIGHT_MM_PER_RAD = 20
const DEG = Math.PI / 180

const farX = (c: TableCorner) => c === 'x1y0' || c === 'x1y1'
const farY = (c: TableCorner) => c === 'x1y1' || c === 'x0y1'

/** Mirror for face-down markers: the table frame (z up) is the map's mirror image. */
function mirrorOf(map: MarkerMap) {
  return (x: number, y: number): [number, number] => (map.faceDown ? [x, -y] : [x, y])
}

/** Where the table lies on the map, from the taps (when given) or the registry's corner markers. */
export function placeTable(map: MarkerMap, registry: SurveyRegistry, options: PlaceTableOptions = {}): TablePlacement | SurveyRefusal {
  const params: SurveyParams = { ...DEFAULT_SURVEY_PARAMS, ...options.params }
  const mirror = mirrorOf(map)
  const points: CornerPoint[] = []
  let from: TablePlacement['from']
  const refuse = (code: SurveyRefusal['code'], reason: string, markerIds: number[] = []): SurveyRefusal => ({ ok: false, code, reason, markerIds, map })
  if (options.taps?.length) {
    from = 'tapped-corners'
    const seen = new Set<TableCorner>()
    for (const tap of options.taps) {
      if (seen.has(tap.corner)) return refuse('bad-tap', `corner ${tap.corner} was tapped twice: tap each table corner once`)
      seen.add(tap.corner)
      const view = map.views.find((v) => v.id === tap.viewId)
      if (!view) return refuse('bad-tap', `the view a corner was tapped in (${tap.viewId}) is not one of the survey's views`)
      const [u, v] = undistortPixel(view.intrinsics, tap.pointPx[0], tap.pointPx[1])
      const { distortion: _distortion, ...pinhole } = view.intrinsics
      const p = intersectPlaneZ(pinhole, view.pose, cameraCentre(view.pose), u, v, 0)
      if (!p) return refuse('bad-tap', `the tap for corner ${tap.corner} in ${view.label} is not on the table (above the horizon)`)
      const [x, y] = mirror(p[0], p[1])
      points.push({ corner: tap.corner, x, y, inset: 0 })
    }
  } else {
    from = 'corner-markers'
    for (const m of registry.markers) {
      if (m.role !== 'table' || !m.corner) continue
      const mapped = map.markers.find((x) => x.id === m.id)
      if (!mapped) continue
      const [x, y] = mirror(mapped.pose.x, mapped.pose.y)
      points.push({ corner: m.corner, x, y, inset: (m.cornerInset ?? m.size / 6) + m.size / 2, markerId: m.id, turnRad: map.faceDown ? -mapped.pose.angleRad : mapped.pose.angleRad })
    }
    if (points.length === 0) {
      return refuse('no-table-frame', CORNERS_NOT_KNOWN)
    }
  }
  if (from === 'tapped-corners' && points.length < 2) return refuse('no-table-frame', 'tap at least two table corners (two along one edge, or any two with the table size known)')

  const size = options.tableSize ?? null
  const needW = points.some((p) => farX(p.corner)), needD = points.some((p) => farY(p.corner))
  const seesW = needW && points.some((p) => !farX(p.corner)), seesD = needD && points.some((p) => !farY(p.corner))
  if ((needW && !seesW && !size) || (needD && !seesD && !size)) {
    return refuse('no-table-frame', `the corners given (${points.map((p) => p.corner).join(', ')}) do not fix the table's origin: add corner x0y0 (the origin), or give the table's size`)
  }
  const freeW = needW && !size, freeD = needD && !size
  const others = map.markers.filter((m) => !points.some((p) => p.markerId === m.id)).map((m) => mirror(m.pose.x, m.pose.y))

  /** For a turn φ: the origin (in the turned frame), width, depth by least squares, and the costs. */
  const solveAt = (phi: number) => {
    const c = Math.cos(phi), s = Math.sin(phi)
    const unknowns = 2 + (freeW ? 1 : 0) + (freeD ? 1 : 0)
    const ata = new Float64Array(unknowns * unknowns), atb = new Float64Array(unknowns)
    const row = new Float64Array(unknowns)
    const addRow = (rhs: number) => {
      for (let a = 0; a < unknowns; a++) {
        atb[a] = atb[a]! + row[a]! * rhs
        for (let b = 0; b < unknowns; b++) ata[a * unknowns + b] = ata[a * unknowns + b]! + row[a]! * row[b]!
      }
    }
    const local = points.map((p) => [c * p.x + s * p.y, -s * p.x + c * p.y] as const)
    const wIndex = 2, dIndex = freeW ? 3 : 2
    points.forEach((p, i) => {
      const [lx, ly] = local[i]!
      row.fill(0); row[0] = 1
      let rhs = lx - (farX(p.corner) ? -p.inset : p.inset)
      if (farX(p.corner)) { if (freeW) row[wIndex] = 1; else if (size) rhs -= size.widthMm }
      addRow(rhs)
      row.fill(0); row[1] = 1
      rhs = ly - (farY(p.corner) ? -p.inset : p.inset)
      if (farY(p.corner)) { if (freeD) row[dIndex] = 1; else if (size) rhs -= size.depthMm }
      addRow(rhs)
    })
    const sol = solveLinear(ata, atb, unknowns)
    if (!sol) return null
    const ox = sol[0]!, oy = sol[1]!
    const w = freeW ? sol[wIndex]! : size?.widthMm, d = freeD ? sol[dIndex]! : size?.depthMm
    const off = points.map((p, i) => {
      const ex = ox + (farX(p.corner) ? (w ?? 0) - p.inset : p.inset)
      const ey = oy + (farY(p.corner) ? (d ?? 0) - p.inset : p.inset)
      return Math.hypot(local[i]![0] - ex, local[i]![1] - ey)
    })
    let positionCost = 0
    for (const o of off) positionCost += o * o
    let turnCost = 0
    for (const p of points) {
      if (p.turnRad === undefined) continue
      const q = Math.PI / 2
      const r = (((p.turnRad - phi) % q) + 1.5 * q) % q - q / 2
      turnCost += (TURN_WEIGHT_MM_PER_RAD * r) ** 2
    }
    // The other markers lie on the table: inside the rectangle (or past the origin's two edges when its size is open).
    let outside = 0
    for (const [x, y] of others) {
      const tx = c * x + s * y - ox, ty = -s * x + c * y - oy
      outside += Math.min(0, tx) ** 2 + Math.min(0, ty) ** 2
      if (w !== undefined) outside += Math.max(0, tx - w) ** 2
      if (d !== undefined) outside += Math.max(0, ty - d) ** 2
    }
    const negative = (w !== undefined && w <= 0) || (d !== undefined && d <= 0)
    return { phi, ox, oy, w, d, off, fit: positionCost + turnCost, total: positionCost + turnCost + outside + (negative ? 1e12 : 0) }
  }

  type Solution = NonNullable<ReturnType<typeof solveAt>>
  const grid: Solution[] = []
  for (let k = 0; k < 720; k++) {
    const sol = solveAt(k * 0.5 * DEG)
    if (sol) grid.push(sol)
  }
  if (grid.length === 0) return refuse('no-table-frame', 'the table\'s rectangle could not be fitted to the corners given')
  let best = grid.reduce((a, b) => (b.total < a.total ? b : a))
  // Refine the turn around the best step (golden-section search over ±0.5°).
  let lo = best.phi - 0.5 * DEG, hi = best.phi + 0.5 * DEG
  const g = (Math.sqrt(5) - 1) / 2
  for (let i = 0; i < 60; i++) {
    const a = hi - g * (hi - lo), b = lo + g * (hi - lo)
    const fa = solveAt(a)?.total ?? Infinity, fb = solveAt(b)?.total ?? Infinity
    if (fa < fb) hi = b
    else lo = a
  }
  best = solveAt((lo + hi) / 2) ?? best
  // Undetermined: turns well away from the best (but not the quarter turns, which the markers lying on
  // the table tell apart) fit the corners as well (two diagonal taps without the table's size).
  const tolerance = Math.max(0.25, 2 * best.fit)
  const rival = grid.find((s) => {
    const d = Math.abs(Math.atan2(Math.sin(s.phi - best.phi), Math.cos(s.phi - best.phi)))
    return s.fit <= tolerance && d > 10 * DEG && d < 80 * DEG
  })
  if (rival) {
    return refuse('no-table-frame', `the corners given (${points.map((p) => p.corner).join(', ')}) do not fix the table's turn: ${from === 'tapped-corners' ? 'tap two corners along one edge, or a third corner' : 'lay a marker in a second corner along one edge'}, or give the table's size`)
  }
  const cornerOffMm = points.map((p, i) => ({ corner: p.corner, ...(p.markerId !== undefined ? { markerId: p.markerId } : {}), offMm: best.off[i]! }))
  const worst = cornerOffMm.reduce((a, b) => (b.offMm > a.offMm ? b : a))
  const what = (c: (typeof cornerOffMm)[number]) => (c.markerId !== undefined ? `table marker ${c.markerId} (declared in corner ${c.corner})` : `the tap for corner ${c.corner}`)
  if (worst.offMm > params.maxCornerOffMm) {
    return refuse('corner-off', `${what(worst)} is ${worst.offMm.toFixed(0)} mm from where the other corners${size ? ' and the table size' : ''} put that corner: ${worst.markerId !== undefined ? 'push it into its corner, edges along the table\'s edges (or fix its "corner" in the registry)' : 'tap the corner again'}`, worst.markerId !== undefined ? [worst.markerId] : [])
  }
  const warnings = cornerOffMm.filter((c) => c.offMm > 3).map((c) => `${what(c)} is ${c.offMm.toFixed(1)} mm off the table's rectangle`)
  const c = Math.cos(best.phi), s = Math.sin(best.phi)
  return {
    ok: true,
    from,
    originMm: [c * best.ox - s * best.oy, s * best.ox + c * best.oy],
    angleRad: best.phi,
    ...(freeW && best.w !== undefined ? { widthMm: best.w } : {}),
    ...(freeD && best.d !== undefined ? { depthMm: best.d } : {}),
    cornerOffMm,
    warnings,
  }
}
