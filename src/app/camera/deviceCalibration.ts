// Camera calibrations made in the app, kept per camera (localStorage, tabletop-camera/1 files keyed
// by the camera's deviceId and, as a fallback when browsers rotate ids, its label), so the next
// session on the same camera uses it without asking — also after a reload.
import { type CameraIntrinsics, intrinsicsFile, parseIntrinsics } from '../../tracking/index.ts'

/** Which camera a stream comes from. */
export type CameraDevice = { id: string; label: string }

const PREFIX = 'tabletop-ar/camera-calibration/device/'

export function cameraDeviceOf(stream: MediaStream | null): CameraDevice {
  const track = stream?.getVideoTracks()[0]
  const settings = track?.getSettings()
  return { id: settings?.deviceId ?? '', label: track?.label || 'camera' }
}

const keysOf = (d: CameraDevice) => [d.id ? `${PREFIX}id:${d.id}` : null, d.label ? `${PREFIX}label:${d.label}` : null].filter((k): k is string => k !== null)

export function saveDeviceCalibration(device: CameraDevice, k: CameraIntrinsics): boolean {
  const text = JSON.stringify(intrinsicsFile(k, device.label))
  try {
    for (const key of keysOf(device)) localStorage.setItem(key, text)
    return true
  } catch {
    return false
  }
}

/** The calibration stored for this camera, or null (none, or unreadable: then it is forgotten). */
export function loadDeviceCalibration(device: CameraDevice): CameraIntrinsics | null {
  for (const key of keysOf(device)) {
    const text = localStorage.getItem(key)
    if (!text) continue
    try {
      return parseIntrinsics(JSON.parse(text))
    } catch {
      localStorage.removeItem(key)
    }
  }
  return null
}

/** The tabletop-camera/1 file of a calibration, for "Export calibration file". */
export function calibrationFileText(k: CameraIntrinsics, device: CameraDevice): string {
  return JSON.stringify(intrinsicsFile(k, device.label), null, 2) + '\n'
}
