// Jagged Shards unit codex (§16), transcribed from the book (seeds/000_5a7ace75bcb40c85.txt).
// Stat names follow the book: SR Threshold, W Threshold, Wounds, Evade, Movement, Force Rating, Buy Points.
// Scenes may override any of these with inline `stats` (house rule of the engine).
import { own } from '../../engine/index.ts'

export type Faction = 'human-colonies' | 'martian-order'

/** Keywords the rules test. Only "Mechanical" is printed on a unit; "infantry" is inferred from grenade access (§1.6). */
export type UnitKeyword = 'infantry' | 'mechanical' | 'specialist' | 'warp-specialist' | 'shock-specialist'

export type UnitStats = {
  /** D100 target to meet or exceed (§4.2). */
  readonly srThreshold: number
  /** Minimum DAM that inflicts a wound (§4.3). */
  readonly woundThreshold: number
  readonly wounds: number
  /** Added to an attacker's SR Threshold (§4.5). */
  readonly evade: number
  readonly movementInches: number
  readonly forceRating: number
  /** null = "Free (Specialist)". */
  readonly buyPoints: number | null
}

export type Ability = {
  readonly id: string
  readonly name: string
  readonly text: string
  /** Radius of an aura/ability, in inches, where the ability has one. */
  readonly radiusInches?: number
}

export type UnitProfile = {
  readonly id: string
  /** As printed (heading in §16). */
  readonly name: string
  readonly section: string
  readonly faction: Faction
  readonly stats: UnitStats
  /** Weapon ids (see weapons.ts), in the printed order. */
  readonly wargear: readonly string[]
  /** Grenade line as printed, or null when the unit has none (non-infantry, §1.6). */
  readonly grenades: { readonly default: string | null; readonly choices: readonly string[]; readonly text: string } | null
  readonly abilities: readonly Ability[]
  /** null = "Model Limit: None". */
  readonly modelLimit: number | null
  readonly keywords: readonly UnitKeyword[]
}

const FRAG_ONLY = ['fragmentation-grenade'] as const
const ALL_GRENADES = ['fragmentation-grenade', 'concussion-grenade', 'incendiary-grenade'] as const

/** §16.1 HUMAN COLONIES */
const humanUnits: readonly UnitProfile[] = [
  {
    id: 'colonist-rifleman', name: 'Colonist Rifleman', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 60, woundThreshold: 1, wounds: 1, evade: 0, movementInches: 5, forceRating: 3, buyPoints: 15 },
    wargear: ['ballistic-rifle', 'combat-knife'],
    grenades: { default: 'fragmentation-grenade', choices: ALL_GRENADES, text: 'Fragmentation Grenade (default); may swap for Concussion or Incendiary' },
    abilities: [], modelLimit: null, keywords: ['infantry'],
  },
  {
    id: 'combat-engineer', name: 'Combat Engineer (Warp Specialist)', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 55, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 5, forceRating: 4, buyPoints: null },
    wargear: ['burst-pistol', 'toolblade'],
    grenades: { default: 'fragmentation-grenade', choices: ALL_GRENADES, text: 'Fragmentation Grenade (default); may take any grenade type' },
    abilities: [
      { id: 'warp-stabilize', name: 'Warp Stabilize', text: 'Costs 1 Warp Flare; an allied model reduces its SR Threshold by –10 for one attack.' },
      { id: 'specialist-aura', name: 'Specialist Aura', radiusInches: 3, text: 'Friendly models within 3" ignore the first +10 SR penalty they would suffer.' },
      { id: 'tactical-break', name: 'Tactical Break', text: 'May automatically Disengage once per game.' },
    ],
    modelLimit: 1, keywords: ['infantry', 'specialist', 'warp-specialist'],
  },
  {
    id: 'heavy-android', name: 'Heavy Android', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 55, woundThreshold: 2, wounds: 2, evade: 10, movementInches: 4, forceRating: 4, buyPoints: 25 },
    wargear: ['machine-cutter', 'arm-mounted-smg'],
    grenades: null, abilities: [], modelLimit: null, keywords: [],
  },
  {
    id: 'support-mech', name: 'Support Mech', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 55, woundThreshold: 2, wounds: 3, evade: 5, movementInches: 4, forceRating: 7, buyPoints: 55 },
    wargear: ['hydraulic-fist', 'auto-cannon'],
    grenades: null,
    abilities: [{ id: 'mechanical', name: 'Mechanical', text: 'Cannot be affected by biological modifiers.' }],
    modelLimit: 1, keywords: ['mechanical'],
  },
  {
    id: 'assault-exo-suit', name: 'Assault Exo-Suit', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 50, woundThreshold: 2, wounds: 2, evade: 10, movementInches: 5, forceRating: 6, buyPoints: 40 },
    wargear: ['power-blade', 'wrist-carbine'],
    grenades: null, abilities: [], modelLimit: 1, keywords: [],
  },
  {
    id: 'command-officer', name: 'Command Officer', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 60, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 5, forceRating: 4, buyPoints: 20 },
    wargear: ['officer-saber', 'sidearm'],
    grenades: { default: 'fragmentation-grenade', choices: FRAG_ONLY, text: 'Fragmentation Grenade (default)' },
    abilities: [
      { id: 'tactical-insight', name: 'Tactical Insight', text: 'Once per battle, reroll an Initiative roll.' },
      { id: 'coordinated-push', name: 'Coordinated Push', radiusInches: 6, text: 'One friendly Infantry within 6" may move +1" during Movement.' },
    ],
    modelLimit: 1, keywords: ['infantry'],
  },
  {
    id: 'walker-turret', name: 'Walker Turret', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 55, woundThreshold: 2, wounds: 3, evade: 0, movementInches: 3, forceRating: 6, buyPoints: 35 },
    wargear: ['twin-auto-las', 'manipulator-claws'],
    grenades: null,
    abilities: [{ id: 'stationary-anchor', name: 'Stationary Anchor', text: 'If this model does not move, it may reroll one failed hit.' }],
    modelLimit: 1, keywords: [],
  },
  {
    id: 'human-shock-specialist', name: 'Human Shock Specialist (Defender Specialist)', section: '§16.1', faction: 'human-colonies',
    stats: { srThreshold: 55, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 5, forceRating: 4, buyPoints: null },
    wargear: ['burst-pistol', 'shock-baton'],
    grenades: { default: 'fragmentation-grenade', choices: FRAG_ONLY, text: 'Fragmentation Grenade' },
    abilities: [
      { id: 'counter-charge', name: 'Counter-Charge', radiusInches: 6, text: 'If an enemy Rush succeeds within 6", this model may immediately Rush the attacker.' },
      { id: 'hold-the-line', name: 'Hold the Line', radiusInches: 3, text: 'All friendly Infantry within 3" gain +5 EV while engaged.' },
    ],
    modelLimit: 1, keywords: ['infantry', 'specialist', 'shock-specialist'],
  },
]

/** §16.2 MARTIAN ORDER. Spore Pods "counts as grenades" and has no profile: option sporePodsAs. */
const martianUnits: readonly UnitProfile[] = [
  {
    id: 'rootblade-initiate', name: 'Rootblade Initiate', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 60, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 6, forceRating: 3, buyPoints: 15 },
    wargear: ['rootblade'],
    grenades: { default: null, choices: ['spore-pods'], text: 'May take Spore Pods (counts as grenades)' },
    abilities: [], modelLimit: null, keywords: ['infantry'],
  },
  {
    id: 'bloodroot-stalker', name: 'Bloodroot Stalker', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 60, woundThreshold: 1, wounds: 1, evade: 10, movementInches: 7, forceRating: 4, buyPoints: 20 },
    wargear: ['spine-spitter', 'fang-claws'],
    grenades: { default: 'spore-pods', choices: ['spore-pods'], text: 'Spore Pods (default)' },
    abilities: [], modelLimit: null, keywords: ['infantry'],
  },
  {
    id: 'crystal-sniper', name: 'Crystal Sniper', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 55, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 6, forceRating: 5, buyPoints: 30 },
    wargear: ['crystal-lance', 'crystal-shard-dagger'],
    grenades: null, abilities: [], modelLimit: null, keywords: [],
  },
  {
    id: 'dino-raptor', name: 'Dino-Raptor', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 55, woundThreshold: 2, wounds: 3, evade: 10, movementInches: 8, forceRating: 7, buyPoints: 35 },
    wargear: ['rending-talons'],
    grenades: null, abilities: [], modelLimit: 1, keywords: [],
  },
  {
    id: 'tree-warden', name: 'Tree Warden', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 50, woundThreshold: 3, wounds: 4, evade: 5, movementInches: 5, forceRating: 8, buyPoints: 45 },
    wargear: ['bark-hammer'],
    grenades: null, abilities: [], modelLimit: 1, keywords: [],
  },
  {
    id: 'elder-seer-commander', name: 'Elder Seer Commander', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 55, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 6, forceRating: 5, buyPoints: 30 },
    wargear: ['elder-staff'],
    grenades: null,
    abilities: [
      { id: 'seers-insight', name: "Seer's Insight", text: 'Once per battle, impose +10 SR on an enemy attack after they roll.' },
      { id: 'future-glimpse', name: 'Future Glimpse', text: 'May move 1 friendly Infantry model 2" before Round 1.' },
    ],
    modelLimit: 1, keywords: [],
  },
  {
    id: 'sand-golem', name: 'Sand Golem', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 45, woundThreshold: 3, wounds: 4, evade: 0, movementInches: 4, forceRating: 9, buyPoints: 55 },
    wargear: ['stone-crush'],
    grenades: null, abilities: [], modelLimit: 1, keywords: [],
  },
  {
    id: 'martian-warp-specialist', name: 'Martian Warp Specialist', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 55, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 6, forceRating: 4, buyPoints: null },
    wargear: ['spore-lance'],
    grenades: { default: 'spore-pods', choices: ['spore-pods'], text: 'Spore Pods (default)' },
    abilities: [
      { id: 'psionic-stabilize', name: 'Psionic Stabilize', text: 'Costs 1 Warp Flare; remove one negative modifier from an ally.' },
      { id: 'warp-pulse', name: 'Warp Pulse', radiusInches: 6, text: 'Once per game, an enemy within 6" suffers +10 SR on its next attack.' },
      { id: 'slip-step', name: 'Slip-Step', text: 'May automatically Disengage once per game.' },
    ],
    modelLimit: 1, keywords: ['infantry', 'specialist', 'warp-specialist'],
  },
  {
    id: 'martian-shock-specialist', name: 'Martian Shock Specialist (Defender Specialist)', section: '§16.2', faction: 'martian-order',
    stats: { srThreshold: 55, woundThreshold: 1, wounds: 1, evade: 5, movementInches: 6, forceRating: 4, buyPoints: null },
    wargear: ['fang-claws'],
    grenades: { default: 'spore-pods', choices: ['spore-pods'], text: 'Spore Pods' },
    abilities: [
      { id: 'root-snare-counter-charge', name: 'Root-Snare Counter-Charge', radiusInches: 6, text: 'If an enemy Rush succeeds within 6", this unit may Rush the attacker.' },
      { id: 'spore-shroud', name: 'Spore Shroud', radiusInches: 3, text: 'Friendly Infantry within 3" gain Light Cover at all times unless fully in the open.' },
    ],
    modelLimit: 1, keywords: ['infantry', 'specialist', 'shock-specialist'],
  },
]

export const UNITS: readonly UnitProfile[] = [...humanUnits, ...martianUnits]

/** Other names the book uses for the same specialists (§2.3, §3.2, §3.8, §5.2, §6.1, §19.2). */
export const UNIT_ALIASES: Readonly<Record<string, string>> = {
  'shardweaver-adept': 'martian-warp-specialist',
  'warp-seer-adept': 'martian-warp-specialist',
  'shard-savant': 'martian-warp-specialist',
  'elder-seer-adept': 'martian-warp-specialist',
  'warp-touched-augur': 'martian-warp-specialist',
  'shock-officer': 'human-shock-specialist',
  'shock-trooper': 'human-shock-specialist',
  'shock-trooper-exo-frame': 'human-shock-specialist',
  'shock-initiate': 'martian-shock-specialist',
  'shock-vindicator': 'martian-shock-specialist',
  'warp-specialist': 'combat-engineer',
}

const unitById = new Map(UNITS.map((u) => [u.id, u]))

export function findUnit(id: string): UnitProfile | undefined {
  return unitById.get(id) ?? unitById.get(own(UNIT_ALIASES, id) ?? '')
}

/** All abilities with a radius, by ability id (the "3" and 6" ability radii of the codex"). */
export function findAbility(abilityId: string): { unit: UnitProfile; ability: Ability } | undefined {
  for (const unit of UNITS) {
    const ability = unit.abilities.find((a) => a.id === abilityId)
    if (ability) return { unit, ability }
  }
  return undefined
}

/** Positions (campaign), §18 flat PVs. §5.3 prints a different tier table (option pvTable). */
export type Position = { readonly id: string; readonly name: string; readonly faction: Faction; readonly pv: number; readonly pvChapter5: number; readonly section: string; readonly penalty: string }

export const POSITIONS: readonly Position[] = [
  { id: 'outer-gate', name: 'Outer Gate', faction: 'human-colonies', pv: 30, pvChapter5: 20, section: '§18.1', penalty: 'The defender loses 1 Reinforcement slot next battle.' },
  { id: 'supply-depot', name: 'Supply Depot', faction: 'human-colonies', pv: 40, pvChapter5: 25, section: '§18.1', penalty: 'All friendly models begin Round 1 with –1 Wound Threshold.' },
  { id: 'civilian-hab-block', name: 'Civilian Hab Block', faction: 'human-colonies', pv: 40, pvChapter5: 25, section: '§18.1', penalty: 'The defender suffers –10 to Initiative in the next battle.' },
  { id: 'defense-armorium', name: 'Defense Armorium', faction: 'human-colonies', pv: 50, pvChapter5: 35, section: '§18.1', penalty: 'All Heavy units suffer +10 SR Threshold when attacking.' },
  { id: 'field-medical-station', name: 'Field Medical Station', faction: 'human-colonies', pv: 50, pvChapter5: 35, section: '§18.1', penalty: 'The defender may not return destroyed models as Reinforcements next battle.' },
  { id: 'forge-core-reactor', name: 'Forge-Core Reactor', faction: 'human-colonies', pv: 60, pvChapter5: 45, section: '§18.1', penalty: 'The attacker gains +1 Warp Flare at the start of each round next battle.' },
  { id: 'tactical-operations-bay', name: 'Tactical Operations Bay', faction: 'human-colonies', pv: 60, pvChapter5: 45, section: '§18.1', penalty: 'The defender loses the ability to win tied Initiative rolls next battle.' },
  { id: 'interface-node', name: 'Interface Node', faction: 'human-colonies', pv: 70, pvChapter5: 55, section: '§18.1', penalty: 'The defender suffers +10 to all SR Thresholds in Round 1 next battle.' },
  { id: 'data-archive', name: 'Data Archive', faction: 'human-colonies', pv: 70, pvChapter5: 55, section: '§18.1', penalty: 'The attacker chooses the battlefield layout for the next battle.' },
  { id: 'capital-command-spire', name: 'Capital Command Spire', faction: 'human-colonies', pv: 80, pvChapter5: 70, section: '§18.1', penalty: 'Losing this Position ends the Campaign immediately.' },
  { id: 'martian-outer-gate', name: 'Outer Gate', faction: 'martian-order', pv: 30, pvChapter5: 20, section: '§18.2', penalty: 'The defender loses 1 Reinforcement slot next battle.' },
  { id: 'supply-distribution-hub', name: 'Supply Distribution Hub', faction: 'martian-order', pv: 40, pvChapter5: 25, section: '§18.2', penalty: 'All Martian infantry begin Round 1 with -1 Wound Threshold.' },
  { id: 'habitat-sector', name: 'Habitat Sector', faction: 'martian-order', pv: 40, pvChapter5: 25, section: '§18.2', penalty: 'The defender suffers -10 to Initiative in the next battle.' },
  { id: 'hydroponic-reclamation-bay', name: 'Hydroponic Reclamation Bay', faction: 'martian-order', pv: 50, pvChapter5: 35, section: '§18.2', penalty: 'All Martian Beast units suffer +10 SR Threshold when attacking.' },
  { id: 'crystalline-nursery', name: 'Crystalline Nursery', faction: 'martian-order', pv: 50, pvChapter5: 35, section: '§18.2', penalty: 'Crystal weapons cannot apply Positive Critical Effects next battle.' },
  { id: 'arms-manufacturer', name: 'Arms Manufacturer', faction: 'martian-order', pv: 60, pvChapter5: 45, section: '§18.2', penalty: 'All Martian ranged weapons suffer +5 SR Threshold in Round 1.' },
  { id: 'bloodroot-hatchery', name: 'Bloodroot Hatchery', faction: 'martian-order', pv: 60, pvChapter5: 45, section: '§18.2', penalty: 'Martian melee units may not Rush during Round 1 next battle.' },
  { id: 'neural-mainframe', name: 'Neural Mainframe', faction: 'martian-order', pv: 70, pvChapter5: 55, section: '§18.2', penalty: 'The defender suffers +10 to all SR Thresholds in Round 1 next battle.' },
  { id: 'data-core-crystalline-field', name: 'Data Core Crystalline Field', faction: 'martian-order', pv: 70, pvChapter5: 55, section: '§18.2', penalty: 'The attacker chooses the battlefield layout for the next mission.' },
  { id: 'martian-command-citadel', name: 'Martian Command Citadel', faction: 'martian-order', pv: 80, pvChapter5: 70, section: '§18.2', penalty: 'Losing this Position ends the Campaign immediately.' },
]
