// Base contact (§15.2: "having their bases touching"), engagement (§14.1), the combat situation
// (surprise §14.2.2, outnumbering §14.2.3, support §14.2.4) and formation / teams (§3.2, §3.3).
import { type Table, type TableModel, BASE_THICKNESS_MM, inches, isWithin, measureBaseGap2, measureBaseGap3 } from '../../engine/index.ts'
import { measureFrontBehind } from './measureFrontBehind.ts'
import type { SkrapyardOptions } from './options.ts'
import { readCharacter } from './readCharacter.ts'

/** Bases touching: the 3D gap between the two base slabs is at most the tolerance (option baseContactToleranceMm). */
export function isInBaseContact(a: TableModel, b: TableModel, toleranceMm: number): boolean {
  const g = measureBaseGap3(a.placed, a.z, a.z + BASE_THICKNESS_MM, b.placed, b.z, b.z + BASE_THICKNESS_MM)
  return g.gapMm <= toleranceMm
}

export function isOpponent(a: TableModel, b: TableModel): boolean {
  return a.side !== b.side
}

/** Opposing characters in base contact with m: "engaged" (§14.1). Wounded ones still count for combat (§15.1.2.1). */
export function findEngaged(table: Table, m: TableModel, options: SkrapyardOptions): TableModel[] {
  return table.models.filter((o) => o.id !== m.id && isOpponent(m, o) && isInBaseContact(m, o, options.baseContactToleranceMm))
}

export function findFriendsInContact(table: Table, m: TableModel, options: SkrapyardOptions): TableModel[] {
  return table.models.filter((o) => o.id !== m.id && !isOpponent(m, o) && isInBaseContact(m, o, options.baseContactToleranceMm))
}

export type CombatSituation = {
  readonly engagedWith: string[]
  /** Attacker at least partly in the target's rear half (§14.2.2). */
  readonly surprise: boolean
  /** In base contact with 2+ enemies, none of them touching another opponent (§14.2.3). */
  readonly outnumbered: boolean
  /** A friend in base contact who touches no enemy (§14.2.4). */
  readonly supportedBy: string[]
}

export function describeCombat(table: Table, attacker: TableModel, target: TableModel, options: SkrapyardOptions): CombatSituation {
  const tol = options.baseContactToleranceMm
  const enemies = findEngaged(table, attacker, options)
  const outnumbered =
    enemies.length >= 2 &&
    enemies.every((e) => !table.models.some((o) => o.id !== attacker.id && isOpponent(e, o) && isInBaseContact(e, o, tol)))
  const supportedBy = findFriendsInContact(table, attacker, options)
    .filter((f) => !readCharacter(f).wounded && findEngaged(table, f, options).length === 0)
    .map((f) => f.id)
  const surprise = measureFrontBehind(target.placed, attacker.placed, options.lateralLine).relation === 'behind'
  return { engagedWith: enemies.map((e) => e.id), surprise, outnumbered, supportedBy }
}

/** Is a 2D base gap "within" a number of inches under the options (stature 0 means bases touching). */
function isWithinInches(gapMm: number, distanceInches: number, options: SkrapyardOptions): boolean {
  if (distanceInches <= 0) return gapMm <= options.baseContactToleranceMm
  return isWithin(gapMm, inches(distanceInches), options.withinComparator === 'strict' ? 'lt' : 'le')
}

export type Formation = {
  /** The unit's characters this one is in formation with (base within its own stature, §3.2). */
  readonly inFormationWith: string[]
  /** In a team: in formation with at least one other character of its unit (§3.2.1). */
  readonly inTeam: boolean
  /** Members of its team: unit characters linked by formation (hero in formation included, §3.3.5). */
  readonly team: string[]
  /** Sum of statures of the team (§13.8.1). */
  readonly teamStature: number
  /** A hero of the same skrapgang this character is in formation with (§3.3.1). */
  readonly withHero: string | null
}

/**
 * Formation and teams. Each character uses its own stature (§3.2); a hero is never part of a team
 * (§3.3) but is in formation with characters within the hero's stature (§3.3.1), unless wounded or
 * retreating (§3.3.4). Wounded characters still count for formation (§15.1.2.2).
 */
export function findFormation(table: Table, m: TableModel, options: SkrapyardOptions): Formation {
  const me = readCharacter(m)
  const unit = table.unitOf(m).filter((o) => !readCharacter(o).hero)
  const formedWith = (a: TableModel): TableModel[] =>
    unit.filter((o) => o.id !== a.id && isWithinInches(measureBaseGap2(a.placed, o.placed).gapMm, readCharacter(a).stature, options))
  const inFormationWith = me.hero ? [] : formedWith(m).map((o) => o.id)
  // The team: characters in formation (§3.2.1), linked when either is in formation with the other.
  const formed = unit.filter((o) => formedWith(o).length > 0)
  const linked = (a: TableModel, b: TableModel) => formedWith(a).includes(b) || formedWith(b).includes(a)
  const team = new Set<string>()
  if (!me.hero && inFormationWith.length > 0) {
    const queue = [m]
    team.add(m.id)
    while (queue.length) {
      const a = queue.pop()!
      for (const b of formed) if (!team.has(b.id) && linked(a, b)) (team.add(b.id), queue.push(b))
    }
  }
  const heroes = table.models.filter((h) => h.side === m.side && h.id !== m.id && readCharacter(h).hero && !readCharacter(h).wounded && !readCharacter(h).retreating)
  const members = team.size ? table.models.filter((o) => team.has(o.id)) : [m]
  const withHero =
    me.hero ? null : heroes.find((h) => members.some((o) => isWithinInches(measureBaseGap2(h.placed, o.placed).gapMm, readCharacter(h).stature, options)))?.id ?? null
  const teamIds = [...team].sort()
  let teamStature = teamIds.reduce((s, id) => s + readCharacter(table.model(id)).stature, 0)
  if (withHero && team.size) {
    teamIds.push(withHero)
    teamStature += readCharacter(table.model(withHero)).stature
  }
  return { inFormationWith, inTeam: team.size > 0, team: teamIds, teamStature, withHero }
}
