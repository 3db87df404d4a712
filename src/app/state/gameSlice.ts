// The game at the table (issue 33): the game as the app keeps it (head, entries, what waits for a
// confirm), the worker's view of it (the log numbered, outcomes, the state now), who this device
// decides as, and the rewind being shown. The verbs live in src/app/game/gameActions.ts; this slice
// only holds the data, changed at human pace (never per frame).
import type { StateCreator } from 'zustand'
import type { ModelPlace } from '../../engine/index.ts'
import type { GameRecord, GameRole } from '../game/gameRecord.ts'
import type { GameView } from '../game/gameView.ts'
import type { AppState } from './store.ts'

export type Rewind = {
  /** The event whose places are shown (0: the start). */
  seq: number
  places: ModelPlace[]
  /** Why: a rewind on the timeline, or a ruling reopened from the record. */
  reason: 'rewind' | 'ruling'
}

export type GameSlice = {
  game: GameRecord | null
  /** Bumped on every change of `game` (the worker's view is for one revision). */
  gameRev: number
  gameView: GameView | null
  /** The revision the view was folded for. */
  gameViewRev: number
  /** Why the game could not be folded (a bad head), or null. */
  gameError: string | null
  gameRole: GameRole
  rewind: Rewind | null
  setGame: (game: GameRecord | null) => void
  updateGame: (change: (game: GameRecord) => GameRecord) => void
  setGameView: (view: GameView | null, rev: number, error?: string | null) => void
  setGameRole: (role: GameRole) => void
  setRewind: (rewind: Rewind | null) => void
}

export const createGameSlice: StateCreator<AppState, [], [], GameSlice> = (set) => ({
  game: null,
  gameRev: 0,
  gameView: null,
  gameViewRev: -1,
  gameError: null,
  gameRole: { kind: 'table' },
  rewind: null,
  setGame: (game) => set((s) => ({ game, gameRev: s.gameRev + 1, ...(game === null ? { gameView: null, gameError: null, rewind: null } : {}) })),
  updateGame: (change) => set((s) => (s.game ? { game: change(s.game), gameRev: s.gameRev + 1 } : s)),
  setGameView: (gameView, gameViewRev, gameError = null) => set({ gameView, gameViewRev, gameError }),
  setGameRole: (gameRole) => set({ gameRole }),
  setRewind: (rewind) => set({ rewind }),
})
