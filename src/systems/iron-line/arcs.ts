// Front, flank and rear of a unit. The book uses them (Outmanoeuvred, flank cap 5 dice, rear cap 3:
// §16 L1469, L1487) but never defines them, so the method is an option (options.ts arcMethod), and
// each method returns the lines it draws so the overlay can show the boundaries.
import type { ArcLine, TableModel } from '../../engine/index.ts'
import { degrees, pointSegmentDistance } from '../../engine/index.ts'
import { baseCorners, segmentSegmentDistance } from './unitState.ts'

export type ArcName = 'front' | 'flank' | 'rear'
export type ArcMethod = 'edge-contact' | 'diagonals' | 'edge-lines'
export type CornerTie = 'rule-of-scrap' | 'defender-favoured'

/** A boundary ray in the engine's ArcLine shape (the overlay draws each from `origin` along `direction`). */
export type ArcLineFigure = ArcLine

export type ArcCall = {
  arc: ArcName
  /** Both arcs when the call sits exactly on a boundary; the tie rule picked `arc`. */
  tie: ArcName[] | null
  method: ArcMethod
  /** Distances or angles that decided the call, in words. */
  evidence: string[]
  /** Boundary lines of the method around the unit being attacked (table frame, mm). */
  lines: ArcLineFigure[]
  /** How far (mm, or mm of arc at the footprint corner) the deciding point is from the nearest boundary. */
  boundaryMarginMm: number
}

const SEVERITY: Record<ArcName, number> = { front: 0, flank: 1, rear: 2 }

function breakTie(arcs: ArcName[], tie: CornerTie): ArcName {
  const sorted = [...arcs].sort((a, b) => SEVERITY[a] - SEVERITY[b])
  // Rule of Scrap (§12 L1224): "the most destruction" = the arc worse for the defender.
  return tie === 'rule-of-scrap' ? sorted[sorted.length - 1]! : sorted[0]!
}

/** The unit's frame: u forward along its facing, v to its left, from its centre (mm). */
function toUnitFrame(of: TableModel, x: number, y: number): [number, number] {
  const b = of.placed
  const dx = x - b.cx
  const dy = y - b.cy
  return [dx * b.ux + dy * b.uy, -dx * b.uy + dy * b.ux]
}

function fromUnitFrame(of: TableModel, u: number, v: number): [number, number] {
  const b = of.placed
  return [b.cx + u * b.ux - v * b.uy, b.cy + u * b.uy + v * b.ux]
}

/** Edges of `of` by name: front (FL→FR), right (FR→RR), rear (RR→RL), left (RL→FL). */
function namedEdges(of: TableModel): Array<{ name: 'front' | 'right' | 'rear' | 'left'; a: [number, number]; b: [number, number] }> {
  const [fl, fr, rr, rl] = baseCorners(of) as [[number, number], [number, number], [number, number], [number, number]]
  return [
    { name: 'front', a: fl, b: fr },
    { name: 'right', a: fr, b: rr },
    { name: 'rear', a: rr, b: rl },
    { name: 'left', a: rl, b: fl },
  ]
}

const EDGE_ARC: Record<'front' | 'right' | 'rear' | 'left', ArcName> = { front: 'front', right: 'flank', rear: 'rear', left: 'flank' }

function ray(of: TableModel, arc: string, edge: 'from' | 'to', u0: number, v0: number, du: number, dv: number): ArcLineFigure {
  const b = of.placed
  const n = Math.hypot(du, dv) || 1
  const dx = (du * b.ux - dv * b.uy) / n
  const dy = (du * b.uy + dv * b.ux) / n
  return { arc, edge, origin: fromUnitFrame(of, u0, v0), direction: [dx, dy] }
}

/** edge-contact: from each corner, the two edge lines extended outward (front/flank/rear strips; corner quadrants are ties). */
function edgeContactLines(of: TableModel): ArcLineFigure[] {
  const a = of.placed.halfLengthMm
  const c = of.placed.halfWidthMm
  return [
    ray(of, 'front|flank', 'from', a, c, 1, 0), ray(of, 'front|flank', 'to', a, c, 0, 1),
    ray(of, 'front|flank', 'from', a, -c, 1, 0), ray(of, 'front|flank', 'to', a, -c, 0, -1),
    ray(of, 'flank|rear', 'from', -a, c, -1, 0), ray(of, 'flank|rear', 'to', -a, c, 0, 1),
    ray(of, 'flank|rear', 'from', -a, -c, -1, 0), ray(of, 'flank|rear', 'to', -a, -c, 0, -1),
  ]
}

/** edge-lines: the rear-edge line extended sideways, the side-edge lines extended forward. */
function edgeLinesLines(of: TableModel): ArcLineFigure[] {
  const a = of.placed.halfLengthMm
  const c = of.placed.halfWidthMm
  return [
    ray(of, 'front|flank', 'from', a, c, 1, 0), ray(of, 'front|flank', 'to', a, -c, 1, 0),
    ray(of, 'flank|rear', 'from', -a, c, 0, 1), ray(of, 'flank|rear', 'to', -a, -c, 0, -1),
  ]
}

/** diagonals: the footprint diagonals, continued outward from each corner. */
function diagonalLines(of: TableModel): ArcLineFigure[] {
  const a = of.placed.halfLengthMm
  const c = of.placed.halfWidthMm
  return [
    ray(of, 'front|flank', 'from', a, c, a, c), ray(of, 'front|flank', 'to', a, -c, a, -c),
    ray(of, 'flank|rear', 'from', -a, c, -a, c), ray(of, 'flank|rear', 'to', -a, -c, -a, -c),
  ]
}

/** Which of `of`'s arcs the unit `from` is in. */
export function classifyUnitArc(of: TableModel, from: TableModel, method: ArcMethod, tie: CornerTie): ArcCall {
  const a = of.placed.halfLengthMm
  const c = of.placed.halfWidthMm
  if (method === 'diagonals') {
    // Quadrants between the footprint's diagonals extended from its centre; the attacker's centre decides.
    const [u, v] = toUnitFrame(of, from.x, from.y)
    const bearing = degrees(Math.atan2(v, u))
    const half = degrees(Math.atan2(c, a))
    const abs = Math.abs(bearing)
    const eps = 1e-9
    let arcs: ArcName[]
    if (Math.abs(abs - half) <= eps) arcs = ['front', 'flank']
    else if (Math.abs(abs - (180 - half)) <= eps) arcs = ['flank', 'rear']
    else arcs = [abs < half ? 'front' : abs > 180 - half ? 'rear' : 'flank']
    const marginDeg = Math.min(Math.abs(abs - half), Math.abs(abs - (180 - half)))
    const r = Math.hypot(u, v)
    return {
      arc: arcs.length === 1 ? arcs[0]! : breakTie(arcs, tie),
      tie: arcs.length > 1 ? arcs : null,
      method,
      evidence: [`attacker centre bears ${bearing.toFixed(2)}° from the facing; front quadrant ±${half.toFixed(2)}°, rear beyond ±${(180 - half).toFixed(2)}°`],
      lines: diagonalLines(of),
      boundaryMarginMm: (r * marginDeg * Math.PI) / 180,
    }
  }
  if (method === 'edge-lines') {
    // Rear: behind the rear-edge line; flank: beside a side-edge line; else front (attacker's centre).
    const [u, v] = toUnitFrame(of, from.x, from.y)
    const eps = 1e-9
    const onRearLine = Math.abs(u + a) <= eps
    const onSideLine = Math.abs(Math.abs(v) - c) <= eps
    let arcs: ArcName[]
    if (u < -a - eps) arcs = ['rear']
    else if (onRearLine && Math.abs(v) >= c - eps) arcs = ['flank', 'rear']
    else if (onRearLine) arcs = ['rear']
    else if (onSideLine) arcs = ['front', 'flank']
    else arcs = [Math.abs(v) > c ? 'flank' : 'front']
    return {
      arc: arcs.length === 1 ? arcs[0]! : breakTie(arcs, tie),
      tie: arcs.length > 1 ? arcs : null,
      method,
      evidence: [`attacker centre at ${u.toFixed(2)} mm ahead, ${v.toFixed(2)} mm left of the centre; rear-edge line at −${a.toFixed(2)}, side-edge lines at ±${c.toFixed(2)}`],
      lines: edgeLinesLines(of),
      boundaryMarginMm: Math.min(Math.abs(u + a), Math.abs(Math.abs(v) - c)),
    }
  }
  // edge-contact: the edge of `of` that the attacker's footprint touches or is nearest to; when several
  // edges are equally near, the one with the longest stretch at that distance wins (flush contact
  // beats the single shared corner point), and a single point on two edges is a corner tie.
  const fromCorners = baseCorners(from)
  const distToFrom = (x: number, y: number): number => {
    let d = Infinity
    for (let i = 0; i < 4; i++) {
      const p = fromCorners[i]!
      const q = fromCorners[(i + 1) % 4]!
      d = Math.min(d, pointSegmentDistance(x, y, p[0], p[1], q[0], q[1]))
    }
    return d
  }
  const edges = namedEdges(of)
  const distances = edges.map((e) => {
    let d = Infinity
    for (let i = 0; i < 4; i++) d = Math.min(d, segmentSegmentDistance(e.a, e.b, fromCorners[i]!, fromCorners[(i + 1) % 4]!))
    return { edge: e.name, d }
  })
  const best = Math.min(...distances.map((x) => x.d))
  const SAMPLES = 200
  const stretch = edges.map((e) => {
    const len = Math.hypot(e.b[0] - e.a[0], e.b[1] - e.a[1])
    let near = 0
    for (let i = 0; i <= SAMPLES; i++) {
      const t = i / SAMPLES
      if (distToFrom(e.a[0] + (e.b[0] - e.a[0]) * t, e.a[1] + (e.b[1] - e.a[1]) * t) <= best + 1e-6) near++
    }
    return { edge: e.name, mm: near > 1 ? ((near - 1) / SAMPLES) * len : 0 }
  })
  const longest = Math.max(...stretch.map((x) => x.mm))
  const nearest = longest > 0
    ? stretch.filter((x) => x.mm >= longest - 1e-6).map((x) => x.edge)
    : distances.filter((x) => x.d <= best + 1e-6).map((x) => x.edge)
  const arcs = [...new Set(nearest.map((x) => EDGE_ARC[x]))]
  const others = distances.filter((x) => !nearest.includes(x.edge)).map((x) => x.d)
  return {
    arc: arcs.length === 1 ? arcs[0]! : breakTie(arcs, tie),
    tie: arcs.length > 1 ? arcs : null,
    method,
    evidence: distances.map((x, i) => `${x.edge} edge ${x.d.toFixed(2)} mm (stretch at that distance ${stretch[i]!.mm.toFixed(1)} mm)`),
    lines: edgeContactLines(of),
    boundaryMarginMm: arcs.length > 1 ? 0 : Math.max(0, Math.min(...others) - best),
  }
}

/** Is a table point in a shooting arc drawn from the front-edge centre (options.ts shootingArc)? */
export function isInShootingArc(of: TableModel, x: number, y: number, arc: 'none' | 'front-180' | 'front-90'): boolean {
  if (arc === 'none') return true
  const [u, v] = toUnitFrame(of, x, y)
  const du = u - of.placed.halfLengthMm
  if (arc === 'front-180') return du >= -1e-9
  return du >= -1e-9 && Math.abs(v) <= du + 1e-9
}

/** Distance from a point to the nearest footprint edge of `of` (used in explanations). */
export function distanceToFootprintMm(of: TableModel, x: number, y: number): number {
  return Math.min(...namedEdges(of).map((e) => pointSegmentDistance(x, y, e.a[0], e.a[1], e.b[0], e.b[1])))
}
