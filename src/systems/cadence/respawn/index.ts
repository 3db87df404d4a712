// Ruleset "cadence/respawn": Respawn (team FPS-style skirmish) on the Cadence core, with the Season 1
// and Season 2 terrain (Energy Barriers) and the Big Guns.
import type { ResultBody, RuleSystem, Table } from '../../../engine/index.ts'
import { type CadenceCatalogue, type CadenceUpgrade, createCadenceSystem, kebab } from '../index.ts'
import { cadenceExposure, cadenceReach, cadenceThreat, ruleText } from '../index.ts'
import { respawnPlanning } from './planning.ts'
import { BIG_GUNS, CLASSES, RESPAWN_WEAPONS, STARTING_PROFILES } from './catalogue.ts'
import { RESPAWN_OPTIONS } from './options.ts'
import {
  RESPAWN_SECTIONS, beamAttack, character, coveringFire, launchPad, teleport, explosiveCharge, proximity, push, respawnAttack, respawnChain, respawnContextShape, respawnExtras, respawnLos, respawnLosAdjust, respawnMove, respawnObjective, respawnVisibility,
  respawnQuerySchemas, respawnRestrictions, revive,
} from './rules.ts'
import { respawnMissionQuerySchema, respawnMissionSetup } from './missions.ts'
import demoScene from './demo.json' with { type: 'json' }

const upgrades: CadenceUpgrade[] = CLASSES.flatMap((c) => [
  ...c.perks.map((p) => ({ id: kebab(p.name), name: p.name, section: `${c.section.replace(/#.*/, '')}#${c.id === 'assault' ? 'perks' : `perks_${['scout', 'support', 'heavy'].indexOf(c.id) + 1}`}`, effect: p.effect, points: null, army: c.id, kind: 'perk' })),
  ...c.equipment.map((p) => ({ id: kebab(p.name), name: p.name, section: `${c.section.replace(/#.*/, '')}#${c.id === 'assault' ? 'equipment' : `equipment_${['scout', 'support', 'heavy'].indexOf(c.id) + 1}`}`, effect: p.effect, points: null, army: c.id, kind: 'equipment' })),
])

const rule = (name: string, text: string) => ruleText(RESPAWN_SECTIONS.special, name, 'weapon', text)

export const respawnCatalogue: CadenceCatalogue = {
  models: STARTING_PROFILES,
  weapons: [...RESPAWN_WEAPONS, ...BIG_GUNS],
  upgrades,
  specialRules: [
    rule('Quantum Tunneling', 'Attacks with this weapon always count as having a clear line of sight regardless of line of sight or other intervening models or terrain.'),
    rule('Stun', 'Characters that fail any Defence Rolls to an attack from this weapon also lose 1 Command Point.'),
    rule('Impact (X)', 'Each successful hit from this weapon causes the target to move directly away from the attacker by X inches, in addition to any damage it may cause. This move stops immediately if the character comes into contact with any other characters or terrain.'),
    rule('Leech', 'Any hit points a character loses to this weapon restore lost hit points on the attacking model.'),
    rule('Stasis', 'If a character loses any hit points to a Stasis weapon it may not move or advance for the remainder of the round and loses 1 Command Point.'),
  ],
}

type Handler = (table: Table, q: never) => ResultBody

export const respawn: RuleSystem = createCadenceSystem({
  id: 'cadence/respawn',
  title: 'Respawn (Cadence): team skirmish with respawns',
  dice: 'D6',
  moduleSection: RESPAWN_SECTIONS.module,
  game: { rounds: { count: 5, section: 'respawn/module-rules.html#playing-respawn' } },
  catalogue: respawnCatalogue,
  options: RESPAWN_OPTIONS,
  terrainTypes: [
    { id: 'energy-barrier', description: 'Energy Barrier: clear terrain for movement; any line of sight drawn through it is blocked.', section: RESPAWN_SECTIONS.barrier },
    { id: 'smoke', description: 'A 50 mm smoke marker: line of sight through it from more than 3" away from the target is blocked.', section: RESPAWN_SECTIONS.smoke },
    { id: 'barricade', description: 'Deployable Barricade: 2" long, 1" tall, Cover.', section: RESPAWN_SECTIONS.supportEquipment },
    { id: 'teleport', description: 'Teleport pad (one- or two-way) with a destination marker.', section: 'respawn/module-rules.html#teleport' },
    { id: 'launch-pad', description: 'Launch pad: destination up to 12" away; using it costs 2" of movement.', section: 'respawn/module-rules.html#launch-pads' },
  ],
  hooks: {
    chainAdjustments: respawnChain,
    losAdjustments: respawnLosAdjust,
    attackRestrictions: respawnRestrictions,
    attackExtras: respawnExtras,
    // Skirmisher: "Improve this characters Movement by 3 during Advance actions."
    movementInches: (_t, v, mode, base) => (mode === 'advance' && v.upgrades.includes('skirmisher') ? { inches: base + 3, rules: [RESPAWN_SECTIONS.assaultPerks] } : { inches: base, rules: [] }),
  },
  upgradeRules: { camouflage: ['Stealth (6)'], shield: ['Shields'], bulwark: ['Heavy Armour (2)'] },
  auras: {
    intimidation: { name: 'Intimidation', radiusInches: 6, affects: 'enemy', includesOwnUnit: false, carriedBy: ['intimidation'], effect: '-2 to attack rolls', rule: RESPAWN_SECTIONS.heavyPerks },
    distraction: { name: 'Distraction', radiusInches: 6, affects: 'enemy', includesOwnUnit: false, carriedBy: ['distraction'], effect: 'must target this character when able', rule: RESPAWN_SECTIONS.heavyPerks },
    motivator: { name: 'Motivator', radiusInches: 6, affects: 'friendly', includesOwnUnit: false, carriedBy: ['motivator'], effect: 'regain 1 used Command Point on a 4+ when activating', rule: 'respawn/creating-your-team.html#perks_2' },
    'phase-inducer': { name: 'Phase Inducer', radiusInches: 4, affects: 'friendly', includesOwnUnit: true, carriedBy: ['phase-inducer'], effect: 'may not be targeted from more than 12" until the end of the round', rule: RESPAWN_SECTIONS.supportEquipment },
  },
  contextShape: respawnContextShape,
  queryTypes: { ...respawnQuerySchemas, 'mission-setup': respawnMissionQuerySchema },
  handlers: (core) => ({
    attack: (table, q) => respawnAttack(core, table, q),
    los: (table, q) => respawnLos(core, table, q),
    move: (table, q) => respawnMove(core, table, q),
    reach: (table, q) => cadenceReach(core, table, q, respawnPlanning(core.view)),
    threat: (table, q) => cadenceThreat(core, table, q, respawnPlanning(core.view)),
    exposure: (table, q) => cadenceExposure(core, table, q, respawnPlanning(core.view)),
    visibility: (table, q) => respawnVisibility(core, table, q),
    objective: (table, q) => respawnObjective(core, table, q),
    beam: ((table, q) => beamAttack(core, table, q as never)) as Handler,
    'covering-fire': ((table, q) => coveringFire(core, table, q as never)) as Handler,
    push: ((table, q) => push(table, q as never)) as Handler,
    revive: ((table, q) => revive(core, table, q as never)) as Handler,
    'explosive-charge': ((table, q) => explosiveCharge(core, table, q as never)) as Handler,
    proximity: ((table, q) => proximity(table, q as never)) as Handler,
    character: ((_table, q) => character(q as never)) as Handler,
    'launch-pad': ((table, q) => launchPad(table, q as never)) as Handler,
    teleport: ((table, q) => teleport(core, table, q as never)) as Handler,
    'mission-setup': ((table, q) => respawnMissionSetup(table, q as never)) as Handler,
  }),
  demoScene,
})
