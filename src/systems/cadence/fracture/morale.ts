// Fracture morale (fracture/module-rules.html#morale): from Round 2, a unit that loses a model in an
// attack and is then below half its original number of models tests: d6, 3+ passes; +1 if any friendly
// models within 6", −1 if any enemy models within 6". Auto-passes: Unbreakable, Big Boss (friendly
// units within 6"), Swarm Leader (friendly models within 6"); Cowardly −1, Heroic re-rolls.
import { z } from 'zod'
import { chanceE } from '../index.ts'
import { book } from '../index.ts'
import { SceneError, type ResultBody, type UniformReason, type Table, type TableModel, inches, isWithin, roundTo, settleModifiers } from '../../../engine/index.ts'
import { type CadenceCore, complementE, exact, formatE, hasRule, measureUnitGap, successProbability, toNumberE, withinReading } from '../index.ts'
import { FRACTURE as F } from './constants.ts'

export const moraleQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('morale'),
  unit: z.string().min(1),
  /** Current round (tests start in Round 2). */
  round: z.number().int().min(1),
  /** Models the unit started the battle with (default: its models on the table now + lost). */
  originalModels: z.number().int().min(1).optional(),
  /** Models lost so far (the ones no longer on the table). */
  lost: z.number().int().min(0).optional(),
})
type MoraleQuery = z.infer<typeof moraleQuerySchema>

const MORALE = 'fracture/module-rules.html#morale'

export function resolveMorale(core: CadenceCore, table: Table, q: MoraleQuery): ResultBody {
  const ms = table.units.get(q.unit)
  if (!ms || ms.length === 0) throw new SceneError([{ path: 'unit', message: `no unit "${q.unit}"` }])
  const first = ms[0]!
  const within = withinReading(table)
  const views = ms.map((m) => core.view(table, m))
  const left = ms.length
  const original = q.originalModels ?? left + (q.lost ?? 0)
  const belowHalf = left * 2 < original
  const reasons: UniformReason[] = []
  const testRequired = q.round >= F.moraleFromRound.value && belowHalf
  reasons.push(book.reason({ code: testRequired ? 'test-required' : 'no-test', message: q.round < F.moraleFromRound.value ? 'morale tests start in Round 2' : belowHalf ? `${left} of ${original} models left: below half` : `${left} of ${original} models left: not below half`, rule: MORALE }))

  const others = table.models.filter((m) => m.unit !== q.unit)
  const gapTo = (o: TableModel) => measureUnitGap(table, ms, [o]).measurement.rawMm
  const near = (o: TableModel, r: number) => isWithin(gapTo(o), inches(r), within)
  const friends = others.filter((o) => !core.isEnemy(first, o) && o.side === first.side)
  const enemies = others.filter((o) => core.isEnemy(first, o))
  const autoPass: Array<{ source: string; rule: string }> = []
  if (views.every((v) => hasRule(v.rules, 'unbreakable'))) autoPass.push(book.cite({ source: 'Unbreakable', rule: 'fracture/module-rules.html#special-rules' }))
  for (const f of friends) {
    const v = core.view(table, f)
    if (v.upgrades.includes('big-boss') && near(f, F.bigBossInches.value)) autoPass.push(book.cite({ source: `Big Boss (${f.id} within 6")`, rule: F.bigBossInches.section }))
    if (hasRule(v.rules, 'swarm-leader') && near(f, F.swarmLeaderInches.value)) autoPass.push(book.cite({ source: `Swarm Leader (${f.id} within 6")`, rule: F.swarmLeaderInches.section }))
  }
  const mods: Array<{ source: string; value: number; rule: string }> = []
  const friendNear = table.options.moraleFriendlyModels === 'any-model' ? [...friends, ...ms.slice(1)] : friends
  const fn = friendNear.filter((f) => near(f, F.moraleFriendlyInches.value))
  const en = enemies.filter((e) => near(e, F.moraleEnemyInches.value))
  if (fn.length) mods.push({ source: `friendly models within 6" (${fn.map((m) => m.id).join(', ')})`, value: F.moraleFriendlyModifier.value, rule: MORALE })
  if (en.length) mods.push({ source: `enemy models within 6" (${en.map((m) => m.id).join(', ')})`, value: F.moraleEnemyModifier.value, rule: MORALE })
  if (views.every((v) => hasRule(v.rules, 'cowardly'))) mods.push({ source: 'Cowardly', value: F.cowardlyModifier.value, rule: 'fracture/module-rules.html#special-rules' })
  const heroic = views.every((v) => hasRule(v.rules, 'heroic'))
  const need = F.moraleTarget.value - mods.reduce((s, m) => s + m.value, 0)
  const p = autoPass.length ? exact(1) : successProbability({ faces: 6, need, alwaysFail: [1], alwaysSucceed: [], reroll: heroic })
  const pPass = testRequired ? p : exact(1)
  return {
    unit: q.unit,
    testRequired,
    reasons,
    autoPass,
    modifiers: settleModifiers(mods.map((m) => book.cite(m)), undefined),
    need: autoPass.length ? 'automatic pass' : `${Math.max(2, need)}+${heroic ? ' (Heroic: re-roll a failure)' : ''}`,
    probability: { pass: chanceE(pPass).value, ...chanceE(pPass), removed: formatE(complementE(pPass)) },
    ...book.sources([MORALE, ...new Set(autoPass.map((a) => a.rule))]),
  }
}
