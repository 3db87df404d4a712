// Embarking (core-rules/advanced-rules.html#transporting-units, #embarking-and-disembarking): a unit
// within 1" of a friendly Transport may embark if the Transport can carry all its models; Large
// models count as 2; Vehicle and Transport models cannot be carried.
import { z } from 'zod'
import { book } from './book.ts'
import { SceneError, type ResultBody, type UniformReason, type Table, inches, isWithin } from '../../engine/index.ts'
import type { CadenceCore } from './spec.ts'
import { distanceFigure, measureUnitGap, withinReading } from './measure.ts'
import { findRule, hasRule } from './specialRules.ts'

export const TRANSPORT_RULES = {
  transporting: 'core-rules/advanced-rules.html#transporting-units',
  embarking: 'core-rules/advanced-rules.html#embarking-and-disembarking',
} as const

export const embarkQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('embark'),
  unit: z.string().min(1),
  transport: z.string().min(1),
  /** Models already carried (slots used). */
  carried: z.number().int().min(0).optional(),
})

export function resolveEmbark(core: CadenceCore, table: Table, q: z.infer<typeof embarkQuerySchema>): ResultBody {
  const ms = table.units.get(q.unit)
  if (!ms || !ms.length) throw new SceneError([{ path: 'unit', message: `no unit "${q.unit}"` }])
  const t = table.model(q.transport)
  const tv = core.view(table, t)
  const capacity = findRule(tv.rules, 'transport')?.value ?? null
  const reasons: UniformReason[] = []
  if (capacity === null) reasons.push(book.reason({ code: 'not-a-transport', message: `${t.id} has no Transport (X) rule`, rule: TRANSPORT_RULES.transporting }))
  if (core.isEnemy(t, ms[0]!)) reasons.push(book.reason({ code: 'not-friendly', message: `${t.id} is not a friendly Transport`, rule: TRANSPORT_RULES.embarking }))
  const views = ms.map((m) => core.view(table, m))
  for (const v of views) if (v.isVehicle) reasons.push(book.reason({ code: 'vehicle-cannot-embark', message: `${v.model.id} is a Vehicle or Transport and cannot be carried`, rule: TRANSPORT_RULES.transporting }))
  const slots = views.reduce((s, v) => s + (hasRule(v.rules, 'large') ? 2 : 1), 0)
  const free = (capacity ?? 0) - (q.carried ?? 0)
  if (capacity !== null && slots > free) reasons.push(book.reason({ code: 'over-capacity', message: `the unit needs ${slots} places (Large counts 2), ${free} free of Transport (${capacity})`, rule: TRANSPORT_RULES.transporting }))
  const gap = measureUnitGap(table, ms, [t])
  if (!isWithin(gap.measurement.rawMm, inches(1), withinReading(table))) reasons.push(book.reason({ code: 'not-within-1', message: `the unit is ${gap.measurement.inches}" from ${t.id}: it must be within 1"`, rule: TRANSPORT_RULES.embarking }))
  return { unit: q.unit, transport: t.id, allowed: reasons.length === 0, reasons, slots, capacity, distance: distanceFigure(table, gap.measurement, 1), ...book.sources([TRANSPORT_RULES.transporting, TRANSPORT_RULES.embarking]) }
}
