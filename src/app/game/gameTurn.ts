// Where a game stands in its sequence, for the controls and the camera's move checks (issue 33): who
// acts now and what comes next, read from the state and the ruleset's declared activation (the core
// judges the events themselves; this only offers the likely next ones). Pure.
import type { GameState } from '../../engine/index.ts'
import type { DeclView } from './gameView.ts'

/** Whether a model acts now: in the activation going on, or (a game in side turns with none logged) in its side's turn — the core's reading. */
export function actsNow(state: GameState, decl: DeclView | null, model: string): boolean {
  if (state.activating) return state.activating.models.includes(model)
  const m = state.models.find((x) => x.id === model)
  return decl?.activation.order === 'turns' && m !== undefined && state.turn === m.side
}

export type NextStep =
  | { kind: 'round-start'; round: number }
  | { kind: 'phase-start'; phase: string }
  | { kind: 'turn-start'; side: string }
  | { kind: 'turn-end'; side: string }
  | { kind: 'activation-end' }
  | { kind: 'round-end'; round: number }

/** The sides in play (with a model still in the game), in the order they are listed. */
export function sidesInPlay(state: GameState, sides: readonly string[]): string[] {
  return sides.filter((s) => state.models.some((m) => m.side === s && !m.removed))
}

/**
 * The steps the controls offer now, most likely first: a round to start, the next phase, a side's
 * turn to start or end, the activation to end, the round to end.
 */
export function nextSteps(state: GameState, decl: DeclView | null, sides: readonly string[]): NextStep[] {
  if (!state.roundOpen) return [{ kind: 'round-start', round: state.round + 1 }]
  const out: NextStep[] = []
  if (state.activating) out.push({ kind: 'activation-end' })
  const phases = decl?.activation.phases ?? []
  const at = phases.findIndex((p) => p.id === state.phase)
  const order = decl?.activation.order
  if (order === 'turns' || (phases.length > 0 && state.turn !== null)) {
    if (state.turn) out.push({ kind: 'turn-end', side: state.turn })
    else {
      const first = state.lastTurnSide === null ? (state.initiative[0] ?? sides[0]) : undefined
      const ordered = first ? [first, ...sides.filter((s) => s !== first)] : sides.filter((s) => s !== state.lastTurnSide).concat(state.lastTurnSide ? [state.lastTurnSide] : [])
      for (const s of sidesInPlay(state, ordered)) out.push({ kind: 'turn-start', side: s })
    }
  }
  if (phases.length && !state.turn && at < phases.length - 1) out.push({ kind: 'phase-start', phase: phases[at + 1]!.id })
  out.push({ kind: 'round-end', round: state.round })
  return out
}

/** The side to activate next in alternate activations (the initiative first, then the other side), or null. */
export function sideToActivate(state: GameState, decl: DeclView | null, sides: readonly string[]): string | null {
  if (!state.roundOpen) return null
  if (decl?.activation.order === 'turns') return state.turn
  if (decl?.activation.order !== 'alternate') return null
  if (state.lastActivationSide === null) return state.initiative[0] ?? null
  const others = sidesInPlay(state, sides).filter((s) => s !== state.lastActivationSide)
  const waiting = others.filter((s) => state.models.some((m) => m.side === s && !m.removed && !m.activated))
  return waiting[0] ?? state.lastActivationSide
}
