// The survey's messages inside the tracking worker (one additive message type of its protocol,
// `{ type: 'survey', request }` / `{ type: 'survey', reply }`): frames in (transferred, handed back),
// each frame's markers and the sweep's progress out, the survey's result on request.
import type { CameraIntrinsics } from '../types.ts'
import type { SurveyRegistry } from '../registry/registrySchema.ts'
import type { SurveyObservation, SurveyProgress } from './surveyCollector.ts'
import type { SurveyResult, TableTap } from './types.ts'

export type SurveyRequest =
  /** Start (or restart) a survey of this registry's table markers; forgets any views. */
  | { kind: 'start'; registry: SurveyRegistry; calibration: CameraIntrinsics | null }
  /** One RGBA frame (width × height × 4 bytes, transferred): 'photo' keeps it as a view, 'live' only when steady and new. */
  | { kind: 'frame'; frameId: number; mode: 'photo' | 'live'; label?: string; width: number; height: number; data: ArrayBuffer }
  /** Measure the map and place the table (taps: corners the player tapped; tableSize: the scene's table). */
  | { kind: 'solve'; requestId: number; taps?: TableTap[]; tableSize?: { widthMm: number; depthMm: number } | null }
  /** Forget the views (sweep again). */
  | { kind: 'reset' }
  | { kind: 'stop' }

export type SurveyReply =
  | { kind: 'started' }
  | { kind: 'observed'; frameId: number; observation: SurveyObservation; progress: SurveyProgress; data: ArrayBuffer }
  | { kind: 'solved'; requestId: number; result: SurveyResult }
  | { kind: 'failed'; message: string; frameId?: number; requestId?: number; data?: ArrayBuffer }
