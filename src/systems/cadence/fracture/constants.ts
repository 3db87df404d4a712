// Fracture numbers (fracture/module-rules.html, army lists), each with its section.
import type { CadenceConstant } from '../index.ts'

const c = (value: number, unit: CadenceConstant['unit'], section: string, quote: string): CadenceConstant => ({ value, unit, section, quote })

export const FRACTURE = {
  rounds: c(4, 'rounds', 'fracture/module-rules.html', 'A game of Fracture lasts for 4 rounds'),
  moraleFromRound: c(2, 'rounds', 'fracture/module-rules.html#morale', 'starting in Round 2 units must begin making Morale Tests'),
  moraleTarget: c(3, 'target', 'fracture/module-rules.html#morale', 'Roll a d6 for the unit and on a roll of 3+ it passes the test'),
  moraleFriendlyInches: c(6, 'inches', 'fracture/module-rules.html#morale', 'If there are any friendly models within 6 inches add 1 to the roll'),
  moraleFriendlyModifier: c(1, 'modifier', 'fracture/module-rules.html#morale', 'add 1 to the roll'),
  moraleEnemyInches: c(6, 'inches', 'fracture/module-rules.html#morale', 'If there are any enemy models within 6 inches subtract 1 from the roll'),
  moraleEnemyModifier: c(-1, 'modifier', 'fracture/module-rules.html#morale', 'subtract 1 from the roll'),
  cowardlyModifier: c(-1, 'modifier', 'fracture/module-rules.html#special-rules', 'This unit has -1 to all Morale tests'),
  longShotExtraInches: c(8, 'inches', 'fracture/module-rules.html#special-rules', 'This weapon may add 8 inches to it\'s Range but if it does it reduces it\'s Attacks to 1'),
  overchargeExtraAttacks: c(1, 'count', 'fracture/module-rules.html#special-rules', 'This weapon may add 1 to it\'s Attacks attribute'),
  bigBossInches: c(6, 'inches', 'fracture/army-lists/marauders.html#upgrades_5', 'Friendly units within 6 inches of this model automatically pass Morale Tests'),
  swarmLeaderInches: c(6, 'inches', 'fracture/army-lists/the-swarm.html#special-rules', 'Friendly models within 6 inches of this model automatically pass Morale Tests'),
  psionicAbilityInches: c(6, 'inches', 'fracture/army-lists/the-swarm.html#upgrades_6', 'This model targets a friendly unit within 6 inches'),
  psionicRegenerationInches: c(6, 'inches', 'fracture/army-lists/the-swarm.html#upgrades_6', 'Friendly models within 6 inches of this model gain +1 to their Counter rolls'),
  psionicRegenerationCounter: c(1, 'modifier', 'fracture/army-lists/the-swarm.html#upgrades_6', 'gain +1 to their Counter rolls'),
  psionicRegenerationDefenceCap: c(6, 'target', 'fracture/army-lists/the-swarm.html#upgrades_6', 'may never have their Defence Rolls lowered below a 6+'),
  reanimationInches: c(3, 'inches', 'fracture/army-lists/the-endless.html#special-rules', 'a friendly Warrior Host or Protean Adapt unit within 3 inches'),
  reanimationTarget: c(3, 'target', 'fracture/army-lists/the-endless.html#special-rules', 'On a roll of a 3+'),
  regenerationTarget: c(6, 'target', 'fracture/army-lists/the-endless.html#special-rules', 'on a roll of 6+ this model recovers 1 lost hit point'),
  resurrectionShardInches: c(6, 'inches', 'fracture/army-lists/the-endless.html#upgrades_4', 'a friendly Warrior Host or Protean Adapt unit within 6 inches'),
  smokeLaunchersInches: c(9, 'inches', 'fracture/army-lists/sentinels.html#upgrades_7', 'Attacks against this model from more than 9 inches away count clear line of sight as obscured'),
  stealthCamoInches: c(12, 'inches', 'fracture/army-lists/sentinels.html#upgrades_7', 'This model gains the Stealth (12) special rule'),
  pathOfTheWarriorInches: c(3, 'inches', 'fracture/army-lists/voidborn-corsairs.html#upgrades_10', 'if the second target is within 3 inches of the first'),
  swiftAdaptationInches: c(3, 'inches', 'fracture/army-lists/the-swarm.html#upgrades_6', 'This model gains +3 to it\'s Movement attribute'),
  fuelInjectionInches: c(6, 'inches', 'fracture/army-lists/marauders.html#upgrades_5', 'gains +6 to its Movement attribute'),
  novaBoostInches: c(4, 'inches', 'fracture/army-lists/voidborn-corsairs.html#upgrades_10', 'gains +4 to its Movement attribute'),
  ghostwalkInches: c(3, 'inches', 'fracture/army-lists/voidborn-corsairs.html#upgrades_10', 'gains +3 inches to its Movement attribute when taking an Advance action'),
} as const satisfies Record<string, CadenceConstant>
