// The variants a base finder is measured on (issue 34), as camera-order scenes with their truth: a
// part of a table (700 × 600 mm, its four corner markers) seen by a phone 0.8–0.9 m away at 45–60°,
// an army of painted bases with figures, on several mats, with shadows, hands, terrain, soft
// pictures, a lens that bends, and a mixed table where half the models keep their rear tabs.
// Scene description only; the frames are drawn by renderCameraOrder (its own projection, nothing from
// src/tracking).
import { cameraLookingAt, eyeAround, type CameraPlacement, type Lens } from '../camera/cameraProjection.ts'
import type { CameraPipeline } from '../camera/renderCameraOrder.ts'
import { arucoCells, type OpenCvForPatterns } from '../camera/arucoPattern.ts'
import { uniformSource, SKIN, type BaseShapeJson } from '../camera/baseSurfaces.ts'
import { buildBaseTableScene, randomArmy, type BaseModel, type BaseTableScene, type BaseTerrain, type HandOver, type MatKind } from '../camera/baseTableScene.ts'
import { cornerRegistry } from '../camera/baseGame.ts'
import type { RegistryJson } from '../camera/playerTableScene.ts'

/** Changes whenever a variant's scene changes (benchmark frame caches are keyed with it). */
export const VARIANT_SCENES_VERSION = 2

export const BASE_VARIANTS = ['phone', 'desert', 'black-mat', 'hands', 'terrain', 'soft', 'distortion', 'mixed', 'flagstones', 'hex'] as const
export type BaseVariant = (typeof BASE_VARIANTS)[number]

/** Armies as players field them: a few base sizes each (the finder looks for the army's sizes). */
export const ARMIES: readonly (readonly BaseShapeJson[])[] = [
  [{ shape: 'round', diameter: 25 }, { shape: 'round', diameter: 32 }, { shape: 'round', diameter: 40 }, { shape: 'oval', length: 60, width: 35 }],
  [{ shape: 'round', diameter: 28 }, { shape: 'round', diameter: 50 }, { shape: 'rect', length: 25, width: 25 }],
  [{ shape: 'round', diameter: 32 }, { shape: 'round', diameter: 60 }, { shape: 'oval', length: 75, width: 42 }, { shape: 'rect', length: 50, width: 25 }],
  [{ shape: 'rect', length: 25, width: 25 }, { shape: 'rect', length: 40, width: 40 }, { shape: 'round', diameter: 25 }],
]

export type VariantScene = {
  variant: BaseVariant
  seed: number
  scene: BaseTableScene
  registry: RegistryJson
  lens: Lens
  placement: CameraPlacement
  pipeline: CameraPipeline
  /** The calibration the tracker is given (the lens as a calibration measures it), or null. */
  calibration: { width: number; height: number; fx: number; fy: number; cx: number; cy: number; distortion?: [number, number, number, number, number] } | null
  /** Models whose rear tab is on the sheet (mixed): tracked by markers, not by bases. */
  marked: Set<string>
  models: BaseModel[]
  terrain: BaseTerrain[]
}

const W = 700, D = 600

/**
 * One scene of a variant (seeded). `width`: the image width (height 9/16 of it). `frame` > 0: the
 * same table a tenth of a second later per frame, as a phone held over it films it: the camera a
 * little off (±3 mm, ±0.3°, drawn afresh each frame), fresh sensor noise, and each hand withdrawing
 * towards its arm at 0.2 m/s. Frame 0 is the scene itself.
 */
export function variantScene(cv: OpenCvForPatterns, variant: BaseVariant, seed: number, width = 1280, frame = 0): VariantScene {
  const rnd = uniformSource(seed * 31337 + BASE_VARIANTS.indexOf(variant))
  const height = Math.round((width * 9) / 16)
  const f = width * 0.78
  const lens: Lens = { width, height, fx: f, fy: f, cx: (width - 1) / 2 + (rnd() - 0.5) * 6, cy: (height - 1) / 2 + (rnd() - 0.5) * 6, ...(variant === 'distortion' ? { distortion: [-0.12, 0.05, 0.0004, -0.0003, 0] as const } : {}) }
  const target: [number, number] = [W / 2 + (rnd() - 0.5) * 40, D / 2 + (rnd() - 0.5) * 40]
  const distance = 800 + rnd() * 100, elevation = 45 + rnd() * 15, azimuth = -30 + rnd() * 60, roll = (rnd() - 0.5) * 6
  // (a frame's own draws, apart from the scene's: frame 0 draws none)
  const held = uniformSource(seed * 7919 + frame * 104729 + BASE_VARIANTS.indexOf(variant))
  const off = (reach: number) => (frame > 0 ? (held() - 0.5) * 2 * reach : 0)
  const placement = cameraLookingAt(eyeAround(target, distance + off(3), elevation + off(0.3), azimuth + off(0.3)), [target[0] + off(1), target[1] + off(1), 0], roll + off(0.3))
  const registry = cornerRegistry(W, D)
  const terrain: BaseTerrain[] = variant === 'terrain'
    ? [
        { id: 'ruin', footprint: [[230, 150], [330, 150], [330, 200], [230, 200]], heightMm: 60, colour: [0.32, 0.29, 0.26] },
        { id: 'crates', footprint: [[420, 380], [480, 380], [480, 440], [420, 440]], heightMm: 35, colour: [0.25, 0.17, 0.09] },
      ]
    : []
  const keepOut = terrain.map((t) => ({ c: [(t.footprint[0]![0] + t.footprint[2]![0]) / 2, (t.footprint[0]![1] + t.footprint[2]![1]) / 2] as [number, number], r: 45 }))
  const models = randomArmy(seed * 13 + BASE_VARIANTS.indexOf(variant), 12, ARMIES[(seed + BASE_VARIANTS.indexOf(variant)) % ARMIES.length]!, { x0: 125, y0: 120, x1: W - 125, y1: D - 120 }, keepOut)
  const marked = new Set<string>()
  if (variant === 'mixed') {
    // Half the army keeps its rear tab (20 mm, behind the base as the sheet puts it); ids 10 on.
    models.forEach((m, i) => {
      if (i % 2) return
      const id = 10 + i
      const c = arucoCells(cv, 'DICT_4X4_100', id)
      const half = m.base.shape === 'round' ? m.base.diameter / 2 : m.base.length / 2
      m.tab = { id, sizeMm: 20, offset: [-(half + 2 + 20 / 6 + 10), 0], rotationDeg: -90, cells: c.cells, cellsSide: c.side }
      marked.add(m.id)
      registry.markers = [...registry.markers, { id, role: 'model', model: m.id, size: 20, offset: m.tab.offset, rotation: -90, height: 0 }]
    })
  }
  const hands: HandOver[] = []
  if (variant === 'hands') {
    for (let i = 0; i < 2; i++) {
      const m = models[Math.floor(rnd() * models.length)]!
      hands.push({ palm: [m.position[0] + (rnd() - 0.5) * 60, m.position[1] + (rnd() - 0.5) * 60, 60 + rnd() * 60], from: [m.position[0] + (rnd() - 0.5) * 300, -250, 260], towardsDeg: 60 + rnd() * 60, skin: SKIN[Math.floor(rnd() * SKIN.length)]! })
    }
  }
  for (const h of hands) {
    const dx = h.from[0] - h.palm[0], dy = h.from[1] - h.palm[1], dz = h.from[2] - h.palm[2]
    const l = Math.hypot(dx, dy, dz) || 1, step = 20 * frame
    h.palm = [h.palm[0] + (dx / l) * step, h.palm[1] + (dy / l) * step, h.palm[2] + (dz / l) * step]
  }
  const mat: MatKind = variant === 'desert' ? 'desert' : variant === 'black-mat' ? 'black' : variant === 'flagstones' ? 'flagstones' : variant === 'hex' ? 'hex' : 'green'
  const scene = buildBaseTableScene({ table: { widthMm: W, depthMm: D }, registry, cellsOf: (id) => arucoCells(cv, 'DICT_4X4_100', id), mat, models, terrain, hands, shadows: true })
  const soft = variant === 'soft'
  const pipeline: CameraPipeline = {
    exposure: 1 + (rnd() - 0.5) * 0.2, vignette: 0.2, defocusSigmaPx: soft ? 1.2 : 0.5, ...(soft ? { motion: { lengthPx: 2.5, angleDeg: rnd() * 180 } } : {}),
    noise: { fullWellElectrons: 4000, readElectrons: 3 }, tone: { kind: 'srgb' }, contrast: 0.25, sharpen: { amount: 0.6, sigmaPx: 1 }, jpegQuality: 85, seed: frame > 0 ? seed * 1000 + frame : seed,
  }
  const calibration = variant === 'distortion' ? { width, height, fx: lens.fx, fy: lens.fy, cx: lens.cx, cy: lens.cy, distortion: [...lens.distortion!] as [number, number, number, number, number] } : null
  return { variant, seed, scene, registry, lens, placement, pipeline, calibration, marked, models, terrain }
}
