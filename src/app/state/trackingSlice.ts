// Tracking status for the camera modes' status line (human pace: updated a few times a second,
// never per frame; per-frame poses stay outside React).
import type { StateCreator } from 'zustand'
import type { AppState } from './store.ts'

export type TrackingStatus = {
  state: 'off' | 'starting' | 'running' | 'unavailable' | 'error'
  message: string
  markersSeen: number
  tableLocked: boolean
  reprojectionErrorPx: number | null
  fps: number | null
  latencyMs: number | null
}

export type TrackingSlice = {
  tracking: TrackingStatus
  setTracking: (t: Partial<TrackingStatus>) => void
}

export const TRACKING_OFF: TrackingStatus = { state: 'off', message: '', markersSeen: 0, tableLocked: false, reprojectionErrorPx: null, fps: null, latencyMs: null }

export const createTrackingSlice: StateCreator<AppState, [], [], TrackingSlice> = (set) => ({
  tracking: TRACKING_OFF,
  setTracking: (t) => set((s) => ({ tracking: { ...s.tracking, ...t } })),
})
