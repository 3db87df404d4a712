// The book's numbers for Iron Line, each with the section and line it is printed on.
// Distances in inches as printed; convert with inches() where a rule is applied.
// This ruleset keeps its own copies: nothing here is shared with the Skirmish ruleset.

import type { Order } from './catalogue.ts'

export type BookNumber = { readonly value: number; readonly section: string; readonly line: string; readonly text: string }

const n = (value: number, section: string, line: string, text: string): BookNumber => ({ value, section, line, text })

export const IRON_LINE = {
  // §10 scale and table
  tableStandardInches: n(36, '§10', 'L1141', "Standard table. 3' × 3' (36\" × 36\")."),
  tableLargeInches: n(48, '§10', 'L1142', "Large games. 4' × 4' for 4,000+ points or three players."),
  tableQuickInches: n(24, '§10', 'L1143', "Quick games. 2' × 2' for <1,500 points."),
  groundScaleMetresPerInch: n(3, '§10', 'L1140', '1" on the table ≈ 3 m of ground.'),
  roundsPerGame: n(5, '§15', 'L1440', 'A game of Iron Line ends after 5 rounds.'),
  // §12 measuring, breakpoint, signal
  engagementInches: n(1, '§12', 'L1268', 'touches or is within 1" of an enemy unit\'s base or footprint, both units are Engaged.'),
  defaultBreakpoint: n(10, '§12', 'L1240', 'Default breakpoint is 10.'),
  signalCap: n(10, '§12', 'L1236', 'Store unspent Signal round to round up to a maximum of 10.'),
  signalPointsPerSignal: n(1000, '§12', 'L1236', 'gain 1 Signal per full 1,000 points in your starting list'),
  defaultStrikes: n(10, '§13', 'L1292', 'All units start with Strikes (10).'),
  // §14 army building
  maxWeaknessesPerUnit: n(2, '§14', 'L1374', 'No more than two weaknesses per unit.'),
  // §15 setup and scrap phase
  deploymentFromCenterlineInches: n(8, '§15', 'L1416', 'Deployment zones begin 8" from the centerline.'),
  cascadeRadiusInches: n(8, '§15', 'L1432', 'all friendly units within 8" gain 1 Strain.'),
  cascadeStrain: n(1, '§15', 'L1432', 'gain 1 Strain'),
  salvageSignal: n(2, '§15', 'L1434', 'the opposing player gains either 2 Signal or ... one card'),
  // §16 movement
  advanceMpPerInch: n(1, '§16', 'L1457', 'Advance 1+ per 1"'),
  wheelMpPerInch: n(1, '§16', 'L1458', 'Wheel 1+ per 1"'),
  shuffleMpPerInch: n(2, '§16', 'L1459', 'Shuffle 1+ per 0.5"'),
  retreatMpPerInch: n(2, '§16', 'L1460', 'Retreat 1+ per 0.5"'),
  reformMp: n(5, '§16', 'L1461', 'Reform 5 (2 for Loose)'),
  reformMpLooseOrNimble: n(2, '§16', 'L1461', 'Reform 5 (2 for Loose); Nimble: may reform for 2 movement points (L2064).'),
  roughCostMultiplier: n(2, '§16', 'L1509', 'Rough. Doubled movement cost.'),
  flankDiceCap: n(5, '§16', 'L1469', 'may not assign more than 5 attack dice to an enemy\'s flank'),
  rearDiceCap: n(3, '§16', 'L1469', 'or more than 3 to a rear'),
  outmanoeuvredIntegrityPerEnemy: n(-1, '§16', 'L1469', 'Integrity (-1) per flanking/rearing unit.'),
  minDicePerEngagedEnemy: n(3, '§16', 'L1486', 'A unit must assign at least 3 dice to each engaged enemy.'),
  implacableCapStrain: n(5, '§16', 'L1479', 'ignore any hit that would push this unit above 5 Strain from that single attacking unit\'s activation.'),
  perilousTn: n(4, '§16', 'L1510', 'as if struck by a Gun Platform (TN 4+)'),
  // §16 target numbers
  tnMin: n(2, '§16', 'L1497', 'Min TN 2+'),
  tnMax: n(6, '§16', 'L1497', 'max 6+'),
  weakAttacksTn: n(1, '§16', 'L1497', 'Weak Attacks +1 to TN (max 6).'),
  strongAttacksTn: n(-1, '§16', 'L1497', 'Strong Attacks -1 (min 2).'),
  monstrousAttacksTn: n(-2, '§16', 'L1497', 'Monstrous -2 (min 2).'),
  weakDefenceTn: n(-1, '§16', 'L1497', 'Weak Defence -1 to TN (min 2).'),
  strongDefenceTn: n(1, '§16', 'L1497', 'Strong Defence +1 (max 6).'),
  coverTn: n(1, '§16', 'L1517', 'Cover raises the attacker\'s Target Number by 1'),
  fortifiedTn: n(2, '§16', 'L1517', 'A unit inside Fortified terrain ... raises the Target Number by 2'),
  devastatingChargeTn: n(-1, '§23', 'L2047', 'Target Number for combat is decreased by 1 (min 2)'),
  devastatingChargeAdvanceInches: n(6, '§23', 'L2047', 'If this unit advanced 6"+ this round'),
  mercilessTn: n(-1, '§23', 'L2062', 'Target Number decreases by 1 (min 2)'),
  // §16A Vertical Pressure
  defiladeInches: n(12, '§16A', 'L1552', 'It cannot be targeted by shooting from beyond 12"'),
  // §17 EW
  pulseSignal: n(2, '§17', 'L1609', 'Pulse — 2 Signal.'),
  hackSignal: n(4, '§17', 'L1610', 'Hack — 4 Signal.'),
  surgeSignal: n(6, '§17', 'L1611', 'Surge — 6 Signal.'),
  noRelayPulseSurcharge: n(1, '§17', 'L1607', 'Pulses may still be broadcast at +1 Signal cost from any unbroken friendly unit'),
  // §21 command
  commandRadiusInches: n(8, '§21', 'L1870', 'All friendly units within 8" of this unit (including itself) gain Integrity (+x).'),
  autonomousChassisInches: n(4, '§23', 'L2032', 'no friendly Chassis is within 4"'),
  sneakyMinEnemyInches: n(8, '§23', 'L2072', 'placed anywhere on the table more than 8" from any enemy'),
  // §18 victory conditions
  signalDominanceOffsetInches: n(18, '§18', 'L1643', 'one at midpoint, two 18" out'),
  signalDominanceScoringInches: n(8, '§18', 'L1643', 'each unbroken unit within 8" of a marker scores 1 VP (2 VP if unit > 500 pts)'),
  signalDominanceBigUnitPoints: n(500, '§18', 'L1643', '2 VP if unit > 500 pts'),
  signalDominanceMaxVp: n(10, '§18', 'L1643', 'Max 10 VP per side.'),
  deepExtractionSpacingInches: n(16, '§18', 'L1644', 'each >16" from any other'),
  deepExtractionRemoveInches: n(4, '§18', 'L1644', 'a friendly unbroken unit within 4" of a marker'),
  deepExtractionDenyInches: n(8, '§18', 'L1644', 'no unbroken enemy within 8"'),
  scorchedPerimeterBreakpointBonus: n(2, '§18', 'L1645', "Defender's breakpoint increases by 2"),
  wreckageRightsOffsetInches: n(15, '§18', 'L1648', 'midpoint + 15" out each way'),
  wreckageRightsScoringInches: n(12, '§18', 'L1648', 'most unbroken units within 12" of each marker'),
  burnTheRelayCenterlineInches: n(12, '§18', 'L1651', 'three free Gun Platforms ... within 12" of the centerline'),
  desperateRaidScoringInches: n(4, '§18', 'L1652', "Attacker's Commander or Relay Beacon is within 4\" of a marker"),
  // §18 chaos of war
  lastStandDefenderInches: n(10, '§18', 'L1690', 'Defender deploys within 10" of table center.'),
  lastStandAttackerInches: n(16, '§18', 'L1690', 'Attacker deploys outside 16" from center.'),
  lastStandBreakpoint: n(12, '§18', 'L1690', 'Defender breakpoint is 12.'),
  corridorSpacingInches: n(24, '§18', 'L1665', '4-8" diameter, 24" apart on the centerline'),
  signalDeadZoneRelayInches: n(4, '§18', 'L1668', 'While a Relay is within 4"'),
  tunnelInches: n(4, '§18', 'L1672', 'Units within 4" may redeploy'),
  forcedMarchBackInches: n(12, '§18', 'L1678', 'at least 12" back from the centerline'),
  noMansLandInches: n(8, '§18', 'L1689', 'No unit may deploy within 8" of these markers.'),
  clusteredInches: n(12, '§18', 'L1687', 'All Infantry must deploy partially within 12" of it.'),
  signalInterferenceLosInches: n(12, '§18', 'L1696', 'LoS limited to 12" for all units.'),
  relayNodesSpacingInches: n(16, '§18', 'L1709', 'three markers on the centerline, 16" apart'),
  relayNodesRadiusInches: n(4, '§18', 'L1709', 'the player with more friendlies within 4" of each marker'),
  longRangeWarCommandInches: n(12, '§18', 'L1710', 'Command has range 12".'),
  shortLeashCommandInches: n(4, '§18', 'L1711', 'Command has range 4".'),
  // §26 Crackerjack (Skirmish tournament), cross-walked
  crackerjackModifierCap: n(2, '§26', 'L2394', 'Total negative modifiers on any Shoot roll cannot exceed -2.'),
  crackerjackObjectiveCoverInches: n(1, '§26', 'L2395', 'on or within 1" of an objective marker count as being in light cover'),
} as const

/** §16 L1490–1495 target numbers, attacker Order (rows) vs target Order (columns). */
export const TARGET_NUMBERS: Readonly<Record<Order, Readonly<Record<Order, number>>>> = {
  close: { close: 4, loose: 3, free: 5 },
  loose: { close: 5, loose: 4, free: 3 },
  free: { close: 3, loose: 5, free: 4 },
}

/** §02 L384–394 SITREP: the chance of a "Yes" (result 4+) for each odds level, as exact fractions. */
export const SITREP_ODDS = {
  even: { dice: '1D6', pYes: [1, 2] as const, section: '§02', line: 'L388' },
  likely: { dice: '2D6 take highest', pYes: [3, 4] as const, section: '§02', line: 'L390' },
  unlikely: { dice: '2D6 take lowest', pYes: [1, 4] as const, section: '§02', line: 'L389' },
} as const
