// Planning (issue 32): which layers are on (reach, who can hit a spot, threat bands, exposure), the
// move mode whose path and tint are drawn, the spot the player pinned, and the engine's latest
// answers for the picked model (the attacker), set by the plan loop at the worker's pace. The spot
// under a moving pointer is not here (per-pointer-move data: engine/planPointer.ts); only the engine's
// answer for it is.
import type { StateCreator } from 'zustand'
import type { PlanAnswer, PlanAnswerOf } from '../engine/planProtocol.ts'
import type { AppState } from './store.ts'

export type PlanLayer = 'reach' | 'threat' | 'bands' | 'exposure'

/** An answer and the scene revision it was asked for. */
export type Answered<W extends PlanAnswer['what']> = PlanAnswerOf<W> & { sceneRev: number }

export type PlanAnswers = {
  reach: Answered<'reach'> | null
  spot: Answered<'spot'> | null
  threat: Answered<'threat'> | null
  bands: Answered<'bands'> | null
  exposure: Answered<'exposure'> | null
}

export type PlanSlice = {
  planLayers: Record<PlanLayer, boolean>
  /** The move mode whose area is tinted and whose path is asked (null: the game's default mode). */
  planMode: string | null
  /** A spot the player tapped (stays while the pointer is elsewhere), table mm. */
  pinnedSpot: [number, number] | null
  plan: PlanAnswers
  /** Asks the worker is answering now (the legend says "working…"). */
  planPending: Record<PlanAnswer['what'], boolean>
  /** The worker failed on an ask (not a ruleset's refusal, which is in the answer). */
  planError: string | null
  /** The legend is shown (a player on a small screen may fold it away to see the table). */
  planKeyShown: boolean
  togglePlanLayer: (layer: PlanLayer) => void
  setPlanKeyShown: (shown: boolean) => void
  setPlanMode: (mode: string | null) => void
  pinSpot: (at: [number, number] | null) => void
  setPlanAnswer: (answer: PlanAnswer, sceneRev: number) => void
  setPlanPending: (what: PlanAnswer['what'], on: boolean) => void
  setPlanError: (error: string | null) => void
}

const NO_ANSWERS: PlanAnswers = { reach: null, spot: null, threat: null, bands: null, exposure: null }

export const createPlanSlice: StateCreator<AppState, [], [], PlanSlice> = (set) => ({
  planLayers: { reach: false, threat: false, bands: false, exposure: false },
  planMode: null,
  pinnedSpot: null,
  plan: NO_ANSWERS,
  planPending: { reach: false, spot: false, threat: false, bands: false, exposure: false },
  planError: null,
  planKeyShown: true,
  togglePlanLayer: (layer) => set((s) => ({ planLayers: { ...s.planLayers, [layer]: !s.planLayers[layer] } })),
  setPlanMode: (planMode) => set({ planMode }),
  setPlanKeyShown: (planKeyShown) => set({ planKeyShown }),
  pinSpot: (pinnedSpot) => set({ pinnedSpot }),
  setPlanAnswer: (answer, sceneRev) => set((s) => ({ plan: { ...s.plan, [answer.what]: { ...answer, sceneRev } }, planError: null })),
  setPlanPending: (what, on) => set((s) => (s.planPending[what] === on ? s : { planPending: { ...s.planPending, [what]: on } })),
  setPlanError: (planError) => set({ planError }),
})

/** The model the plan is for: the one picked first (the attacker). */
export const planSubject = (s: AppState): string | null => s.attackerId

/** An answer when it is for the picked model (an answer for a model picked before is not shown). */
export function answerFor<W extends PlanAnswer['what']>(s: AppState, what: W): Answered<W> | null {
  const a = s.plan[what] as Answered<W> | null
  return a && a.model === planSubject(s) ? a : null
}

/** The mode whose area is tinted and whose path is asked: the chosen one when the model has it, else its game's default (listed first). */
export function shownModeOf(reach: PlanAnswerOf<'reach'> | null, planMode: string | null): string | null {
  if (!reach || !reach.modes.length) return planMode
  return reach.modes.some((m) => m.mode === planMode) ? planMode : reach.modes[0]!.mode
}
