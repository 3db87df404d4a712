// Ruleset "cadence/squadrons": Squadrons (space fighters) on the Cadence core.
import type { ResultBody, RuleSystem, Table } from '../../../engine/index.ts'
import { type CadenceCatalogue, type CadenceModelProfile, createCadenceSystem, kebab } from '../index.ts'
import { ruleText, withDefaultWeapons } from '../index.ts'
import { withArming } from '../../arming.ts'
import { missionSetup, missionSetupQuerySchema } from './missions.ts'
import { BASIC_SHIP, DESTROY_OBJECTIVE, FRACTURED_SKIES_SHIPS, FRACTURED_SKIES_WEAPONS, PREMADE_SHIPS, SHIP_UPGRADES, SHIP_WEAPONS } from './catalogue.ts'
import { SQUADRONS_OPTIONS } from './options.ts'
import { SQUADRONS_SECTIONS, checkSquadron, shipCost, shipCostQuerySchema, squadronQuerySchema, squadronsAttack, squadronsChain, squadronsContextShape, squadronsLos, squadronsMove, squadronsObjective, squadronsRestrictions, squadronsVisibility } from './rules.ts'
import { moveModes, squadronsReach } from './planning.ts'
import demoScene from './demo.json' with { type: 'json' }

/** Ships "count as having the Vehicle special rule" (squadrons/introduction.html): added to every row. */
function asShip(p: CadenceModelProfile): CadenceModelProfile {
  // The X-Wing summary row prints "Shield" (the upgrade's name) for the Shields rule.
  const rules = p.specialRules.map((r) => (r === 'Shield' ? 'Shields' : r))
  return { ...p, specialRules: [...rules, 'Vehicle'], note: 'Vehicle added: "all ships count as having the Vehicle special rule" (squadrons/introduction.html)' }
}

const premadeRows: CadenceModelProfile[] = PREMADE_SHIPS.map((s) => asShip({ ...s.summary, id: s.id, name: s.name, points: s.listedPoints }))
const destroyObjective: CadenceModelProfile = {
  id: 'destroy-objective', name: 'Destroy Objective', section: DESTROY_OBJECTIVE.section, command: null, movementInches: 0, skill: 6,
  defence: DESTROY_OBJECTIVE.defence, toughness: DESTROY_OBJECTIVE.toughness, hitPoints: DESTROY_OBJECTIVE.hitPoints, specialRules: [], points: null,
  note: '"treated much the same as an enemy ship though it never activates and does not move"; Skill and Movement are not printed (never used)',
}

const rule = (name: string, applies: 'unit' | 'weapon', text: string) => ruleText(applies === 'unit' ? SQUADRONS_SECTIONS.unitRules : SQUADRONS_SECTIONS.weaponRules, name, applies, text)

export const squadronsCatalogue: CadenceCatalogue = {
  models: [asShip(BASIC_SHIP), ...premadeRows, ...FRACTURED_SKIES_SHIPS.map(asShip), destroyObjective],
  weapons: [...SHIP_WEAPONS, ...FRACTURED_SKIES_WEAPONS],
  upgrades: SHIP_UPGRADES,
  specialRules: [
    rule('Boost', 'unit', "If this ship makes a Move and Advance action and does not pivot it may add up to 3 inches to it's movement."),
    rule('Countermeasures', 'unit', 'Once per game this ship may evade an attack without spending a Command Point.'),
    rule('Squadron Leader', 'unit', "Friendly ships within 6 inches of this ship do not have to roll to see if they lose a Command Point when activating with just 1. This ship also gains +1 to it's Command attribute on the first round, up to a maximum of 6."),
    rule('Signal Jam', 'unit', 'Target Lock rolls against this ship only succeed on a 5+.'),
    rule('Disruptor', 'weapon', 'Rolls to Counter Damage against this weapon do not gain the benefit of the Shields special rule. In addition, any ship that loses a Hit Point to an attack from this weapon also loses 1 Command Point.'),
    rule('Target Lock', 'weapon', 'Roll a d6 before making any attack rolls with this weapon, on a 3+ this weapon can be used, on a 1 or 2 you may choose a different weapon for your attack but it must be against the same target. If you cannot make an attack with any other weapon you may not make an attack but still count as having taken an attack action.'),
    rule('Kinetic', 'weapon', 'This weapon counts their Piercing attribute as -1 against a ship with Shields, while the effect of the shield is active.'),
  ],
}

const UPGRADE_RULES: Record<string, readonly string[]> = Object.fromEntries(
  SHIP_UPGRADES.filter((u) => u.grants.kind === 'rule').map((u) => [u.id, [u.grants.kind === 'rule' ? u.grants.rule : '']]),
)

const system = createCadenceSystem({
  id: 'cadence/squadrons',
  title: 'Squadrons (Cadence): space fighter combat',
  dice: 'D6',
  moduleSection: SQUADRONS_SECTIONS.module,
  game: { rounds: { count: 4, section: 'squadrons/module-rules.html#playing-squadrons' } },
  catalogue: squadronsCatalogue,
  options: SQUADRONS_OPTIONS,
  terrainTypes: [
    { id: 'obscuring', description: 'Gas clouds and similar: ships cannot target an enemy if any sight line between them passes through it; ships move freely across it.', section: SQUADRONS_SECTIONS.obscuring },
    { id: 'dangerous', description: 'Asteroids and debris: a ship that spends any part of its activation inside rolls a d6 at the end, 4+ = one Damage 5 hit.', section: SQUADRONS_SECTIONS.dangerous },
  ],
  hooks: {
    heightLevel: () => ({ level: 0, rule: SQUADRONS_SECTIONS.attacks }),
    attackRestrictions: squadronsRestrictions,
    chainAdjustments: squadronsChain,
  },
  auras: {
    'squadron-leader': {
      name: 'Squadron Leader', radiusInches: 6, affects: 'friendly', includesOwnUnit: false, carriedBy: ['squadron-leader'],
      effect: 'friendly ships within 6" do not roll to lose their last Command Point when activating with 1', rule: SQUADRONS_SECTIONS.unitRules,
    },
  },
  upgradeRules: UPGRADE_RULES,
  contextShape: squadronsContextShape,
  queryTypes: { 'ship-cost': shipCostQuerySchema, squadron: squadronQuerySchema, 'mission-setup': missionSetupQuerySchema },
  moveModes,
  handlers: (core) => ({
    attack: (table, q) => squadronsAttack(core, table, q),
    los: (table, q) => squadronsLos(core, table, q),
    visibility: (table, q) => squadronsVisibility(core, table, q),
    objective: (table, q) => squadronsObjective(core, table, q),
    move: (table, q) => squadronsMove(core, table, q),
    reach: (table, q) => squadronsReach(core, table, q),
    'ship-cost': ((table, q: never) => shipCost(table, q)) as (table: Table, q: never) => ResultBody,
    squadron: ((table, q: never) => checkSquadron(table, q)) as (table: Table, q: never) => ResultBody,
    'mission-setup': ((table, q: never) => missionSetup(table, q)) as (table: Table, q: never) => ResultBody,
  }),
  demoScene,
})

// Pre-built ships carry the weapons of their fleet entry by default; a custom ship buys its weapons
// (building-a-squadron.html#custom-ships); a Fractured Skies ship carries what its entry says, and the
// ships whose entry names no weapon ("This fleet list is still in development") carry none.
const FS = 'squadrons/fleets/fractured-skies.html'
const inDevelopment = { section: FS, quote: 'Warning This fleet list is still in development. … (this ship\'s entry names no weapon)' }
export const squadrons: RuleSystem = withArming(withDefaultWeapons(system, PREMADE_SHIPS.map((s) => [s.id, s.weapons.map(kebab)] as const)), [
  {
    profiles: [BASIC_SHIP.id],
    arming: {
      section: 'squadrons/building-a-squadron.html#custom-ships',
      quote: 'Each ship has a basic profile that is then enhanced by a number of upgrades. Each ship starts at a cost of 15 points, with each upgrade and weapon adding to this total.',
      weapons: SHIP_WEAPONS.map((w) => w.id),
      required: true,
    },
  },
  { profiles: ['strike-fighter'], army: 'fractured-skies', weapons: ['heavy-machine-gun'], arming: { section: `${FS}#strike-fighter`, quote: 'A Strike Fighter is armed with a Heavy Machine Gun. A Strike Fighter may add Rocket Pods or Plasma Cannons. (Plasma Cannons: no profile printed)', weapons: ['rocket-pods'] } },
  { profiles: ['heavy-gunship'], army: 'fractured-skies', weapons: ['heavy-machine-gun-turret'], arming: { section: `${FS}#heavy-gunship`, quote: 'A Heavy Gunship is equipped with a Heavy Machine Gun Turret. A Heavy Gunship may add a Heavy Cannon or Fusion Beam.', weapons: ['heavy-cannon', 'fusion-beam'] } },
  { profiles: ['destroyer'], army: 'fractured-skies', weapons: ['heavy-machine-gun-turret'], arming: { section: `${FS}#destroyer`, quote: 'A Destroyer is equipped with a Heavy Machine Gun Turret. A Destroyer must take either Fusion Bombs or an Eradicator Lance. (Fusion Bombs: no profile printed)', weapons: ['eradicator-lance'] } },
  {
    profiles: ['eclipse-interceptor', 'nova-destroyer', 'nebula-light-bomber', 'marauder-fighter', 'marauder-bomber', 'eviscerator', 'drone-swarm', 'pillar-of-judgement', 'ripper-clade', 'floating-sacs', 'harbinger-clade'],
    army: 'fractured-skies',
    arming: inDevelopment,
  },
])
