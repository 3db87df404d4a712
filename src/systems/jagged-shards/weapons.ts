// Jagged Shards weapon profiles, transcribed from the book (seeds/000_5a7ace75bcb40c85.txt).
// §17 prints full profiles (range, DAM, critical effects); §16 lists more weapons in the
// unit wargear lines with range and DAM only. Both are here; `profilePrinted` tells them apart.
// Ranges are the printed inches ("Range — Maximum distance the weapon may target", §17).

/** What a Critical Success does to *this* attack (§4.8, §11.1): the engine needs this for `effect`. */
export type CritSuccessEffect =
  | { readonly kind: 'ignore-wound-threshold' }
  | { readonly kind: 'damage-bonus'; readonly plus: number }
  | { readonly kind: 'damage-becomes'; readonly dam: number }
  // "ignore Cover" / "ignore Evade": redundant, a crit already ignores all modifiers (§4.8).
  | { readonly kind: 'ignore-cover' }
  | { readonly kind: 'ignore-evade' }
  // Only changes later attacks (debuffs, "next round" effects): damage resolves normally.
  | { readonly kind: 'after-effect' }
  // No profile printed (codex-only weapon): damage resolves normally (§4.8 "Resolve Damage afterward").
  | { readonly kind: 'none' }

export type WeaponType = 'ranged' | 'melee'

export type WeaponProfile = {
  readonly id: string
  /** As printed. */
  readonly name: string
  /** Where the profile is printed. */
  readonly section: string
  readonly type: WeaponType
  /** Thrown grenades: "Ranged (Thrown)", infantry only (§17.3). */
  readonly grenade: boolean
  readonly rangeInches: number
  readonly dam: number
  /** False for weapons named only in a §16 wargear line (no §17 entry, no critical effects). */
  readonly profilePrinted: boolean
  readonly critSuccess: { readonly text: string; readonly effect: CritSuccessEffect }
  readonly critFailure: { readonly text: string }
  /** A non-damage effect on a normal hit (Concussion Grenade). */
  readonly onHit?: string
  readonly note?: string
}

type Row = Omit<WeaponProfile, 'grenade' | 'profilePrinted'> & { grenade?: boolean; profilePrinted?: boolean }

function weapon(row: Row): WeaponProfile {
  return { grenade: false, profilePrinted: true, ...row }
}

const AFTER = { kind: 'after-effect' } as const

/** A codex-only weapon (§16 wargear line, "Name (R", DAM d)"); no critical effects printed. */
function codexWeapon(id: string, name: string, section: string, type: WeaponType, rangeInches: number, dam: number, note?: string): WeaponProfile {
  return {
    id,
    name,
    section,
    type,
    grenade: false,
    rangeInches,
    dam,
    profilePrinted: false,
    critSuccess: { text: '(no profile printed: auto-hit, damage resolves normally, §4.8)', effect: { kind: 'none' } },
    critFailure: { text: '(no profile printed: auto-miss, §4.8)' },
    ...(note === undefined ? {} : { note }),
  }
}

/** §17.1 Human Colonies weapons. */
const humanWeapons: readonly WeaponProfile[] = [
  weapon({
    id: 'ballistic-rifle', name: 'Ballistic Rifle', section: '§17.1', type: 'ranged', rangeInches: 20, dam: 1,
    critSuccess: { text: 'Shot finds a weak point — ignore Wounds Threshold.', effect: { kind: 'ignore-wound-threshold' } },
    critFailure: { text: 'Jam — the model may not shoot next round.' },
  }),
  weapon({
    id: 'precision-carbine', name: 'Precision Carbine', section: '§17.1', type: 'ranged', rangeInches: 18, dam: 1,
    critSuccess: { text: '+10 to SR Threshold on the next shot (improved aim).', effect: AFTER },
    critFailure: { text: 'Scope shimmer — attacker suffers +10 SR Threshold for their next attack.' },
    note: 'Carried by no unit in §16.',
  }),
  weapon({
    id: 'sniper-rifle', name: 'Sniper Rifle', section: '§17.1', type: 'ranged', rangeInches: 30, dam: 2,
    critSuccess: { text: 'Ignore all Cover for this attack.', effect: { kind: 'ignore-cover' } },
    critFailure: { text: 'Optics overload — attacker suffers –10 Evade next round.' },
    note: 'Carried by no unit in §16.',
  }),
  weapon({
    id: 'heavy-rotary-cannon', name: 'Heavy Rotary Cannon', section: '§17.1', type: 'ranged', rangeInches: 18, dam: 2,
    critSuccess: { text: 'Target suffers -10 Evade (suppressed) until end of round.', effect: AFTER },
    critFailure: { text: 'Overheat — may not shoot next round.' },
    note: 'Described as the Support Mech system, but the §16.1 Support Mech carries an Auto-Cannon (18", DAM 1): option supportMechGun.',
  }),
  weapon({
    id: 'hydraulic-fist', name: 'Hydraulic Fist', section: '§17.1', type: 'melee', rangeInches: 1, dam: 2,
    critSuccess: { text: '+1 DAM (total 3 DAM).', effect: { kind: 'damage-bonus', plus: 1 } },
    critFailure: { text: 'Hydraulic stall — cannot make melee attacks next round.' },
  }),
  weapon({
    id: 'power-blade', name: 'Power Blade', section: '§17.1', type: 'melee', rangeInches: 1, dam: 2,
    critSuccess: { text: '+1 DAM (3 total).', effect: { kind: 'damage-bonus', plus: 1 } },
    critFailure: { text: 'Power surge — the model cannot attack next round.' },
  }),
  weapon({
    id: 'officer-sidearm', name: 'Officer Sidearm', section: '§17.1', type: 'ranged', rangeInches: 6, dam: 1,
    critSuccess: { text: '+10 SR Threshold on next attack.', effect: AFTER },
    critFailure: { text: 'Jam — cannot fire next round.' },
    note: 'The §16.1 Command Officer lists it as "Sidearm (6", DAM 1)".',
  }),
  weapon({
    id: 'officer-saber', name: 'Officer Saber', section: '§17.1', type: 'melee', rangeInches: 1, dam: 1,
    critSuccess: { text: 'Ignore Evade.', effect: { kind: 'ignore-evade' } },
    critFailure: { text: 'Parry misread — attacker suffers +5 SR next round.' },
  }),
  weapon({
    id: 'walker-turret-cannon', name: 'Walker Turret Cannon', section: '§17.1', type: 'ranged', rangeInches: 16, dam: 1,
    critSuccess: { text: 'Turret locks perfectly — ignore Cover.', effect: { kind: 'ignore-cover' } },
    critFailure: { text: 'Targeting loop — turret cannot shoot next round.' },
    note: 'The §16.1 Walker Turret lists "Twin Auto-Las (16", DAM 1)": same numbers, "twin-linked" (option weaponAliases).',
  }),
  weapon({
    id: 'manipulator-claws', name: 'Manipulator Claws', section: '§17.1', type: 'melee', rangeInches: 1, dam: 1,
    critSuccess: { text: '+1 DAM', effect: { kind: 'damage-bonus', plus: 1 } },
    critFailure: { text: 'Jam — no melee attacks next round.' },
  }),
]

/** §17.2 Martian Order weapons. */
const martianWeapons: readonly WeaponProfile[] = [
  weapon({
    id: 'spine-thrower', name: 'Spine Thrower', section: '§17.2', type: 'ranged', rangeInches: 12, dam: 1,
    critSuccess: { text: 'Poison strike — target suffers -10 SR next round.', effect: AFTER },
    critFailure: { text: 'Clog — cannot fire next round.' },
    note: 'Carried by no unit in §16.',
  }),
  weapon({
    id: 'spine-spitter', name: 'Spine Spitter', section: '§17.2', type: 'ranged', rangeInches: 12, dam: 1,
    critSuccess: { text: 'Toxic burst — target suffers -10 SR next round.', effect: AFTER },
    critFailure: { text: 'Spit misfire — attacker cannot shoot next round.' },
  }),
  weapon({
    id: 'crystal-lance', name: 'Crystal Lance', section: '§17.2', type: 'ranged', rangeInches: 30, dam: 2,
    critSuccess: { text: '+1 DAM (3 total).', effect: { kind: 'damage-bonus', plus: 1 } },
    critFailure: { text: 'Shard backlash — attacker suffers -5 Evade next round.' },
  }),
  weapon({
    id: 'shard-bow', name: 'Shard Bow', section: '§17.2', type: 'ranged', rangeInches: 20, dam: 1,
    critSuccess: { text: 'Arrow splits mid-flight — ignore Wounds Threshold.', effect: { kind: 'ignore-wound-threshold' } },
    critFailure: { text: 'Bow resonance crack — may not shoot next round.' },
    note: 'Carried by no unit in §16.',
  }),
  weapon({
    id: 'rending-talons', name: 'Rending Talons', section: '§17.2', type: 'melee', rangeInches: 1, dam: 2,
    critSuccess: { text: '+1 DAM (3 total).', effect: { kind: 'damage-bonus', plus: 1 } },
    critFailure: { text: 'Overextension — suffer -1" Movement next round.' },
  }),
  weapon({
    id: 'stone-crush', name: 'Stone Crush', section: '§17.2', type: 'melee', rangeInches: 1, dam: 3,
    critSuccess: { text: 'Ignore Wounds Threshold entirely.', effect: { kind: 'ignore-wound-threshold' } },
    critFailure: { text: 'Momentum lock — cannot make melee attacks next round.' },
  }),
  weapon({
    id: 'elder-staff', name: 'Elder Staff', section: '§17.2', type: 'melee', rangeInches: 1, dam: 1,
    critSuccess: { text: 'Target suffers -10 SR next round.', effect: AFTER },
    critFailure: { text: 'Resonance feedback — attacker suffers -10 SR next round.' },
  }),
  weapon({
    id: 'rootblade', name: 'Rootblade', section: '§17.2', type: 'melee', rangeInches: 1, dam: 1,
    critSuccess: { text: '+1 DAM', effect: { kind: 'damage-bonus', plus: 1 } },
    critFailure: { text: 'Growth fracture — cannot attack next round.' },
  }),
]

/** §17.3 Grenades (infantry only). "Grenades do not modify SR Threshold but apply Cover normally." */
const grenades: readonly WeaponProfile[] = [
  weapon({
    id: 'fragmentation-grenade', name: 'Fragmentation Grenade', section: '§17.3', type: 'ranged', grenade: true, rangeInches: 8, dam: 1,
    critSuccess: { text: 'Shrapnel burst — DAM becomes 2.', effect: { kind: 'damage-becomes', dam: 2 } },
    critFailure: { text: 'Slip — attacker drops the grenade; may not attack next round.' },
  }),
  weapon({
    id: 'concussion-grenade', name: 'Concussion Grenade', section: '§17.3', type: 'ranged', grenade: true, rangeInches: 8, dam: 0,
    onHit: 'If SR Threshold is met → target suffers −10 Evade next round.',
    critSuccess: { text: 'Also inflicts −10 SR on the target.', effect: AFTER },
    critFailure: { text: 'Backblast — attacker suffers −5 Evade next round.' },
  }),
  weapon({
    id: 'incendiary-grenade', name: 'Incendiary Grenade', section: '§17.3', type: 'ranged', grenade: true, rangeInches: 8, dam: 1,
    critSuccess: { text: 'Ignites terrain — ignore Cover for this attack.', effect: { kind: 'ignore-cover' } },
    critFailure: { text: 'Fuse failure — the grenade fizzles harmlessly.' },
  }),
]

/** Weapons named only in §16 wargear lines (range and DAM as printed there, no §17 entry). */
const codexOnlyWeapons: readonly WeaponProfile[] = [
  codexWeapon('combat-knife', 'Combat Knife', '§16.1', 'melee', 1, 1),
  codexWeapon('burst-pistol', 'Burst Pistol', '§16.1', 'ranged', 10, 1),
  codexWeapon('toolblade', 'Toolblade', '§16.1', 'melee', 1, 1),
  codexWeapon('machine-cutter', 'Machine Cutter', '§16.1', 'melee', 1, 1),
  codexWeapon('arm-mounted-smg', 'Arm-Mounted SMG', '§16.1', 'ranged', 12, 1),
  codexWeapon('auto-cannon', 'Auto-Cannon', '§16.1', 'ranged', 18, 1,
    '§11.4.3 applies an "Auto-Cannon Critical Success effect" that §17 never prints; §17.4 says "Mech Weapons: DAM 2+".'),
  codexWeapon('wrist-carbine', 'Wrist Carbine', '§16.1', 'ranged', 12, 1),
  codexWeapon('sidearm', 'Sidearm', '§16.1', 'ranged', 6, 1, 'Same as the §17.1 Officer Sidearm (option weaponAliases).'),
  codexWeapon('twin-auto-las', 'Twin Auto-Las', '§16.1', 'ranged', 16, 1, 'Same numbers as the §17.1 Walker Turret Cannon (option weaponAliases).'),
  codexWeapon('shock-baton', 'Shock Baton', '§16.1', 'melee', 1, 1),
  codexWeapon('fang-claws', 'Fang Claws', '§16.2', 'melee', 1, 1),
  codexWeapon('crystal-shard-dagger', 'Crystal Shard Dagger', '§16.2', 'melee', 1, 1),
  codexWeapon('bark-hammer', 'Bark-Hammer', '§16.2', 'melee', 1, 2),
  codexWeapon('spore-lance', 'Spore-Lance', '§16.2', 'ranged', 10, 1),
]

export const WEAPONS: readonly WeaponProfile[] = [...humanWeapons, ...martianWeapons, ...grenades, ...codexOnlyWeapons]

/** Grenade types an infantry model may carry (§1.6, §16). Spore Pods "counts as grenades" but has no profile (option sporePodsAs). */
export const GRENADE_IDS = ['fragmentation-grenade', 'concussion-grenade', 'incendiary-grenade'] as const
export type GrenadeId = (typeof GRENADE_IDS)[number]

/** Codex names that stand for a §17 profile when option weaponAliases is on. */
export const WEAPON_ALIASES: Readonly<Record<string, string>> = {
  sidearm: 'officer-sidearm',
  'twin-auto-las': 'walker-turret-cannon',
}

const byId = new Map(WEAPONS.map((w) => [w.id, w]))

export function findWeapon(id: string): WeaponProfile | undefined {
  return byId.get(id)
}
