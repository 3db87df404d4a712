// Camera intrinsics files (format tabletop-camera/1), stored per device after a ChArUco calibration.
import { z } from 'zod'
import { SceneError, checkJsonShape, zodIssues } from '../../engine/index.ts'
import type { CameraIntrinsics } from '../types.ts'

export const INTRINSICS_FORMAT = 'tabletop-camera/1'

const finite = () => z.number().refine(Number.isFinite, { message: 'expected a finite number' })
const positive = (what: string) => finite().refine((v) => v > 0, { message: `${what} must be greater than 0` })
const nonNegative = (what: string) => finite().refine((v) => v >= 0, { message: `${what} must not be negative` })

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
  /**
   * The calibration's own 1σ of fx, fy, cx and cy, px (OpenCV's stdDeviationsIntrinsics). Additive and
   * optional: a file without it is doubted by the tracker's priors, as before.
   */
  sigmaPx: z.strictObject({ fx: nonNegative('sigmaPx.fx'), fy: nonNegative('sigmaPx.fy'), cx: nonNegative('sigmaPx.cx'), cy: nonNegative('sigmaPx.cy') }).optional(),
  device: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
})

export type IntrinsicsFile = z.infer<typeof intrinsicsSchema>

/**
 * Plausible intrinsics: any real camera's focal length is between a tenth of and fifty times the
 * image's larger side in pixels (ultra-wide to long telephoto), its principal point inside the image,
 * its image at most 100,000 px a side. A value outside silently drops every object from view.
 */
export function intrinsicsIssues(f: Pick<IntrinsicsFile, 'width' | 'height' | 'fx' | 'fy' | 'cx' | 'cy' | 'distortion'>): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = []
  const side = Math.max(f.width, f.height)
  if (f.width > 100_000) issues.push({ path: 'width', message: `${f.width} px is not a camera image width (at most 100,000)` })
  if (f.height > 100_000) issues.push({ path: 'height', message: `${f.height} px is not a camera image height (at most 100,000)` })
  for (const k of ['fx', 'fy'] as const) {
    if (f[k] < 0.1 * side || f[k] > 50 * side) issues.push({ path: k, message: `${f[k]} px is not a plausible focal length for a ${f.width} × ${f.height} image (expected ${0.1 * side}–${50 * side} px)` })
  }
  if (f.cx < 0 || f.cx > f.width) issues.push({ path: 'cx', message: `the principal point x ${f.cx} px is outside the ${f.width} px wide image` })
  if (f.cy < 0 || f.cy > f.height) issues.push({ path: 'cy', message: `the principal point y ${f.cy} px is outside the ${f.height} px high image` })
  f.distortion?.forEach((d, i) => {
    if (Math.abs(d) > 1000) issues.push({ path: `distortion[${i}]`, message: `${d} is not a plausible distortion coefficient (at most ±1000)` })
  })
  return issues
}

export function parseIntrinsics(raw: unknown): CameraIntrinsics {
  checkJsonShape(raw)
  const parsed = intrinsicsSchema.safeParse(raw)
  if (!parsed.success) throw new SceneError(zodIssues(parsed.error))
  const f = parsed.data
  const implausible = intrinsicsIssues(f)
  if (implausible.length) throw new SceneError(implausible)
  return { width: f.width, height: f.height, fx: f.fx, fy: f.fy, cx: f.cx, cy: f.cy, distortion: f.distortion, rmsErrorPx: f.rmsErrorPx, ...(f.sigmaPx ? { sigmaPx: f.sigmaPx } : {}), source: 'calibration' }
}

export function intrinsicsFile(k: CameraIntrinsics, device?: string): IntrinsicsFile {
  return {
    format: INTRINSICS_FORMAT, width: k.width, height: k.height, fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy,
    ...(k.distortion ? { distortion: k.distortion } : {}),
    ...(k.rmsErrorPx !== undefined ? { rmsErrorPx: k.rmsErrorPx } : {}),
    ...(k.sigmaPx ? { sigmaPx: k.sigmaPx } : {}),
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
  const sigmaPx = k.sigmaPx && { fx: k.sigmaPx.fx * sx, fy: k.sigmaPx.fy * sy, cx: k.sigmaPx.cx * sx, cy: k.sigmaPx.cy * sy }
  return { ...k, width, height, fx: k.fx * sx, fy: k.fy * sy, cx: (k.cx + 0.5) * sx - 0.5, cy: (k.cy + 0.5) * sy - 0.5, ...(sigmaPx ? { sigmaPx } : {}) }
}
