// Calibrations made in the app are kept per camera: found again by deviceId, or by label when the
// browser hands out a new id; a damaged entry is forgotten, not trusted; the exported file is a
// valid tabletop-camera/1 file with the same numbers.
import { beforeEach, describe, expect, it } from 'vitest'
import { calibrationFileText, loadDeviceCalibration, saveDeviceCalibration } from '../../src/app/camera/deviceCalibration.ts'
import { parseIntrinsics } from '../../src/tracking/index.ts'
import type { CameraIntrinsics } from '../../src/tracking/types.ts'

class MemoryStorage {
  items = new Map<string, string>()
  getItem(k: string) { return this.items.get(k) ?? null }
  setItem(k: string, v: string) { this.items.set(k, v) }
  removeItem(k: string) { this.items.delete(k) }
}
let storage: MemoryStorage
beforeEach(() => {
  storage = new MemoryStorage()
  ;(globalThis as { localStorage?: unknown }).localStorage = storage
})

const K: CameraIntrinsics = { width: 1280, height: 720, fx: 1104.8, fy: 1107.6, cx: 641.1, cy: 369.0, distortion: [0.01, -0.02, 0, 0, 0.003], rmsErrorPx: 0.042, source: 'calibration' }

describe('per-camera calibration storage', () => {
  it('finds the calibration of the same camera by id, or by label with a new id; not for another camera', () => {
    expect(saveDeviceCalibration({ id: 'abc', label: 'Back Camera' }, K)).toBe(true)
    expect(loadDeviceCalibration({ id: 'abc', label: 'Back Camera' })).toMatchObject({ fx: 1104.8, cy: 369.0, rmsErrorPx: 0.042, source: 'calibration' })
    expect(loadDeviceCalibration({ id: 'rotated', label: 'Back Camera' })?.fx).toBe(1104.8)
    expect(loadDeviceCalibration({ id: 'other', label: 'Front Camera' })).toBeNull()
  })

  it('forgets a damaged entry instead of using it', () => {
    saveDeviceCalibration({ id: 'abc', label: '' }, K)
    const key = [...storage.items.keys()][0]!
    storage.setItem(key, JSON.stringify({ format: 'tabletop-camera/1', width: 1280, height: 720, fx: -5, fy: 1, cx: 0, cy: 0 }))
    expect(loadDeviceCalibration({ id: 'abc', label: '' })).toBeNull()
    expect(storage.items.size).toBe(0)
  })

  it('exports a tabletop-camera/1 file that reads back to the same intrinsics', () => {
    const text = calibrationFileText(K, { id: 'abc', label: 'Back Camera' })
    const raw = JSON.parse(text) as { format: string; device: string }
    expect(raw.format).toBe('tabletop-camera/1')
    expect(raw.device).toBe('Back Camera')
    expect(parseIntrinsics(raw)).toEqual(K)
  })
})
