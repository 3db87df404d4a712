// The engine's latest answer for the current scene and selection (set by the evaluation loop).
import type { StateCreator } from 'zustand'
import type { SceneIssue } from '../../engine/index.ts'
import type { Overlay } from '../engine/protocol.ts'
import type { AppState } from './store.ts'

export type Evaluation = {
  status: 'idle' | 'pending' | 'ok' | 'error'
  overlay: Overlay | null
  /** Why the scene could not be evaluated (JSON paths into the scene). */
  issues: SceneIssue[]
  /** The scene revision the overlay/issues belong to. */
  sceneRev: number
}

export type EvaluationSlice = {
  evaluation: Evaluation
  setEvaluation: (e: Evaluation) => void
  markPending: () => void
}

export const createEvaluationSlice: StateCreator<AppState, [], [], EvaluationSlice> = (set) => ({
  evaluation: { status: 'idle', overlay: null, issues: [], sceneRev: -1 },
  setEvaluation: (evaluation) => set({ evaluation }),
  markPending: () => set((s) => ({ evaluation: { ...s.evaluation, status: 'pending' } })),
})
