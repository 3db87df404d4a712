// How each book arms its models, as catalogue data the setup reads (issue 31: "every game's army able
// to rule"): a profile's printed loadout stays its `weapons`; where the book lets the player choose
// (Cadence games pick from named weapon lists, Devil's Bluff buys, the generic skirmish takes any of
// its armory), `arming` says from what, quoting the book with its section; where the book leaves a
// characteristic to the player (Skrapyard's F, S, A, D; the Cadence core's whole profile),
// `playerStats` (and `playerWeapon`) say which, with the book's range. Additive fields on a
// catalogue profile (ProfileEntry allows them): no rule handler reads them. A shared module: every
// ruleset may import it.
import type { ProfileEntry, RuleSystem } from '../engine/index.ts'

export type ProfileArming = {
  /** Where the book says how this profile is armed (as the book is cited). */
  section: string
  /** What it says, as printed (abridged only where marked). */
  quote: string
  /** The book's weapon lists the profile chooses from (matched to a weapon's `list`, within the profile's army). */
  lists?: readonly string[]
  /** Weapon ids it may take besides the lists. */
  weapons?: readonly string[]
  /** Without a weapon it cannot attack: the setup asks for one. */
  required?: boolean
}

/** A number the book leaves to the player, with the book's bounds. */
export type PlayerStat = { key: string; name: string; min: number; max: number; section: string; /** shown after the value: '"', '+' */ suffix?: string }

/** A profile entry with the arming fields (what the setup reads). */
export type ArmedProfile = ProfileEntry & { arming?: ProfileArming; playerStats?: readonly PlayerStat[]; playerWeapon?: readonly PlayerStat[] }

export type ArmingRow = {
  /** Profile ids as printed (kebab-case); applied to the plain id and to every "army/…" alias of it. */
  profiles: readonly string[]
  /** The army the rows belong to, where two armies print the same name. */
  army?: string
  arming?: ProfileArming
  /** The loadout the book gives (replaces the profile's `weapons`). */
  weapons?: readonly string[]
  playerStats?: readonly PlayerStat[]
  playerWeapon?: readonly PlayerStat[]
}

/** The ruleset with each row's arming put on its profiles (a copy; the catalogue's other entries untouched). */
export function withArming(system: RuleSystem, rows: readonly ArmingRow[]): RuleSystem {
  const profiles: Record<string, ArmedProfile> = { ...system.catalogue.profiles }
  for (const row of rows) {
    let hit = false
    for (const [key, p] of Object.entries(profiles)) {
      const id = key.slice(key.lastIndexOf('/') + 1)
      if (!row.profiles.includes(id)) continue
      if (row.army !== undefined && p.army !== row.army) continue
      hit = true
      profiles[key] = {
        ...p,
        ...(row.arming ? { arming: row.arming } : {}),
        ...(row.weapons ? { weapons: row.weapons } : {}),
        ...(row.playerStats ? { playerStats: row.playerStats } : {}),
        ...(row.playerWeapon ? { playerWeapon: row.playerWeapon } : {}),
      }
    }
    // A row naming no profile is a transcription slip: fail at load, not at the table.
    if (!hit) throw new Error(`${system.id}: arming names no profile (${row.army ? `${row.army}: ` : ''}${row.profiles.join(', ')})`)
  }
  return { ...system, catalogue: { ...system.catalogue, profiles } }
}
