// Ruleset "cadence/scraplands": Scraplands (car racing and combat) on the Cadence core.
import type { ResultBody, RuleSystem, Table } from '../../../engine/index.ts'
import { type CadenceCatalogue, type CadenceModelProfile, createCadenceSystem } from '../index.ts'
import { ruleText } from '../index.ts'
import { CARS, CAR_UPGRADES, CAR_WEAPONS } from './catalogue.ts'
import { withArming } from '../../arming.ts'
import { SCRAPLANDS_OPTIONS } from './options.ts'
import { SCRAPLANDS_SECTIONS, controlCheck, controlCheckQuerySchema, raceOrder, raceOrderQuerySchema, rampJump, teamCost, teamCostQuerySchema, rampQuerySchema, scraplandsAttack, scraplandsContextShape, scraplandsExtras, scraplandsMove } from './rules.ts'
import { moveModes, scraplandsReach } from './planning.ts'
import demoScene from './demo.json' with { type: 'json' }

/** Cars "count as having the vehicle special rule" (scraplands/module-rules.html#playing-scraplands). */
const asCar = (p: CadenceModelProfile): CadenceModelProfile => ({ ...p, specialRules: [...p.specialRules, 'Vehicle'], note: `${p.note ?? ''}; Vehicle added: "all cars count as having the vehicle special rule"` })

const rule = (name: string, applies: 'unit' | 'weapon', text: string) => ruleText(SCRAPLANDS_SECTIONS.special, name, applies, text)

export const scraplandsCatalogue: CadenceCatalogue = {
  models: CARS.map(asCar),
  weapons: CAR_WEAPONS,
  upgrades: CAR_UPGRADES,
  specialRules: [
    rule('Fast', 'unit', 'You add all 3d6 to your Movement when making an Advance action, but every roll of 1 triggers a control check.'),
    rule('Off-road', 'unit', 'You may make a free pivot at the start of an Advance action.'),
    rule('Sturdy', 'unit', 'You may re-roll Counter rolls in a control check.'),
    rule('Ramshackle', 'unit', 'This may re-roll Counter rolls of 1.'),
    rule('Disrupt', 'weapon', 'Any car that fails a Defence roll against attacks from this weapon makes a control check, even if it does not lose any hit points.'),
  ],
}

type Handler = (table: Table, q: never) => ResultBody

const system = createCadenceSystem({
  id: 'cadence/scraplands',
  title: 'Scraplands (Cadence): post-apocalyptic car racing and combat',
  dice: 'D6',
  moduleSection: SCRAPLANDS_SECTIONS.module,
  catalogue: scraplandsCatalogue,
  options: SCRAPLANDS_OPTIONS,
  terrainTypes: [
    { id: 'solid', description: 'Terrain a car cannot move through: contact ends the move with a control check.', section: 'scraplands/module-rules.html#terrain' },
    { id: 'dangerous', description: 'Passable; 1 control check for each Move/Advance that goes through it.', section: 'scraplands/module-rules.html#dangerous-terrain' },
    { id: 'destructible', description: 'Passable once: 1 control check (2 if also dangerous), removed after the move.', section: 'scraplands/module-rules.html#destructible-terrain' },
    { id: 'ramp', description: 'Launches a car 2D6" straight on; its marked entry is the footprint edge from vertex 0 to vertex 1, any other side is solid.', section: SCRAPLANDS_SECTIONS.ramps },
    { id: 'track', description: 'Track surface or markings (no rule effect).', section: 'scraplands/module-rules.html#racing' },
  ],
  hooks: {
    attackExtras: scraplandsExtras,
  },
  upgradeRules: { 'built-to-last': ['Resilient'] },
  contextShape: scraplandsContextShape,
  queryTypes: { ramp: rampQuerySchema, 'control-check': controlCheckQuerySchema, 'race-order': raceOrderQuerySchema, 'team-cost': teamCostQuerySchema },
  moveModes,
  handlers: (core) => ({
    attack: (table, q) => scraplandsAttack(core, table, q),
    move: (table, q) => scraplandsMove(core, table, q),
    reach: (table, q) => scraplandsReach(core, table, q),
    ramp: ((table, q) => rampJump(core, table, q as never)) as Handler,
    'control-check': ((table, q) => controlCheck(core, table, q as never)) as Handler,
    'race-order': ((table, q) => raceOrder(table, q as never)) as Handler,
    'team-cost': ((_table, q) => teamCost(q as never)) as Handler,
  }),
  demoScene,
})

// "Players then equip their cars with weapons and upgrades" (building-a-team.html): every car buys
// its weapons from the Weapons table.
export const scraplands: RuleSystem = withArming(system, [{
  profiles: CARS.map((c) => c.id),
  arming: {
    section: 'scraplands/building-a-team.html',
    quote: 'Players then equip their cars with weapons and upgrades. Each player may spend up to 250 credits on each car, paying for the car itself, then any weapons and upgrades.',
    weapons: CAR_WEAPONS.map((w) => w.id),
    required: true,
  },
}])
