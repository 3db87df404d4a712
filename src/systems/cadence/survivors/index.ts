// Ruleset "cadence/survivors": zombie-survival skirmish on the Cadence core (survivors/module-rules.html):
// zombies as everyone's enemy, disturbance rolls and zombie activity, search objectives, retreat,
// unreliable weapons and the module's weapon rules (Fire, Loud, Silent, Bad Idea, Risky, Reliable).
import { type QueryOf, type ResultBody, type RuleSystem, type Table, inches, isWithin, type AreaResult } from '../../../engine/index.ts'
import { book } from '../index.ts'
import { type CadenceSpec, type ChainAdjustment, coreHooks, createCadenceSystem, hasRule, measureGap, resolveObjective, withinReading } from '../index.ts'
import { survivorsCatalogue } from './catalogue.ts'
import { survivorsOptions } from './options.ts'
import { SURVIVORS as SV } from './constants.ts'
import { SURVIVORS_SECTIONS, disturbanceQuerySchema, isZombie, resolveDisturbance, resolveRetreat, resolveSearch, resolveSurge, resolveZombie, retreatQuerySchema, surgeQuerySchema, unreliableOdds, zombieQuerySchema } from './zombies.ts'
import { z } from 'zod'
import demoScene from './demo.json' with { type: 'json' }

const spec: CadenceSpec = {
  id: 'cadence/survivors',
  title: 'Survivors (Cadence): zombie-apocalypse skirmish',
  dice: 'D6',
  moduleSection: 'survivors/module-rules.html',
  game: { rounds: { count: 6, section: 'survivors/module-rules.html#playing-survivors' } },
  catalogue: survivorsCatalogue,
  options: survivorsOptions,
  upgradeStats: {
    'bullet-proof-vest': () => ({ defence: SV.bulletProofVestDefence.value }),
    runner: () => ({ movementInches: SV.runnerMovementInches.value }),
  },
  hooks: {
    isEnemy: (a, b) => (isZombie(a) || isZombie(b) ? isZombie(a) !== isZombie(b) : a.side !== b.side),
    climbableIsImpassable: (table, v) => (isZombie(v.model) ? { yes: true, rule: SURVIVORS_SECTIONS.activity } : coreHooks.climbableIsImpassable(table, v)),
    chainAdjustments: (s) => {
      const out: ChainAdjustment[] = []
      const zombieTarget = s.targetUnit.every((v) => isZombie(v.model))
      if (zombieTarget && hasRule(s.weaponRules, 'fire')) out.push({ stage: 'counter', need: SV.fireCounterTarget.value, source: 'Fire: zombies counter only on 6+', rule: SURVIVORS_SECTIONS.special })
      if (isZombie(s.attacker.model) && s.targetUnit.every((v) => v.upgrades.includes('leather-wraps'))) out.push({ stage: 'counter', modifier: SV.leatherWrapsCounter.value, source: 'Leather Wraps (+1 Counter against Zombie attacks)', rule: SURVIVORS_SECTIONS.upgrades })
      if (s.table.options.inspirationApplies !== 'off' && !isZombie(s.attacker.model)) {
        const a = s.attacker.model
        const inspirer = s.table.models.find((m) => m.id !== a.id && m.side === a.side && !isZombie(m) && (m.keywords.includes('inspiration') || (Array.isArray(m.stats.upgrades) && (m.stats.upgrades as unknown[]).includes('inspiration'))) && isWithin(measureGap(s.table, m, a).rawMm, inches(SV.inspirationInches.value), withinReading(s.table)))
        if (inspirer) out.push({ stage: 'attack', modifier: SV.inspirationModifier.value, source: `Inspiration (${inspirer.id} within 6")`, rule: SURVIVORS_SECTIONS.upgrades })
      }
      return out
    },
    attackExtras: (s, chain) => {
      if (isZombie(s.attacker.model)) return {}
      const reliable = hasRule(s.weaponRules, 'reliable')
      const unusable = unreliableOdds(chain ? chain.pAllMiss : { n: 0n, d: 1n }, reliable)
      const risky = hasRule(s.weaponRules, 'risky') && s.targetUnit.every((v) => isZombie(v.model))
      return {
        unreliable: { ...unusable, note: reliable ? 'Reliable: never becomes unusable' : 'every attack die misses, then a 1 on a d6: unusable for the rest of the game', ...book.cite({ rule: 'survivors/module-rules.html#unreliable-weapons' }) },
        ...(risky ? { risky: { ...unusable, note: 'Risky: if the unreliable roll fails, the zombie target attacks this model at once', ...book.cite({ rule: SURVIVORS_SECTIONS.special }) } } : {}),
        disturbance: {
          rolls: hasRule(s.weaponRules, 'silent') ? 0 : 1 + (hasRule(s.weaponRules, 'loud') ? 1 : 0),
          automaticFailures: hasRule(s.weaponRules, 'bad-idea') ? SV.badIdeaFailures.value : 0,
          note: 'from this Attack action at the end of the activation (Loud +1, Silent none, Bad Idea 3 failures)',
          ...book.cite({ rule: SURVIVORS_SECTIONS.disturbance }),
        },
      }
    },
  },
  auras: {
    inspiration: { name: 'Inspiration', radiusInches: SV.inspirationInches.value, affects: 'friendly', includesOwnUnit: false, carriedBy: ['inspiration'], effect: 'friendly models get +1 to skill rolls within 6" of this model', rule: SURVIVORS_SECTIONS.upgrades },
    'zombie-camouflage': { name: 'Zombie Camouflage', radiusInches: SV.zombieCamouflageInches.value, affects: 'enemy', includesOwnUnit: false, carriedBy: ['zombie-camouflage'], effect: 'zombie activity from this model only activates zombies within 9"', rule: SURVIVORS_SECTIONS.upgrades },
  },
  contextShape: {
    /** Search objective already looted once (then a single d6 on the search table). */
    looted: z.boolean().optional(),
  },
  queryTypes: { disturbance: disturbanceQuerySchema, zombie: zombieQuerySchema, retreat: retreatQuerySchema, surge: surgeQuerySchema },
  handlers: (core) => ({
    disturbance: ((table: Table, q: z.infer<typeof disturbanceQuerySchema>) => resolveDisturbance(core, table, q)) as (table: Table, q: never) => ResultBody,
    zombie: ((table: Table, q: z.infer<typeof zombieQuerySchema>) => resolveZombie(core, table, q)) as (table: Table, q: never) => ResultBody,
    retreat: ((table: Table, q: z.infer<typeof retreatQuerySchema>) => resolveRetreat(table, q)) as (table: Table, q: never) => ResultBody,
    surge: ((table: Table, q: z.infer<typeof surgeQuerySchema>) => resolveSurge(table, q)) as (table: Table, q: never) => ResultBody,
    objective: (table: Table, q: QueryOf<'objective'>): AreaResult => {
      const ctx = (q.context ?? {}) as Record<string, unknown>
      // Survivors' objectives are Search objectives unless the query names a core type.
      return ctx.objectiveType ? resolveObjective(core, table, q) : resolveSearch(core, table, q)
    },
  }),
  demoScene,
}

export const survivors: RuleSystem = createCadenceSystem(spec)
