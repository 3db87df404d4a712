// The one app store, in slices (house style §15). Components read it through narrow selectors:
// `useApp((s) => s.units)`; never call useApp() without a selector.
import { create } from 'zustand'
import type { Scene } from '../../engine/index.ts'
import { type TableSlice, createTableSlice } from './tableSlice.ts'
import { type SelectionSlice, createSelectionSlice } from './selectionSlice.ts'
import { type SettingsSlice, createSettingsSlice } from './settingsSlice.ts'
import { type EvaluationSlice, createEvaluationSlice } from './evaluationSlice.ts'
import { type RulingsSlice, createRulingsSlice } from './rulingsSlice.ts'
import { type MessagesSlice, createMessagesSlice } from './messagesSlice.ts'
import { type TrackingSlice, createTrackingSlice } from './trackingSlice.ts'
import { type CalibrationSlice, createCalibrationSlice } from './calibrationSlice.ts'
import { type PlanSlice, createPlanSlice } from './planSlice.ts'
import { type GameSlice, createGameSlice } from './gameSlice.ts'

export type AppState = TableSlice & SelectionSlice & SettingsSlice & EvaluationSlice & RulingsSlice & MessagesSlice & TrackingSlice & CalibrationSlice & PlanSlice & GameSlice

export function createAppStore(initialScene: Scene) {
  return create<AppState>()((...a) => ({
    ...createTableSlice(initialScene)(...a),
    ...createSelectionSlice(...a),
    ...createSettingsSlice(...a),
    ...createEvaluationSlice(...a),
    ...createRulingsSlice(...a),
    ...createMessagesSlice(...a),
    ...createTrackingSlice(...a),
    ...createCalibrationSlice(...a),
    ...createPlanSlice(...a),
    ...createGameSlice(...a),
  }))
}

export type AppStore = ReturnType<typeof createAppStore>
