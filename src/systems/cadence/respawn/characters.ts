// Building a character (respawn/creating-your-team.html): starting profile + class loadout + 2 perks +
// equipment, with the perks and equipment that change the profile applied ("Improve the characters
// Defence by 1 (eg. 4+ becomes 3+)" etc.). The result is a scene-ready profile: stats, weapons and
// keywords (perk/equipment ids the rules read).
import { kebab } from '../index.ts'
import { CLASSES, STARTING_PROFILES, RESPAWN_WEAPONS } from './catalogue.ts'

export type CharacterSpec = {
  readonly profile: string
  readonly class: string
  readonly loadout: string
  readonly perks: readonly string[]
  readonly equipment: string
}

export type BuiltCharacter = {
  readonly stats: { command: number; movementInches: number; skill: number; defence: number; toughness: number; hitPoints: number; specialRules: string[] }
  readonly weapons: Array<string | { id: string; piercing: number }>
  readonly keywords: string[]
  readonly problems: string[]
  readonly applied: string[]
}

const TEAM = 'respawn/creating-your-team.html'
export const CHARACTER_RULE = TEAM

export function buildCharacter(spec: CharacterSpec): BuiltCharacter {
  const problems: string[] = []
  const applied: string[] = []
  const start = STARTING_PROFILES.find((p) => p.id === kebab(spec.profile))
  const cls = CLASSES.find((c) => c.id === kebab(spec.class))
  if (!start) problems.push(`unknown starting profile "${spec.profile}" (Balanced, Fast, Tough)`)
  if (!cls) problems.push(`unknown class "${spec.class}" (Assault, Scout, Support, Heavy)`)
  const s = start ?? STARTING_PROFILES[0]!
  const stats = { command: s.command ?? 6, movementInches: s.movementInches, skill: s.skill, defence: s.defence, toughness: s.toughness, hitPoints: s.hitPoints, specialRules: [] as string[] }
  const loadout = cls?.loadouts.find((l) => kebab(l.name) === kebab(spec.loadout))
  if (cls && !loadout) problems.push(`${cls.name} has no loadout "${spec.loadout}" (${cls.loadouts.map((l) => l.name).join(', ')})`)
  const weapons: Array<string | { id: string; piercing: number }> = loadout ? [loadout.primary, loadout.secondary] : []
  if (loadout && !RESPAWN_WEAPONS.some((w) => w.id === loadout.primary)) problems.push(`"${loadout.primary}" has no profile in the source`)
  // "Choose 2 perks from your class"
  if (spec.perks.length !== 2) problems.push(`choose 2 perks (got ${spec.perks.length})`)
  const perks = spec.perks.map(kebab)
  for (const p of perks) if (cls && !cls.perks.some((x) => kebab(x.name) === p)) problems.push(`${cls.name} has no perk "${p}"`)
  const equipment = kebab(spec.equipment)
  if (cls && !cls.equipment.some((x) => kebab(x.name) === equipment)) problems.push(`${cls.name} has no equipment "${spec.equipment}"`)
  const all = [...perks, equipment]
  // "Improve the characters Defence by 1 (eg. 4+ becomes 3+)."
  if (all.includes('improved-armour')) { stats.defence -= 1; applied.push('Improved Armour: Defence +1 step') }
  // Support perk Heavy Armour: "Improve this characters Defence by 1 (eg. 4+ becomes 3+), increase the Toughness by 1, but reduce the Movement by 1."
  if (cls?.id === 'support' && perks.includes('heavy-armour')) {
    stats.defence -= 1
    stats.toughness += 1
    stats.movementInches -= 1
    applied.push('Heavy Armour (perk): Defence +1 step, Toughness +1, Movement -1')
  }
  if (perks.includes('marksman')) { stats.skill = Math.min(stats.skill, 3); applied.push('Marksman: Skill 3+') }
  if (perks.includes('unbreakable')) { stats.hitPoints += 1; applied.push('Unbreakable: +1 Hit Point') }
  if (perks.includes('weak-spot') && loadout) {
    const w = RESPAWN_WEAPONS.find((x) => x.id === loadout.primary)
    if (w) { weapons[0] = { id: w.id, piercing: w.piercing + 1 }; applied.push(`Weak Spot (perk): ${w.name} Piercing ${w.piercing} → ${w.piercing + 1}`) }
  }
  if (perks.includes('smash')) weapons.push('smash')
  if (equipment === 'frag-grenade' || perks.includes('grenadier')) weapons.push('frag-grenade')
  if (equipment === 'stasis-grenade' || perks.includes('grenadier')) weapons.push('stasis-grenade')
  stats.defence = Math.max(2, stats.defence)
  return { stats, weapons, keywords: all, problems, applied }
}

/** Teams: "Each character in your team must have a different class." */
export function checkTeam(classes: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const c of classes.map(kebab)) {
    if (seen.has(c)) out.push(`two characters of class ${c}: each character in your team must have a different class`)
    seen.add(c)
  }
  return out
}

/** "roll a d3 (roll a d6 and divide by 2 rounding up)" (respawn/missions.html#battlefield_1). */
export function d3FromD6(d6: number): number {
  return Math.ceil(d6 / 2)
}
