// What a model looks like above its base, for telling models apart after a hand or an occlusion: the
// colours of the miniature (bands of a narrow column standing on the base, the side facing the camera)
// and of the base's own top, each as chromaticity and a brightness relative to the whole (so a change
// of exposure moves nothing). Learned per model from the frames where its identity was certain
// (AppearanceModel: a running mean and spread); compared in units of that spread.
// Hot path: describeAppearance writes into the caller's vector; no allocation.
import type { BaseShape } from '../../engine/index.ts'
import type { RgbaFrame } from '../types.ts'
import { halfSizes } from './baseOutline.ts'
import { sampleColour } from './measureEdge.ts'
import { type TableProjector, projectTablePoint } from './tableProjector.ts'

/** Heights of the figure's bands above the base's top, mm. */
const BANDS_MM = [4, 9, 15, 22]
/** Angles round the column (towards the camera ± this many degrees). */
const ANGLES_DEG = [-50, -25, 0, 25, 50]
/** Values per band: chromaticity r, g and relative brightness. */
export const APPEARANCE_LENGTH = (BANDS_MM.length + 1) * 3

const _rgb = new Float64Array(3), _p = new Float64Array(2)
const _band = new Float64Array((BANDS_MM.length + 1) * 3)
const _count = new Int32Array(BANDS_MM.length + 1)

/**
 * The appearance of the model on a base at (x, y) standing on z0 with its top at z0 + heightMm,
 * into `target` (APPEARANCE_LENGTH values, NaN for a band not seen). Returns the share of bands seen.
 */
export function describeAppearance(frame: RgbaFrame, proj: TableProjector, shape: BaseShape, x: number, y: number, z0: number, heightMm: number, target: Float64Array): number {
  const h = halfSizes(shape)
  const minor = Math.min(h.forward, h.side)
  const column = 0.35 * minor
  const toCam = Math.atan2(proj.camera[1] - y, proj.camera[0] - x)
  _band.fill(0)
  _count.fill(0)
  const top = z0 + heightMm
  const add = (band: number, px: number, py: number, pz: number) => {
    if (!projectTablePoint(proj, px, py, pz, _p) || !sampleColour(frame, _p[0]!, _p[1]!, _rgb)) return
    _band[3 * band] = _band[3 * band]! + _rgb[0]!
    _band[3 * band + 1] = _band[3 * band + 1]! + _rgb[1]!
    _band[3 * band + 2] = _band[3 * band + 2]! + _rgb[2]!
    _count[band]!++
  }
  for (let b = 0; b < BANDS_MM.length; b++) {
    for (const a of ANGLES_DEG) {
      const ang = toCam + (a * Math.PI) / 180
      add(b, x + column * Math.cos(ang), y + column * Math.sin(ang), top + BANDS_MM[b]!)
    }
  }
  // The base's top, on the near side (a figure hides its far side).
  const ring = BANDS_MM.length
  for (const a of ANGLES_DEG) {
    const ang = toCam + (a * Math.PI) / 180
    add(ring, x + 0.75 * minor * Math.cos(ang), y + 0.75 * minor * Math.sin(ang), top)
  }
  let total = 0, seen = 0
  for (let b = 0; b <= ring; b++) if (_count[b]) total += (_band[3 * b]! + _band[3 * b + 1]! + _band[3 * b + 2]!) / _count[b]!
  const bands = BANDS_MM.length + 1
  let seenBands = 0
  for (let b = 0; b < bands; b++) if (_count[b]) seenBands++
  const mean = seenBands ? total / seenBands : 1
  for (let b = 0; b < bands; b++) {
    if (!_count[b]) { target[3 * b] = target[3 * b + 1] = target[3 * b + 2] = Number.NaN; continue }
    const r = _band[3 * b]! / _count[b]!, g = _band[3 * b + 1]! / _count[b]!, bl = _band[3 * b + 2]! / _count[b]!
    const sum = r + g + bl + 1e-6
    target[3 * b] = r / sum
    target[3 * b + 1] = g / sum
    target[3 * b + 2] = Math.log((sum + 3) / (mean + 3))
    seen++
  }
  return seen / bands
}

/** A model's learned appearance: the running mean of its descriptors and their mean squared spread. */
export type AppearanceModel = { mean: Float64Array; spread2: Float64Array; count: number }

export function createAppearanceModel(): AppearanceModel {
  return { mean: new Float64Array(APPEARANCE_LENGTH).fill(Number.NaN), spread2: new Float64Array(APPEARANCE_LENGTH), count: 0 }
}

/** Add one descriptor (NaN values skipped) to the model, weighting the last `memory` frames alike. */
export function learnAppearance(model: AppearanceModel, d: Float64Array, memory = 30): void {
  const w = 1 / Math.min(memory, model.count + 1)
  for (let i = 0; i < APPEARANCE_LENGTH; i++) {
    const v = d[i]!
    if (v !== v) continue
    const m = model.mean[i]!
    if (m !== m) { model.mean[i] = v; model.spread2[i] = 0; continue }
    const delta = v - m
    model.mean[i] = m + w * delta
    model.spread2[i] = (1 - w) * (model.spread2[i]! + w * delta * delta)
  }
  model.count++
}

/** Per value: the spread taken as at least this (chromaticity, brightness): one frame's own noise and a view's change. */
const FLOOR = [0.015, 0.015, 0.08]

/**
 * How unlike the model a descriptor is: the RMS over the values both have of the difference in units
 * of the model's spread (floored), or NaN when they share fewer than 6 values.
 */
export function appearanceDistance(model: AppearanceModel, d: Float64Array): number {
  let s = 0, n = 0
  for (let i = 0; i < APPEARANCE_LENGTH; i++) {
    const v = d[i]!, m = model.mean[i]!
    if (v !== v || m !== m) continue
    const floor = FLOOR[i % 3]!
    const sd2 = Math.max(floor * floor, model.spread2[i]!)
    s += ((v - m) * (v - m)) / sd2
    n++
  }
  return n >= 6 ? Math.sqrt(s / n) : Number.NaN
}
