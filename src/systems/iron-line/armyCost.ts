// Points of a unit as built (§14 L1371–1397): base cost plus keyword costs, doubled for KCM ×2.
import { type UnitKeyword, findKeyword, findUnitProfile } from './catalogue.ts'
import { IRON_LINE } from './constants.ts'

export type UnitCost = {
  points: number
  lines: Array<{ item: string; points: number; rule: string }>
  problems: string[]
}

/** Hero (+2) is printed at 100 and Hero (+1) at 50; every other incrementing keyword pays per step. */
function keywordPurchaseCost(k: UnitKeyword): { cost: number; rule: string } | null {
  const def = findKeyword(k.id)
  if (!def || def.cost === null) return null
  const steps = def.step !== undefined && k.value !== undefined ? Math.max(1, Math.round(k.value / def.step)) : 1
  return { cost: def.cost * steps, rule: `§14 L1378; ${def.section} ${def.line}` }
}

export function measureUnitCost(unitId: string, bought: readonly UnitKeyword[], kcmOnWeaknesses: 'double' | 'single'): UnitCost {
  const unit = findUnitProfile(unitId)
  if (!unit) return { points: 0, lines: [], problems: [`unknown unit ${unitId}`] }
  const lines: UnitCost['lines'] = [{ item: unit.name, points: unit.points, rule: `${unit.section} ${unit.line}` }]
  const problems: string[] = []
  let weaknesses = unit.keywords.filter((k) => findKeyword(k.id)?.type === 'weakness').length
  for (const k of bought) {
    const priced = keywordPurchaseCost(k)
    const def = findKeyword(k.id)
    if (!priced || !def) {
      problems.push(`${k.id} has no printed cost (§14 L1378)`)
      continue
    }
    const isWeakness = def.type === 'weakness'
    if (isWeakness) weaknesses++
    // "If the unit has a Keyword Cost Multiplier of x2, double every keyword cost." (§14 L1376)
    const multiplier = unit.kcm === 2 && (!isWeakness || kcmOnWeaknesses === 'double') ? 2 : 1
    lines.push({ item: `${def.name}${k.value !== undefined ? ` (+${k.value})` : ''}${multiplier === 2 ? ' ×2 (KCM)' : ''}`, points: priced.cost * multiplier, rule: `${priced.rule}; §14 L1376` })
  }
  if (weaknesses > IRON_LINE.maxWeaknessesPerUnit.value) problems.push(`${weaknesses} weaknesses; no more than two per unit (§14 L1374)`)
  if (unitId === 'artillery-rig') {
    const allowed = new Set(['self-destructive', 'short-ranged', 'degraded', 'clumsy'])
    for (const k of bought) if (findKeyword(k.id)?.type === 'weakness' && !allowed.has(k.id)) problems.push(`Artillery Rig may not buy ${k.id} (§13 L1355)`)
  }
  return { points: lines.reduce((s, l) => s + l.points, 0), lines, problems }
}
