// What a replay finds along the way (issue 33): a rule the game broke (a move past its allowance, an
// activation out of turn, a status the book forbids), something the log does not bear out (a ruling
// whose result no longer hashes the same, a confirm that is not what was proposed), or a note worth a
// look (an override and its reason, a marginal call). Each names its event and, for a rule, its section.
import type { Citation } from '../results.ts'

export type FindingSeverity = 'rule' | 'log' | 'note'

export type Finding = {
  code: string
  severity: FindingSeverity
  /** The event it was found at. */
  event: number
  message: string
  model?: string
  rule?: string
  citation?: Citation
  /** The call is inside the measurement uncertainty. */
  marginal?: boolean
}

/** Codes of findings, for readers that switch on them (README.md here lists each). */
export const FINDING_CODES = [
  'move-over-allowance', 'move-refused', 'move-marginal', 'move-unchecked', 'move-outside-activation', 'status-forbids-move', 'status-forbids-attack', 'moves-exceeded',
  'activation-out-of-turn', 'activated-again', 'activation-forbidden', 'activation-without-resource', 'no-turn',
  'forbidden-sequence', 'turn-out-of-order', 'round-out-of-order', 'round-beyond-game', 'phase-out-of-order',
  'removed-model', 'status-excluded', 'status-not-held', 'counter-over-max', 'resource-overspent', 'resource-capped',
  'ruling-refused', 'ruling-hash-differs', 'ruling-undone', 'ruling-not-found', 'context-overrides-state',
  'effect-differs-from-proposal', 'override', 'roll-incomplete', 'roll-missing', 'roll-differs-from-seed', 'dice-unused',
  'score-unconfirmed', 'score-differs-from-control', 'score-marginal', 'attack-outside-activation',
] as const

export type FindingCode = (typeof FINDING_CODES)[number]
