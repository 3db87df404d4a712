// The calibration flow's actions (plain functions over the store; CalibrationPanel only draws):
// capture the current camera frame as a view of the printed ChArUco board, solve in the tracking
// worker, put the result in force (worker + store), keep it for this camera, export it.
import type { CameraIntrinsics } from '../../tracking/index.ts'
import type { CalibrationCaptureResult, CalibrationSolveResult } from '../../tracking/worker/protocol.ts'
import { useApp } from '../state/appStore.ts'
import { CALIBRATION_FLOW_CLOSED } from '../state/calibrationSlice.ts'
import { downloadBlob } from '../actions/download.ts'
import { type CameraDevice, calibrationFileText, saveDeviceCalibration } from './deviceCalibration.ts'

/** What the flow needs from the running camera (liveTracking provides it). */
export type CalibrationTarget = {
  capture: () => Promise<CalibrationCaptureResult | null>
  solve: () => Promise<CalibrationSolveResult>
  reset: () => void
  /** Put a calibration (made at the stream's frame size) in force in the running tracker. */
  apply: (k: CameraIntrinsics) => void
}

const flow = () => useApp.getState().calibrationFlow
const patch = (p: Parameters<ReturnType<typeof useApp.getState>['setCalibrationFlow']>[0]) => useApp.getState().setCalibrationFlow(p)
const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function openCalibration(target: CalibrationTarget): void {
  target.reset()
  useApp.getState().setCalibrationFlow({ ...CALIBRATION_FLOW_CLOSED, open: true })
}

export function closeCalibration(): void {
  useApp.getState().setCalibrationFlow(CALIBRATION_FLOW_CLOSED)
}

export async function captureView(target: CalibrationTarget): Promise<void> {
  if (flow().busy) return
  patch({ busy: true, problem: null })
  try {
    const r = await target.capture()
    if (!r) patch({ busy: false, problem: 'No camera frame yet: wait for the video, then capture.' })
    else patch({ busy: false, views: r.views, last: { corners: r.corners, accepted: r.accepted, ...(r.reason ? { reason: r.reason } : {}) } })
  } catch (e) {
    patch({ busy: false, problem: `The view could not be checked: ${message(e)}` })
  }
}

export async function solveCalibration(target: CalibrationTarget, device: CameraDevice): Promise<void> {
  if (flow().busy) return
  patch({ busy: true, problem: null })
  try {
    const r = await target.solve()
    if (!r.ok) {
      patch({ busy: false, problem: r.message, views: r.views })
      return
    }
    const intrinsics = { ...r.intrinsics, source: 'calibration' as const }
    const name = `calibrated in the app (${device.label})`
    useApp.getState().setCalibration({ name, intrinsics })
    target.apply(intrinsics)
    const kept = saveDeviceCalibration(device, intrinsics)
    patch({ busy: false, solved: { intrinsics, rmsErrorPx: r.rmsErrorPx, viewsUsed: r.viewsUsed, device: device.label } })
    useApp.getState().notify({
      level: 'info',
      text: `Camera calibrated from ${r.viewsUsed} views (RMS ${r.rmsErrorPx.toFixed(2)} px)${kept ? `; it is used automatically for ${device.label} from now on` : '; it could not be kept for the next visit (storage full or blocked): export the file'}.`,
    })
  } catch (e) {
    patch({ busy: false, problem: `The calibration failed: ${message(e)}` })
  }
}

export function resetViews(target: CalibrationTarget): void {
  target.reset()
  patch({ views: 0, last: null, solved: null, problem: null })
}

export function exportCalibration(device: CameraDevice): void {
  const solved = flow().solved ?? null
  const k = solved?.intrinsics ?? useApp.getState().calibration?.intrinsics
  if (!k) return
  const safe = device.label.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'camera'
  downloadBlob(new Blob([calibrationFileText(k, device)], { type: 'application/json' }), `camera-${safe}.json`)
}
