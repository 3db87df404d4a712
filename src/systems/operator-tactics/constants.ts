// Operator Tactics: Skirmish — the book's numbers, each with the section (and source line) that prints it.
// Lengths are kept in inches as printed; convert with inches() at the point of use.
// Some numbers also appear in Iron Line (natural 6 / natural 1, 1" contact); this is Skirmish's own copy,
// independent of src/systems/iron-line/ (see README "Shared numbers").

export type BookNumber = { value: number; section: string; line: number }

const n = (value: number, section: string, line: number): BookNumber => ({ value, section, line })

export const SK = {
  // Dice (Conventions used, §02 Core rules)
  dieFaces: n(6, 'Conventions used', 182),
  naturalSuccess: n(6, '§02 Core rules', 232),
  naturalFailure: n(1, '§02 Core rules', 232),

  // Actions (§02 Actions, §02 Movement details)
  actionsPerActivation: n(2, '§02 Actions', 242),
  sprintMultiplier: n(2, '§02 Actions', 246),
  fightContactAllowanceInches: n(1, '§02 Actions', 248),
  difficultCostPerInch: n(2, '§02 Movement details', 256),
  climbCostPerInch: n(2, '§02 Movement details', 257),
  ladderCostPerInch: n(1, '§02 Movement details', 257),
  fallingInchesPerFleshWound: n(3, '§02 Movement details', 258),
  fallingMortalWoundInches: n(6, '§02 Movement details', 258),

  // Shooting (§02 Shooting, L261–270)
  classBonusCapPerAttack: n(2, '§02 Shooting', 263),
  lightCoverModifier: n(-1, '§02 Shooting', 266),
  heavyCoverModifier: n(-2, '§02 Shooting', 267),
  closeQuartersModifier: n(1, '§02 Shooting', 268),
  closeQuartersMaxInches: n(6, '§02 Shooting', 268),
  intoFightModifier: n(-2, '§02 Shooting', 269),
  intoFightAllyMaxModified: n(2, '§02 Shooting', 269),
  longRangeModifier: n(-1, '§02 Shooting', 270),
  longRangeBeyondInches: n(24, '§02 Shooting', 270),
  heavyPlateNat6FleshWounds: n(2, '§02 Shooting results', 276),
  pastThresholdNat6FleshWounds: n(1, '§02 Armor', 299),
  maxUnmodifiedThreshold: n(6, '§02 Armor', 299),

  // Melee (§02 Melee, L279–289)
  meleeWeaponBonus: n(1, '§02 Melee', 282),
  multipleAttackerBonusEach: n(1, '§02 Melee', 287),
  multipleAttackerBonusMax: n(2, '§02 Melee', 287),
  antiArmorHeavyPlateAR: n(2, '§02 Melee', 289),
  breakFreeThreshold: n(4, '§02 Melee', 285),
  breakFreeClearInches: n(3, '§02 Melee', 285),

  // Wounds (§02 Wounds)
  fleshWoundsToMortal: n(4, '§02 Wounds', 305),
  threeFleshWoundPenalty: n(-1, '§02 Wounds', 304),
  oneMortalPenalty: n(-1, '§02 Wounds', 304),
  twoMortalPenalty: n(-2, '§02 Wounds', 304),

  // Status effects (§02 Status effects)
  proneModifier: n(-1, '§02 Status effects', 313),
  proneCrawlFraction: n(0.5, '§02 Status effects', 313),
  pinnedShootModifier: n(-1, '§02 Status effects', 314),
  pinnedArModifier: n(-1, '§02 Status effects', 314),

  // Reactions (§02 Reactions)
  reactionTriggerInches: n(12, '§02 Reactions', 318),
  takeCoverMoveInches: n(2, '§02 Reactions', 321),
  duckDownModifier: n(-2, '§02 Reactions', 322),

  // Grenades (§02 Grenades)
  grenadeThreshold: n(4, '§02 Grenades', 327),
  grenadeBlastInches: n(3, '§02 Grenades', 327),
  grenadeScatterDice: n(1, '§02 Grenades', 330),

  // Stealth (§02 Stealth)
  hideThreshold: n(4, '§02 Stealth', 336),
  stealthOpenGroundBreakInches: n(6, '§02 Stealth', 338),
  passiveDetectionInches: n(6, '§02 Stealth', 339),
  passiveDetectionThreshold: n(5, '§02 Stealth', 339),
  activeDetectionThreshold: n(4, '§02 Stealth', 340),
  surpriseAttackModifier: n(2, '§02 Stealth', 341),

  // Edge and Breach tokens
  edgeStart: n(2, '§02 Edge tokens', 345),
  edgeMax: n(4, '§02 Edge tokens', 345),
  breachTokensMax: n(3, '§02 Breach tokens', 360),

  // Desperation Fire / Call the Target
  desperationSecondShotModifier: n(-2, '§02 Desperation Fire', 378),
  callTheTargetThreshold: n(4, '§02 Call the Target', 382),
  callTheTargetModifier: n(1, '§02 Call the Target', 382),

  // Class abilities with numbers (§03)
  steadyAimModifier: n(1, '§03 Marksman', 432),
  reconDroneRangeInches: n(8, '§03 Tech Specialist', 490),

  // Scenarios (§05)
  rounds: n(8, '§05 Scenarios', 574),
  pressureClockThreshold: n(3, '§05 Pressure Clock', 578),
  objectiveControlInches: n(3, '§05 Crossfire', 592),
  pressureContestInches: n(3, '§05 Pressure Clock', 581),
  blackSiteDefenderRadiusInches: n(12, '§05 Black Site', 612),
  deadDropEdgeGapInches: n(6, '§05 Dead Drop', 636),
  deadDropIntelAreaInches: n(6, '§05 Dead Drop', 640),
  smashAndGrabCarrierMobi: n(-2, '§05 Smash & Grab', 602),

  // Terrain and setup (§06)
  boardStandardInches: n(24, '§06 Board size', 747),
  boardLargeInches: n(36, '§06 Board size', 748),
  vinylStandardWidthInches: n(36, '§06 Vinyl scale', 754),
  vinylLargeWidthInches: n(48, '§06 Vinyl scale', 755),
  vinylLargeDepthInches: n(36, '§06 Vinyl scale', 755),
  terrainEdgeGapInches: n(4, '§06 Setup procedure', 762),
  terrainPieceGapInches: n(3, '§06 Setup procedure', 762),
  deploymentDepthInches: n(6, '§06 Deployment zones', 782),
  cornerDeploymentInches: n(8, '§06 Deployment zones', 783),
  infiltratorEnemyGapInches: n(12, '§06 Deployment zones', 784),

  // §06A Vertical Pressure
  concealmentInches: n(12, '§06A Concealment', 816),
  concealmentWideInches: n(18, '§06A Concealment', 826),

  // §08 Solo mode
  soloGunfireInches: n(12, '§08 Alert states', 996),
  soloSpotInches: n(6, '§08 Alert states', 996),

  // SITREP (§02)
  sitrepYesFrom: n(4, '§02 SITREP', 392),
  sitrepMaxChecks: n(2, '§02 SITREP', 394),

  // §25 Convention module
  conventionCheckpointInches: n(12, '§25 Setup', 2203),
  conventionDarknessInches: n(6, '§25 Act 1', 2252),

  // §26 Crackerjack
  crackerjackNegativeCap: n(-2, '§26 Competition combat modifiers', 2394),
  crackerjackObjectiveCoverInches: n(1, '§26 Competition combat modifiers', 2395),
  crackerjackCallTheTargetThreshold: n(3, '§26 Competition combat modifiers', 2397),
  crackerjackDeploymentInches: n(6, '§26 Deployment', 2401),
  crackerjackInfiltratorEdgeGapInches: n(12, '§26 Deployment', 2402),
  crackerjackDesertLosInches: n(24, '§26 Terrain protocol', 2416),
  crackerjackJungleHeavyBeyondInches: n(12, '§26 Terrain protocol', 2417),
} as const satisfies Record<string, BookNumber>

export type SkirmishNumber = keyof typeof SK
