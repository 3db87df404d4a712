// Tracked poses → a scene: the base scene supplies profiles, bases, terrain types, queries and
// options; tracking supplies where things are. Models and pieces not seen keep their base pose and
// are listed as not seen; nothing is dropped.
import { SceneError, isMeshTerrain, polygonContains, type Scene, type SceneModel, type SceneTerrain } from '../../engine/index.ts'
import type { Registry } from '../registry/registrySchema.ts'
import type { ObjectKind, TableLock } from '../types.ts'
import type { SurfaceHeight } from '../pipeline/estimateObjectPoses.ts'

/** A pose to merge: a single frame's ObjectPose or a frozen average. */
export type PoseToMerge = {
  id: string
  kind: ObjectKind
  position: [number, number]
  z: number
  facing: number
  /** 1σ, mm, radial (√(σx² + σy²)), as the tracker gives it (ObjectPose.uncertainty). */
  uncertainty?: number
  frame?: 'table' | 'camera'
}

/**
 * The camera the poses came through: the size of its frames and its focal length (px), which tell
 * whether it is the survey's camera (`surveyScaleSigmaRel`). Absent: not known, so not the survey's.
 */
export type TrackedCamera = { width: number; height: number; fx: number }

/** The camera a locked frame came through: its size and the lock's focal length; undefined when not locked. */
export function trackedCameraOf(result: { width: number; height: number; table: TableLock }): TrackedCamera | undefined {
  return result.table.locked ? { width: result.width, height: result.height, fx: result.table.intrinsics.fx } : undefined
}

/** A frame of the same size (either way up) with a focal length within this share of the survey's is the survey's camera. */
const SAME_CAMERA_FOCAL_REL = 0.05

/**
 * The survey's scale σ that a distance between two models tracked through `camera` carries. The survey gives
 * two (registry.survey): with the detector's corner offset free (`scaleSigmaRel`: a camera whose tone
 * curve and sharpening read every marker a fraction of a pixel large or small reads the map as larger or
 * smaller), and with it held (`scaleSigmaRelSameCamera`). Tracked through the survey's own camera the
 * models are read with that same offset as the map was, and it cancels: measured on the camera-order
 * phone renders, the tracked distances' relative error was 0.011 % RMS over 24 surveys where the survey's
 * own scale was off +0.024 % on average (σ 0.033 %; held offset: 0.007–0.012 %). Any other camera, a
 * survey that did not record its frames' size, or no camera to tell: the whole σ.
 */
export function surveyScaleSigmaRel(registry: Registry, camera?: TrackedCamera): number | undefined {
  const survey = registry.survey
  if (!survey) return undefined
  const same = survey.scaleSigmaRelSameCamera
  const cam = survey.camera
  const sameCamera = camera && same !== undefined && cam.width !== undefined && cam.height !== undefined &&
    ((camera.width === cam.width && camera.height === cam.height) || (camera.width === cam.height && camera.height === cam.width)) &&
    Math.abs(camera.fx / cam.fx - 1) <= SAME_CAMERA_FOCAL_REL
  return sameCamera ? same : survey.scaleSigmaRel
}

/**
 * A tracked pose's `uncertainty` in the scene: the 1σ along one direction, which is how the engine reads
 * it (a distance between two models adds theirs in quadrature, a margin is within 2 of it). The tracker's
 * is radial, √(σx² + σy²) = √trace C. Along a line n the σ is √(nᵀCn); its root mean square over the
 * directions is √(trace C / 2) = radial/√2, exact where C is round. Where C is long and thin (a tab's turn
 * moves its model across its lever arm) a line along the long axis has up to radial: checked on drawn
 * errors, radial/√2 still keeps a distance's |e|/σ in the band (median 0.59, 0.9 % beyond 3σ at 1 : 0.15),
 * where the widest direction's σ for every line is too wide (median 0.42) and the radial σ, which the
 * scene carried before, wider still (test/tracking/mergeTrackedScene.test.ts).
 */
export function sceneUncertaintyOf(p: Pick<PoseToMerge, 'uncertainty'>): number {
  return (p.uncertainty ?? 0) * Math.SQRT1_2
}

export type MergeReport = {
  placedModels: string[]
  placedTerrain: string[]
  /** Scene models and pieces the tracker did not see (kept at their base pose). */
  notSeen: string[]
  /** Tracked ids the base scene does not have (not added: the scene has no profile for them). */
  notInScene: string[]
  warnings: string[]
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits

export function mergeTrackedScene(base: Scene, registry: Registry, poses: readonly PoseToMerge[], meta: Record<string, unknown> = {}, camera?: TrackedCamera): { scene: Scene; report: MergeReport } {
  const report: MergeReport = { placedModels: [], placedTerrain: [], notSeen: [], notInScene: [], warnings: [] }
  if (poses.some((p) => p.frame === 'camera')) {
    throw new SceneError([{ path: '', message: 'table not locked: poses are in the camera frame and cannot be placed on the table (show at least 2 table reference markers)' }])
  }
  const modelPoses = new Map(poses.filter((p) => p.kind === 'model').map((p) => [p.id, p]))
  const terrainPoses = new Map(poses.filter((p) => p.kind === 'terrain').map((p) => [p.id, p]))

  const models: SceneModel[] = base.models.map((m) => {
    const p = modelPoses.get(m.id)
    if (!p) {
      report.notSeen.push(m.id)
      return m
    }
    report.placedModels.push(m.id)
    const placed: SceneModel = { ...m, position: [round(p.position[0]), round(p.position[1])], facing: round(p.facing), uncertainty: round(sceneUncertaintyOf(p), 3) }
    if (p.z > 0.05) placed.z = round(p.z)
    else delete placed.z
    return placed
  })
  for (const id of modelPoses.keys()) if (!base.models.some((m) => m.id === id)) report.notInScene.push(id)

  const terrain: SceneTerrain[] | undefined = base.terrain?.map((t) => {
    const p = terrainPoses.get(t.id)
    if (!p) {
      report.notSeen.push(t.id)
      return t
    }
    if (isMeshTerrain(t)) {
      report.placedTerrain.push(t.id)
      return { ...t, position: [round(p.position[0]), round(p.position[1]), t.position[2]], rotation: round(p.facing) }
    }
    const piece = registry.terrain?.[t.id]
    if (!piece) {
      report.warnings.push(`terrain "${t.id}" was tracked but the registry has no footprint for it (terrain.${t.id}.footprint); kept at its base position`)
      return t
    }
    report.placedTerrain.push(t.id)
    const a = (p.facing * Math.PI) / 180
    const c = Math.cos(a), s = Math.sin(a)
    return {
      ...t,
      footprint: piece.footprint.map(([x, y]) => [round(p.position[0] + c * x - s * y), round(p.position[1] + s * x + c * y)] as [number, number]),
      ...(piece.height ? { height: piece.height } : {}),
    }
  })
  for (const id of terrainPoses.keys()) if (!base.terrain?.some((t) => t.id === id)) report.notInScene.push(id)
  for (const id of report.notInScene) report.warnings.push(`"${id}" is tracked but not in the base scene; not added`)

  // The frame the poses are in is the registry's: how sure its scale is (its survey's 1σ) goes with them,
  // into every distance between two tracked models (the engine's table.scaleUncertainty). A registry with
  // no survey σ (measured by hand, or surveyed before the survey gave one) says nothing of it.
  const { scaleUncertainty: _was, ...table } = base.table
  const scaleSigma = surveyScaleSigmaRel(registry, camera)
  const scene: Scene = {
    ...base,
    table: report.placedModels.length > 0 && scaleSigma !== undefined && scaleSigma > 0 ? { ...table, scaleUncertainty: Number(scaleSigma.toPrecision(3)) } : table,
    models,
    ...(terrain ? { terrain } : {}),
    meta: { ...(base.meta ?? {}), tracking: { ...meta, placed: [...report.placedModels, ...report.placedTerrain], notSeen: report.notSeen, warnings: report.warnings } },
  }
  return { scene, report }
}

/** Tops of the scene's prism terrain: where a base at (x, y) stands. Mesh terrain is not considered. */
export function sceneSurfaceHeight(scene: Scene): SurfaceHeight {
  const prisms = (scene.terrain ?? []).filter((t) => !isMeshTerrain(t)).map((t) => {
    const p = t as Extract<SceneTerrain, { footprint: unknown }>
    return { poly: p.footprint, top: (p.z ?? 0) + p.height }
  })
  return (x, y) => {
    let z = 0
    for (const { poly, top } of prisms) {
      if (top > z && polygonContains(poly, x, y)) z = top
    }
    return z
  }
}
