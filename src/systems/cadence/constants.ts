// The core rules' numbers, each with the section that prints it (citation scheme: page#anchor).
import type { CadenceConstant } from './types.ts'

const c = (value: number, unit: CadenceConstant['unit'], section: string, quote: string): CadenceConstant => ({ value, unit, section, quote })

export const CORE = {
  // Measuring and formation
  formationGapInches: c(2, 'inches', 'core-rules/basic-rules.html#unit-formation', 'connect all models in the unit with a distance between each no greater than 2 inches'),
  objectiveMarkerDiameterMm: c(40, 'mm', 'core-rules/basic-rules.html#objective-markers', 'An objective marker is typically a 40mm token'),
  // Objectives
  secureWithinInches: c(1, 'inches', 'core-rules/playing-a-game.html#action-secure', 'a unit must be within 1 inch of the objective marker'),
  secureEnemyExclusionInches: c(3, 'inches', 'core-rules/playing-a-game.html#action-secure', 'no enemy units within 3 inches of the objective marker or the securing unit'),
  secureRollTarget: c(3, 'target', 'core-rules/playing-a-game.html#action-secure', 'rolling a d6 and scoring 3 or higher'),
  controlHoldInches: c(3, 'inches', 'core-rules/basic-rules.html#objective-markers', 'remains secured so long as at least 1 unit from the securing army stays within 3 inches'),
  accessStayInches: c(1, 'inches', 'core-rules/basic-rules.html#objective-markers', 'the unit that secured it must stay within 1 inch until the end of the current round'),
  // Activation
  minActionsPerActivation: c(2, 'count', 'core-rules/playing-a-game.html#actions', 'You must perform at least 2 actions per activation'),
  maxActionsPerActivation: c(4, 'count', 'core-rules/playing-a-game.html#actions', 'You may perform a maximum of 4 actions per activation'),
  lastCommandPointLostOn: c(1, 'target', 'core-rules/playing-a-game.html#actions', 'On a roll of 1, this last Command Point is lost'),
  defaultRounds: c(5, 'rounds', 'core-rules/playing-a-game.html#rounds', 'played over a set number of rounds, typically 5'),
  // Attack
  closeRangeInches: c(3, 'inches', 'core-rules/playing-a-game.html#action-attack', 'if there are any enemy units within 3 inches of your unit you must choose a target from one of those units'),
  closeRangeHitOn: c(6, 'target', 'core-rules/playing-a-game.html#step-2-attack-rolls', 'only hit on a roll of a 6, instead of using the attacking model\'s Skill attribute'),
  friendlyScreenInches: c(1, 'inches', 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range', 'If the unit is within 1 inch of a friendly unit'),
  friendlyScreenShooterBeyondInches: c(3, 'inches', 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range', 'and you are more than 3 inches away, you have a blocked line of sight'),
  closeLosUpgradeInches: c(3, 'inches', 'core-rules/playing-a-game.html#step-1-determine-line-of-sight-and-range', 'If you are attacking a unit within 3 inches an obscured line of sight is counted as clear'),
  rushPenalty: c(-2, 'modifier', 'core-rules/playing-a-game.html#step-2-attack-rolls', 'Units performing 3 actions this activation suffer a -2 modifier'),
  rushActions: c(3, 'count', 'core-rules/playing-a-game.html#step-2-attack-rolls', 'Units performing 3 actions this activation'),
  heightAdvantage: c(1, 'modifier', 'core-rules/playing-a-game.html#step-2-attack-rolls', 'Gain a +1 modifier to your Attack Roll when attacking a unit at a lower height level'),
  obscuredPenalty: c(-1, 'modifier', 'core-rules/playing-a-game.html#step-2-attack-rolls', 'When attacking a target with an obscured line of sight, suffer a -1 modifier'),
  // Counter table (Damage vs lowest Toughness)
  counterHalfOrLower: c(2, 'target', 'core-rules/playing-a-game.html#step-4-counter-rolls', 'Damage is half, or lower, than Toughness 2+'),
  counterLower: c(3, 'target', 'core-rules/playing-a-game.html#step-4-counter-rolls', 'Damage is lower than Toughness 3+'),
  counterEqual: c(4, 'target', 'core-rules/playing-a-game.html#step-4-counter-rolls', 'Damage is equal to Toughness 4+'),
  counterHigher: c(5, 'target', 'core-rules/playing-a-game.html#step-4-counter-rolls', 'Damage is higher than Toughness 5+'),
  counterDoubleOrHigher: c(6, 'target', 'core-rules/playing-a-game.html#step-4-counter-rolls', 'Damage is double, or higher, than Toughness 6+'),
  // Terrain and height
  coverDefenceBonus: c(2, 'modifier', 'core-rules/advanced-rules.html#keyword-cover', 'gain a +2 to their Defence Rolls'),
  coverDefenceCap: c(6, 'target', 'core-rules/advanced-rules.html#keyword-cover', 'may not have their Defence Roll modified to worse than 6+'),
  climbUpInchesPerLevel: c(1, 'inches', 'core-rules/advanced-rules.html#keyword-climbable', 'at the cost of 1 inch of their allowed movement for each level ascended'),
  climbDownLevelsPerInch: c(2, 'count', 'core-rules/advanced-rules.html#keyword-climbable', '1 inch of their allowed movement for every 2 full levels descended (so climbing down 1 level is free)'),
  roughExtraInches: c(1, 'inches', 'core-rules/advanced-rules.html#keyword-rough', 'at the cost of 1 inch of allowed movement, in addition to the distance travelled'),
  roughClimbExtraInchesPerLevel: c(1, 'inches', 'core-rules/advanced-rules.html#keyword-rough', 'When combined with the Climbable keyword this adds 1 inch of extra movement cost per height level'),
  heightLevelTypicalMinInches: c(1, 'inches', 'core-rules/advanced-rules.html#height-levels', 'each height level counting up is typically around 1-2 inches difference'),
  heightLevelTypicalMaxInches: c(2, 'inches', 'core-rules/advanced-rules.html#height-levels', 'each height level counting up is typically around 1-2 inches difference'),
  // Facing
  arcSpanDeg: c(90, 'degrees', 'core-rules/advanced-rules.html#facing-and-arcs', 'four 90-degree zones, called arcs, centred on the centre of the models base'),
  // Vehicles
  vehiclePivotMaxDeg: c(45, 'degrees', 'core-rules/advanced-rules.html#vehicle-movement-restrictions', 'up to 2 pivots of up to 45 degrees'),
  vehiclePivotsPerMove: c(2, 'count', 'core-rules/advanced-rules.html#vehicle-movement-restrictions', 'the model may make up to 2 pivots of up to 45 degrees'),
  vehiclePivotSeparationInches: c(1, 'inches', 'core-rules/advanced-rules.html#vehicle-movement-restrictions', 'these must be separated by moving at least 1 inch'),
  agileExtraPivots: c(1, 'count', 'core-rules/special-rules-appendix.html#unit-special-rules', 'This vehicle may make an additional 45 degree pivot'),
  vehicleDefaultPlatform: c(2, 'count', 'core-rules/advanced-rules.html#vehicles-and-attacks', 'a vehicle has the Platform (2) and Weak Spot (Rear) special rules'),
  embarkWithinInches: c(1, 'inches', 'core-rules/advanced-rules.html#embarking-and-disembarking', 'must be within 1 inch of the Transport model'),
  largeTransportSlots: c(2, 'count', 'core-rules/special-rules-appendix.html#unit-special-rules', 'This model counts as 2 models for calculating how many models a Transport can carry'),
  // Special rules with numbers
  blastRadiusInches: c(2, 'inches', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'every other model, enemy or friendly, within 2 inches of the center of the original targets base'),
  rapidFireRetargetInches: c(1, 'inches', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'or another model within 1 inch of the original'),
  grenadeMinRangeInches: c(3, 'inches', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'This weapon may not target a model closer than 3 inches'),
  accurateModifier: c(1, 'modifier', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'your attack roll has a +1 modifier'),
  inaccurateSkill: c(6, 'target', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'your Skill counts as 6+'),
  stealthPenalty: c(-1, 'modifier', 'core-rules/special-rules-appendix.html#unit-special-rules', 'Attacks against this model from more than X inches away suffer -1 to their attack rolls'),
  shredModifier: c(-1, 'modifier', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'Rolls to Counter Damage have a -1 modifier'),
  weakSpotModifier: c(-1, 'modifier', 'core-rules/special-rules-appendix.html#unit-special-rules', 'this model has -1 to its Counter Rolls'),
  rendingTriggerRoll: c(6, 'target', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'When an attack with this weapon hits with a roll of 6'),
  volleyTriggerRoll: c(6, 'target', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'Each attack roll that rolls a 6 allows the attacker to roll an additional attack roll'),
  torrentFailRoll: c(1, 'target', 'core-rules/special-rules-appendix.html#weapon-special-rules', 'hits on any attack roll that is not a 1'),
  naturalFailRoll: c(1, 'target', 'core-rules/basic-rules.html#dice', 'a roll of 1 always counts as a failure regardless of any positive modifiers'),
} as const satisfies Record<string, CadenceConstant>
