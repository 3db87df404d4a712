// Line of sight and cover exactly as §13.2 and §13.11 define them:
// - from "the character's eye level at any angle in the character's front" (§13.2.1): the eye point
//   (base centre at the model's eye height) and only lines into the front half-space;
// - to "any part of a target's target zone", "a vertical cylinder with a diameter equal to the
//   greatest width of the character's base and a height equal to the height of the character" (§13.2.2–3);
// - a line may not pass "within 1" of any other character in his or her front except the target" (§13.2.4),
//   friends ignored when the target is engaged (§14.1.1);
// - terrain blocks physically (true 3D against the terrain BVH); characters are not obstacles (§2.1.1);
// - cover: "For each obstacle ... that obscures any part of the target character's target zone" −1 S
//   (§13.11.1), ignoring one piece the shooter is in base contact with (§13.11.1.1).
import {
  type LosRay,
  type PlacedBase,
  type Table,
  type TableModel,
  type Vec3Tuple,
  BASE_THICKNESS_MM,
  GRAZE_MM,
  closestPointOnPolygon,
  inches,
  measureBaseGap2,
  measureTerrainCrossing3,
  placeBase,
  pointSegmentDistance,
} from '../../engine/index.ts'
import { findEngaged, isOpponent } from './findContacts.ts'
import { frontOffsetMm, measureFrontBehind } from './measureFrontBehind.ts'
import type { SkrapyardOptions } from './options.ts'
import { readCharacter } from './readCharacter.ts'

/** Target-zone lattice: heights as fractions of the model height (0 = mid-base), rings as fractions of the radius. */
export const ZONE_HEIGHT_FRACTIONS = [0, 0.25, 0.5, 0.75, 1] as const
export const ZONE_RINGS = [
  { radiusFraction: 0, points: 1 },
  { radiusFraction: 0.5, points: 8 },
  { radiusFraction: 1, points: 16 },
] as const

export type SkrapyardLos = {
  readonly visible: boolean
  /** Fraction of target-zone points a line of sight reaches (0..1). */
  readonly fraction: number
  /** Fraction of the points at base level that no line of sight reaches. */
  readonly baseHidden: number
  /** The book's class: clear (every part seen), in-cover (some part hidden, §13.11), none. */
  readonly class: 'clear' | 'in-cover' | 'none'
  /** Terrain pieces hiding part of the zone (before the §13.11.1.1 exemption). */
  readonly obscuringTerrain: string[]
  /** Terrain pieces counted for the cover modifier (after the exemption), and the ignored one. */
  readonly coverObstacles: string[]
  readonly ignoredTerrain: string | null
  /** Characters whose 1" exclusion stopped at least one line (§13.2.4). */
  readonly clearanceBlockers: string[]
  /** Share of zone points that lie behind the shooter's lateral line (outside its front, §13.2.1). */
  readonly behindFraction: number
  /** Friendly characters ignored because the target is engaged (§14.1.1). */
  readonly friendsIgnored: boolean
  readonly rays: number
  readonly baseRays: number
  readonly sampleRays?: LosRay[]
  readonly rules: string[]
}

/** A model is passed over by the clearance bound only when it is this much farther than the clearance (float noise). */
const CLEARANCE_BOUND_SLACK_MM = 0.01

/** Radius of the target zone: half the greatest width of the base (§13.2.2). */
export function targetZoneRadiusMm(m: TableModel): number {
  return Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
}

export function targetZonePoints(m: TableModel): Array<{ p: Vec3Tuple; base: boolean }> {
  const r = targetZoneRadiusMm(m)
  const out: Array<{ p: Vec3Tuple; base: boolean }> = []
  for (const h of ZONE_HEIGHT_FRACTIONS) {
    const z = h === 0 ? m.z + BASE_THICKNESS_MM / 2 : m.z + h * m.heightMm
    for (const ring of ZONE_RINGS) {
      for (let i = 0; i < ring.points; i++) {
        const a = (2 * Math.PI * i) / ring.points
        out.push({ p: [m.x + ring.radiusFraction * r * Math.cos(a), m.y + ring.radiusFraction * r * Math.sin(a), z], base: h === 0 })
      }
    }
  }
  return out
}

/** Fill `near` with every piece; their count. */
function allPieces(table: Table): number {
  for (let k = 0; k < table.terrain.length; k++) near[k] = k
  return table.terrain.length
}

/** Fill `near` with the pieces whose box meets the box round the eye and the target's zone; their count. */
function piecesNear(table: Table, eye: Vec3Tuple, target: TableModel, zoneR: number): number {
  const x0 = Math.min(eye[0], target.x - zoneR), x1 = Math.max(eye[0], target.x + zoneR)
  const y0 = Math.min(eye[1], target.y - zoneR), y1 = Math.max(eye[1], target.y + zoneR)
  const z0 = Math.min(eye[2], target.z), z1 = Math.max(eye[2], target.z + target.heightMm)
  const b = table.world.pieceBounds
  let n = 0
  for (let k = 0; k < table.terrain.length; k++) {
    const o = 6 * k
    if (b[o]! > x1 || b[o + 3]! < x0 || b[o + 1]! > y1 || b[o + 4]! < y0 || b[o + 2]! > z1 || b[o + 5]! < z0) continue
    near[n++] = k
  }
  return n
}

/** Horizontal distance (mm) from the segment a→b to a base (0 if it touches). Exact for round bases. */
export function measureSegmentToBase2(base: PlacedBase, ax: number, ay: number, bx: number, by: number): number {
  if (base.shape === 'round') return Math.max(0, pointSegmentDistance(base.cx, base.cy, ax, ay, bx, by) - base.halfLengthMm)
  const len = Math.hypot(bx - ax, by - ay)
  const seg = placeBase({ shape: 'rect', length: Math.max(len, 1e-9), width: 1e-9 }, (ax + bx) / 2, (ay + by) / 2, (Math.atan2(by - ay, bx - ax) * 180) / Math.PI)
  return measureBaseGap2(seg, base).gapMm
}

/** 3D distance (mm) from the segment a→b to a model's target-zone cylinder. Convex in t, so a ternary search is exact. */
export function measureSegmentToZone3(m: TableModel, a: Vec3Tuple, b: Vec3Tuple): number {
  const r = targetZoneRadiusMm(m)
  const z0 = m.z
  const z1 = m.z + m.heightMm
  const at = (t: number): number => {
    const x = a[0] + t * (b[0] - a[0])
    const y = a[1] + t * (b[1] - a[1])
    const z = a[2] + t * (b[2] - a[2])
    const dh = Math.max(0, Math.hypot(x - m.x, y - m.y) - r)
    const dz = Math.max(0, z - z1, z0 - z)
    return Math.hypot(dh, dz)
  }
  let lo = 0
  let hi = 1
  for (let i = 0; i < 80; i++) {
    const m1 = lo + (hi - lo) / 3
    const m2 = hi - (hi - lo) / 3
    if (at(m1) <= at(m2)) hi = m2
    else lo = m1
  }
  return Math.min(at((lo + hi) / 2), at(0), at(1))
}

/** Is a base in contact with a terrain piece's footprint (and at a height where it can touch it)? */
export function isTouchingTerrain(m: TableModel, footprint: ReadonlyArray<readonly [number, number]>, bottomZ: number, topZ: number, toleranceMm: number): boolean {
  if (m.z > topZ + toleranceMm || m.z + m.heightMm < bottomZ - toleranceMm) return false
  if (m.placed.shape === 'round') {
    return closestPointOnPolygon(footprint, m.x, m.y).distanceMm - m.placed.halfLengthMm <= toleranceMm
  }
  let best = Infinity
  for (let i = 0; i < footprint.length; i++) {
    const p = footprint[i]!
    const q = footprint[(i + 1) % footprint.length]!
    best = Math.min(best, measureSegmentToBase2(m.placed, p[0], p[1], q[0], q[1]))
  }
  return best <= toleranceMm || closestPointOnPolygon(footprint, m.x, m.y).distanceMm === 0
}

let scratch = new Float64Array(0)
/** The pieces whose box meets the box round the eye and the target zone (ascending), and how many. */
let near = new Int32Array(0)

/**
 * keepRays: return the sampled lines for drawing. clearance: apply the 1" rule (§13.2.4); false draws the line
 * "as described at 13.2.1" only, which is what shooting into a combat asks of the other characters in it (§13.7.1).
 */
/**
 * `cull` (default true): pass over the models and pieces that no line can reach (by the bounds below);
 * false measures every one on every line, the reference the property test compares with.
 */
export function sampleSkrapyardLos(table: Table, shooter: TableModel, target: TableModel, options: SkrapyardOptions, keepRays = false, clearance = true, cull = true): SkrapyardLos {
  const eye: Vec3Tuple = [shooter.x, shooter.y, shooter.z + shooter.eyeMm]
  const within = (d: number, limit: number) => (options.withinComparator === 'strict' ? d < limit : d <= limit)
  const clearanceMm = inches(1)
  const lateral = (x: number, y: number) => frontOffsetMm(shooter.placed, x, y)
  const inFrontPoint = (x: number, y: number) => {
    const s = lateral(x, y)
    return Math.abs(s) <= 1e-6 ? options.lateralLine === 'front' : s > 0
  }
  // §14.1.1: a target engaged with the shooter's friends lets the shooter ignore friendly characters.
  const friendsIgnored = findEngaged(table, target, options).some((o) => !isOpponent(o, shooter))
  // No line to the target zone comes nearer a model than its centre's distance to the line eye → target
  // centre, less the zone's radius (the lines share the eye; their far ends are within that radius of the
  // centre) and the model's own bounding radius (in plan; the 3D distance is no less): a model farther
  // than the clearance by that bound can come within it on no line, and is not measured line by line.
  const zoneR = targetZoneRadiusMm(target)
  const clearanceModels = table.models.filter((o) => {
    if (!clearance) return false
    if (o.id === shooter.id || o.id === target.id) return false
    const bound = pointSegmentDistance(o.x, o.y, eye[0], eye[1], target.x, target.y) - zoneR - Math.hypot(o.placed.halfLengthMm, o.placed.halfWidthMm)
    if (cull && bound > clearanceMm + CLEARANCE_BOUND_SLACK_MM) return false
    if (options.woundedIgnored && readCharacter(o).wounded) return false
    if (friendsIgnored && !isOpponent(o, shooter)) return false
    const fb = measureFrontBehind(shooter.placed, o.placed, options.lateralLine)
    return options.losClearanceFront === 'wholly' ? fb.relation === 'in-front' : fb.reachesFront
  })
  const wholeTargetInFront = measureFrontBehind(shooter.placed, target.placed, options.lateralLine).relation === 'in-front'
  if (scratch.length !== table.terrain.length) {
    scratch = new Float64Array(table.terrain.length)
    near = new Int32Array(table.terrain.length)
  }
  // Every line runs from the eye to a point of the target zone (a cylinder of radius zoneR over the
  // base, up to the model's height): within the box round both. Only pieces whose box meets it are measured.
  const nNear = cull ? piecesNear(table, eye, target, zoneR) : allPieces(table)

  const points = targetZonePoints(target)
  const obscuring = new Set<string>()
  const clearanceBlockers = new Set<string>()
  const rays: LosRay[] = []
  let clear = 0
  let behind = 0
  let baseTotal = 0
  let baseHidden = 0
  for (const { p, base } of points) {
    const front = inFrontPoint(p[0], p[1]) && (options.losArc === 'line' || wholeTargetInFront)
    if (!inFrontPoint(p[0], p[1])) behind++
    measureTerrainCrossing3(table.world, eye[0], eye[1], eye[2], p[0], p[1], p[2], scratch, near, nNear)
    const by: string[] = []
    for (let c = 0; c < nNear; c++) if (scratch[near[c]!]! > GRAZE_MM) by.push(table.terrain[near[c]!]!.id)
    const tooClose: string[] = []
    for (const o of clearanceModels) {
      const d = options.losClearanceMeasure === 'base-2d' ? measureSegmentToBase2(o.placed, eye[0], eye[1], p[0], p[1]) : measureSegmentToZone3(o, eye, p)
      if (within(d, clearanceMm)) tooClose.push(o.id)
    }
    if (front) for (const id of by) obscuring.add(id)
    if (front && by.length === 0) for (const id of tooClose) clearanceBlockers.add(id)
    const ok = front && by.length === 0 && tooClose.length === 0
    if (ok) clear++
    if (base) {
      baseTotal++
      if (!ok) baseHidden++
    }
    if (keepRays) rays.push({ from: eye, to: p, blocked: !ok, by: [...by, ...tooClose, ...(front ? [] : ['(behind the lateral line)'])], hides: [], base })
  }

  // §13.11.1.1: one touching piece may be ignored; the best one for the shooter is one that hides part of the zone.
  let ignoredTerrain: string | null = null
  if (options.ignoredTouchingTerrain === 'best-for-shooter') {
    for (const piece of table.terrain) {
      if (!obscuring.has(piece.id)) continue
      const s = piece.solid
      if (isTouchingTerrain(shooter, s.footprint, s.bottomZ, s.topZ, options.baseContactToleranceMm)) {
        ignoredTerrain = piece.id
        break
      }
    }
  }
  const coverObstacles = [...obscuring].filter((id) => id !== ignoredTerrain).sort()
  if (options.charactersGiveCover) coverObstacles.push(...[...clearanceBlockers].sort())
  const visible = clear > 0
  const rules = ['§13.2.1', '§13.2.2', '§13.2.3', '§13.2.4']
  if (friendsIgnored) rules.push('§14.1.1')
  if (visible && clear < points.length) rules.push('§13.11')
  return {
    visible,
    fraction: clear / points.length,
    baseHidden: baseTotal ? baseHidden / baseTotal : 0,
    class: !visible ? 'none' : clear === points.length ? 'clear' : 'in-cover',
    obscuringTerrain: [...obscuring].sort(),
    coverObstacles,
    ignoredTerrain,
    clearanceBlockers: [...clearanceBlockers].sort(),
    behindFraction: behind / points.length,
    friendsIgnored,
    rays: points.length,
    baseRays: baseTotal,
    ...(keepRays ? { sampleRays: rays } : {}),
    rules,
  }
}
