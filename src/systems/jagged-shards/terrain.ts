// Terrain vocabulary of §15 and the measuring, sight and cover rules built on it.
// "Only Obscuring terrain blocks LoS" (§9.1, §15.2); Light and Heavy terrain give cover when
// 50% or more of the target's base is obscured from the attacker's viewpoint (§9.3, §15.3).
import {
  type LineOfSight, type LosRule, type MeasureRule, type Table, type TableModel, type TableTerrain, type TerrainTypeDecl,
  measureModels, polygonContains, sampleBaseArea, sampleLineOfSight,
} from '../../engine/index.ts'
import { COVER_HIDDEN_FRACTION, HEAVY_COVER_SR, LIGHT_COVER_SR } from './constants.ts'
import { readOptions, type JaggedShardsOptions } from './options.ts'

export const terrainTypes: readonly TerrainTypeDecl[] = [
  { id: 'light', description: 'Light Terrain (debris, low barricades, crystal stalks): no movement penalty, never blocks LoS, Light Cover +10 SR when it hides ≥50% of the base.', section: '§15.1' },
  { id: 'heavy', description: 'Heavy Terrain (containers, dense growths, reinforced barricades): never blocks LoS, Heavy Cover +20 SR when it hides ≥50% of the base; halves the M part of a Rush.', section: '§15.1' },
  { id: 'obscuring', description: 'Obscuring Terrain (solid barriers, large machinery, crystal walls): blocks LoS unless part of the target is visible; cannot be moved through unless permeable or climbable; never crossed by a Rush.', section: '§15.1' },
  { id: 'impassable', description: 'Impassable Terrain (rare, marked pre-game): models cannot enter or end movement on it. The book gives it no LoS rule: it does not block.', section: '§15.4' },
]

/** Designations agreed at setup (§15.6, §8.1, §8.2, §15.7). */
export const terrainKeywords = [
  'climbable', // ladders, ramps, steps: may be climbed even when taller than 3" (§8.1, §8.4)
  'permeable', // Obscuring piece that may be moved through (§8.2)
  'platform', // a solid piece whose top models may stand on (§15.4 "elevated platforms")
  'hazardous-drop', // drops of more than 3" from it are hazardous (§8.1)
  'warp-scarred', // optional: models inside suffer ±10 Warp modifiers (§15.7)
] as const

export type CoverLevel = 'none' | 'light' | 'heavy'

export const COVER_SR: Readonly<Record<CoverLevel, number>> = { none: 0, light: LIGHT_COVER_SR.value, heavy: HEAVY_COVER_SR.value }

const LEVEL_RANK: Readonly<Record<CoverLevel, number>> = { none: 0, light: 1, heavy: 2 }

export function higherCover(a: CoverLevel, b: CoverLevel): CoverLevel {
  return LEVEL_RANK[a] >= LEVEL_RANK[b] ? a : b
}

/** The cover level a terrain piece gives when it hides the base (§15.1; Obscuring: option coverFromObscuring). */
export function coverLevelOf(piece: TableTerrain, o: JaggedShardsOptions): CoverLevel {
  if (piece.type === 'light') return 'light'
  if (piece.type === 'heavy') return 'heavy'
  if (piece.type === 'obscuring') return o.coverFromObscuring
  return 'none'
}

export function measureRule(o: JaggedShardsOptions): MeasureRule {
  return {
    reference: o.measureAnchor,
    mode: o.measureVertical,
    within: o.withinInclusive ? 'le' : 'lt',
    rule: '§8.6, §17 (anchor and height not specified: options measureAnchor, measureVertical)',
  }
}

/** Distance between two models under the options (base edge to base edge by default). */
export function measureBetween(table: Table, a: TableModel, b: TableModel) {
  const r = measureRule(readOptions(table.options))
  return measureModels(a, b, { reference: r.reference, mode: r.mode })
}

export const LOS_RULE_TEXT = '§9.1, §15.2 (from the eye to any part of the base or body; only Obscuring terrain blocks)'

export function losRule(table: Table): LosRule {
  const o = readOptions(table.options)
  return {
    mode: '3d',
    from: 'eye',
    to: 'volume',
    terrainBlocks: (p) => p.type === 'obscuring',
    terrainObscures: (p) => p.type === 'light' || p.type === 'heavy',
    modelBlocks: () => o.modelsBlockLos,
    rule: LOS_RULE_TEXT,
  }
}

/** Is the model standing in (not on top of) this piece? */
export function standsIn(m: TableModel, piece: TableTerrain): boolean {
  return m.z < piece.solid.topZ && polygonContains(piece.solid.footprint, m.x, m.y)
}

/**
 * The sight rule for one viewer: Light/Heavy pieces the viewer itself stands in do not hide the
 * target (option ignoreViewerTerrain): cover is what obscures the target "from the attacker's viewpoint".
 */
export function losRuleFor(table: Table, viewer: TableModel): LosRule {
  const rule = losRule(table)
  if (!readOptions(table.options).ignoreViewerTerrain) return rule
  return { ...rule, terrainObscures: (p) => (p.type === 'light' || p.type === 'heavy') && !standsIn(viewer, p) }
}

/**
 * Line of sight as §9.1 defines it: any part of the target's base *or* body seen from the eye.
 * The engine samples the body; when no body point is seen, the base is sampled too.
 */
export function sightOf(table: Table, viewer: TableModel, target: TableModel, rays = false): { los: LineOfSight; visible: boolean; viaBase: boolean } {
  const rule = losRuleFor(table, viewer)
  const los = sampleLineOfSight(table, viewer, target, rule, { rays })
  if (los.visible) return { los, visible: true, viaBase: false }
  const base = sampleLineOfSight(table, viewer, target, { ...rule, to: 'base', terrainObscures: () => false })
  return { los, visible: base.visible, viaBase: base.visible }
}

export type CoverCall = {
  level: CoverLevel
  value: number
  /** Fraction of the base hidden by terrain from the attacker's eye (all hiding pieces together). */
  baseHidden: number
  /** With option coverMeasure "model": fraction of the body's sample points hidden. */
  modelHidden?: number
  /** Hiding pieces and the fraction of base sample points each hides. */
  by: Record<string, number>
  /** What decided the level. */
  test: string
  rule: string
}

/** Fraction of the base area inside a piece's footprint (for option coverMode "in-terrain"). */
function baseInsideFraction(target: TableModel, piece: TableTerrain): number {
  const pts = sampleBaseArea(target.placed, 64)
  let n = 0
  for (const [x, y] of pts) if (polygonContains(piece.solid.footprint, x, y)) n++
  return n / pts.length
}

/**
 * Cover (§9.3, §15.3): ≥50% of the target's base obscured from the attacker's eye by terrain.
 * Light → +10 SR, Heavy → +20 SR; the pieces that hide the base decide the level (option coverMixed).
 */
export function decideCover(table: Table, attacker: TableModel, target: TableModel, los: LineOfSight): CoverCall {
  const o = readOptions(table.options)
  const threshold = COVER_HIDDEN_FRACTION.value
  const pieceById = new Map(table.terrain.map((t) => [t.id, t]))
  const by: Record<string, number> = {}
  for (const [id, f] of Object.entries(los.baseHiddenBy)) if (pieceById.has(id)) by[id] = f
  let level: CoverLevel = 'none'
  // Option coverMeasure "model": the share of the body's sample points that terrain hides instead of the base's.
  let hidden = los.baseHidden
  if (o.coverMeasure === 'model') {
    const body = sampleLineOfSight(table, attacker, target, { ...losRuleFor(table, attacker), terrainBlocks: (p) => p.type === 'obscuring' || (losRuleFor(table, attacker).terrainObscures?.(p) ?? false) })
    hidden = 1 - body.fraction
    for (const [id, f] of Object.entries(body.blockedBy)) if (pieceById.has(id)) by[id] = f
  }
  let test = `${Math.round(hidden * 100)}% of the ${o.coverMeasure === 'model' ? 'model' : 'base'} hidden (needs ≥ ${threshold * 100}%)`
  if (o.coverMode !== 'in-terrain') {
    if (o.coverMixed === 'sum-highest') {
      if (hidden >= threshold) {
        for (const id of Object.keys(by)) level = higherCover(level, coverLevelOf(pieceById.get(id)!, o))
      }
    } else {
      // One level alone must hide half the base: sample again with only that level's pieces hiding.
      for (const lv of ['heavy', 'light'] as const) {
        const only = (p: TableTerrain) => coverLevelOf(p, o) === lv
        const s = sampleLineOfSight(table, attacker, target, { ...losRuleFor(table, attacker), terrainBlocks: () => false, terrainObscures: (p) => only(p) && !(p.type !== 'obscuring' && readOptions(table.options).ignoreViewerTerrain && standsIn(attacker, p)) })
        if (s.baseHidden >= threshold) {
          level = higherCover(level, lv)
          test = `${Math.round(s.baseHidden * 100)}% of the base hidden by ${lv} pieces alone (option coverMixed: highest-single)`
          break
        }
      }
    }
  }
  if (o.coverMode !== 'geometric') {
    for (const piece of table.terrain) {
      const lv = coverLevelOf(piece, o)
      if (lv === 'none' || piece.type === 'obscuring') continue
      const inside = baseInsideFraction(target, piece)
      if (inside >= threshold && LEVEL_RANK[lv] > LEVEL_RANK[level]) {
        level = lv
        by[piece.id] = Math.max(by[piece.id] ?? 0, inside)
        test = `${Math.round(inside * 100)}% of the base inside ${piece.id} (option coverMode: ${o.coverMode})`
      }
    }
  }
  return { level, value: COVER_SR[level], baseHidden: los.baseHidden, ...(o.coverMeasure === 'model' ? { modelHidden: hidden } : {}), by, test, rule: '§9.3, §15.3' }
}

/** The book's own LoS classes: blocked (fully hidden by Obscuring terrain), heavy-cover, light-cover, clear. */
export function classifySight(table: Table, viewer: TableModel, target: TableModel): string {
  const s = sightOf(table, viewer, target)
  if (!s.visible) return 'blocked'
  const cover = decideCover(table, viewer, target, s.los)
  return cover.level === 'none' ? 'clear' : `${cover.level}-cover`
}

/** The sections a result relied on: its own plus every reason's and modifier's (composite citations split). */
export function citedRules(own: Iterable<string>, ...lists: ReadonlyArray<ReadonlyArray<{ rule: string }>>): string[] {
  const out = new Set<string>()
  const add = (r: string) => {
    for (const part of r.split(/,\s*(?=§)/)) out.add(part.trim())
  }
  for (const r of own) add(r)
  for (const l of lists) for (const x of l) add(x.rule)
  return [...out]
}
