// §02 SITREP — "When the rules don't cover it": the odds the book uses to settle a disputed call.
// Even = 1D6, Likely = 2D6 take highest, Unlikely = 2D6 take lowest; "Yes" on 4+.
import { type Citation, type MarginFigure, type ResultBody, type Table, SceneError, chance, formatFraction, roundTo } from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { SITREP_RESULTS, type SitrepOdds, sitrepDistribution, sitrepYes } from './dice.ts'

export const SITREP_RULE = '§02 SITREP L384–394'

export type SitrepFigure = {
  odds: SitrepOdds
  roll: string
  yes: number
  exact: string
  /** `exact` as a number (full precision; `yes` is rounded for display). */
  value: number
  results: Array<{ face: number; result: string; probability: string }>
  why: string
  rule: string
  citation: Citation
}

const ROLL: Readonly<Record<SitrepOdds, string>> = { even: '1D6', likely: '2D6, take highest', unlikely: '2D6, take lowest' }

export function sitrepFigure(odds: SitrepOdds, why: string, rule: string = SITREP_RULE): SitrepFigure {
  const yes = sitrepYes(odds)
  const dist = sitrepDistribution(odds)
  return {
    odds,
    roll: ROLL[odds],
    yes: roundTo(chance(yes).value, 6),
    ...chance(yes),
    results: SITREP_RESULTS.map((result, i) => ({ face: i + 1, result, probability: formatFraction(dist[i]!) })),
    why,
    ...book.cite({ rule }),
  }
}

/**
 * A marginal distance call: if the tape says inside, "Likely"; outside, "Unlikely"; dead on, "Even".
 * (The book lets the players pick the odds; this is the assistant's suggestion.)
 */
export function sitrepForMargin(margin: MarginFigure, what: string): SitrepFigure | null {
  if (!margin.marginal) return null
  const odds: SitrepOdds = margin.marginMm > 0 ? 'likely' : margin.marginMm < 0 ? 'unlikely' : 'even'
  return sitrepFigure(odds, `${what}: margin ${margin.marginMm} mm is within the measurement uncertainty (±${margin.uncertaintyMm} mm)`)
}

export function sitrep(_table: Table, q: { odds?: unknown; question?: unknown }): ResultBody {
  const odds = q.odds ?? 'even'
  if (odds !== 'even' && odds !== 'likely' && odds !== 'unlikely') {
    throw new SceneError([{ path: 'odds', message: `expected "even", "likely" or "unlikely", got ${JSON.stringify(odds)}` }])
  }
  return { ...sitrepFigure(odds, typeof q.question === 'string' ? q.question : 'a disputed call'), maxChecks: 2, note: 'Maximum two SITREP checks per situation. Then commit.', ...book.sources([SITREP_RULE]) }
}
