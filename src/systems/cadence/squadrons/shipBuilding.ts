// Custom ship building (squadrons/building-a-squadron.html): the profile a set of upgrades gives
// and its points cost. Used to check the pre-built fleets against the rules that made them.
import type { CadenceModelProfile } from '../index.ts'
import { BASIC_SHIP, SHIP_BUILDING, SHIP_UPGRADES, SHIP_WEAPONS } from './catalogue.ts'
import { kebab } from '../index.ts'
import type { ShipUpgrade } from './catalogue.ts'

export type ShipCostOptions = {
  /** Weapons count as "upgrades" for the 5+/7+ surcharge and the Command multiplier. */
  readonly weaponsCountAsUpgrades: boolean
  /** Both surcharges apply to a ship with 7 or more upgrades (10 + 15) instead of 15 alone. */
  readonly surchargeStacks: boolean
}

export type ShipCostLine = { readonly item: string; readonly points: number; readonly section: string; readonly note?: string }

export type ShipCost = { readonly total: number; readonly lines: readonly ShipCostLine[]; readonly itemCount: number }

function findUpgrade(name: string): ShipUpgrade {
  const found = SHIP_UPGRADES.find((u) => u.id === kebab(name))
  if (!found) throw new Error(`unknown Squadrons upgrade "${name}"`)
  return found
}

function weaponCost(name: string): number {
  const found = SHIP_WEAPONS.find((w) => w.id === kebab(name))
  if (!found || found.points === null) throw new Error(`unknown Squadrons weapon "${name}"`)
  return found.points
}

/** Points for a ship: base 15 + upgrades (Command × other upgrades) + weapons + surcharge. */
export function computeShipCost(upgrades: readonly string[], weapons: readonly string[], options: ShipCostOptions): ShipCost {
  const section = SHIP_BUILDING.section
  const lines: ShipCostLine[] = [{ item: 'Basic Ship', points: SHIP_BUILDING.baseCost, section }]
  const itemCount = upgrades.length + (options.weaponsCountAsUpgrades ? weapons.length : 0)
  for (const name of upgrades) {
    const u = findUpgrade(name)
    // "* This upgrade multiplies its cost by the number of upgrades the ship has, not including itself."
    const points = u.costMultiplied ? u.points * (itemCount - 1) : u.points
    lines.push({ item: u.name, points, section: u.section, ...(u.costMultiplied ? { note: `${u.points} × ${itemCount - 1} other upgrades` } : {}) })
  }
  for (const name of weapons) lines.push({ item: name, points: weaponCost(name), section: `${SHIP_BUILDING.multiplierNote.split('#')[0]}#ship-weapons` })
  // "Any ship with 5 or more upgrades adds 10 points and any ship with 7 or more adds 15 points."
  const at7 = itemCount >= 7
  const at5 = itemCount >= 5
  if (at7) lines.push({ item: '7 or more upgrades', points: SHIP_BUILDING.surchargeAt7, section })
  if (at5 && (!at7 || options.surchargeStacks)) lines.push({ item: '5 or more upgrades', points: SHIP_BUILDING.surchargeAt5, section })
  return { total: lines.reduce((sum, l) => sum + l.points, 0), lines, itemCount }
}

/** The profile the Basic Ship gets from a list of upgrades. */
export function buildShipProfile(id: string, name: string, upgrades: readonly string[]): CadenceModelProfile {
  const stats = {
    command: BASIC_SHIP.command ?? 4, movementInches: BASIC_SHIP.movementInches, skill: BASIC_SHIP.skill,
    defence: BASIC_SHIP.defence, toughness: BASIC_SHIP.toughness, hitPoints: BASIC_SHIP.hitPoints,
  }
  const specialRules: string[] = []
  for (const n of upgrades) {
    const g = findUpgrade(n).grants
    if (g.kind === 'rule') specialRules.push(g.rule)
    else stats[g.stat] = g.value
  }
  return { id, name, section: SHIP_BUILDING.section, ...stats, specialRules, points: null }
}
