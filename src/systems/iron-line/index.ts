// Ruleset "iron-line": Operator Tactics Part II, the mass-battle game of units on movement trays,
// with the §16A Vertical Pressure, §25 Convention (SITREP) and §26 Crackerjack options.
import { LOS_CLASSES, fieldManualTitle as citationTitle } from './losClasses.ts'
import { z } from 'zod'
import type { Catalogue, ProfileEntry, ResultBody, RuleSystem, Table } from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { SceneError, inches } from '../../engine/index.ts'
import { attack } from './attack.ts'
import { aura, cascade, deployment, ew, objective } from './areas.ts'
import { TERRAIN_KEYWORDS, UNITS } from './catalogue.ts'
import { IRON_LINE } from './constants.ts'
import { contextSchema } from './context.ts'
import { ENGAGED_RULE, WITHIN_RULE, withinReading } from './engagement.ts'
import { LOS_RULE, arcQuery, classifySight, engagementQuery, footprintQuery, integrityQuery, losQuery, sightFor, visibilityQuery } from './geometryQueries.ts'
import { move } from './movement.ts'
import { exposure, moveModes, reach, threat } from './planning.ts'
import { opt, options } from './options.ts'
import { isKnownKeyword, parseKeyword } from './unitState.ts'
import { measureUnitCost } from './armyCost.ts'
import demoScene from './demo.json' with { type: 'json' }
import { ironLineGame } from './gameState.ts'

const keywordText = (k: { id: string; value?: number }): string => (k.value === undefined ? k.id : `${k.id}(${k.value})`)

export const catalogue: Catalogue = {
  profiles: Object.fromEntries(
    UNITS.map((u): [string, ProfileEntry] => [
      u.id,
      {
        name: u.name,
        section: `${u.section} ${u.line}`,
        stats: { speed: u.speed, order: u.order, attacks: u.attacks, defence: u.defence, strikes: u.strikes, integrity: u.integrity, footprint: u.footprint, kcm: u.kcm, points: u.points },
        keywords: u.keywords.map(keywordText),
        ...(u.note ? { note: u.note } : {}),
      },
    ]),
  ),
  // Iron Line abstracts weapons: "A unit's Ranged (x) represents any effective ranged weapon system" (§13).
  weapons: {},
}

const unitRef = z.string().min(1)
const baseQuery = { id: z.string().min(1) }
export const queryTypes = {
  footprint: z.strictObject({ ...baseQuery, type: z.literal('footprint'), model: unitRef }),
  integrity: z.strictObject({ ...baseQuery, type: z.literal('integrity'), model: unitRef, context: contextSchema.optional() }),
  cascade: z.strictObject({ ...baseQuery, type: z.literal('cascade'), context: contextSchema.optional() }),
  ew: z.strictObject({ ...baseQuery, type: z.literal('ew'), relay: unitRef, ability: z.string().min(1), target: unitRef.optional(), at: z.tuple([z.number(), z.number()]).optional(), context: contextSchema.optional() }),
  'unit-cost': z.strictObject({ ...baseQuery, type: z.literal('unit-cost'), unit: z.string().min(1), keywords: z.array(z.string().min(1)).optional() }),
  deployment: z.strictObject({ ...baseQuery, type: z.literal('deployment'), model: unitRef.optional(), context: contextSchema.optional() }),
}

const STAT_VALUES: Record<string, readonly unknown[]> = {
  order: ['close', 'loose', 'free'],
  attacks: ['none', 'weak', 'strong', 'monstrous'],
  defence: ['none', 'weak', 'strong'],
  footprint: ['wide', 'narrow', 'horde'],
}

function checkScene(table: Table): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = []
  table.models.forEach((m, i) => {
    m.keywords.forEach((k, ki) => {
      if (!isKnownKeyword(k)) issues.push({ path: `models[${i}].keywords[${ki}]`, message: `unknown Iron Line keyword "${k}" (write incrementing keywords as "ranged(24)", "hero(+2)"; §23)` })
    })
    for (const [stat, values] of Object.entries(STAT_VALUES)) {
      const v = m.stats[stat]
      if (v !== undefined && !values.includes(v)) issues.push({ path: `models[${i}].stats.${stat}`, message: `expected one of ${values.join(', ')}` })
    }
    for (const stat of ['strikes', 'integrity', 'strain', 'points']) {
      const v = m.stats[stat]
      if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0)) issues.push({ path: `models[${i}].stats.${stat}`, message: 'expected a whole number ≥ 0' })
    }
    if (m.stats['order'] === undefined) issues.push({ path: `models[${i}].profile`, message: 'an Iron Line unit needs a profile from the §13 roster (e.g. "drone-infantry") or stats.order' })
  })
  return issues
}

/** Points of a unit as built (§14 L1371–1397), with the KCM doubling reading of the kcmOnWeaknesses option. */
function unitCostQuery(table: Table, q: { unit: string; keywords?: string[] }): ResultBody {
  const bought = (q.keywords ?? []).map((k, i) => {
    const p = parseKeyword(k)
    if (!p) throw new SceneError([{ path: `keywords[${i}]`, message: `cannot read keyword "${k}" (write "swift(2)", "elite")` }])
    return p
  })
  if (!UNITS.some((u) => u.id === q.unit)) throw new SceneError([{ path: 'unit', message: `unknown unit "${q.unit}"; expected one of ${UNITS.map((u) => u.id).join(', ')}` }])
  const cost = measureUnitCost(q.unit, bought, opt(table).kcmOnWeaknesses)
  return { ...cost, ...book.sources(['§14 L1371–1397']) }
}

export const ironLine: RuleSystem = {
  id: 'iron-line',
  title: 'Operator Tactics: Iron Line (mass battle)',
  book: { file: '../shared/seeds/003_2bd7d9481ff75561.txt', title: 'Operator Tactics: Skirmish & Iron Line, Field Manual Vol. IV', edition: 'Edition 1 / 2026 (v0.1 draft with the v1.1 patch notes)' },
  citation: '§ chapter numbers as printed (§16, §16A, §23) with L#### = line in the source file',
  dice: 'D6',
  options,
  terrainTypes: [
    ...Object.entries(TERRAIN_KEYWORDS).map(([id, t]) => ({ id, description: `${t.name}: ${t.effect}`, section: `${t.section} ${t.line}` })),
    { id: 'open', description: 'Open ground: no keywords (agree keywords per piece, §16 L1505).', section: '§16 L1505' },
    { id: 'objective-marker', description: 'An objective marker (§18); its centre is the marker point.', section: '§18 L1638' },
    { id: 'signal-dead-zone', description: 'The Signal Dead Zone centre piece: a Relay within 4" pays 1 less for Hacks and Surges.', section: '§18 L1668' },
  ],
  terrainKeywords: [...Object.keys(TERRAIN_KEYWORDS), 'signal-dead-zone'],
  modelStatuses: ['broken', 'distracted', 'shot-last-round'],
  catalogue,
  rules: (table) => {
    const o = opt(table)
    return {
      measure: { reference: 'edge', mode: o.measure3d, within: withinReading(table), rule: WITHIN_RULE },
      los: {
        mode: '2d',
        from: 'front-edge-centre-eye',
        to: 'base',
        terrainBlocks: (p) => p.has('blocking'),
        terrainObscures: (p) => p.has('obscuring'),
        modelBlocks: () => true,
        rule: LOS_RULE,
      },
      engagement: { rangeMm: inches(IRON_LINE.engagementInches.value), within: withinReading(table), rule: ENGAGED_RULE, reference: 'edge' },
    }
  },
  losClasses: LOS_CLASSES,
  citationTitle,
  classifyLos: (table, viewer, target) => classifySight(table, viewer, target, sightFor(table, viewer, target)),
  contextSchema,
  queryTypes,
  moveModes,
  handlers: {
    los: losQuery,
    visibility: visibilityQuery,
    arc: arcQuery,
    engagement: engagementQuery,
    attack,
    move,
    reach,
    threat,
    exposure,
    aura,
    objective,
    footprint: footprintQuery as never,
    integrity: integrityQuery as never,
    cascade: cascade as never,
    ew: ew as never,
    deployment: deployment as never,
    'unit-cost': unitCostQuery as never,
  },
  demoScene,
  checkScene,
  game: ironLineGame,
}
