// The game over the camera view (issue 33), in its prompts (ui/ViewOverlay.tsx): the turn in one
// line; a move the camera saw that went past its allowance (or is marginal, or refused), with the
// core's "moved 6.5″ of 6″ (over by 0.5″ ± 0.05″)" and its section, and a way to take it back; a
// rewind's "every model is back"; a result waiting for a confirm. Small: the details are in the panel.
import { useMemo } from 'react'
import { useApp } from '../state/appStore.ts'
import { useSync } from '../sync/syncStore.ts'
import { turnLine } from './gameText.ts'
import { clearRewind, rewindTo, undoEvent } from './gameActions.ts'
import { useRestoreSummary } from './RestoreStatus.tsx'
import { useGameNames } from './useGameNames.ts'
import type { OutcomeView } from './gameView.ts'
import './game.css'

/** The latest move of the activation (or turn) going on that is worth a look: past its allowance, refused or marginal. */
function flaggedMove(outcomes: readonly OutcomeView[], since: number): OutcomeView | null {
  for (let i = outcomes.length - 1; i >= 0; i--) {
    const o = outcomes[i]!
    if (o.seq <= since) break
    if (!o.move || o.undoneBy !== undefined) continue
    const m = o.move
    return (m.margin !== null && m.margin < 0) || m.allowed === false || m.marginal ? o : null
  }
  return null
}

export function GamePrompts() {
  const view = useApp((s) => (s.game && s.gameView?.id === s.game.id ? s.gameView : null))
  const pending = useApp((s) => s.game?.pending.proposal ?? null)
  const rewind = useApp((s) => s.rewind)
  const setSheetOpen = useApp((s) => s.setSheetOpen)
  const viewOnly = useSync((s) => s.role === 'view')
  const names = useGameNames()
  const restore = useRestoreSummary()
  const flag = useMemo(() => (view ? flaggedMove(view.outcomes, view.state.activating?.since ?? view.state.roundStartedAt) : null), [view])
  if (!view) return null
  const move = flag?.move
  const over = move && move.margin !== null && move.margin < 0
  return (
    <div className="game-prompts" data-testid="game-prompts">
      <p className="game-turn" data-testid="game-turn">{turnLine(view.state, names)}</p>
      {flag && move && (
        <div className={`move-flag ${over || move.allowed === false ? 'over' : 'marginal-move'}`} data-testid="move-flag" data-seq={flag.seq} data-over={over ? 'yes' : 'no'} role="alert">
          <p><strong>{over ? '⚠ ' : ''}{names[move.model] ?? move.model}</strong> {move.text}{move.allowed === false && !over && move.reasons[0] ? `: ${move.reasons[0].message}` : ''} {(move.reasons[0]?.rule ?? move.rules[0]) && <cite>{move.reasons[0]?.rule ?? move.rules[0]}</cite>}</p>
          {!viewOnly && (
            <div className="button-row">
              <button type="button" onClick={() => void undoEvent(flag.seq, 'past its allowance: the model is put back').then((o) => { if (o) void rewindTo(flag.seq - 1) })} data-testid="move-take-back">Take the move back</button>
            </div>
          )}
        </div>
      )}
      {rewind && restore && (
        <div className={`restore-prompt ${restore.allBack ? 'all-back' : ''}`} data-testid="restore-prompt" data-all-back={restore.allBack ? 'yes' : 'no'}>
          <p>{restore.allBack ? '✓ ' : ''}{restore.text}{!restore.allBack && restore.toDo.length ? ` ${restore.toDo.slice(0, 2).join('; ')}${restore.toDo.length > 2 ? '…' : ''}` : ''}</p>
          <button type="button" className="small-button" onClick={clearRewind}>{restore.allBack ? 'Done' : 'Stop'}</button>
        </div>
      )}
      {pending && !viewOnly && (
        <p className="proposal-prompt" data-testid="proposal-prompt">A result waits for a confirm. <button type="button" className="small-button" onClick={() => setSheetOpen(true)}>Open</button></p>
      )}
    </div>
  )
}
