// The in-app camera calibration flow (Camera mode → "Calibrate camera"): views captured of the
// printed ChArUco board, the last view's corner count, the solved intrinsics. Human pace only.
import type { StateCreator } from 'zustand'
import type { CameraIntrinsics } from '../../tracking/index.ts'
import type { AppState } from './store.ts'

export type CalibrationFlow = {
  open: boolean
  busy: boolean
  /** Accepted views kept in the worker. */
  views: number
  /** The last captured view: corners found and whether it was kept (null before the first). */
  last: { corners: number; accepted: boolean; reason?: string } | null
  solved: { intrinsics: CameraIntrinsics; rmsErrorPx: number; viewsUsed: number; device: string } | null
  /** What is missing or went wrong, as a sentence. */
  problem: string | null
}

export type CalibrationSlice = {
  calibrationFlow: CalibrationFlow
  setCalibrationFlow: (patch: Partial<CalibrationFlow>) => void
}

export const CALIBRATION_FLOW_CLOSED: CalibrationFlow = { open: false, busy: false, views: 0, last: null, solved: null, problem: null }

export const createCalibrationSlice: StateCreator<AppState, [], [], CalibrationSlice> = (set) => ({
  calibrationFlow: CALIBRATION_FLOW_CLOSED,
  setCalibrationFlow: (patch) => set((s) => ({ calibrationFlow: { ...s.calibrationFlow, ...patch } })),
})
