// §02 Actions / §02 Melee: contact is "base-to-base, or within 1" if either model has a base"
// (option contactRule). A model marked with keyword "base-less" has only a footprint.
import { type EngagementResult, type MarginFigure, type QueryOf, type Table, type TableModel, inches, isWithin, marginOf, measureModels } from '../../engine/index.ts'
import { fieldManualBook } from '../field-manual/fieldManual.ts'
import { SK } from './constants.ts'
import { readOptions } from './options.ts'
import { distanceFigure } from './measure.ts'

export const CONTACT_RULE_TEXT = '§02 Actions L248 / §02 Melee L281: base-to-base, or within 1" if either model has a base'

const hasBase = (m: TableModel) => !m.keywords.includes('base-less')

/** The contact distance (mm) between two models under the option in force. */
export function contactDistanceMm(table: Table, a: TableModel, b: TableModel): number {
  const o = readOptions(table.options)
  const allowance = inches(SK.fightContactAllowanceInches.value)
  switch (o.contactRule) {
    case 'within-1-always':
      return allowance
    case 'within-1-if-either-has-base':
      return hasBase(a) || hasBase(b) ? allowance : o.contactToleranceMm
    case 'within-1-if-either-base-less':
      return !hasBase(a) || !hasBase(b) ? allowance : o.contactToleranceMm
    case 'base-to-base':
      return o.contactToleranceMm
  }
}

export function measureContact(table: Table, a: TableModel, b: TableModel): { inContact: boolean; gapMm: number; thresholdMm: number; margin: MarginFigure; measurement: ReturnType<typeof measureModels> } {
  const o = readOptions(table.options)
  const measurement = measureModels(a, b, { reference: 'edge', mode: o.measure })
  const thresholdMm = contactDistanceMm(table, a, b)
  return { inContact: isWithin(measurement.rawMm, thresholdMm, 'le'), gapMm: measurement.rawMm, thresholdMm, margin: marginOf(measurement, thresholdMm, 'le'), measurement }
}

/** Models in contact with m (optionally only of some sides). */
export function modelsInContact(table: Table, m: TableModel, filter: (o: TableModel) => boolean = () => true): TableModel[] {
  return table.models.filter((o) => o.id !== m.id && filter(o) && measureContact(table, m, o).inContact)
}

export function engagement(table: Table, q: QueryOf<'engagement'>): EngagementResult {
  const m = table.model(q.model)
  const rows = table.models
    .filter((o) => o.id !== m.id)
    .map((o) => ({ o, c: measureContact(table, m, o) }))
    .filter(({ c }) => c.inContact)
  const enemies = rows.filter(({ o }) => o.side !== m.side)
  return {
    engaged: enemies.length > 0,
    with: enemies.map(({ o }) => o.id),
    friendsInContact: rows.filter(({ o }) => o.side === m.side).map(({ o }) => o.id),
    distances: rows.map(({ o, c }) => ({ model: o.id, side: o.side, ...distanceFigure(c.measurement), margin: c.margin })),
    note: enemies.length
      ? 'In contact: Fight resolves immediately; the loser of a Fight stays Locked (TACT 4+ next activation to break free, 3" clear). Shooting at this fight is at −2 and a modified 1–2 hits an ally.'
      : 'Not in contact with an enemy.',
    ...fieldManualBook.sources([CONTACT_RULE_TEXT, '§02 Melee L285', '§02 Shooting L269']),
  }
}
