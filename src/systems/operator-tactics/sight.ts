// §06 Line of sight: "Measured center of base to center of base … If solid terrain breaks the line,
// no LoS. When the call is disputed, run a SITREP at even odds." One line, binary. Cover (which the
// book never defines geometrically) comes from the engine's LoS sampling of the target's base.
import {
  type LosFigure, type LosResult, type VisibilityResult, type LosRule, type QueryOf, type ResultBody, type Table, type TableModel, type UniformReason, type Vec3Tuple, withSight,
  BASE_THICKNESS_MM, GRAZE_MM, frameScaleMm, inches, measureTerrainCrossing3, roundTo, sampleLineOfSight, toInches,
} from '../../engine/index.ts'
import { SK } from './constants.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { readOptions } from './options.ts'
import { COVER_MODIFIER, type CoverLevel, baseToPieceMm, blocksSight, coverLevelOf, supportOf } from './terrain.ts'
import { sitrepFigure } from './sitrep.ts'
import { measureSkirmish } from './measure.ts'

export const LOS_RULE_TEXT = '§06 Line of sight L776–778: centre of base to centre of base; solid terrain (Full Cover) breaks the line'

/** The cover-sampling rule: from the shooter's base centre to the target's base points (engine sampling). */
export function coverSamplingRule(table: Table): LosRule {
  const o = readOptions(table.options)
  return {
    mode: '3d',
    from: o.losHeight === 'eye' ? 'eye' : 'base-centre',
    to: 'base',
    terrainBlocks: (p) => blocksSight(table, p),
    modelBlocks: () => false,
    rule: LOS_RULE_TEXT,
  }
}

function lineEnd(m: TableModel, height: 'base' | 'eye'): Vec3Tuple {
  return [m.x, m.y, m.z + (height === 'eye' ? m.eyeMm : BASE_THICKNESS_MM / 2)]
}

export type CentreLine = {
  clear: boolean
  blockers: string[]
  from: Vec3Tuple
  to: Vec3Tuple
  /** The line passes so close to a blocker's edge that a shift of the offset below flips the call. */
  marginal: boolean
  offsetMm: number
  /** Pieces ignored because viewer or target stands on them. */
  standingOn: string[]
}

const scratch = new WeakMap<Table, Float64Array>()

function blockersOn(table: Table, a: Vec3Tuple, b: Vec3Tuple, ignore: ReadonlySet<string>): string[] {
  let inside = scratch.get(table)
  if (!inside || inside.length !== table.terrain.length) {
    inside = new Float64Array(table.terrain.length)
    scratch.set(table, inside)
  }
  measureTerrainCrossing3(table.world, a[0], a[1], a[2], b[0], b[1], b[2], inside)
  const out: string[] = []
  for (const p of table.terrain) {
    if (ignore.has(p.id) || !blocksSight(table, p)) continue
    if (inside[p.index]! > GRAZE_MM) out.push(p.id)
  }
  return out
}

/** Trace the book's single line, and the same line shifted sideways to see whether the call is marginal. */
export function traceCentreLine(table: Table, a: TableModel, b: TableModel): CentreLine {
  const o = readOptions(table.options)
  const from = lineEnd(a, o.losHeight)
  const to = lineEnd(b, o.losHeight)
  const ignore = new Set<string>()
  for (const m of [a, b]) {
    const s = supportOf(table, m)
    if (s) ignore.add(s.id)
  }
  const blockers = blockersOn(table, from, to, ignore)
  const len = Math.hypot(to[0] - from[0], to[1] - from[1])
  const offsetMm = Math.max(1, 2 * Math.hypot(a.uncertaintyMm, b.uncertaintyMm, frameScaleMm(a, b)))
  let marginal = false
  if (len > 0) {
    const nx = (-(to[1] - from[1]) / len) * offsetMm
    const ny = ((to[0] - from[0]) / len) * offsetMm
    for (const s of [1, -1]) {
      const shifted = blockersOn(table, [from[0] + s * nx, from[1] + s * ny, from[2]], [to[0] + s * nx, to[1] + s * ny, to[2]], ignore)
      if ((shifted.length === 0) !== (blockers.length === 0)) marginal = true
    }
  }
  return { clear: blockers.length === 0, blockers, from, to, marginal, offsetMm, standingOn: [...ignore] }
}

export type CoverPiece = { id: string; level: CoverLevel; hidden: number; gapInches: number; qualifies: boolean; rule: string }

export type CoverCall = {
  level: CoverLevel
  modifier: number
  by: string[]
  pieces: CoverPiece[]
  test: string
  /** Heavy Cover before any High Ground downgrade (Concealment asks for "in Heavy Cover"). */
  levelBeforeHighGround: CoverLevel
  downgraded: boolean
  objectiveCover: boolean
  baseHidden: number
  baseHiddenBy: Record<string, number>
  notes: string[]
  rules: string[]
}

const RANK: Readonly<Record<CoverLevel, number>> = { none: 0, light: 1, heavy: 2 }
const downgrade = (l: CoverLevel): CoverLevel => (l === 'heavy' ? 'light' : 'none')

/** Is the shooter on higher ground than the target (§06A High Ground)? */
export function shootsFromHigherGround(table: Table, shooter: TableModel, target: TableModel): boolean {
  const o = readOptions(table.options)
  const support = supportOf(table, shooter)
  const onElevation = !!support && support.has('elevation')
  return onElevation || shooter.z - target.z >= inches(o.highGroundMinInches) - 1e-6
}

/** Objective markers on the table: pieces of type "objective", plus points given in a query context. */
export function objectivePoints(table: Table, extra: ReadonlyArray<readonly [number, number]> = []): Array<{ name: string; gap: (m: TableModel) => number }> {
  const out: Array<{ name: string; gap: (m: TableModel) => number }> = []
  for (const p of table.terrain) if (p.has('objective')) out.push({ name: p.id, gap: (m) => baseToPieceMm(m, p) })
  extra.forEach(([x, y], i) => out.push({
    name: `objective[${i}]`,
    gap: (m) => Math.max(0, measureSkirmish(table, m, [x, y]).rawMm),
  }))
  return out
}

export function decideCover(table: Table, shooter: TableModel, target: TableModel, objectives: ReadonlyArray<readonly [number, number]> = []): CoverCall {
  const o = readOptions(table.options)
  const rules = new Set<string>(['§06 Terrain types L766–774'])
  const notes: string[] = []
  const ignore = new Set<string>()
  for (const m of [shooter, target]) {
    const s = supportOf(table, m)
    if (s) ignore.add(s.id)
  }
  const levelOf = (id: string): { level: CoverLevel; rule: string } => {
    const p = table.terrainPiece(id)
    if (blocksSight(table, p)) return { level: o.partialFullCover, rule: '§06 Terrain types L772 (partly hiding Full Cover: option partialFullCover)' }
    return coverLevelOf(table, p, shooter)
  }
  const candidate = (id: string): boolean => {
    if (ignore.has(id)) return false
    const p = table.terrainPiece(id)
    if (o.elevationSeesOverLowCover && !blocksSight(table, p) && p.solid.topZ < shooter.z + BASE_THICKNESS_MM) return false
    return levelOf(id).level !== 'none'
  }
  const los = sampleLineOfSight(table, shooter, target, {
    ...coverSamplingRule(table),
    terrainBlocks: () => false,
    terrainObscures: (p) => candidate(p.id),
  })
  const frac = o.coverHiddenFraction
  const pieces: CoverPiece[] = Object.entries(los.baseHiddenBy).map(([id, hidden]) => {
    const p = table.terrainPiece(id)
    const gapMm = baseToPieceMm(target, p)
    const { level, rule } = levelOf(id)
    const near = o.coverTest === 'any-crossed' ? true : o.coverTest === 'near-target' ? gapMm <= inches(o.coverNearInches) + 1e-6 : gapMm <= o.contactToleranceMm + 1e-6
    return { id, level, hidden: roundTo(hidden, 4), gapInches: roundTo(toInches(gapMm), 3), qualifies: hidden > frac && near, rule }
  })
  const giving = pieces.filter((p) => p.qualifies)
  let level: CoverLevel = 'none'
  let modifier = 0
  for (const p of giving) {
    rules.add(p.rule)
    if (RANK[p.level] > RANK[level]) level = p.level
    if (o.multipleCover === 'stack') modifier += COVER_MODIFIER[p.level]
  }
  // §26 Objective Cover: "Operators on or within 1" of an objective marker count as being in light cover."
  let objectiveCover = false
  if (o.crackerjack) {
    const near = objectivePoints(table, objectives).filter((ob) => ob.gap(target) <= inches(SK.crackerjackObjectiveCoverInches.value) + 1e-6)
    if (near.length) {
      objectiveCover = true
      rules.add('§26 Competition combat modifiers L2395 (Objective Cover)')
      notes.push(`within 1" of ${near.map((n) => n.name).join(', ')}: counts as Light Cover (Crackerjack)`)
      if (RANK.light > RANK[level]) level = 'light'
      if (o.multipleCover === 'stack' && giving.length === 0) modifier += COVER_MODIFIER.light
    }
  }
  const before = level
  let downgraded = false
  if (o.highGround && level !== 'none' && shootsFromHigherGround(table, shooter, target)) {
    level = downgrade(level)
    downgraded = true
    rules.add('§06A High Ground L830–832')
    notes.push(`High Ground: ${before} cover downgrades one step to ${level}`)
    if (o.multipleCover === 'stack') modifier = Math.min(0, modifier - COVER_MODIFIER[before] + COVER_MODIFIER[level])
  }
  if (o.multipleCover !== 'stack') modifier = COVER_MODIFIER[level]
  return {
    level,
    modifier,
    by: giving.map((p) => p.id),
    pieces,
    test: o.coverTest,
    levelBeforeHighGround: before,
    downgraded,
    objectiveCover,
    baseHidden: roundTo(los.baseHidden, 4),
    baseHiddenBy: Object.fromEntries(Object.entries(los.baseHiddenBy).map(([k, v]) => [k, roundTo(v, 4)])),
    notes,
    rules: [...rules],
  }
}

/** The book's class for a sight line: its own terrain words. */
export type LosClass = 'open-ground' | 'light-cover' | 'heavy-cover' | 'full-cover'

export function losClassOf(line: CentreLine, cover: CoverCall | null): LosClass {
  if (!line.clear) return 'full-cover'
  if (!cover || cover.level === 'none') return 'open-ground'
  return cover.level === 'heavy' ? 'heavy-cover' : 'light-cover'
}

/** LoS as the result document carries it, from the book's single line plus the cover sampling. */
export function skirmishLosFigure(table: Table, a: TableModel, b: TableModel, rays: boolean): { figure: LosFigure; line: CentreLine; cover: CoverCall } {
  const line = traceCentreLine(table, a, b)
  const cover = decideCover(table, a, b)
  const cls = losClassOf(line, cover)
  const figure: LosFigure = {
    visible: line.clear,
    fraction: line.clear ? 1 : 0,
    baseHidden: cover.baseHidden,
    blockers: line.blockers,
    obscuring: Object.keys(cover.baseHiddenBy).filter((id) => !line.blockers.includes(id)),
    baseHiddenBy: cover.baseHiddenBy,
    class: cls,
    rays: 1,
    baseRays: 64,
    resolution: { fraction: 1, baseHidden: roundTo(1 / 64, 4) },
    mode: '3d',
    ...book.cite({ rule: LOS_RULE_TEXT }),
    ...(rays ? { sampleRays: [{ from: round3(line.from), to: round3(line.to), blocked: !line.clear, by: line.blockers, hides: [], base: false }] } : {}),
  }
  return { figure, line, cover }
}

function round3(p: Vec3Tuple): Vec3Tuple {
  return [roundTo(p[0], 2), roundTo(p[1], 2), roundTo(p[2], 2)]
}

/** Desert Canyon "LoS limited to 24"" (§26): beyond it there is no LoS. */
export function arenaSightLimitInches(table: Table): number | null {
  const o = readOptions(table.options)
  return o.crackerjack && o.crackerjackArena === 'desert-canyon' ? SK.crackerjackDesertLosInches.value : null
}

export function los(table: Table, q: QueryOf<'los'>): LosResult {
  const a = table.model(q.from)
  const b = table.model(q.to)
  const { figure, line, cover } = skirmishLosFigure(table, a, b, q.rays ?? false)
  const rules = [LOS_RULE_TEXT, ...cover.rules]
  const reasons: UniformReason[] = []
  const limit = arenaSightLimitInches(table)
  let visible = figure.visible
  if (line.clear) reasons.push(book.reason({ code: 'line-clear', message: `the line from ${a.id}'s base centre to ${b.id}'s base centre crosses no Full Cover`, rule: LOS_RULE_TEXT }))
  else reasons.push(book.reason({ code: 'line-blocked', message: `the line from ${a.id}'s base centre to ${b.id}'s is broken by ${line.blockers.join(', ')}`, rule: LOS_RULE_TEXT }))
  if (limit !== null) {
    const d = measureSkirmish(table, a, b)
    if (d.rawMm > inches(limit) + 1e-6) {
      visible = false
      reasons.push(book.reason({ code: 'beyond-arena-sight', message: `${d.inches}" is beyond the Desert Canyon's ${limit}" sight limit`, rule: '§26 Terrain protocol L2416' }))
      rules.push('§26 Terrain protocol L2416')
    }
  }
  return {
    ...withSight(table.system, { ...figure, class: figure.class!, visible }),
    reasons,
    cover: { level: cover.level, by: cover.by, pieces: cover.pieces.map((p) => book.cite(p)), test: cover.test, notes: cover.notes },
    ...(line.marginal ? { marginal: true, sitrep: sitrepFigure('even', `the line passes within ${roundTo(line.offsetMm, 2)} mm of a blocker's edge: "When the call is disputed, run a SITREP at even odds."`, '§06 Line of sight L778') } : {}),
    ...book.sources(rules),
  }
}

export function visibility(table: Table, q: QueryOf<'visibility'>): VisibilityResult {
  const pairs: Array<{ from: string; to: string; visible: boolean; class: LosClass; marginal: boolean }> = []
  for (const v of table.models) {
    if (q.side && v.side !== q.side) continue
    for (const t of table.models) {
      if (t.side === v.side) continue
      const line = traceCentreLine(table, v, t)
      const cover = line.clear ? decideCover(table, v, t) : null
      pairs.push({ from: v.id, to: t.id, visible: line.clear, class: losClassOf(line, cover), marginal: line.marginal })
    }
  }
  return { pairs, ...book.sources([LOS_RULE_TEXT]) }
}
