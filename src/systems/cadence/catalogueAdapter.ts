// Turns the typed Cadence catalogue (arrays of printed rows) into the engine's catalogue records.
// Ids are kebab-case of the printed name. When one name is printed with different stats (Fracture's
// Marauder Brute vs Swarm Brute, the two Voidborn Heavy Shard Repeaters), the plain id is left out and
// each row is reachable as "<army>/<id>" or, within one army, "<army>/<list>/<id>". Every row with an
// army is also reachable under "<army>/<id>".
import type { Catalogue, ProfileEntry, WeaponEntry } from '../../engine/index.ts'
import type { CadenceCatalogue, CadenceModelProfile, CadenceWeaponProfile } from './types.ts'
import { kebab } from './specialRules.ts'

type Keyed<T> = { key: string; row: T; sig: string }

function modelStats(p: CadenceModelProfile): Record<string, unknown> {
  return {
    command: p.command,
    movementInches: p.movementInches,
    skill: p.skill,
    defence: p.defence,
    toughness: p.toughness,
    hitPoints: p.hitPoints,
    specialRules: p.specialRules,
    points: p.points,
  }
}

function weaponStats(w: CadenceWeaponProfile): Record<string, unknown> {
  return { rangeInches: w.rangeInches, attacks: w.attacks, damage: w.damage, piercing: w.piercing, specialRules: w.specialRules, points: w.points }
}

function index<T extends { id: string; army?: string; list?: string }>(rows: readonly T[], sig: (r: T) => string): Map<string, T> {
  const out = new Map<string, T>()
  const byId = new Map<string, Keyed<T>[]>()
  for (const row of rows) {
    const list = byId.get(row.id) ?? []
    list.push({ key: row.id, row, sig: sig(row) })
    byId.set(row.id, list)
  }
  for (const [id, list] of byId) {
    const distinct = new Set(list.map((k) => k.sig))
    if (distinct.size === 1) out.set(id, list[0]!.row)
    for (const k of list) {
      if (!k.row.army) continue
      const sameArmy = list.filter((o) => o.row.army === k.row.army)
      const armyDistinct = new Set(sameArmy.map((o) => o.sig))
      if (armyDistinct.size === 1) out.set(`${k.row.army}/${id}`, sameArmy[0]!.row)
      if (k.row.list) out.set(`${k.row.army}/${kebab(k.row.list)}/${id}`, k.row)
    }
  }
  return out
}

export function toEngineCatalogue(c: CadenceCatalogue): Catalogue {
  const profiles: Record<string, ProfileEntry> = {}
  const weapons: Record<string, WeaponEntry> = {}
  for (const [key, p] of index(c.models, (p) => JSON.stringify(modelStats(p)))) {
    profiles[key] = { name: p.name, section: p.section, stats: modelStats(p), ...(p.army ? { army: p.army } : {}), ...(p.unit ? { unit: p.unit } : {}), ...(p.composition ? { composition: p.composition } : {}) }
  }
  for (const [key, w] of index(c.weapons, (w) => JSON.stringify(weaponStats(w)))) {
    weapons[key] = { name: w.name, section: w.section, ...weaponStats(w), ...(w.army ? { army: w.army } : {}), ...(w.list ? { list: w.list } : {}) }
  }
  return { profiles, weapons }
}
