// How far a model may move between two turns, as its game's ruleset says: read from the ruleset's own
// answer to a `move` query (each ruleset gives its allowance in its own words: `allowance.mm`,
// `allowance.inches`, Squadrons' `allowance.maxInches`, …). The caller (CLI, app) asks the ruleset;
// this reads the answer. Pure.

/** When a ruleset gives no allowance: 12", more than most games' move, so a model moved far is asked about rather than missed. */
export const DEFAULT_ALLOWANCE_MM = 304.8

const MM_PER_INCH = 25.4

/** The allowance in a ruleset's move result, mm; null when it gives none. */
export function allowanceFromMoveResult(result: unknown): number | null {
  if (typeof result !== 'object' || result === null) return null
  const a = (result as { allowance?: unknown }).allowance
  if (typeof a !== 'object' || a === null) return null
  const v = a as Record<string, unknown>
  const num = (k: string) => (typeof v[k] === 'number' && Number.isFinite(v[k]) && (v[k] as number) > 0 ? (v[k] as number) : null)
  const mm = num('mm')
  if (mm !== null) return mm
  const inches = num('inches') ?? num('maxInches')
  return inches !== null ? inches * MM_PER_INCH : null
}
