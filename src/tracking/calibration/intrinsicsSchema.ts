// Camera intrinsics files (format tabletop-camera/1), stored per device after a ChArUco calibration.
import { z } from 'zod'
import { SceneError, zodIssues } from '../../engine/index.ts'
import type { CameraIntrinsics } from '../types.ts'

export const INTRINSICS_FORMAT = 'tabletop-camera/1'

const finite = () => z.number().refine(Number.isFinite, { message: 'expected a finite number' })
const positive = (what: string) => finite().refine((v) => v > 0, { message: `${what} must be greater than 0` })

export const intrinsicsSchema = z.strictObject({
  format: z.literal(INTRINSICS_FORMAT),
  /** Image size the calibration was made at, px. */
  width: positive('width'),
  height: positive('height'),
  fx: positive('fx'),
  fy: positive('fy'),
  cx: finite(),
  cy: finite(),
  /** OpenCV's [k1, k2, p1, p2, k3]. */
  distortion: z.tuple([finite(), finite(), finite(), finite(), finite()]).optional(),
  /** RMS reprojection error of the calibration, px. */
  rmsErrorPx: finite().optional(),
  device: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
})

export type IntrinsicsFile = z.infer<typeof intrinsicsSchema>

export function parseIntrinsics(raw: unknown): CameraIntrinsics {
  const parsed = intrinsicsSchema.safeParse(raw)
  if (!parsed.success) throw new SceneError(zodIssues(parsed.error))
  const f = parsed.data
  return { width: f.width, height: f.height, fx: f.fx, fy: f.fy, cx: f.cx, cy: f.cy, distortion: f.distortion, rmsErrorPx: f.rmsErrorPx, source: 'calibration' }
}

export function intrinsicsFile(k: CameraIntrinsics, device?: string): IntrinsicsFile {
  return {
    format: INTRINSICS_FORMAT, width: k.width, height: k.height, fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy,
    ...(k.distortion ? { distortion: k.distortion } : {}),
    ...(k.rmsErrorPx !== undefined ? { rmsErrorPx: k.rmsErrorPx } : {}),
    ...(device ? { device } : {}),
  }
}

/**
 * Intrinsics for frames of another size with the same aspect ratio (the camera streams 1280×720 but
 * was calibrated at 1920×1080). Pixel-centre convention: c' = (c + 0.5)·s − 0.5.
 */
export function scaleIntrinsics(k: CameraIntrinsics, width: number, height: number): CameraIntrinsics {
  if (k.width === width && k.height === height) return k
  const sx = width / k.width, sy = height / k.height
  if (Math.abs(sx / sy - 1) > 0.01) {
    throw new SceneError([{ path: '', message: `the camera file is for ${k.width}×${k.height} but the image is ${width}×${height} (a different aspect ratio): calibrate at this size` }])
  }
  return { ...k, width, height, fx: k.fx * sx, fy: k.fy * sy, cx: (k.cx + 0.5) * sx - 0.5, cy: (k.cy + 0.5) * sy - 0.5 }
}
