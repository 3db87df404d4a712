// Engagement (§12 L1268), the arcs it happens on (§16 L1469) and Integrity with its modifiers:
// Command within 8" (§21 L1870), Outmanoeuvred (§23 L2065), Fragile (§23 L2052), Broken (§12 L1256).
import { type MarginFigure, type Table, type TableModel, inches, isWithin, marginOf, measureModels } from '../../engine/index.ts'
import { type ArcCall, classifyUnitArc } from './arcs.ts'
import { IRON_LINE } from './constants.ts'
import { opt } from './options.ts'
import { hasKeyword, keywordValue, readUnit } from './unitState.ts'

export const WITHIN_RULE = '§12 L1266 ("Within = closest point of a unit\'s base to the closest point of a target base or feature")'
export const ENGAGED_RULE = '§12 L1268'

export function withinReading(table: Table): 'le' | 'lt' {
  return opt(table).withinComparator === 'strict' ? 'lt' : 'le'
}

/** "Within" between two units: closest point to closest point (§12 L1266). */
export function measureWithin(table: Table, a: TableModel, b: TableModel): ReturnType<typeof measureModels> {
  return measureModels(a, b, { reference: 'edge', mode: opt(table).measure3d })
}

export type Engagement = { enemy: TableModel; gapMm: number; gapInches: number; margin: MarginFigure; arc: ArcCall }

function engagementThresholdMm(table: Table, a: TableModel, b: TableModel): { mm: number; rule: string } {
  const o = opt(table)
  if (o.engagementRule === 'base-to-base-unless-baseless') {
    const baseless = a.stats['baseless'] === true || b.stats['baseless'] === true
    // §16 L1465: "base-to-base, or within 1" if either model is base-less".
    return baseless ? { mm: inches(IRON_LINE.engagementInches.value), rule: '§16 L1465' } : { mm: 0, rule: '§16 L1465 (base-to-base)' }
  }
  return { mm: inches(IRON_LINE.engagementInches.value), rule: ENGAGED_RULE }
}

/** Enemy units engaged with `m`, each with the arc of `m` it is on. */
export function findEngagements(table: Table, m: TableModel): Engagement[] {
  const o = opt(table)
  const out: Engagement[] = []
  for (const e of table.models) {
    if (e.side === m.side || e.id === m.id) continue
    const d = measureWithin(table, m, e)
    const th = engagementThresholdMm(table, m, e)
    const within = th.mm === 0 ? 'le' : withinReading(table)
    if (!isWithin(d.rawMm, th.mm, within)) continue
    out.push({ enemy: e, gapMm: d.mm, gapInches: d.inches, margin: marginOf(d, th.mm, within), arc: classifyUnitArc(m, e, o.arcMethod, o.cornerTie) })
  }
  return out
}

export function isEngaged(table: Table, m: TableModel): boolean {
  return findEngagements(table, m).length > 0
}

export type IntegrityFigure = {
  integrity: number
  breakpoint: number
  command: Array<{ source: string; value: number; distanceInches: number }>
  outmanoeuvred: Array<{ enemy: string; arc: string }>
  fragile: boolean
  /** Strain at which the unit is Broken. */
  breaksAt: number
  strain: number
  broken: boolean
  rules: string[]
}

export function commandRangeInches(table: Table): number {
  const t = opt(table).twistCommandRange
  if (t === 'long-range-war') return IRON_LINE.longRangeWarCommandInches.value
  if (t === 'short-leash') return IRON_LINE.shortLeashCommandInches.value
  return IRON_LINE.commandRadiusInches.value
}

/** Integrity of a unit now (§12 L1240 breakpoint + Command − Outmanoeuvred), and whether it is Broken. */
export function measureIntegrity(table: Table, m: TableModel, breakpoint = IRON_LINE.defaultBreakpoint.value, strainOverride?: number, extraIntegrity = 0): IntegrityFigure {
  const u = readUnit(m)
  const rules = ['§12 L1240', '§12 L1256']
  const command: IntegrityFigure['command'] = []
  const rangeMm = inches(commandRangeInches(table))
  if (!hasKeyword(u, 'hollow')) {
    for (const f of table.models) {
      if (f.side !== m.side) continue
      const fu = readUnit(f)
      const x = keywordValue(fu, 'command')
      if (x <= 0 || fu.markedBroken) continue
      // "All friendly units within 8" of this unit (including itself) gain Integrity (+x)." (§21 L1870)
      const d = f.id === m.id ? { rawMm: 0, inches: 0 } : measureWithin(table, f, m)
      if (f.id === m.id || isWithin(d.rawMm, rangeMm, withinReading(table))) command.push({ source: f.id, value: x, distanceInches: d.inches })
    }
    if (command.length) rules.push('§21 L1870')
  }
  const outmanoeuvred = findEngagements(table, m).filter((e) => e.arc.arc !== 'front').map((e) => ({ enemy: e.enemy.id, arc: e.arc.arc }))
  if (outmanoeuvred.length) rules.push('§16 L1469', '§23 L2065')
  const integrity = breakpoint + command.reduce((s, c) => s + c.value, 0) + extraIntegrity - outmanoeuvred.length
  const fragile = hasKeyword(u, 'fragile')
  // Fragile: "Becomes Broken when Strain ≥ half its Integrity (round up)." (§23 L2052)
  const breaksAt = fragile ? Math.ceil(integrity / 2) : integrity
  if (fragile) rules.push('§23 L2052')
  const strain = strainOverride ?? u.strain
  return { integrity, breakpoint, command, outmanoeuvred, fragile, breaksAt, strain, broken: u.markedBroken || strain >= breaksAt, rules }
}
