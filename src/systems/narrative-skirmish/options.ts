// Every place the book is silent or ambiguous, as a named option with its default.
import type { OptionDecl } from '../../engine/index.ts'
import { SECTION } from './catalogue.ts'

export const options = [
  {
    name: 'measureFrom',
    values: ['edge', 'centre'],
    default: 'edge',
    section: SECTION.combatRanged,
    note: 'The book says "within range" but not from where; default: closest points of the two bases.',
  },
  {
    name: 'within',
    values: ['le', 'lt'],
    default: 'le',
    section: SECTION.combatRanged,
    note: '"Within range of weapon profile": default inclusive (a target exactly at range is in range).',
  },
  {
    name: 'measureMode',
    values: ['2d', '3d'],
    default: '3d',
    section: SECTION.combatRanged,
    note: 'The book does not say whether height counts; default: true 3D distance between bases.',
  },
  {
    name: 'meleeContactMm',
    type: 'number',
    default: 1,
    section: SECTION.combatMelee,
    note: 'Melee needs the target "within range of weapon profile"; weapons without a range fight in base contact, read as a gap of at most this many mm (camera and hand placement are never exactly 0).',
  },
  {
    name: 'modelsBlockLos',
    type: 'boolean',
    default: false,
    section: SECTION.cover,
    note: 'The book never says that models block sight or give cover; default: they do not.',
  },
  {
    name: 'coverTest',
    values: ['partly-hidden', 'half-hidden', 'centre-line'],
    default: 'partly-hidden',
    section: SECTION.cover,
    note: '"Models behind terrain features" is not defined geometrically. partly-hidden: terrain hides any sampled part of the target (figure or base) from the attacker\'s eye; half-hidden: it hides at least half the figure; centre-line: the centre-to-centre line crosses a terrain footprint.',
  },
  {
    name: 'tieReading',
    values: ['defender', 'reroll'],
    default: 'defender',
    section: SECTION.combatRanged,
    note: '"If attacker beats defender": a tie is not a win for the attacker (defender holds); "reroll" treats ties as rolled again (win chance = P(win) / (1 − P(tie))).',
  },
  {
    name: 'armourArcs',
    values: ['quarters', 'halves-with-sides'],
    default: 'quarters',
    section: SECTION.bigModels,
    note: 'Big models have Front/Side/Rear armour but the book gives no arcs. quarters: four 90° arcs (front ±45°); halves-with-sides: front 120°, sides 60° each, rear 120°.',
  },
  {
    name: 'apReading',
    values: ['any-ap', 'ap-at-least-armour'],
    default: 'any-ap',
    section: SECTION.bigModels,
    note: '"An armor value of 2+ can only be damaged by attacks with an Armor Penetration value": any AP (literal), or AP at least the armour value.',
  },
  {
    name: 'lowArmourReading',
    values: ['melee-or-ap', 'melee-only'],
    default: 'melee-or-ap',
    section: SECTION.bigModels,
    note: '"Armor value of 0 to 1 ... may only be damaged at melee range": default also lets AP weapons damage it at any range (as they damage AV 2+); melee-only is the literal reading.',
  },
] as const satisfies readonly OptionDecl[]
