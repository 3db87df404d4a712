// Ruleset "cadence/fracture": the sci-fi army game on the Cadence core (fracture/module-rules.html),
// with the five army lists, their upgrades and special rules, morale and the Fracture objectives.
import { z } from 'zod'
import { book } from '../index.ts'
import { type QueryOf, type ResultBody, type RuleSystem, type Table, inches, isWithin, type AreaResult } from '../../../engine/index.ts'
import { type CadenceSpec, type ChainAdjustment, type LosAdjustment, coreHooks, createCadenceSystem, findRule, hasRule, measureGap, resolveObjective, withinReading } from '../index.ts'
import { fractureCatalogue } from './catalogue.ts'
import { fractureOptions } from './options.ts'
import { FRACTURE as F } from './constants.ts'
import { moraleQuerySchema, resolveMorale } from './morale.ts'
import demoScene from './demo.json' with { type: 'json' }

const SR = 'fracture/module-rules.html#special-rules'
const SENT = 'fracture/army-lists/sentinels.html#upgrades_7'
const SWARM = 'fracture/army-lists/the-swarm.html#upgrades_6'
const VOID = 'fracture/army-lists/voidborn-corsairs.html#upgrades_10'
const MAR = 'fracture/army-lists/marauders.html#upgrades_5'
const END = 'fracture/army-lists/the-endless.html#upgrades_4'

const spec: CadenceSpec = {
  id: 'cadence/fracture',
  title: 'Fracture (Cadence): sci-fi army battles',
  dice: 'D6',
  moduleSection: 'fracture/module-rules.html',
  game: {
    rounds: { count: 4, section: 'fracture/module-rules.html' },
    statuses: [{ id: 'boost', section: VOID, meaning: 'a one-use boost (Fuel Injection, Nova Boost) spent in this activation: its Advance gains the extra inches', expires: { at: 'own-activation-end', section: VOID }, feeds: 'move: Advance + the boost' }],
  },
  catalogue: fractureCatalogue,
  options: fractureOptions,
  upgradeRules: {
    'adaptive-camo': ['Stealth (12)'],
    'combat-shield': ['Resilient'],
    'energy-shields': ['Shields'],
    'armour-adaptation': ['Resilient'],
    'ferocity-adaptation': ['Skilled'],
    'large-wings-adaptation': ['Flying'],
    'stealth-adaptation': ['Stealth (12)'],
    'mirage-cloak': ['Stealth (12)'],
    soulforge: ['Resilient'],
    'windwalk-augment': ['Flying'],
    'protean-stalker-frame': ['Resilient', 'Rugged'],
    'protean-hover-frame': ['Flying'],
    'rocket-pack': ['Flying'],
    'endless-horde': ['Reanimation (1 Cmd)'],
  },
  upgradeStats: {
    'thick-carapace-adaptation': () => ({ defence: 2 }),
    'hulking-form': () => ({ toughness: 5 }),
    commandos: () => ({ skill: 4 }),
    'swift-adaptation': (s) => ({ movementInches: s.movementInches + F.swiftAdaptationInches.value }),
  },
  hooks: {
    movementInches: (table, v, mode, base) => {
      const u = v.upgrades
      const mov = v.movementInches
      if (mode === 'deploy' && (u.includes('commandos') || u.includes('advanced-scouts'))) return { inches: mov * 2, rules: [u.includes('commandos') ? MAR : SENT] }
      if (mode === 'advance') {
        if (u.includes('rocket-pack') || u.includes('protean-hover-frame')) return { inches: mov * 2, rules: [u.includes('rocket-pack') ? MAR : END] }
        let add = 0
        const rules: string[] = []
        if (u.includes('ghostwalk-augment')) (add += F.ghostwalkInches.value), rules.push(VOID)
        if (u.includes('fuel-injection') && v.model.status.includes('boost')) (add += F.fuelInjectionInches.value), rules.push(MAR)
        if (u.includes('nova-boost') && v.model.status.includes('boost')) (add += F.novaBoostInches.value), rules.push(VOID)
        if (add) return { inches: mov + add, rules }
      }
      return coreHooks.movementInches(table, v, mode, base)
    },
    chainAdjustments: (s) => {
      const out: ChainAdjustment[] = []
      const t = s.target.model
      // Psionic Field: "always passes a Defence Roll on a physical roll of a 6 regardless of modifiers"
      if (s.table.options.psionicFieldNaturalSix !== false && s.targetUnit.every((v) => hasRule(v.rules, 'psionic-field'))) out.push({ stage: 'defence', alwaysSucceed: [6], source: 'Psionic Field (a physical 6 always passes)', rule: 'fracture/army-lists/the-swarm.html#special-rules' })
      // Psionic Regeneration: friendly models within 6" of the carrier: +1 Counter, Defence never below 6+.
      const carriers = s.table.models.filter((m) => m.side === t.side && m.id !== t.id && (m.keywords.includes('psionic-regeneration') || (Array.isArray(m.stats.upgrades) && (m.stats.upgrades as unknown[]).includes('psionic-regeneration'))))
      const near = carriers.find((m) => isWithin(measureGap(s.table, m, t).rawMm, inches(F.psionicRegenerationInches.value), withinReading(s.table)))
      if (near) {
        out.push({ stage: 'counter', modifier: F.psionicRegenerationCounter.value, source: `Psionic Regeneration (${near.id} within 6")`, rule: SWARM })
        out.push({ stage: 'defence', cap: F.psionicRegenerationDefenceCap.value, source: `Psionic Regeneration: Defence never worse than 6+`, rule: SWARM })
      }
      // Mirage Emitters: Stealth (12) during the first round.
      if (s.context.round === 1 && s.targetUnit.every((v) => v.upgrades.includes('mirage-emitters')) && !isWithin(s.distanceMm, inches(F.stealthCamoInches.value), 'le') && !hasRule(s.weaponRules, 'indirect')) {
        out.push({ stage: 'attack', modifier: -1, source: 'Mirage Emitters: Stealth (12) in the first round', rule: VOID })
      }
      return out
    },
    losAdjustments: (s) => {
      const out: LosAdjustment[] = []
      // Smoke Launchers: "Attacks against this model from more than 9 inches away count clear line of sight as obscured".
      if (s.context.smokeLaunchers === true && s.targetUnit.some((v) => v.upgrades.includes('smoke-launchers')) && !isWithin(s.distanceMm, inches(F.smokeLaunchersInches.value), 'le')) {
        out.push({ from: 'clear', to: 'obscured', source: 'Smoke Launchers (attack from more than 9")', rule: SENT })
      }
      // Path of the Hunter: "This model counts obstructed line of sight as clear."
      if (s.attacker.upgrades.includes('path-of-the-hunter')) out.push({ from: 'obscured', to: 'clear', source: 'Path of the Hunter', rule: VOID })
      return out
    },
    weaponAdjustments: (s, rangeOk) => {
      const out = []
      if (hasRule(s.weaponRules, 'long-shot')) {
        const mode = typeof s.context.longShot === 'boolean' ? (s.context.longShot ? 'always' : 'never') : String(s.table.options.longShot)
        if (mode === 'always' || (mode === 'auto' && !rangeOk)) out.push({ rangeInches: Number(s.weapon.rangeInches) + F.longShotExtraInches.value, attacks: 1, source: 'Long Shot (+8" Range, Attacks 1)', rule: SR })
      }
      if (hasRule(s.weaponRules, 'overcharge')) {
        const on = typeof s.context.overcharge === 'boolean' ? s.context.overcharge : s.table.options.overcharge === 'on'
        if (on) out.push({ attacks: Number(s.weapon.attacks) + F.overchargeExtraAttacks.value, onesHitSelf: true, source: 'Overcharge (+1 Attack; a roll of 1 hits the attacker)', rule: SR })
      }
      return out
    },
    attackExtras: (s, chain) => {
      if (!findRule(s.weaponRules, 'entropy') || !chain) return {}
      return { entropy: { note: 'a unit that loses a wound to this weapon also loses up to 2 Command Points', probability: chain.pAnyHpLost.n === 0n ? '0' : `${chain.pAnyHpLost.n}/${chain.pAnyHpLost.d}`, rule: 'fracture/army-lists/the-endless.html#special-rules' } }
    },
  },
  auras: {
    'big-boss': { name: 'Big Boss', radiusInches: F.bigBossInches.value, affects: 'friendly', includesOwnUnit: false, carriedBy: ['big-boss'], effect: 'friendly units within 6" automatically pass Morale Tests', rule: MAR },
    'swarm-leader': { name: 'Swarm Leader', radiusInches: F.swarmLeaderInches.value, affects: 'friendly', includesOwnUnit: true, carriedBy: ['swarm-leader'], effect: 'friendly models within 6" automatically pass Morale Tests', rule: 'fracture/army-lists/the-swarm.html#special-rules' },
    'psionic-regeneration': { name: 'Psionic Regeneration', radiusInches: F.psionicRegenerationInches.value, affects: 'friendly', includesOwnUnit: true, carriedBy: ['psionic-regeneration'], effect: '+1 to Counter rolls; Defence Rolls never lowered below 6+', rule: SWARM },
    'psionic-urging': { name: 'Psionic Urging', radiusInches: F.psionicAbilityInches.value, affects: 'friendly', includesOwnUnit: false, carriedBy: ['psionic-urging'], effect: 'ability (1 CP): a friendly unit within 6" gains +1 Command Point (not above its initial value)', rule: SWARM },
    'psionic-fury': { name: 'Psionic Fury', radiusInches: F.psionicAbilityInches.value, affects: 'friendly', includesOwnUnit: false, carriedBy: ['psionic-fury'], effect: 'ability (1 CP): a friendly unit within 6" makes a free Attack action at the end of this activation, its weapons gaining Volatile', rule: SWARM },
    reanimation: { name: 'Reanimation', radiusInches: F.reanimationInches.value, affects: 'friendly', includesOwnUnit: true, carriedBy: ['reanimation'], effect: 'ability (1 CP): a friendly Warrior Host or Protean Adapt unit within 3": on a 3+ restore 1 Hit Point or 1 destroyed model (placed in formation within 3")', rule: 'fracture/army-lists/the-endless.html#special-rules' },
    'resurrection-shard': { name: 'Resurrection Shard', radiusInches: F.resurrectionShardInches.value, affects: 'friendly', includesOwnUnit: false, carriedBy: ['resurrection-shard'], effect: 'one use: a friendly Warrior Host or Protean Adapt unit within 6" is restored to full Hit Points and up to 5 destroyed models return', rule: END },
  },
  contextShape: {
    /** Use Long Shot (+8" range, 1 attack); default only when the target is beyond the printed range. */
    longShot: z.boolean().optional(),
    /** Use Overcharge (+1 attack, natural 1s hit the attacker). */
    overcharge: z.boolean().optional(),
    /** The target's Smoke Launchers are active (used after its activation, until it moves or the round ends). */
    smokeLaunchers: z.boolean().optional(),
    /** An enemy unit has attempted to secure this Control objective (objective queries). */
    enemyAttempted: z.boolean().optional(),
  },
  queryTypes: { morale: moraleQuerySchema },
  handlers: (core) => ({
    morale: ((table: Table, q: z.infer<typeof moraleQuerySchema>) => resolveMorale(core, table, q)) as (table: Table, q: never) => ResultBody,
    objective: (table: Table, q: QueryOf<'objective'>): AreaResult => {
      const r = resolveObjective(core, table, q)
      const ctx = (q.context ?? {}) as Record<string, unknown>
      if (typeof ctx.securedBy !== 'string') return r
      // "Control objectives in Fracture remain secured until an enemy unit attempts to secure it, even if they fail their secure roll."
      const attempted = ctx.enemyAttempted === true
      return {
        ...r,
        control: { ...(r.control as Record<string, unknown>), held: !attempted, note: attempted ? 'an enemy unit attempted to secure it: no longer secured' : 'stays secured until an enemy unit attempts to secure it (distance does not matter)', ...book.cite({ rule: 'fracture/module-rules.html#objectives' }) },
        ...book.sources([...(r.rules ?? []), 'fracture/module-rules.html#objectives']),
      }
    },
  }),
  demoScene,
}

export const fracture: RuleSystem = createCadenceSystem(spec)
