// Reading a table model's Skirmish stat line (catalogue profile merged with inline `stats`), and the
// catalogue in the engine's shape. Inline stats may give ratings as words ("Good") or thresholds (2).
import type { Catalogue, ProfileEntry, TableModel, Weapon, WeaponEntry } from '../../engine/index.ts'
import { own } from '../../engine/index.ts'
import { ARMOR, type ArmorId, OPERATORS, WEAPONS } from './catalogue.ts'
import { ratingThreshold } from './dice.ts'
import type { SkirmishOptions } from './options.ts'

export const CATALOGUE: Catalogue = {
  profiles: Object.fromEntries(
    Object.values(OPERATORS).map((p): [string, ProfileEntry] => [
      p.id,
      {
        name: p.name,
        section: `${p.section} L${p.line}`,
        stats: {
          class: p.className,
          ...(p.points !== undefined ? { points: p.points } : {}),
          SHOOT: p.SHOOT,
          FIGHT: p.FIGHT,
          TACT: p.TACT,
          OPINT: p.OPINT,
          GUTS: p.GUTS,
          MOBI: p.mobiInches,
          armor: p.armor,
          abilities: p.abilities,
        },
        weapons: p.loadout,
      },
    ]),
  ),
  weapons: Object.fromEntries(Object.values(WEAPONS).map((w): [string, WeaponEntry] => [w.id, { ...w, section: `${w.section} L${w.line}` }])),
}

export type Attribute = 'SHOOT' | 'FIGHT' | 'TACT' | 'OPINT' | 'GUTS'

export function attributeThreshold(m: TableModel, a: Attribute): number {
  return ratingThreshold(m.stats[a])
}

export function armorOf(m: TableModel): { id: ArmorId | 'inline'; AR: number; heavyPlate: boolean } {
  const id = m.stats.armor
  const known = typeof id === 'string' && id in ARMOR ? (id as ArmorId) : null
  const ar = typeof m.stats.AR === 'number' ? m.stats.AR : known ? ARMOR[known].AR : 0
  const heavyPlate = known === 'heavy-plate' || m.stats.heavyPlate === true
  return { id: known ?? 'inline', AR: ar, heavyPlate }
}

export function abilitiesOf(m: TableModel): readonly string[] {
  const a = m.stats.abilities
  return Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : []
}

export function classOf(m: TableModel): string {
  return typeof m.stats.class === 'string' ? m.stats.class : 'Operator'
}

/**
 * MOBI in inches: the printed value; Heavy Plate's "−1 MOBI" comes off unless the printed value already
 * includes it (option heavyPlateMobi; a profile that did not come with Heavy Plate always pays it).
 */
export function mobiInches(m: TableModel, o: Pick<SkirmishOptions, 'heavyPlateMobi'>): { inches: number; note: string | null } {
  const printed = typeof m.stats.MOBI === 'number' ? m.stats.MOBI : 6
  const armor = armorOf(m)
  if (!armor.heavyPlate) return { inches: printed, note: null }
  const profileArmor = m.profileId ? own(OPERATORS, m.profileId)?.armor : undefined
  const printedWithPlate = profileArmor === 'heavy-plate' && m.scene.stats?.MOBI === undefined
  if (printedWithPlate && o.heavyPlateMobi === 'printed-includes') return { inches: printed, note: 'Heavy Plate −1 MOBI is already in the printed MOBI (option heavyPlateMobi)' }
  return { inches: printed - 1, note: 'Heavy Plate: −1 MOBI (§02 Armor L296)' }
}

export function has(m: TableModel, status: string): boolean {
  return m.status.includes(status) || m.keywords.includes(status)
}

export function meleeWeaponOf(m: TableModel): Weapon | null {
  const melee = m.weapons.filter((w) => w.kind === 'melee')
  if (!melee.length) return null
  // Prefer an Anti-Armor weapon, then the highest melee bonus.
  return [...melee].sort((a, b) => Number(b.antiArmor === true) - Number(a.antiArmor === true) || Number(b.meleeBonus ?? 0) - Number(a.meleeBonus ?? 0))[0]!
}
