// What the army step offers for a model, from its game's book (issue 31: every game's army able to
// rule): the weapons it carries and those the book lets the player choose (systems/arming.ts), the
// characteristics the book leaves to the player, and the sides with their books' names ("NAF
// Adaptive Strike Force", not "naf"). Pure: no React, no store.
import type { RuleSystem, SceneModel, WeaponEntry } from '../../engine/index.ts'
import type { ArmedProfile, PlayerStat, ProfileArming } from '../../systems/arming.ts'

/**
 * The profiles the army step offers, grouped by army (or faction): an army list's profile repeated
 * under "army/id" is offered once, qualified.
 */
export function profileGroups(system: RuleSystem): Array<[string, Array<[string, string]>]> {
  const groups = new Map<string, Array<[string, string]>>()
  for (const [id, p] of Object.entries(system.catalogue.profiles)) {
    const group = String(p.army ?? p.faction ?? '')
    if (!id.includes('/') && group && system.catalogue.profiles[`${group}/${id}`]) continue
    const list = groups.get(group) ?? []
    list.push([id, p.name])
    groups.set(group, list)
  }
  return [...groups.entries()]
}

export type WeaponChoice = { id: string; name: string; list: string | null }

export type WeaponOffer = {
  /** What the book gives the profile (always carried). */
  carried: WeaponChoice[]
  /** What the book lets the player choose, in the book's order, grouped by list. */
  choices: WeaponChoice[]
  /** How the book arms it (quote and section), when it says. */
  arming: ProfileArming | null
  /** The player must choose at least one (it cannot attack without). */
  required: boolean
  /** Characteristics the book leaves to the player, and a weapon the player describes (the Cadence core). */
  playerStats: readonly PlayerStat[]
  playerWeapon: readonly PlayerStat[]
}

const nameOf = (catalogue: Readonly<Record<string, WeaponEntry>>, id: string) => catalogue[id]?.name ?? id

export function weaponOffer(system: RuleSystem, profileId: string): WeaponOffer {
  const p = system.catalogue.profiles[profileId] as ArmedProfile | undefined
  const catalogue = system.catalogue.weapons
  const carriedIds = [...(p?.weapons ?? [])]
  const arming = p?.arming ?? null
  const carried = carriedIds.map((id) => ({ id, name: nameOf(catalogue, id), list: (catalogue[id]?.list as string | undefined) ?? null }))
  const choices: WeaponChoice[] = []
  if (arming) {
    // One entry per printed row: a row reachable under several ids ("slugger-pistol",
    // "marauders/slugger-pistol", …) is offered once, under its shortest id.
    const seen = new Map<string, WeaponChoice>()
    const offer = (id: string, w: WeaponEntry) => {
      if (carriedIds.includes(id)) return
      const row = `${w.name}|${w.section}|${String(w.army ?? '')}|${String(w.list ?? '')}`
      const had = seen.get(row)
      if (had && had.id.length <= id.length) return
      const choice = { id, name: w.name, list: (w.list as string | undefined) ?? null }
      if (had) choices.splice(choices.indexOf(had), 1, choice)
      else choices.push(choice)
      seen.set(row, choice)
    }
    for (const list of arming.lists ?? []) {
      for (const [id, w] of Object.entries(catalogue)) {
        if (w.list !== list) continue
        if (w.army !== undefined && p?.army !== undefined && w.army !== p.army) continue
        offer(id, w)
      }
    }
    for (const id of arming.weapons ?? []) {
      const w = catalogue[id]
      if (w) offer(id, w)
    }
  }
  return {
    carried,
    choices,
    arming,
    required: arming?.required === true && carried.length === 0,
    playerStats: p?.playerStats ?? [],
    playerWeapon: p?.playerWeapon ?? [],
  }
}

/** A weapon the player describes (the Cadence core's own model): inline in the scene. */
export type OwnWeapon = { id: string; name: string } & Record<string, unknown>

/**
 * The weapons a model added this way carries, in the order the card uses them (the first is the
 * attack's default): the ones the player chose, their own described weapon, then the book's own.
 */
export function armedWith(offer: WeaponOffer, chosen: readonly string[], own: OwnWeapon | null): Array<string | OwnWeapon> {
  const picked = offer.choices.filter((c) => chosen.includes(c.id)).map((c) => c.id)
  return [...picked, ...(own ? [own] : []), ...offer.carried.map((c) => c.id)]
}

/** Why a model cannot be added as it stands (a weapon or a characteristic the book asks for is missing), or null. */
export function missingForAdd(offer: WeaponOffer, chosen: readonly string[], stats: Readonly<Record<string, number | null>>, ownWeapon: Readonly<Record<string, number | null>>): string | null {
  const bad = (s: PlayerStat, v: number | null | undefined) => v === null || v === undefined || !Number.isFinite(v) || v < s.min || v > s.max
  const stat = offer.playerStats.find((s) => bad(s, stats[s.key]))
  if (stat) return `Give its ${stat.name} (${stat.min}–${stat.max}, ${stat.section}): the book leaves it to you.`
  const w = offer.playerWeapon.find((s) => bad(s, ownWeapon[s.key]))
  if (w) return `Give its weapon's ${w.name} (${w.min}–${w.max}, ${w.section}).`
  if (offer.required && offer.playerWeapon.length === 0 && !offer.choices.some((c) => chosen.includes(c.id))) {
    return `Choose its weapons: it cannot attack without one. The book: "${offer.arming?.quote ?? ''}" (${offer.arming?.section ?? ''})`
  }
  return null
}

export type BookSide = { id: string; name: string; source: string }

/** Sides the books name, by game (where the catalogue has no armies to name them). */
const NAMED_SIDES: Readonly<Record<string, readonly BookSide[]>> = {
  'iron-line': [
    { id: 'naf', name: 'NAF Adaptive Strike Force', source: 'Iron Line, Sample Doctrine Lists (L1894)' },
    { id: 'eo', name: 'EO Armored Advance', source: 'Iron Line, Sample Doctrine Lists (L1910)' },
  ],
  'cadence/squadrons': [
    { id: 'empire', name: 'Galactic Empire', source: 'squadrons/fleets/star-wars-fleets.html#galactic-empire-fleet' },
    { id: 'rebels', name: 'Rebel Alliance', source: 'squadrons/fleets/star-wars-fleets.html#rebel-alliance-fleet' },
  ],
  'cadence/survivors': [
    { id: 'zombies', name: 'Zombies (no owning player)', source: 'survivors/module-rules.html#zombie-models' },
  ],
}

/** An army's name as its list prints it, from the id ("voidborn-corsairs" → "Voidborn Corsairs"); acronyms kept. */
const ACRONYMS = new Set(['unsc'])
function armyName(id: string): string {
  return id.split('-').map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1))).join(' ')
}

/** The sides the game's book names: its armies (or factions) as its lists print them, or the sides it names. */
export function bookSides(system: RuleSystem): BookSide[] {
  const out: BookSide[] = [...(NAMED_SIDES[system.id] ?? [])]
  for (const p of Object.values(system.catalogue.profiles)) {
    const army = typeof p.army === 'string' ? p.army : typeof p.faction === 'string' ? p.faction : null
    if (!army || out.some((s) => s.id === army)) continue
    out.push({ id: army, name: armyName(army), source: p.section.split('#')[0] ?? p.section })
  }
  return out
}

/** A side as the player reads it: the book's name for a side the book names, else the side as typed. */
export function sideLabel(side: string, sides: readonly BookSide[]): string {
  return sides.find((s) => s.id === side)?.name ?? side
}

/**
 * The sides offered: the book's, then the game's demo table's (where the book names none: "A", "B"),
 * then the ones the army already has.
 */
export function sideChoices(system: RuleSystem, models: readonly SceneModel[]): BookSide[] {
  const out = bookSides(system)
  const demo = ((system.demoScene as { models?: readonly SceneModel[] } | null)?.models ?? []).map((m) => m.side)
  for (const side of [...demo, ...models.map((m) => m.side)]) if (!out.some((s) => s.id === side)) out.push({ id: side, name: side, source: demo.includes(side) ? 'the game\'s demo table' : 'your side' })
  return out
}
