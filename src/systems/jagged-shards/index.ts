// Ruleset "jagged-shards": Jagged Shards: Skirmish Protocol, Core Rulebook v1.07 (D100 under a threshold).
import { LOS_CLASSES, book, citationTitle } from './losClasses.ts'
import { z } from 'zod'
import { type LosResult, type QueryOf, type ResultBody, type RuleSystem, type Table, type VisibilityResult, type VisibilityPair, SceneError, chance, fraction, inches, losFigure, roundTo, sightOf as sightBlock, withSight } from '../../engine/index.ts'
import { attack } from './attack.ts'
import { aura, objective } from './areas.ts'
import { POSITIONS } from './catalogue.ts'
import { CRIT_FAIL_MAX, D100_SIDES, ENGAGEMENT_INCHES, INITIATIVE_STEAL_TARGET } from './constants.ts'
import { contextSchema } from './context.ts'
import { catalogue } from './engineCatalogue.ts'
import { readUnitStats } from './modelStats.ts'
import { move } from './move.ts'
import { options, readOptions } from './options.ts'
import { classifySight, losRule, measureRule, sightOf, terrainKeywords, terrainTypes } from './terrain.ts'
import { exposure, moveModes, reach, threat } from './planning.ts'
import demoScene from './demo.json' with { type: 'json' }
import { jaggedShardsGame } from './gameState.ts'

/** D100 + FR ≥ PV (§3.4, §5.1); natural 01–05 always fails, natural 100 always succeeds; a tie succeeds (§14.5). */
const insertionSchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('insertion'),
  /** The Attacker's Force Rating. */
  fr: z.number().int().min(0),
  /** A Position id of §18 (or give pv directly). */
  position: z.string().min(1).optional(),
  pv: z.number().int().min(0).optional(),
  roll: z.number().int().min(1).max(100).optional(),
})

function insertion(table: Table, q: z.infer<typeof insertionSchema>): ResultBody {
  const o = readOptions(table.options)
  const pos = q.position ? POSITIONS.find((p) => p.id === q.position) : undefined
  if (q.position && !pos) throw new SceneError([{ path: 'position', message: `unknown Position "${q.position}"; expected one of ${POSITIONS.map((p) => p.id).join(', ')}` }])
  const pv = q.pv ?? (pos ? (o.pvTable === 'chapter-5' ? pos.pvChapter5 : pos.pv) : undefined)
  if (pv === undefined) throw new SceneError([{ path: 'pv', message: 'give a Position id or a pv' }])
  const autoFrom = o.insertionAutoSuccess === 'natural-100' ? D100_SIDES.value : o.critSuccessMin
  let n = 0
  for (let r = 1; r <= D100_SIDES.value; r++) if (insertionSucceeds(r, q.fr, pv, autoFrom)) n++
  const p = fraction(n, D100_SIDES.value)
  return {
    pv,
    fr: q.fr,
    ...(pos ? { position: pos.name, pvSource: o.pvTable === 'chapter-5' ? '§5.3' : pos.section } : {}),
    need: `D100 + ${q.fr} ≥ ${pv}; 01–05 always fails, ${autoFrom === 100 ? 'a natural 100' : `${autoFrom}–100`} always succeeds`,
    probability: { success: chance(p).value, ...chance(p) },
    ...(q.roll !== undefined ? { outcome: { roll: q.roll, success: insertionSucceeds(q.roll, q.fr, pv, autoFrom) } } : {}),
    onFailure: 'lose 1 Warp Flare immediately (§3.4.2)',
    ...book.sources(['§3.4', '§5.1', '§14.5']),
  }
}

function insertionSucceeds(roll: number, fr: number, pv: number, autoFrom: number): boolean {
  if (roll <= CRIT_FAIL_MAX.value) return false
  if (roll >= autoFrom) return true
  return roll + fr >= pv
}

/** Initiative Steal: spend 1 Warp Flare, D100 ≥ 70 (§3.6, §7.2.3). */
const stealSchema = z.strictObject({ id: z.string().min(1), type: z.literal('initiative-steal'), roll: z.number().int().min(1).max(100).optional() })

function initiativeSteal(_table: Table, q: z.infer<typeof stealSchema>): ResultBody {
  const faces = D100_SIDES.value - INITIATIVE_STEAL_TARGET.value + 1
  const p = fraction(faces, D100_SIDES.value)
  return {
    need: `D100 ≥ ${INITIATIVE_STEAL_TARGET.value} (1 Warp Flare, lost either way)`,
    probability: { success: chance(p).value, ...chance(p) },
    ...(q.roll !== undefined ? { outcome: { roll: q.roll, success: q.roll >= INITIATIVE_STEAL_TARGET.value } } : {}),
    note: 'The book calls it a "70% threshold"; the chance of rolling 70 or more is 31%.',
    ...book.sources(['§3.6', '§7.2.3']),
  }
}

function los(table: Table, q: QueryOf<'los'>): LosResult {
  const a = table.model(q.from)
  const b = table.model(q.to)
  const s = sightOf(table, a, b, q.rays ?? false)
  const fig = { ...losFigure(table, a, b, s.los), visible: s.visible, class: classifySight(table, a, b) }
  return { ...fig, sight: sightBlock(table.system, fig, fig.class), ...(s.viaBase ? { note: 'only the base is visible' } : {}), ...book.sources([fig.rule]) }
}

/** Every pair of opposing models, with the §9.1 reading of visibility (base or body). */
function visibility(table: Table, q: QueryOf<'visibility'>): VisibilityResult {
  const pairs: VisibilityPair[] = []
  for (const v of table.models.filter((m) => !q.side || m.side === q.side)) {
    for (const t of table.models) {
      if (t.side === v.side) continue
      const s = sightOf(table, v, t)
      const fraction = roundTo(s.los.fraction, 4)
      const cls = classifySight(table, v, t)
      pairs.push({ from: v.id, to: t.id, visible: s.visible, fraction, class: cls, sight: sightBlock(table.system, { visible: s.visible, fraction, baseHidden: 0, blockers: [] }, cls) })
    }
  }
  return { pairs, ...book.sources(['§9.1', '§15.2']) }
}

export const jaggedShards: RuleSystem = {
  id: 'jagged-shards',
  title: 'Jagged Shards: Skirmish Protocol (v1.07)',
  book: { file: '../shared/seeds/000_5a7ace75bcb40c85.txt', title: 'Jagged Shards: Skirmish Protocol — Core Rulebook', edition: 'Version 1.07' },
  citation: 'the book\'s section numbers as printed, e.g. §9.3 (examples by label, e.g. §12.6 B)',
  dice: 'D100',
  options,
  terrainTypes,
  terrainKeywords,
  catalogue,
  rules: (table) => {
    const o = readOptions(table.options)
    const measure = measureRule(o)
    return {
      measure,
      los: losRule(table),
      engagement: { rangeMm: inches(ENGAGEMENT_INCHES.value), within: measure.within, rule: '§8.6, §10.1, §12.4 (within 1" of an enemy: cannot shoot)', reference: measure.reference },
    }
  },
  losClasses: LOS_CLASSES,
  citationTitle,
  classifyLos: (table, viewer, target) => classifySight(table, viewer, target),
  contextSchema,
  queryTypes: { insertion: insertionSchema, 'initiative-steal': stealSchema },
  moveModes,
  handlers: {
    attack,
    move,
    reach,
    threat,
    exposure,
    objective,
    aura,
    los,
    visibility,
    insertion: insertion as (t: Table, q: never) => ResultBody,
    'initiative-steal': initiativeSteal as (t: Table, q: never) => ResultBody,
  },
  demoScene,
  game: jaggedShardsGame,
  checkScene: (table) => {
    const issues: Array<{ path: string; message: string }> = []
    table.models.forEach((m, i) => {
      try {
        readUnitStats(m)
      } catch (e) {
        if (e instanceof SceneError) issues.push(...e.issues.map((iss) => ({ ...iss, path: iss.path || `models[${i}]` })))
        else throw e
      }
    })
    return issues
  },
}
