// Iron Line catalogue: the unit roster, footprint classes, keyword costs and EW suites,
// transcribed from Operator Tactics Field Manual Vol. IV, Part II (§10–§24).
// Citations: § = the book's chapter number, L### = line in seeds/003_2bd7d9481ff75561.txt.
// Lengths in the book: footprints in mm (§13 L1299), everything else in inches.

export type Order = 'close' | 'loose' | 'free'
export type AttacksStat = 'none' | 'weak' | 'strong' | 'monstrous'
export type DefenceStat = 'none' | 'weak' | 'strong'
export type FootprintClass = 'wide' | 'narrow' | 'horde'

/** A keyword on a unit; `value` for incrementing keywords such as Ranged (24) or Hero (+2). */
export type UnitKeyword = { readonly id: string; readonly value?: number }

export type UnitProfile = {
  readonly id: string
  /** As printed. */
  readonly name: string
  readonly section: string
  readonly line: string
  /** Speed: movement points per Movement Activation; null for the Artillery Rig's printed "—". */
  readonly speed: number | null
  readonly order: Order
  readonly attacks: AttacksStat
  readonly defence: DefenceStat
  readonly strikes: number
  readonly integrity: number
  readonly keywords: readonly UnitKeyword[]
  readonly footprint: FootprintClass
  /** Keyword Cost Multiplier (×1 or ×2). */
  readonly kcm: 1 | 2
  readonly points: number
  /** What the book prints for points when it differs from `points` (truncated roster cells). */
  readonly pointsAsPrinted?: string
  readonly note?: string
}

/** §13 L1299–1304: footprint width (frontage) and depth ranges in mm. */
export type FootprintClassProfile = {
  readonly id: FootprintClass
  readonly name: string
  readonly section: string
  readonly line: string
  readonly widthMinMm: number
  readonly widthMaxMm: number
  readonly depthMinMm: number
  readonly depthMaxMm: number
  readonly examples: string
}

export const FOOTPRINT_CLASSES: Readonly<Record<FootprintClass, FootprintClassProfile>> = {
  wide: { id: 'wide', name: 'Wide', section: '§13', line: 'L1302', widthMinMm: 100, widthMaxMm: 200, depthMinMm: 40, depthMaxMm: 150, examples: 'Drone swarms, gun lines' },
  narrow: { id: 'narrow', name: 'Narrow', section: '§13', line: 'L1303', widthMinMm: 40, widthMaxMm: 100, depthMinMm: 40, depthMaxMm: 150, examples: 'Walkers, gun platforms' },
  horde: { id: 'horde', name: 'Horde', section: '§13', line: 'L1304', widthMinMm: 150, widthMaxMm: 200, depthMinMm: 100, depthMaxMm: 200, examples: 'Mass drone formations' },
}

const kw = (id: string, value?: number): UnitKeyword => (value === undefined ? { id } : { id, value })

/** §13 L1312–1327 unit roster, plus the §24 Operator Splice (L2127–2135). Strikes and Integrity are 10 throughout. */
export const UNITS: readonly UnitProfile[] = [
  { id: 'drone-infantry', name: 'Drone Infantry', section: '§13', line: 'L1315', speed: 8, order: 'close', attacks: 'none', defence: 'none', strikes: 10, integrity: 10, keywords: [kw('infantry')], footprint: 'wide', kcm: 1, points: 300 },
  { id: 'drone-skirmishers', name: 'Drone Skirmishers', section: '§13', line: 'L1316', speed: 8, order: 'loose', attacks: 'weak', defence: 'none', strikes: 10, integrity: 10, keywords: [kw('infantry'), kw('ranged', 24)], footprint: 'wide', kcm: 1, points: 300 },
  { id: 'armored-infantry', name: 'Armored Infantry', section: '§13', line: 'L1317', speed: 8, order: 'close', attacks: 'none', defence: 'strong', strikes: 10, integrity: 10, keywords: [kw('infantry'), kw('hardened', 1)], footprint: 'wide', kcm: 1, points: 350 },
  { id: 'heavy-platform', name: 'Heavy Platform', section: '§13', line: 'L1318', speed: 10, order: 'close', attacks: 'strong', defence: 'strong', strikes: 10, integrity: 10, keywords: [kw('infantry'), kw('autonomous')], footprint: 'wide', kcm: 2, points: 400 },
  { id: 'scout-swarm', name: 'Scout Swarm', section: '§13', line: 'L1319', speed: 14, order: 'loose', attacks: 'none', defence: 'none', strikes: 10, integrity: 10, keywords: [kw('nimble'), kw('ranged', 8)], footprint: 'wide', kcm: 2, points: 350 },
  { id: 'assault-walker', name: 'Assault Walker', section: '§13', line: 'L1320', speed: 12, order: 'close', attacks: 'strong', defence: 'strong', strikes: 10, integrity: 10, keywords: [kw('devastating-charge')], footprint: 'wide', kcm: 2, points: 450 },
  { id: 'strike-vehicle', name: 'Strike Vehicle', section: '§13', line: 'L1321', speed: 10, order: 'free', attacks: 'strong', defence: 'none', strikes: 10, integrity: 10, keywords: [kw('fragile'), kw('devastating-charge')], footprint: 'narrow', kcm: 1, points: 350 },
  { id: 'gun-platform', name: 'Gun Platform', section: '§13', line: 'L1322', speed: 6, order: 'free', attacks: 'none', defence: 'none', strikes: 10, integrity: 10, keywords: [kw('large'), kw('ranged', 36)], footprint: 'narrow', kcm: 2, points: 250 },
  { id: 'siege-walker', name: 'Siege Walker', section: '§13', line: 'L1323', speed: 10, order: 'free', attacks: 'monstrous', defence: 'strong', strikes: 10, integrity: 10, keywords: [kw('large'), kw('autonomous')], footprint: 'narrow', kcm: 2, points: 600 },
  {
    id: 'beast-mech', name: 'Beast-Mech', section: '§13', line: 'L1326', speed: 12, order: 'loose', attacks: 'none', defence: 'weak', strikes: 10, integrity: 10, keywords: [kw('nimble'), kw('autonomous')], footprint: 'wide', kcm: 1,
    points: 200, pointsAsPrinted: '2',
    note: 'Roster cell truncated to "2"; 200 from the §21 SCA list "4× Beast-Mech (200 ea = 800)" (L1930).',
  },
  {
    id: 'artillery-rig', name: 'Artillery Rig', section: '§13', line: 'L1327', speed: null, order: 'free', attacks: 'strong', defence: 'weak', strikes: 10, integrity: 10, keywords: [kw('immobile'), kw('ranged', 48), kw('fragile')], footprint: 'narrow', kcm: 2,
    points: 400, pointsAsPrinted: '4',
    note: 'Roster cell truncated to "4"; 400 from the v1.1 changelog "Cost raised 350 → 400" (L2547). May only buy Self-Destructive, Short-Ranged, Degraded, Clumsy (+2) (L1355).',
  },
  {
    id: 'operator-splice', name: 'Operator Splice', section: '§24', line: 'L2127', speed: 10, order: 'loose', attacks: 'strong', defence: 'strong', strikes: 10, integrity: 10,
    keywords: [kw('nimble'), kw('elite'), kw('sneaky'), kw('hero', 2), kw('narrow-footprint')], footprint: 'narrow', kcm: 2, points: 800,
  },
]

export type KeywordType = 'strength' | 'weakness' | 'chassis' | 'categorical'

export type KeywordProfile = {
  readonly id: string
  readonly name: string
  readonly type: KeywordType
  readonly reserved: boolean
  /** Cost per purchase as printed in §14 (before KCM); null when not purchasable or not priced. */
  readonly cost: number | null
  /** The value bought with one purchase for incrementing keywords, e.g. Ranged (+12), Swift (+2). */
  readonly step?: number
  readonly section: string
  readonly line: string
  readonly effect: string
}

const k = (id: string, name: string, type: KeywordType, cost: number | null, line: string, effect: string, extra: { reserved?: boolean; step?: number } = {}): KeywordProfile => ({
  id, name, type, reserved: extra.reserved ?? false, cost, ...(extra.step === undefined ? {} : { step: extra.step }), section: '§23', line, effect,
})

/** §14 L1378–1397 costs, §23 L2025–2086 effects. */
export const KEYWORDS: readonly KeywordProfile[] = [
  k('hardened', 'Hardened', 'strength', 75, 'L2031', 'When receiving Strain from a combat attack, ignore the first x Strain (also printed as Armored [x]).', { step: 1 }),
  k('armored', 'Armored', 'strength', null, 'L2031', 'Same rule as Hardened; not priced separately.'),
  k('autonomous', 'Autonomous', 'weakness', -25, 'L2032', 'No Chassis and no friendly Chassis within 4" at the start of its Movement Activation: Berserk + Unruly until end of round.'),
  k('berserk', 'Berserk', 'weakness', -25, 'L2033', 'Must move towards the nearest enemy; failing that, D1 Strain.'),
  k('bloodthirsty', 'Bloodthirsty', 'strength', 50, 'L2034', 'Free reform after destroying an enemy in Combat.'),
  k('broken', 'Broken', 'weakness', null, 'L2035', 'Causes cascade failure in the Scrap Phase and is removed.', { reserved: true }),
  k('brutal', 'Brutal', 'strength', 125, 'L2036', 'A natural 6 on an attack die counts as 2 hits.'),
  k('clumsy', 'Clumsy', 'weakness', -25, 'L2037', "This unit's shooting Target Number is increased by x.", { step: 2 }),
  k('command', 'Command', 'strength', null, 'L2038', 'All friendly units within 8" (including itself, §21 L1870) gain Integrity (+x).', { reserved: true }),
  k('cowardly', 'Cowardly', 'weakness', -25, 'L2039', 'May not advance towards the nearest enemy.'),
  k('cover', 'Cover', 'strength', null, 'L2040', 'When targeted by a shooting attack, the attacker increases its Target Number by 1 (max 6).', { reserved: true }),
  k('critical-hits', 'Critical Hits', 'strength', 50, 'L2043', 'A natural 6 in combat ignores the target\'s Hardened.'),
  k('degraded', 'Degraded', 'weakness', -50, 'L2044', 'Start of Movement Activation: +1 Strain.'),
  k('deadly-shots', 'Deadly Shots', 'strength', 100, 'L2045', 'Natural-6 shooting hits inflict 2 Strain; the second bypasses Implacable but not Hardened.'),
  k('despised', 'Despised', 'strength', 25, 'L2046', 'Enemies engaged with it may not disengage.'),
  k('devastating-charge', 'Devastating Charge', 'strength', 50, 'L2047', 'Advanced 6"+ this round: combat Target Number −1 (min 2) until end of round.'),
  k('distracted', 'Distracted', 'weakness', null, 'L2048', 'May not end a manoeuvre engaged with a unit.', { reserved: true }),
  k('elite', 'Elite', 'strength', 100, 'L2049', 'May re-roll one attack die per attack.'),
  k('fearless', 'Fearless', 'strength', null, 'L2050', 'Ignores cascade failure. Not in the §14 cost table.'),
  k('flying', 'Flying', 'strength', 100, 'L2051', 'May move over units and terrain except Impassable; may not end overlapping a unit.'),
  k('fragile', 'Fragile', 'weakness', -50, 'L2052', 'Broken when Strain ≥ half its Integrity, rounded up.'),
  k('hero', 'Hero', 'chassis', 50, 'L2053', 'Gains Strikes (+x). Hero (+1) 50, Hero (+2) 100 (§14 L1385–1386).', { step: 1 }),
  k('hollow', 'Hollow', 'weakness', -25, 'L2054', 'May not benefit from Command.'),
  k('horde', 'Horde', 'strength', 100, 'L2055', 'Gains the Horde footprint.'),
  k('immobile', 'Immobile', 'weakness', null, 'L2056', 'May not be activated in the Movement Phase.', { reserved: true }),
  k('implacable', 'Implacable', 'strength', 50, 'L2059', 'Ignore shooting hits that would push it above 5 Strain from that single attacker\'s activation.'),
  k('infantry', 'Infantry', 'categorical', null, 'L2060', 'Infantry-class marker.'),
  k('large', 'Large', 'strength', 25, 'L2061', 'Intervening units or terrain may be ignored for LoS unless also Large.'),
  k('merciless', 'Merciless', 'strength', 75, 'L2062', 'Target Number −1 (min 2) against a Broken enemy.'),
  k('narrow-footprint', 'Narrow Footprint', 'strength', 25, 'L2063', 'Uses the Narrow footprint dimensions.'),
  k('nimble', 'Nimble', 'strength', 75, 'L2064', 'May reform for 2 movement points.'),
  k('outmanoeuvred', 'Outmanoeuvred', 'weakness', null, 'L2065', 'Integrity (−1) per enemy unit engaged with its flank or rear.', { reserved: true }),
  k('ranged', 'Ranged', 'strength', 75, 'L2066', 'May make shooting attacks up to x inches.', { step: 12 }),
  k('relay', 'Relay', 'strength', 200, 'L2067', 'May broadcast EW; +1 Signal per round.'),
  k('self-destructive', 'Self-Destructive', 'weakness', -25, 'L2068', 'Start of each round: +1 Strain.'),
  k('shoot-into-combat', 'Shoot Into Combat', 'strength', 50, 'L2069', 'May shoot engaged enemies.'),
  k('short-ranged', 'Short-Ranged', 'weakness', -25, 'L2070', 'Ranged value halved, rounding down.'),
  k('slow', 'Slow', 'weakness', -25, 'L2071', 'Speed reduced by x.', { step: 2 }),
  k('sneaky', 'Sneaky', 'strength', 50, 'L2072', 'From round 2 placed anywhere more than 8" from any enemy, gaining Distracted.'),
  k('stubborn', 'Stubborn', 'strength', 50, 'L2073', 'May not be moved by enemy abilities or forced movement.'),
  k('swift', 'Swift', 'strength', 50, 'L2074', 'Speed increased by x.', { step: 2 }),
  k('terrifying', 'Terrifying', 'strength', 50, 'L2077', 'Engaged enemies starting their Movement Activation roll 2D6 over current Strain or gain Distracted.'),
  k('trample', 'Trample', 'strength', null, 'L2078', 'Advancing through a unit with fewer Strikes gives it 1 Strain. Not in the cost table.'),
  k('unruly', 'Unruly', 'weakness', -50, 'L2079', 'May not be activated in the Shooting Phase.'),
  k('wide-footprint', 'Wide Footprint', 'weakness', -50, 'L2080', 'Uses the Wide footprint dimensions.'),
  k('wild', 'Wild', 'weakness', null, 'L2081', 'Same text as Autonomous. Not in the cost table.'),
  k('objective', 'Objective', 'categorical', null, 'L2085', 'May not be activated; may be targeted; used in victory conditions.', { reserved: true }),
  k('reinforcements', 'Reinforcements', 'categorical', null, 'L2086', 'From round 2 deploy within own zone, gaining Distracted; auto-deployed at start of round 4.', { reserved: true }),
  k('commander', 'Commander', 'strength', 0, 'L1866', 'Command (+1) and Hero (+2); exactly one per army (§21).'),
  k('relay-beacon', 'Relay Beacon', 'strength', 0, 'L1872', 'Command (+1) and Hero (+1); exactly one per army (§21).'),
]

export type EwKind = 'pulse' | 'hack' | 'surge'

export type EwAbility = {
  readonly id: string
  readonly name: string
  readonly suite: string
  readonly kind: EwKind
  readonly signalCost: number
  /** Range from the Relay in inches; null where the book gives none (Solar Lance). */
  readonly rangeInches: number | null
  /** Radius of a Surge's area or a placed marker's effect, inches. */
  readonly areaInches?: number
  readonly targets: 'any' | 'friendly' | 'enemy' | 'all-enemies-in-range' | 'all-friendlies-in-range' | 'all-units-in-range' | 'marker'
  readonly needsLineOfSight: boolean
  readonly section: string
  readonly line: string
  readonly effect: string
}

const ew = (a: Omit<EwAbility, 'section' | 'needsLineOfSight'>): EwAbility => ({
  ...a, section: '§17',
  // "Pulses and Hacks require line of sight. Surges affect every unit in range regardless of LoS." (§17 L1605)
  needsLineOfSight: a.kind !== 'surge',
})

/** §17 L1613–1624. */
export const EW_ABILITIES: readonly EwAbility[] = [
  ew({ id: 'targeting-lock', name: 'Targeting Lock', suite: 'overwatch', kind: 'pulse', signalCost: 2, rangeInches: 18, targets: 'any', line: 'L1616', effect: 'Target gains Clumsy (+D6) until end of round.' }),
  ew({ id: 'predictive-armor', name: 'Predictive Armor', suite: 'overwatch', kind: 'hack', signalCost: 4, rangeInches: 18, targets: 'friendly', line: 'L1616', effect: 'Hardened (+1) and Swift (+4) until end of round.' }),
  ew({ id: 'killzone-designation', name: 'Killzone Designation', suite: 'overwatch', kind: 'surge', signalCost: 6, rangeInches: 12, targets: 'all-enemies-in-range', line: 'L1616', effect: 'Each enemy within 12" rolls 2D6 over Strain + 2 or takes 1 Strain.' }),
  ew({ id: 'spore-shroud', name: 'Spore Shroud', suite: 'ghostwire', kind: 'pulse', signalCost: 2, rangeInches: 18, targets: 'any', line: 'L1617', effect: 'Unengaged target removed, gains Sneaky, returns next round.' }),
  ew({ id: 'root-hack', name: 'Root Hack', suite: 'ghostwire', kind: 'hack', signalCost: 4, rangeInches: 18, targets: 'friendly', line: 'L1617', effect: 'Transfer one Chassis-type keyword from the friendly target to any friendly within 18".' }),
  ew({ id: 'bloom-drift', name: 'Bloom Drift', suite: 'ghostwire', kind: 'surge', signalCost: 6, rangeInches: 18, areaInches: 6, targets: 'marker', line: 'L1617', effect: 'Void marker within 18"; within 6" of it is Perilous.' }),
  ew({ id: 'jamming-pulse', name: 'Jamming Pulse', suite: 'iron-curtain', kind: 'pulse', signalCost: 3, rangeInches: 18, targets: 'any', line: 'L1618', effect: 'Fragile and Brutal until end of round; Fragile is prospective only.' }),
  ew({ id: 'override-protocol', name: 'Override Protocol', suite: 'iron-curtain', kind: 'hack', signalCost: 4, rangeInches: 18, targets: 'friendly', line: 'L1618', effect: 'Friendly unbroken target discards D6 Strain.' }),
  ew({ id: 'dead-zone', name: 'Dead Zone', suite: 'iron-curtain', kind: 'surge', signalCost: 6, rangeInches: 18, targets: 'all-enemies-in-range', line: 'L1618', effect: 'All enemies within 18" gain Cowardly until end of round.' }),
  ew({ id: 'heat-spike', name: 'Heat Spike', suite: 'burning-glass', kind: 'pulse', signalCost: 2, rangeInches: 12, targets: 'any', line: 'L1619', effect: 'Devastating Charge and Swift (+4) until end of round.' }),
  ew({ id: 'directed-energy', name: 'Directed Energy', suite: 'burning-glass', kind: 'hack', signalCost: 4, rangeInches: 12, targets: 'friendly', line: 'L1619', effect: 'Hardened (+2) and immune to enemy EW until end of round.' }),
  ew({ id: 'solar-lance', name: 'Solar Lance', suite: 'burning-glass', kind: 'surge', signalCost: 6, rangeInches: null, targets: 'friendly', line: 'L1619', effect: 'Friendly gains Flying and Swift (+6). The book prints no range.' }),
  ew({ id: 'firmware-worm', name: 'Firmware Worm', suite: 'null-signal', kind: 'pulse', signalCost: 2, rangeInches: 18, targets: 'enemy', line: 'L1620', effect: 'Autonomous until end of round; Berserk if already Autonomous.' }),
  ew({ id: 'ghost-in-the-machine', name: 'Ghost in the Machine', suite: 'null-signal', kind: 'hack', signalCost: 4, rangeInches: 18, areaInches: 4, targets: 'enemy', line: 'L1620', effect: 'Target must assign at least 3 combat dice to a friendly of your choice within 4".' }),
  ew({ id: 'total-override', name: 'Total Override', suite: 'null-signal', kind: 'surge', signalCost: 6, rangeInches: 18, targets: 'all-friendlies-in-range', line: 'L1620', effect: 'All friendlies within 18" gain Integrity (+1) until end of round.' }),
  ew({ id: 'signal-boost', name: 'Signal Boost', suite: 'open-source', kind: 'pulse', signalCost: 2, rangeInches: 18, targets: 'any', line: 'L1623', effect: 'Hero (+2) until end of round.' }),
  ew({ id: 'countermeasure', name: 'Countermeasure', suite: 'black-market', kind: 'hack', signalCost: 4, rangeInches: 12, areaInches: 8, targets: 'friendly', line: 'L1624', effect: 'When targeted by enemy EW, redirect to a unit within 8".' }),
  ew({ id: 'broadband-scream', name: 'Broadband Scream', suite: 'black-market', kind: 'surge', signalCost: 6, rangeInches: 12, targets: 'all-units-in-range', line: 'L1624', effect: 'Every unit within 12", friend and foe, gains Self-Destructive.' }),
]

/** §21 L1868–1874: the two required keywords and the commander upgrades with a radius. */
export type CommanderUpgrade = { readonly id: string; readonly name: string; readonly section: string; readonly line: string; readonly radiusInches: number | null; readonly effect: string }

export const COMMANDER_UPGRADES: readonly CommanderUpgrade[] = [
  { id: 'the-predator-protocol', name: 'The Predator Protocol', section: '§21', line: 'L1881', radiusInches: 8, effect: 'Brutal. War Cry: a friendly within 8" makes a free attack once per game.' },
  { id: 'the-architect-algorithm', name: 'The Architect Algorithm', section: '§21', line: 'L1882', radiusInches: 12, effect: 'Relay; two suites. System Tax: 1 Strain on a friendly within 12". Processing Overload 4/5 (R1–3), 2/3 (R4+).' },
  { id: 'the-ghost-network', name: 'The Ghost Network', section: '§21', line: 'L1885', radiusInches: 24, effect: 'Sneaky. Hidden Paths: up to three friendlies within 24" gain Flying once per game.' },
  { id: 'the-iron-throne', name: 'The Iron Throne', section: '§21', line: 'L1886', radiusInches: 12, effect: 'Swift (+4). Rapid Redeployment: unengaged friendlies within 12" get a second Movement Phase once per game.' },
  { id: 'the-scrapyard-mind', name: 'The Scrapyard Mind', section: '§21', line: 'L1887', radiusInches: 4, effect: 'Salvage Engine: friendlies within 4" ignore Broken once. Jury-Rigged: enemies within 4" gain Cowardly.' },
  { id: 'the-hive-clock', name: 'The Hive Clock', section: '§21', line: 'L1888', radiusInches: null, effect: 'Time Compression; Desynchronization.' },
]

/** A unit entry in a §21 sample list: the printed per-unit cost is kept to test it against the §14 rules. */
export type SampleListEntry = { readonly count: number; readonly unit: string; readonly keywords: readonly UnitKeyword[]; readonly printedEach: number }
export type SampleList = { readonly id: string; readonly name: string; readonly section: string; readonly line: string; readonly limit: number; readonly entries: readonly SampleListEntry[] }

export const SAMPLE_LISTS: readonly SampleList[] = [
  { id: 'naf-adaptive-strike-force', name: 'NAF Adaptive Strike Force', section: '§21', line: 'L1894', limit: 3000, entries: [
    { count: 3, unit: 'drone-infantry', keywords: [], printedEach: 300 },
    { count: 2, unit: 'drone-skirmishers', keywords: [kw('deadly-shots')], printedEach: 400 },
    { count: 1, unit: 'assault-walker', keywords: [kw('elite')], printedEach: 550 },
    { count: 1, unit: 'scout-swarm', keywords: [kw('swift', 2)], printedEach: 450 },
    { count: 1, unit: 'artillery-rig', keywords: [], printedEach: 400 },
  ] },
  { id: 'eo-armored-advance', name: 'EO Armored Advance', section: '§21', line: 'L1910', limit: 3000, entries: [
    { count: 2, unit: 'armored-infantry', keywords: [], printedEach: 350 },
    { count: 2, unit: 'heavy-platform', keywords: [], printedEach: 400 },
    { count: 1, unit: 'siege-walker', keywords: [], printedEach: 600 },
    { count: 1, unit: 'gun-platform', keywords: [kw('hardened', 1)], printedEach: 400 },
    { count: 1, unit: 'drone-infantry', keywords: [], printedEach: 300 },
  ] },
  { id: 'sca-bio-mechanical-swarm', name: 'SCA Bio-Mechanical Swarm', section: '§21', line: 'L1926', limit: 3000, entries: [
    { count: 4, unit: 'beast-mech', keywords: [], printedEach: 200 },
    { count: 2, unit: 'drone-infantry', keywords: [kw('autonomous')], printedEach: 275 },
    { count: 2, unit: 'scout-swarm', keywords: [], printedEach: 350 },
    { count: 1, unit: 'siege-walker', keywords: [kw('terrifying')], printedEach: 700 },
  ] },
  { id: 'pcu-desert-strike', name: 'PCU Desert Strike', section: '§21', line: 'L1940', limit: 3000, entries: [
    { count: 2, unit: 'strike-vehicle', keywords: [kw('swift', 2)], printedEach: 400 },
    { count: 2, unit: 'drone-skirmishers', keywords: [], printedEach: 300 },
    { count: 1, unit: 'assault-walker', keywords: [kw('brutal')], printedEach: 700 },
    { count: 1, unit: 'artillery-rig', keywords: [kw('short-ranged')], printedEach: 375 },
    { count: 2, unit: 'drone-infantry', keywords: [], printedEach: 300 },
  ] },
]

export type TerrainKeyword = 'blocking' | 'impassable' | 'rough' | 'perilous' | 'grim' | 'obscuring' | 'large' | 'fortified'

/** §16 L1503–1517 terrain keywords (Fortified from the Cover Modifiers paragraph, "agree at setup"). */
export const TERRAIN_KEYWORDS: Readonly<Record<TerrainKeyword, { readonly name: string; readonly section: string; readonly line: string; readonly effect: string }>> = {
  blocking: { name: 'Blocking', section: '§16', line: 'L1507', effect: 'Line of sight cannot be drawn through it.' },
  impassable: { name: 'Impassable', section: '§16', line: 'L1508', effect: 'Units may never move onto it.' },
  rough: { name: 'Rough', section: '§16', line: 'L1509', effect: 'Doubled movement cost; Loose ignores; Close and Free gain Distracted.' },
  perilous: { name: 'Perilous', section: '§16', line: 'L1510', effect: 'One TN 4+ attack per movement point spent in it.' },
  grim: { name: 'Grim', section: '§16', line: 'L1511', effect: 'Counts as a friendly Broken unit for cascade in the Scrap Phase.' },
  obscuring: { name: 'Obscuring', section: '§16', line: 'L1512', effect: 'Units wholly or partly behind it gain Cover.' },
  large: { name: 'Large', section: '§16', line: 'L1513', effect: 'Units touching it gain Large.' },
  fortified: { name: 'Fortified', section: '§16', line: 'L1517', effect: 'A unit inside it raises the attacker\'s Target Number by 2.' },
}

/** §18 L1638–1652 victory conditions (2D6), with the geometry each states. */
export type VictoryCondition = { readonly id: string; readonly name: string; readonly roll: readonly number[]; readonly section: string; readonly line: string; readonly geometry: string }

export const VICTORY_CONDITIONS: readonly VictoryCondition[] = [
  { id: 'signal-dominance', name: 'Signal Dominance', roll: [2, 3], section: '§18', line: 'L1643', geometry: '3 markers on the centerline: midpoint and two 18" out; each moves 2D6" toward the higher roller\'s zone; units within 8" score at end of turns 4 and 5.' },
  { id: 'deep-extraction', name: 'Deep Extraction', roll: [4], section: '§18', line: 'L1644', geometry: '3 markers per player in the opposing half, each >16" from any other; remove within 4" with no unbroken enemy within 8".' },
  { id: 'scorched-perimeter', name: 'Scorched Perimeter', roll: [5], section: '§18', line: 'L1645', geometry: 'Attacker wins with an unbroken unit fully within the Defender\'s zone; Defender breakpoint +2.' },
  { id: 'kill-ratio', name: 'Kill Ratio', roll: [6, 7], section: '§18', line: 'L1646', geometry: 'None.' },
  { id: 'decapitation-strike', name: 'Decapitation Strike', roll: [8], section: '§18', line: 'L1647', geometry: 'None.' },
  { id: 'wreckage-rights', name: 'Wreckage Rights', roll: [9], section: '§18', line: 'L1648', geometry: '3 Grim markers on the centerline: midpoint and 15" out each way; most unbroken units within 12" scores.' },
  { id: 'burn-the-relay', name: 'Burn the Relay', roll: [10], section: '§18', line: 'L1651', geometry: '3 Defender Gun Platforms (Immobile, Objective) within 12" of the centerline.' },
  { id: 'desperate-raid', name: 'Desperate Raid', roll: [11, 12], section: '§18', line: 'L1652', geometry: '3 markers in the Defender\'s zone; Attacker Commander or Relay Beacon within 4" scores.' },
]

export function findUnitProfile(id: string): UnitProfile | undefined {
  return UNITS.find((u) => u.id === id)
}

export function findKeyword(id: string): KeywordProfile | undefined {
  return KEYWORDS.find((x) => x.id === id)
}

export function findEwAbility(id: string): EwAbility | undefined {
  return EW_ABILITIES.find((a) => a.id === id)
}
