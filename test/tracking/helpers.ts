// Shared helpers for the tracking tests: the real OpenCV (no mocks), error statistics, angle maths.
import { loadOpenCv, type OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import type { MarkerCorners } from '../../src/tracking/types.ts'

export function openCv(): Promise<OpenCvHandle> {
  return loadOpenCv()
}

/** The p-quantile (0..1) of a list (nearest rank). */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!
}

export function cornerErrors(a: MarkerCorners, b: MarkerCorners): number[] {
  return a.map((p, i) => Math.hypot(p[0] - b[i]![0], p[1] - b[i]![1]))
}

/** Smallest absolute difference between two headings, degrees. */
export function angleErrorDeg(a: number, b: number): number {
  return Math.abs(((((a - b) % 360) + 540) % 360) - 180)
}
