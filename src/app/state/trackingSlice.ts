// Tracking status for the camera modes' status line (human pace: updated a few times a second,
// never per frame; per-frame poses stay outside React).
import type { StateCreator } from 'zustand'
import type { CameraIntrinsics, CaptureStats, Registry, UnidentifiedBase } from '../../tracking/index.ts'
import type { BaseGhost } from '../camera/baseGhost.ts'
import type { GrantedCamera } from '../camera/cameraConstraints.ts'
import type { DoubtedPose } from '../camera/doubtedPoses.ts'
import type { TurnSensorState } from '../camera/turnSensor.ts'
import type { AppState } from './store.ts'

/** The marker registry in force (what each printed marker is stuck to), with its file name. */
export type LoadedRegistry = { name: string; registry: Registry }
/** The camera's calibration in force (optional: without it the focal length is estimated from the table). */
export type LoadedCalibration = { name: string; intrinsics: CameraIntrinsics }

export type TrackingStatus = {
  state: 'off' | 'starting' | 'running' | 'unavailable' | 'error'
  message: string
  markersSeen: number
  tableLocked: boolean
  /** Why the table is not locked, in the tracker's words (null while locked or before a frame). */
  lockReason?: string | null
  /** Registry table markers among the markers seen (the lock needs 2). */
  tableMarkersSeen?: number
  reprojectionErrorPx: number | null
  /** The lock rests on only 2 table markers (positions far from them are less certain). */
  lockOnTwoMarkers?: boolean
  fps: number | null
  latencyMs: number | null
  /** Models the latest photo / frame placed on the table (null: none reported yet). */
  placedModels?: string[] | null
  /** Models a hand is over (kept where they were). */
  heldModels?: string[]
  /** "hand over the table: holding N models" while a hand holds any (null: none). */
  handsStatus?: string | null
  /**
   * Poses the tracker doubts (camera/doubtedPoses.ts): never placed, drawn as ghosts with their
   * reason; the card waits for a sure view of a doubted pick.
   */
  doubted?: DoubtedPose[]
  /** Models tracked before but not seen for a while (their last pose is kept). */
  staleModels?: string[]
  /** Marker ids in view that the registry does not know (teach by showing asks which model each is on). */
  unknownIds?: number[]
  /** Models whose marker has been seen since the camera started (the others are listed as never seen). */
  seenModels?: string[]
  /** How the capture goes (frames used and rejected, shake, "hold still"): the live camera only. */
  capture?: CaptureStats | null
  /** What the camera granted (size, frame rate, focus, exposure) and what it refused. */
  camera?: GrantedCamera | null
  /** The device's motion sensor, whose turn rate goes with each frame (camera/turnSensor.ts). */
  turnSensor?: TurnSensorState | null
  /** Models without markers (issue 34): bases found whose model is not known (asked), the models not seen yet, … */
  baseQuestions?: UnidentifiedBase[]
  baseNotSeen?: string[]
  /** … base-tracked models not certainly themselves in the latest frame (rulings wait), and what to draw as ghosts. */
  uncertainModels?: string[]
  baseGhosts?: BaseGhost[]
}

export type TrackingSlice = {
  tracking: TrackingStatus
  registry: LoadedRegistry | null
  calibration: LoadedCalibration | null
  setTracking: (t: Partial<TrackingStatus>) => void
  setRegistry: (r: LoadedRegistry | null) => void
  setCalibration: (c: LoadedCalibration | null) => void
}

/** No camera on: also no doubt left over from the last view (its ghosts go with it). */
export const TRACKING_OFF: TrackingStatus = { state: 'off', message: '', markersSeen: 0, tableLocked: false, lockReason: null, reprojectionErrorPx: null, fps: null, latencyMs: null, doubted: [] }

export const createTrackingSlice: StateCreator<AppState, [], [], TrackingSlice> = (set) => ({
  tracking: TRACKING_OFF,
  registry: null,
  calibration: null,
  setTracking: (t) => set((s) => ({ tracking: { ...s.tracking, ...t } })),
  setRegistry: (registry) => set({ registry }),
  setCalibration: (calibration) => set({ calibration }),
})
