// Ruleset "operator-tactics": Operator Tactics — Skirmish (Part I of the field manual), with the
// optional §06A Vertical Pressure rules, the §25 Convention module and §26 Crackerjack changes.
import { LOS_CLASSES, citationTitle } from './losClasses.ts'
import { z } from 'zod'
import type { RuleSystem, Table } from '../../engine/index.ts'
import { inches } from '../../engine/index.ts'
import { OPTION_DECLS } from './options.ts'
import { CATALOGUE } from './stats.ts'
import { TERRAIN_KEYWORDS, TERRAIN_TYPES } from './terrain.ts'
import { measureRule } from './measure.ts'
import { coverSamplingRule, decideCover, los, losClassOf, traceCentreLine, visibility } from './sight.ts'
import { CONTACT_RULE_TEXT, engagement } from './contact.ts'
import { contextSchema } from './context.ts'
import { attack } from './attack.ts'
import { blast } from './blast.ts'
import { move } from './movement.ts'
import { aura, deployment, deploymentQuerySchema, fall, fallQuerySchema, objective, setup, setupQuerySchema } from './areas.ts'
import { sitrep } from './sitrep.ts'
import { RATING_THRESHOLD } from './catalogue.ts'
import { exposure, moveModes, reach, threat } from './planning.ts'
import demoScene from './demo.json' with { type: 'json' }
import { operatorTacticsGame } from './gameState.ts'

export const MODEL_STATUSES = ['prone', 'pinned', 'stealth', 'locked', 'shaken', 'jammed', 'shot-last-activation'] as const

const sitrepQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('sitrep'),
  odds: z.enum(['even', 'likely', 'unlikely']).optional(),
  question: z.string().optional(),
})

const RATINGS = new Set(Object.keys(RATING_THRESHOLD))

function checkScene(table: Table): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = []
  table.models.forEach((m, i) => {
    for (const a of ['SHOOT', 'FIGHT', 'TACT', 'OPINT', 'GUTS'] as const) {
      const v = m.stats[a]
      if (v === undefined) continue
      if (!(typeof v === 'number' && Number.isInteger(v) && v >= 2 && v <= 6) && !(typeof v === 'string' && RATINGS.has(v))) {
        issues.push({ path: `models[${i}].stats.${a}`, message: 'expected "Good", "Ordinary", "Bad" or a threshold 2–6' })
      }
    }
    const mobi = m.stats.MOBI
    if (mobi !== undefined && !(typeof mobi === 'number' && mobi >= 0)) issues.push({ path: `models[${i}].stats.MOBI`, message: 'expected inches ≥ 0' })
    const armor = m.stats.armor
    if (armor !== undefined && !['none', 'light-vest', 'medium-rig', 'heavy-plate'].includes(String(armor))) {
      issues.push({ path: `models[${i}].stats.armor`, message: 'expected none, light-vest, medium-rig or heavy-plate' })
    }
    const ar = m.stats.AR
    if (ar !== undefined && !(typeof ar === 'number' && Number.isInteger(ar) && ar >= 0)) issues.push({ path: `models[${i}].stats.AR`, message: 'expected a whole number ≥ 0' })
  })
  return issues
}

export const operatorTactics: RuleSystem = {
  id: 'operator-tactics',
  title: 'Operator Tactics: Skirmish (with Vertical Pressure, Convention and Crackerjack modules)',
  book: { file: '../shared/seeds/003_2bd7d9481ff75561.txt', title: 'Operator Tactics: Skirmish & Iron Line — Field Manual Vol. IV', edition: 'Edition 1 / 2026 (v0.1 draft, v1.1 patch notes)' },
  citation: 'chapter § and heading as printed (e.g. "§02 Shooting"), plus the source text line (L263)',
  dice: 'D6',
  options: OPTION_DECLS,
  terrainTypes: TERRAIN_TYPES,
  terrainKeywords: TERRAIN_KEYWORDS,
  modelStatuses: MODEL_STATUSES,
  catalogue: CATALOGUE,
  rules: (table) => ({
    measure: measureRule(table),
    los: coverSamplingRule(table),
    engagement: { rangeMm: inches(1), within: 'le', rule: CONTACT_RULE_TEXT, reference: 'edge' },
  }),
  losClasses: LOS_CLASSES,
  citationTitle,
  classifyLos: (table, viewer, target) => {
    const line = traceCentreLine(table, viewer, target)
    return losClassOf(line, line.clear ? decideCover(table, viewer, target) : null)
  },
  contextSchema,
  queryTypes: { deployment: deploymentQuerySchema, setup: setupQuerySchema, fall: fallQuerySchema, sitrep: sitrepQuerySchema },
  moveModes,
  handlers: {
    los,
    visibility,
    engagement,
    attack,
    blast,
    move,
    reach,
    threat,
    exposure,
    objective,
    aura,
    deployment: deployment as never,
    setup: setup as never,
    fall: fall as never,
    sitrep: sitrep as never,
  },
  demoScene,
  checkScene,
  game: operatorTacticsGame,
}

