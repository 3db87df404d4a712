// The gesture tests' camera: straight down from 1 m over (640, 360) with fx = 1000 px, so 1 mm per px
// on the table and every table point is hand-computable; and three models on it.
import type { GestureModel, HandTableLock } from '../../../src/tracking/hands/index.ts'

export const lock: HandTableLock = {
  tableFromImage: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  intrinsics: { width: 1280, height: 720, fx: 1000, fy: 1000, cx: 640, cy: 360, source: 'calibration' },
  cameraPositionMm: [640, 360, 1000],
}
export const models: GestureModel[] = [
  { id: 'a', position: [300, 300], radiusMm: 16, uncertaintyMm: 0.5 },
  { id: 'b', position: [600, 300], radiusMm: 20, uncertaintyMm: 0.3 },
  { id: 'c', position: [900, 500], radiusMm: 12.5, uncertaintyMm: 0.4 },
]
