// What the camera cannot see, given per query in `context`, and the marginal-call helper that
// attaches SITREP odds when a measurement sits within the tolerance of a threshold.
import { z } from 'zod'
import { type Citation, type MarginFigure, type Table, chance } from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { opt } from './options.ts'
import { type SitrepOdds, probabilitySitrepYes } from './rollOdds.ts'
import { SITREP_ODDS } from './constants.ts'

const point = z.tuple([z.number(), z.number()])

export const contextSchema = z.strictObject({
  /** shooting or combat; default: combat when the two units are engaged, else shooting. */
  kind: z.enum(['shooting', 'combat']).optional(),
  /** Attack dice assigned (combat allocation, Punishment); default: half Strikes shooting, full Strikes combat. */
  dice: z.number().int().min(0).max(40).optional(),
  /** A Punishment attack on a disengaging enemy: half Strikes at normal target numbers (§16 L1467). */
  punishment: z.boolean().optional(),
  /** Strain on the target now (default: the scene's stats.strain). */
  targetStrain: z.number().int().min(0).optional(),
  /** Strain the target already took from this attacking unit's activation (Implacable, §16 L1479). */
  strainFromThisActivation: z.number().int().min(0).optional(),
  /** Inches the attacker advanced this round (Devastating Charge at 6"+, §23 L2047). */
  advancedInches: z.number().min(0).optional(),
  /** The target is Broken (Merciless, §23 L2062); default: status "broken". */
  targetBroken: z.boolean().optional(),
  /** Extra Clumsy on the attacker, e.g. a Targeting Lock's D6 result (§17 L1616). */
  clumsy: z.number().int().min(0).optional(),
  /** The target kept the Cover keyword from an earlier shot ("until it moves out", §16 L1517). */
  hasCoverKeyword: z.boolean().optional(),
  /** The target shot during the previous round (Defilade, §16A L1552); default: status "shot-last-round". */
  targetShotLastRound: z.boolean().optional(),
  /** Objective markers on the table [x, y] mm (Crackerjack objective cover, §26 L2395). */
  objectives: z.array(point).optional(),
  /** Breakpoint of the unit's army (Scorched Perimeter / Last Stand 12, Hardened Systems +3). */
  breakpoint: z.number().int().min(1).optional(),
  /** Victory condition or twist whose geometry an objective / deployment query uses. */
  condition: z.enum(['signal-dominance', 'deep-extraction', 'wreckage-rights', 'desperate-raid', 'relay-nodes', 'strongpoint', 'burn-the-relay', 'scorched-perimeter', 'last-stand', 'the-corridor', 'no-mans-land', 'clustered', 'standard']).optional(),
  /** Sides: which side holds the southern half (y < centreline); default the side whose models stand nearest the south edge (mean y; ties by name). */
  southSide: z.string().optional(),
  /** The Defender side for Attacker/Defender conditions. */
  defenderSide: z.string().optional(),
  /** Movement points already spent this activation (move queries). */
  mpSpent: z.number().min(0).optional(),
  /** The unit is Distracted (it shot this round, or retreated/reformed). */
  distracted: z.boolean().optional(),
  /** Pivot for a wheel: which front corner (default: whichever fits the destination). */
  pivot: z.enum(['left', 'right']).optional(),
  /** Round number (Desperate Raid / seize odds), informational. */
  round: z.number().int().min(1).max(6).optional(),
})
export type IronLineContext = z.infer<typeof contextSchema>

export function contextOf(q: { context?: Record<string, unknown> | undefined }): IronLineContext {
  return (q.context ?? {}) as IronLineContext
}

export type SitrepFigure = {
  odds: SitrepOdds
  dice: string
  pYes: { exact: string; value: number }
  why: string
  rule: string
  citation: Citation
}

const SITREP_RULE = '§02 L384–394 (SITREP); §25 L2173 ("When a ruling is unclear, run SITREP and move on")'

export function sitrepFigure(odds: SitrepOdds, why: string): SitrepFigure {
  const p = probabilitySitrepYes(odds)
  return { odds, dice: SITREP_ODDS[odds].dice, pYes: chance(p), why, ...book.cite({ rule: SITREP_RULE }) }
}

/**
 * A distance call is marginal when the margin is within the table's tolerance (or 2σ of the tracked
 * positions). The measured side sets the odds: just inside → Likely, just outside → Unlikely.
 */
export function marginalDistanceCall(table: Table, margin: MarginFigure, what: string): SitrepFigure | null {
  const o = opt(table)
  if (!o.marginalCallSitrep) return null
  const tol = Math.max(o.marginalToleranceMm, 2 * margin.uncertaintyMm)
  if (Math.abs(margin.marginMm) > tol) return null
  const inside = margin.within === 'le' ? margin.marginMm >= 0 : margin.marginMm > 0
  return sitrepFigure(inside ? 'likely' : 'unlikely', `${what}: ${inside ? 'inside' : 'outside'} the ${margin.thresholdInches}" line by ${Math.abs(margin.marginMm).toFixed(2)} mm, within the ${tol.toFixed(2)} mm tolerance`)
}
