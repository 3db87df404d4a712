// The codex and weapon tables in the engine's catalogue shape (profiles and weapons by id).
// A profile's default weapons are its wargear plus its default grenade (§1.6: infantry choose one
// grenade type for free); stats keep the book's names (see catalogue.ts UnitStats).
import type { Catalogue, ProfileEntry, WeaponEntry } from '../../engine/index.ts'
import { UNITS } from './catalogue.ts'
import { WEAPONS } from './weapons.ts'

/** Spore Pods: "counts as grenades" (§16.2) with no profile; resolved through option sporePodsAs. */
export const SPORE_PODS_ID = 'spore-pods'

const profiles: Record<string, ProfileEntry> = {}
for (const u of UNITS) {
  const grenade = u.grenades?.default ?? null
  profiles[u.id] = {
    name: u.name,
    section: u.section,
    faction: u.faction,
    stats: { ...u.stats },
    weapons: grenade ? [...u.wargear, grenade] : [...u.wargear],
    keywords: [...u.keywords, u.faction],
    grenadeChoices: u.grenades?.choices ?? [],
    abilities: u.abilities.map((a) => a.id),
    modelLimit: u.modelLimit,
  }
}

const weapons: Record<string, WeaponEntry> = {}
for (const w of WEAPONS) weapons[w.id] = { ...w }
weapons[SPORE_PODS_ID] = {
  name: 'Spore Pods',
  section: '§16.2',
  type: 'ranged',
  grenade: true,
  profilePrinted: false,
  note: '"counts as grenades"; no profile printed: uses the grenade named by option sporePodsAs.',
}

export const catalogue: Catalogue = { profiles, weapons }
