// The table survey, whole: views → marker map (measureMarkerMap) → the table's rectangle on it
// (placeTable) → the registry with every table marker's position and rotation filled in, and what the
// survey measured in its additive `survey` field. A survey that does not close is refused with the
// reason (SurveyRefusal), never completed with a guess.
import { SceneError } from '../../engine/index.ts'
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { parseRegistry, type Registry, type SurveyRegistry, type SurveyReport } from '../registry/registrySchema.ts'
import type { CameraIntrinsics } from '../types.ts'
import { measureMarkerMap } from './measureMarkerMap.ts'
import { placeTable } from './placeTable.ts'
import type { MarkerMap, SurveyParams, SurveyRefusal, SurveyResult, SurveyView, SurveyedMarker, TablePlacement, TableTap } from './types.ts'

export type SurveyOptions = {
  /** A camera file scaled to each view; without it the focal length is refined with the map. */
  calibration?: CameraIntrinsics | null
  /** Table corners the player tapped (used instead of corner markers when given). */
  taps?: readonly TableTap[]
  /** The table's size when known (the scene's table). */
  tableSize?: { widthMm: number; depthMm: number } | null
  params?: Partial<SurveyParams>
}

const round = (v: number, digits: number) => {
  const k = 10 ** digits
  return Math.round(v * k) / k + 0
}

/** Degrees in (−180, 180]. */
const wrapDeg = (d: number) => {
  const w = ((((d + 180) % 360) + 360) % 360) - 180
  return w === -180 ? 180 : w
}

/** Survey the table from its views; the completed registry, or why not. */
export function surveyTable(handle: OpenCvHandle, views: readonly SurveyView[], registry: SurveyRegistry, options: SurveyOptions = {}): SurveyResult {
  const map = measureMarkerMap(handle, views, registry, { calibration: options.calibration, params: options.params })
  if ('ok' in map) return map
  return completeSurvey(map, registry, options)
}

/** Place the table on a measured map (again, e.g. after the player tapped the corners) and complete the registry. */
export function completeSurvey(map: MarkerMap, registry: SurveyRegistry, options: Pick<SurveyOptions, 'taps' | 'tableSize' | 'params'> = {}): SurveyResult {
  const table = placeTable(map, registry, { taps: options.taps, tableSize: options.tableSize, params: options.params })
  if (!table.ok) return table
  const markers = tableMarkersOf(map, table)
  const first = map.views[0]!.intrinsics
  const report: SurveyReport = {
    frames: map.views.length,
    rmsErrorPx: round(map.rmsErrorPx, 3),
    camera: { source: map.focalEstimated ? 'estimated' : 'calibration', fx: round(first.fx, 1), fy: round(first.fy, 1), cx: round(first.cx, 1), cy: round(first.cy, 1), ...(map.centreSigmaPx !== undefined ? { centreSigmaPx: round(map.centreSigmaPx, 2) } : {}), width: first.width, height: first.height },
    table: { from: table.from, ...(table.widthMm !== undefined ? { widthMm: round(table.widthMm, 1) } : {}), ...(table.depthMm !== undefined ? { depthMm: round(table.depthMm, 1) } : {}) },
    markers: markers.map((m) => ({ id: m.id, residualMm: round(m.residualMm, 3), views: m.views })),
    ...(Number.isFinite(map.scaleSigmaRel) ? { scaleSigmaRel: Number(map.scaleSigmaRel.toPrecision(3)) } : {}),
    ...(Number.isFinite(map.scaleSigmaRelSameCamera) ? { scaleSigmaRelSameCamera: Number(map.scaleSigmaRelSameCamera.toPrecision(3)) } : {}),
  }
  const byId = new Map(markers.map((m) => [m.id, m]))
  const candidate = {
    ...registry,
    markers: registry.markers.map((m) => {
      if (m.role !== 'table') return m
      const s = byId.get(m.id)!
      const { id, role, size, position: _p, rotation: _r, ...rest } = m
      // Field order as a person writes it: id, role, size, position, rotation, then the rest.
      return { id, role, size, position: s.position, rotation: s.rotation, ...rest }
    }),
    survey: report,
  }
  let completed: Registry
  try {
    completed = parseRegistry(candidate)
  } catch (e) {
    if (!(e instanceof SceneError)) throw e
    const refusal: SurveyRefusal = { ok: false, code: 'bad-layout', reason: `the surveyed layout cannot lock the table: ${e.issues.map((i) => i.message).join('; ')}`, markerIds: [], map }
    return refusal
  }
  return { ok: true, registry: completed, report, markers, map, table, warnings: [...map.warnings, ...table.warnings] }
}

/** Each table marker's position (mm) and rotation (degrees) on the table. */
function tableMarkersOf(map: MarkerMap, table: TablePlacement): SurveyedMarker[] {
  const c = Math.cos(table.angleRad), s = Math.sin(table.angleRad)
  const [ox, oy] = table.originMm
  return map.markers.map((m) => {
    // Face-down markers: the table frame is the map's mirror image (see placeTable).
    const x = m.pose.x, y = map.faceDown ? -m.pose.y : m.pose.y
    const turn = map.faceDown ? -m.pose.angleRad : m.pose.angleRad
    const dx = x - ox, dy = y - oy
    return {
      id: m.id,
      position: [round(c * dx + s * dy, 2), round(-s * dx + c * dy, 2)],
      rotation: round(wrapDeg(((turn - table.angleRad) * 180) / Math.PI), 2),
      residualMm: m.residualMm,
      views: m.views,
    }
  })
}
