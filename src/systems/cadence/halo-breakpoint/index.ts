// Ruleset "cadence/halo-breakpoint": Halo: Breakpoint (fan game) on the Cadence core.
import type { ResultBody, RuleSystem, Table } from '../../../engine/index.ts'
import { type CadenceCatalogue, createCadenceSystem, hasRule } from '../index.ts'
import { ruleText, withDefaultWeapons } from '../index.ts'
import { COVENANT_WEAPONS, HALO_MODELS, HALO_RULES, POINT_DEFENCE_GAUNTLET, UNSC_WEAPONS } from './catalogue.ts'
import { HALO_OPTIONS } from './options.ts'
import { HALO_SECTIONS, armyQuerySchema, checkArmy, haloAttack, haloChain, haloMove, haloContextShape, haloRestrictions, hunterCharge, hunterChargeQuerySchema, vehicleRam, vehicleRamQuerySchema } from './rules.ts'
import demoScene from './demo.json' with { type: 'json' }

const rule = (name: string, applies: 'unit' | 'weapon', text: string) => ruleText(HALO_SECTIONS.special, name, applies, text)

/** Jetpack: "This model counts as having the Flying special rule" (module-rules.html#special-rules). */
const withFlying = HALO_MODELS.map((m) => (m.specialRules.includes('Jetpack') ? { ...m, specialRules: [...m.specialRules, 'Flying'], note: 'Flying added: Jetpack "counts as having the Flying special rule"' } : m))

export const haloCatalogue: CadenceCatalogue = {
  models: withFlying,
  weapons: [...UNSC_WEAPONS, ...COVENANT_WEAPONS.filter((w) => w.id !== 'vehicle-ram')],
  upgrades: [POINT_DEFENCE_GAUNTLET],
  specialRules: [
    rule('Active Camo', 'unit', 'Attacks against this model have -1 to their Attack Roll and an additional -1 for every full 12 inches of distance between the attacker and target. If this model is hit by any attacks, takes an attack action, or spends more than 3 Command Points during an activation it loses the Active Camo rule for the remainder of the round.'),
    rule('Officer', 'unit', 'Units that contain an Officer model do not have to roll when activating with a single command point, they automatically pass the test. Units with the Panic special rule may re-roll their panic test if they are within 6 inches of a friendly unit with this special rule.'),
    rule('Jetpack', 'unit', 'This model counts as having the Flying special rule and gains +3 to their Movement attribute when making an Advance action.'),
    rule('Panic', 'unit', 'Any time this unit loses a model to an attack it must roll a d6. On a roll of a 1 it loses a Command Point.'),
    rule('Valuable Asset (X)', 'unit', 'Killing a model with this Special rule awards X Victory Points.'),
    rule('Deployable', 'weapon', 'This weapon cannot be used if the unit has performed a Move action this round. If this weapon is used, the unit cannot make a Move action this round.'),
    rule('Plasma', 'weapon', 'The Shields special rule does not apply against attacks against weapons with this rule.'),
  ],
}

type Handler = (table: Table, q: never) => ResultBody

const system = createCadenceSystem({
  id: 'cadence/halo-breakpoint',
  title: 'Halo: Breakpoint (Cadence, fan game)',
  dice: 'D6',
  moduleSection: HALO_SECTIONS.module,
  game: { rounds: { count: 6, section: 'halo-breakpoint/module-rules.html#playing-halo-breakpoint' } },
  catalogue: haloCatalogue,
  options: HALO_OPTIONS,
  hooks: {
    chainAdjustments: haloChain,
    attackRestrictions: haloRestrictions,
    // Jetpack: "gains +3 to their Movement attribute when making an Advance action".
    movementInches: (_t, v, mode, base) => (mode === 'advance' && hasRule(v.rules, 'jetpack')
      ? { inches: base + HALO_RULES.jetpackAdvanceBonusInches.value, rules: [HALO_SECTIONS.special] }
      : { inches: base, rules: [] }),
  },
  auras: {
    officer: {
      name: 'Officer', radiusInches: HALO_RULES.officerPanicRerollInches.value, affects: 'friendly-units', includesOwnUnit: true, carriedBy: ['officer'],
      effect: 'units with Panic within 6" may re-roll their panic test; the Officer\'s own unit passes the single-Command-Point test', rule: HALO_SECTIONS.special,
    },
  },
  contextShape: haloContextShape,
  queryTypes: { 'hunter-charge': hunterChargeQuerySchema, 'vehicle-ram': vehicleRamQuerySchema, army: armyQuerySchema },
  handlers: (core) => ({
    attack: (table, q) => haloAttack(core, table, q),
    move: (table, q) => haloMove(core, table, q),
    'hunter-charge': ((table, q) => hunterCharge(core, table, q as never)) as Handler,
    'vehicle-ram': ((table, q) => vehicleRam(core, table, q as never)) as Handler,
    army: ((table, q) => checkArmy(table, q as never)) as Handler,
  }),
  demoScene,
})

// Models carry the default weapons their unit entry lists.
export const haloBreakpoint: RuleSystem = withDefaultWeapons(system, HALO_MODELS.map((m) => [m.id, m.weapons] as const))
