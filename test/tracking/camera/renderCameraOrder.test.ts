// The camera-order renderer against answers known without it: the ink a marker puts in the image is
// the projected area of its black cells (shoelace formula on each cell's projected corners, a pinhole
// maps a square to a quadrilateral), integrated over the pixels; blur in linear light keeps that ink;
// the tone curve is applied after the blur (an edge blurred in linear light and then encoded crosses
// mid-grey off its true place, toward the white side for a gamma that brightens: the bias the
// tracker must not carry), and the pipeline is deterministic per seed.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openCv } from '../helpers.ts'
import { arucoCells, type OpenCvForPatterns } from './arucoPattern.ts'
import { cameraLookingAt, imagePointOf, type Lens } from './cameraProjection.ts'
import { developFrame, encodeTone, renderCameraOrder, traceRadiance, type CameraPipeline } from './renderCameraOrder.ts'
import { INK, PAPER, clothBackground, markerAxes, markerSurface, planarSurface, type MarkerPlacement } from './sceneSurfaces.ts'

const LENS: Lens = { width: 240, height: 180, fx: 300, fy: 300, cx: 121.3, cy: 88.6 }
let marker: MarkerPlacement

beforeAll(async () => {
  const cv = (await openCv()).cv as unknown as OpenCvForPatterns
  const c = arucoCells(cv, 'DICT_4X4_100', 7)
  marker = { id: 7, sizeMm: 60, marginMm: 16, centre: [0, 0, 0], rotationDeg: 23, cells: c.cells, cellsSide: c.side }
})

const placement = () => cameraLookingAt([40, -260, 330], [0, 0, 0], 8)
const scene = () => ({ surfaces: [markerSurface(marker)], background: clothBackground({ widthMm: 400, depthMm: 400 }) })

/** Projected area (px²) of the marker's black cells: each cell's four corners through the renderer's pinhole. */
function inkAreaPx(): number {
  const { ex, ey } = markerAxes(marker)
  const cell = marker.sizeMm / marker.cellsSide, half = marker.sizeMm / 2
  let area = 0
  for (let row = 0; row < marker.cellsSide; row++) {
    for (let col = 0; col < marker.cellsSide; col++) {
      if (marker.cells[row * marker.cellsSide + col]) continue
      const quad = [[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]].map(([i, j]) => {
        const lx = -half + i! * cell, ly = half - j! * cell
        return imagePointOf(LENS, placement(), [ex[0] * lx + ey[0] * ly, ex[1] * lx + ey[1] * ly, 0])!
      })
      let s = 0
      for (let k = 0; k < 4; k++) s += quad[k]![0] * quad[(k + 1) % 4]![1] - quad[(k + 1) % 4]![0] * quad[k]![1]
      area += Math.abs(s) / 2
    }
  }
  return area
}

/** Ink measured from linear radiance: Σ (paper − value) / (paper − ink) over the paper's pixels. */
function inkFrom(rgb: Float32Array): number {
  // Over the pixels wholly inside a square 6 mm beyond the black one and 10 mm inside the paper's
  // edge (which blur would mix with the cloth).
  const paperScene = { surfaces: [planarSurface({ c: marker.centre, ...markerAxes(marker), hx: 36, hy: 36, texture: (_x, _y, out) => { out[0] = 1; out[1] = 1; out[2] = 1; return 0 } })], background: (_a: number, _b: number, _c: number, _d: number, _e: number, _f: number, out: Float64Array) => { out[0] = 0; out[1] = 0; out[2] = 0; return 0 } }
  const mask = traceRadiance(paperScene, LENS, placement())
  let ink = 0
  for (let i = 0; i < rgb.length; i += 3) if (mask[i]! > 0.9999) ink += (PAPER[0] - rgb[i]!) / (PAPER[0] - INK[0])
  return ink
}

describe('camera-order renderer', () => {
  it('imports nothing from src/tracking (its projection is its own; a convention error cannot cancel out)', () => {
    for (const f of ['cameraProjection.ts', 'sceneSurfaces.ts', 'renderCameraOrder.ts', 'arucoPattern.ts', 'playerTableScene.ts']) {
      const imports = [...readFileSync(join(import.meta.dirname, f), 'utf8').matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!)
      expect(imports.filter((i) => i.includes('src/')), f).toEqual([])
    }
  })

  it('integrates radiance over each pixel: the ink in the image is the projected area of the black cells (within 0.2 %)', () => {
    const want = inkAreaPx()
    const got = inkFrom(traceRadiance(scene(), LENS, placement()))
    expect(want).toBeGreaterThan(1000)
    expect(Math.abs(got / want - 1)).toBeLessThan(0.002)
  })

  it('blurs in linear light: defocus keeps the ink; the tone curve comes after it and moves a blurred edge toward white', () => {
    const base = traceRadiance(scene(), LENS, placement())
    const p: CameraPipeline = { exposure: 1, defocusSigmaPx: 1.2, tone: { kind: 'linear' }, seed: 1 }
    const blurredLinear = developFrame(base.slice(), LENS.width, LENS.height, p).data
    // Back to linear floats (8 bits): the ink is the same within the quantisation.
    const asLinear = new Float32Array(LENS.width * LENS.height * 3)
    for (let i = 0, j = 0; i < blurredLinear.length; i += 4, j += 3) { asLinear[j] = blurredLinear[i]! / 255; asLinear[j + 1] = blurredLinear[i + 1]! / 255; asLinear[j + 2] = blurredLinear[i + 2]! / 255 }
    expect(Math.abs(inkFrom(asLinear) / inkAreaPx() - 1)).toBeLessThan(0.01)
    // A gamma 2.2 picture of the same blurred edge: linear mid-level between ink and paper encodes
    // above mid-grey, so fewer pixels are above mid-grey in the linear picture than in the encoded one.
    const gamma = developFrame(base.slice(), LENS.width, LENS.height, { ...p, tone: { kind: 'gamma', gamma: 2.2 } }).data
    const midLinear = 255 * (PAPER[0] + INK[0]) / 2
    const midEncoded = 255 * (encodeTone(PAPER[0], { kind: 'gamma', gamma: 2.2 }, 0) + encodeTone(INK[0], { kind: 'gamma', gamma: 2.2 }, 0)) / 2
    let brightLinear = 0, brightEncoded = 0
    for (let i = 0; i < gamma.length; i += 4) { if (blurredLinear[i]! > midLinear) brightLinear++; if (gamma[i]! > midEncoded) brightEncoded++ }
    expect(brightEncoded).toBeGreaterThan(brightLinear * 1.02)
  })

  it('is deterministic per seed, and the noise, sharpening and JPEG change the picture', () => {
    const p: CameraPipeline = { exposure: 0.95, defocusSigmaPx: 0.7, noise: { fullWellElectrons: 3000, readElectrons: 3 }, tone: { kind: 'srgb' }, contrast: 0.3, sharpen: { amount: 0.8, sigmaPx: 1 }, jpegQuality: 80, seed: 5 }
    const a = renderCameraOrder(scene(), LENS, placement(), p).data
    const b = renderCameraOrder(scene(), LENS, placement(), p).data
    const c = renderCameraOrder(scene(), LENS, placement(), { ...p, seed: 6 }).data
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false)
  })
})
