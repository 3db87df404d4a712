// The book's numbers, each with the paragraph that prints it (Skrapyard: Raw Rules, 2 March 2011).
// Lengths stay in inches here, as printed; convert with inches() where geometry needs millimetres.

/** A number printed in the book, with its paragraph. */
export type BookNumber = { readonly value: number; readonly section: string }

const n = (value: number, section: string): BookNumber => ({ value, section })

export const NUMBERS = {
  /** "twelve-sided dice marked from 1 to 12" */
  dieFaces: n(12, '§1.1'),
  /** "A roll of 1 is always a pass." */
  naturalPass: n(1, '§1.5'),
  /** "A roll of 12 is always a failure." */
  naturalFail: n(12, '§1.5'),
  /** "The minimum value for any characteristic is 3." */
  characteristicMin: n(3, '§6.1'),
  /** "The maximum is 10." */
  characteristicMax: n(10, '§6.1'),
  /** Stature "runs from 0 to 6". */
  statureMin: n(0, '§8.1'),
  statureMax: n(6, '§8.1'),
  /** Adult humans are stature 2 (the only stature the book states for a creature). */
  adultHumanStature: n(2, '§3.1.2'),
  /** "The maximum unit size for games of Skrapyard is 6." */
  maxUnitSize: n(6, '§3.1.2'),
  /** Eye level of an upright adult human at the reference scale, mm. */
  referenceEyeLevelMm: n(40, '§2.2'),
  /** Base widths, mm. */
  adultBaseMinMm: n(25, '§2.3.1'),
  juvenileBaseMinMm: n(20, '§2.3.2'),
  largeBaseMinMm: n(40, '§2.3.3'),
  largestBaseMm: n(60, '§2.3.3'),
  /** "A normal move is 3" plus a character's stature." */
  normalMoveBaseInches: n(3, '§12.1'),
  /** Linear obstacles: a character may move over any obstacle up to its stature +1. */
  obstacleCrossMargin: n(1, '§12.8.1'),
  /** Basic weapon: range "up to twice its S value". */
  basicRangeMultiplier: n(2, '§13.2'),
  mediumRangeMultiplier: n(3, '§13.6.1'),
  longRangeMultiplier: n(4, '§13.6.2'),
  sniperRangeMultiplier: n(5, '§13.6.3'),
  /** "may not draw a line of sight that passes within 1" of any other character in his or her front" */
  losClearanceInches: n(1, '§13.2.4'),
  /** Pre-range modifiers. */
  standingModifier: n(1, '§13.3.2.1'),
  largeTargetModifier: n(1, '§13.3.2.2'),
  smallTargetModifier: n(-1, '§13.3.2.3'),
  shootTeamModifier: n(1, '§13.3.2.4'),
  /** Post-range modifiers: −1 per inch beyond the band, −1 per obstacle. */
  rangePenaltyPerInch: n(-1, '§13.3.3.1'),
  coverPerObstacle: n(-1, '§13.11.1'),
  /** Combat modifiers. */
  chargeModifier: n(1, '§14.2.1'),
  surpriseModifier: n(1, '§14.2.2'),
  outnumberedModifier: n(-1, '§14.2.3'),
  supportModifier: n(1, '§14.2.4'),
  fightTeamModifier: n(1, '§14.2.5'),
  greatWeaponFightModifier: n(-1, '§14.4.4'),
  greatWeaponArmourModifier: n(-2, '§14.4.4'),
  bladeBreakerFightModifier: n(1, '§14.4.3'),
  /** Morale / rally modifiers. */
  moraleTeamModifier: n(1, '§16.2.1'),
  moraleIsolationModifier: n(-1, '§16.2.2'),
  /** Recovery modifiers. */
  recoveryEnemyModifier: n(-1, '§17.1.1'),
  recoveryTeamModifier: n(1, '§17.1.2'),
  /** A retreat move must end at least 3" away from all enemy characters. */
  retreatClearanceInches: n(3, '§16.4.1'),
  /** A-highest default: stops 1" from the table edge. */
  tableEdgeStopInches: n(1, '§11.5.3.5'),
  /** Magic feats: −2 to a characteristic of the victim. */
  magicCharacteristicModifier: n(-2, '§19.5.1'),
  aethyricArcArmourModifier: n(-2, '§19.5.7'),
  /** Resolve feat: +2 R on a passed D test. */
  resolveFeatGain: n(2, '§18.3.5'),
  /** Each feat costs one point of R. */
  featCost: n(1, '§18.1'),
} as const satisfies Record<string, BookNumber>
