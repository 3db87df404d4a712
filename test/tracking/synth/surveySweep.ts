// A table survey as a player makes one, with exact ground truth: a 4'×4' table with table markers laid
// at random spots and turns (some pushed into the table's corners, edges along its edges), models and
// terrain from buildTabletopScene, and a sweep of camera views from around the table (1.45–1.7 m from
// a point on the table, 42–60° above it, 1920×1080) through the phone camera model of the
// 'srgb-jpeg75-noise' variant (sRGB, contrast, noise, JPEG 75, blur). Held-out views of the same table
// test tracking with the surveyed registry. Uses only the renderer's existing exports.
import { markerCells } from '../../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import { lookAt, projectPoint } from './projection.ts'
import type { Registry, SurveyRegistry, TableCorner } from '../../../src/tracking/registry/registrySchema.ts'
import type { CameraIntrinsics, Vector3 } from '../../../src/tracking/types.ts'
import { createRandom } from './random.ts'
import { markerCornersTable, type SynthFrameSpec, type SynthMarker } from './renderTableFrame.ts'
import { TABLE_4X4_MM, buildTabletopScene, quietZoneMm, type TruthPose } from './tabletopScene.ts'
import { buildVariantScene } from './variants.ts'

export type SurveySweepOptions = {
  seed: number
  /** Table markers (ids 0 …). Default 8. */
  tableMarkers?: number
  /** How many of them lie in the table's corners (0–4). Default 4. */
  cornerMarkers?: number
  tableMarkerSizeMm?: number
  models?: number
  views?: number
  heldOut?: number
  /** A marker pushed into its corner is off its ideal place by up to this (mm) and turned up to `cornerTurnDeg`. */
  cornerSlopMm?: number
  cornerTurnDeg?: number
  /** Image size, px. Default 1920×1080. */
  width?: number
  height?: number
}

export type SurveySweep = {
  /** The registry a tape measure would give (truth), and the survey's input (table markers without position/rotation). */
  truthRegistry: Registry
  input: SurveyRegistry
  /** Truth per table marker: centre (mm) and rotation (degrees) on the table. */
  truthTable: Map<number, { position: [number, number]; rotation: number; corner?: TableCorner }>
  /** Models' and terrain's true poses. */
  truth: TruthPose[]
  views: SynthFrameSpec[]
  heldOut: SynthFrameSpec[]
  /** The camera's true intrinsics (what a calibration file would hold). */
  calibration: CameraIntrinsics
}

const CORNERS: TableCorner[] = ['x0y0', 'x1y0', 'x1y1', 'x0y1']

/** The table's corner (mm) for a corner name. */
export function cornerPoint(c: TableCorner, widthMm = TABLE_4X4_MM, depthMm = TABLE_4X4_MM): [number, number] {
  return [c === 'x1y0' || c === 'x1y1' ? widthMm : 0, c === 'x1y1' || c === 'x0y1' ? depthMm : 0]
}

export function buildSurveySweep(cv: OpenCvHandle, opts: SurveySweepOptions): SurveySweep {
  const rnd = createRandom(opts.seed * 104729 + 7)
  const size = opts.tableMarkerSizeMm ?? 70
  const count = opts.tableMarkers ?? 8
  const cornerCount = Math.min(4, opts.cornerMarkers ?? 4)
  // Models and terrain spread over the whole table: buildTabletopScene places them where its camera
  // sees, so that camera looks straight down from high up.
  const base = buildTabletopScene(cv, { seed: opts.seed, models: opts.models ?? 20, terrain: 1, hands: 0, distanceMm: 2300, elevationDeg: 88, tableMarkerSizeMm: size })
  const phone = buildVariantScene(cv, 'srgb-jpeg75-noise', opts.seed).scene.spec.effects
  const objects = base.spec.markers.filter((m) => base.markerOwner.get(m.id) !== 'table')
  const keepOut: { c: [number, number]; r: number }[] = [
    ...base.spec.models.map((m) => ({ c: m.position, r: 60 })),
    ...base.spec.terrain.map((t) => ({ c: t.position, r: Math.max(...t.footprint.map(([x, y]) => Math.hypot(x, y))) + 5 })),
    ...objects.map((m) => ({ c: m.centre, r: m.sizeMm })),
  ]
  const white = size + 2 * quietZoneMm(size)
  const reach = (white / 2) * Math.SQRT2
  const tableMarkers: SynthMarker[] = []
  const truthTable = new Map<number, { position: [number, number]; rotation: number; corner?: TableCorner }>()
  const corners = [...CORNERS].sort(() => rnd.next() - 0.5).slice(0, cornerCount)
  for (let id = 0; id < count; id++) {
    let centre: [number, number]
    let rotation: number
    let corner: TableCorner | undefined
    if (id < corners.length) {
      corner = corners[id]!
      const [cx, cy] = cornerPoint(corner)
      // Pushed into the corner: the cut paper's edges on the table's edges, short of it by a little slop.
      const inward = size / 6 + size / 2
      const slop = () => rnd.range(0, opts.cornerSlopMm ?? 0.5)
      centre = [cx === 0 ? inward + slop() : cx - inward - slop(), cy === 0 ? inward + slop() : cy - inward - slop()]
      rotation = 90 * rnd.int(0, 3) + rnd.range(-1, 1) * (opts.cornerTurnDeg ?? 0.3)
    } else {
      let tries = 0
      for (;;) {
        centre = [rnd.range(reach + 20, TABLE_4X4_MM - reach - 20), rnd.range(reach + 20, TABLE_4X4_MM - reach - 20)]
        const c = centre
        if (!keepOut.some((k) => Math.hypot(k.c[0] - c[0], k.c[1] - c[1]) < k.r + reach + 5)) break
        if (++tries > 2000) throw new Error('buildSurveySweep: no free spot for a table marker')
      }
      rotation = rnd.range(-180, 180)
    }
    keepOut.push({ c: centre, r: reach })
    const cells = markerCells(cv, 'DICT_4X4_100', id)
    tableMarkers.push({ id, sizeMm: size, quietZoneMm: quietZoneMm(size), centre, z: 0, rotationDeg: rotation, face: 'up', cells: cells.cells, cellsSide: cells.side })
    truthTable.set(id, { position: centre, rotation, ...(corner ? { corner } : {}) })
  }
  const objectRegistry = base.registry.markers.filter((m) => m.role !== 'table')
  const truthRegistry: Registry = {
    ...base.registry,
    markers: [...[...truthTable].map(([id, t]) => ({ id, role: 'table' as const, size, position: t.position, rotation: t.rotation })), ...objectRegistry],
  }
  const input: SurveyRegistry = {
    ...base.registry,
    markers: [...[...truthTable].map(([id, t]) => ({ id, role: 'table' as const, size, ...(t.corner ? { corner: t.corner } : {}) })), ...objectRegistry],
  }

  const width = opts.width ?? 1920, height = opts.height ?? 1080
  const f = width / 2 / Math.tan((66 * Math.PI) / 360)
  const calibration: CameraIntrinsics = { width, height, fx: f, fy: f, cx: (width - 1) / 2 + rnd.range(-12, 12), cy: (height - 1) / 2 + rnd.range(-8, 8), source: 'calibration' }
  const markers = [...tableMarkers, ...objects]
  const viewAt = (k: number, azimuthDeg: number): SynthFrameSpec => {
    for (let attempt = 0; ; attempt++) {
      const look: [number, number] = [rnd.range(300, TABLE_4X4_MM - 300), rnd.range(300, TABLE_4X4_MM - 300)]
      const dist = rnd.range(1450, 1700)
      const elev = (rnd.range(42, 60) * Math.PI) / 180
      const az = ((azimuthDeg + rnd.range(-8, 8)) * Math.PI) / 180
      const eye: Vector3 = [look[0] + dist * Math.cos(elev) * Math.sin(az), look[1] - dist * Math.cos(elev) * Math.cos(az), dist * Math.sin(elev)]
      const pose = lookAt(eye, [look[0], look[1], 0], rnd.range(-4, 4))
      const spec: SynthFrameSpec = { ...base.spec, width, height, intrinsics: calibration, pose, markers, hands: [], effects: { ...phone, seed: opts.seed * 1000 + k } }
      if (attempt > 50 || tableMarkersInView(spec, tableMarkers) >= 3) return spec
    }
  }
  const viewCount = opts.views ?? 10
  // A sweep along the player's side and around both corners (−100° … 100° around the table).
  const views = Array.from({ length: viewCount }, (_, k) => viewAt(k, -100 + (200 * k) / Math.max(1, viewCount - 1)))
  const heldOut = Array.from({ length: opts.heldOut ?? 5 }, (_, k) => viewAt(500 + k, rnd.range(-90, 90)))
  return { truthRegistry, input, truthTable, truth: base.truth, views, heldOut, calibration }
}

/** Table markers whose four corners are all inside the frame (20 px margin). */
export function tableMarkersInView(spec: SynthFrameSpec, tableMarkers: readonly SynthMarker[]): number {
  return tableMarkers.filter((m) => markerCornersTable(m).every((p) => {
    const q = projectPoint(spec.intrinsics, spec.pose, p)
    return !!q && q[0] > 20 && q[1] > 20 && q[0] < spec.width - 20 && q[1] < spec.height - 20
  })).length
}

/** The same sweep with one table marker moved (centre and turn) from view `fromView` on. */
export function withMovedMarker(sweep: SurveySweep, markerId: number, fromView: number, shiftMm: [number, number], turnDeg: number): SynthFrameSpec[] {
  return sweep.views.map((spec, k) => {
    if (k < fromView) return spec
    return { ...spec, markers: spec.markers.map((m) => (m.id === markerId ? { ...m, centre: [m.centre[0] + shiftMm[0], m.centre[1] + shiftMm[1]] as [number, number], rotationDeg: m.rotationDeg + turnDeg } : m)) }
  })
}
