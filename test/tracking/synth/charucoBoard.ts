// The printed ChArUco board (markers/charuco-board.pdf: 5×7 squares of 28 mm, 21 mm DICT_5X5_100
// markers, OpenCV 4.6+ layout) laid flat on the table for the synthetic renderer, seen from chosen
// camera poses: black squares are solid "markers", white squares carry the ArUco marker with a
// 3.5 mm white margin, all on a white paper sheet. Ground truth: the camera intrinsics and poses.
import { markerCells } from '../../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import { CHARUCO_BOARD } from '../../../src/tracking/markers/markerSheets.ts'
import { lookAt } from './projection.ts'
import type { CameraIntrinsics, Vector3 } from '../../../src/tracking/types.ts'
import { CLEAN_EFFECTS, type SynthEffects, type SynthFrameSpec, type SynthMarker } from './renderTableFrame.ts'

/** Board's top-left corner on the table, mm (the board lies face up, its top towards +y). */
export const BOARD_ORIGIN_MM: [number, number] = [400, 400]
export const BOARD_WIDTH_MM = CHARUCO_BOARD.squaresX * CHARUCO_BOARD.squareMm
export const BOARD_HEIGHT_MM = CHARUCO_BOARD.squaresY * CHARUCO_BOARD.squareMm
/** Centre of the board on the table, mm. */
export const BOARD_CENTRE_MM: Vector3 = [BOARD_ORIGIN_MM[0] + BOARD_WIDTH_MM / 2, BOARD_ORIGIN_MM[1] + BOARD_HEIGHT_MM / 2, 0]

export function charucoBoardMarkers(cv: OpenCvHandle): SynthMarker[] {
  const b = CHARUCO_BOARD
  const top = BOARD_ORIGIN_MM[1] + BOARD_HEIGHT_MM
  const paper = Math.max(BOARD_WIDTH_MM, BOARD_HEIGHT_MM) + 30
  const markers: SynthMarker[] = [
    // The white sheet under the board (slightly lower, so the squares win).
    { id: -1, sizeMm: paper, quietZoneMm: 0, centre: [BOARD_CENTRE_MM[0], BOARD_CENTRE_MM[1]], z: 0, rotationDeg: 0, face: 'up', cells: new Uint8Array([1]), cellsSide: 1 },
  ]
  let id = 0
  for (let j = 0; j < b.squaresY; j++) {
    for (let i = 0; i < b.squaresX; i++) {
      const centre: [number, number] = [BOARD_ORIGIN_MM[0] + (i + 0.5) * b.squareMm, top - (j + 0.5) * b.squareMm]
      if ((i + j) % 2 === 0) {
        markers.push({ id: -2, sizeMm: b.squareMm, quietZoneMm: 0, centre, z: 0.1, rotationDeg: 0, face: 'up', cells: new Uint8Array([0]), cellsSide: 1 })
      } else {
        const c = markerCells(cv, b.dictionary as 'DICT_5X5_100', id++)
        markers.push({ id: id - 1, sizeMm: b.markerMm, quietZoneMm: (b.squareMm - b.markerMm) / 2, centre, z: 0.1, rotationDeg: 0, face: 'up', cells: c.cells, cellsSide: c.side })
      }
    }
  }
  return markers
}

export type BoardView = {
  /** Camera distance to the aim point, mm; elevation above the table, degrees; azimuth (0 = from −y, looking +y). */
  distanceMm: number
  elevationDeg: number
  azimuthDeg: number
  rollDeg?: number
  /** Aim point offset from the board centre, mm. */
  aimOffsetMm?: [number, number]
}

/** A frame spec of the board seen from one view (pinhole, no distortion). */
export function charucoBoardFrame(markers: SynthMarker[], intrinsics: CameraIntrinsics, view: BoardView, effects: Partial<SynthEffects> = {}): SynthFrameSpec {
  const e = (view.elevationDeg * Math.PI) / 180
  const a = (view.azimuthDeg * Math.PI) / 180
  const aim: Vector3 = [BOARD_CENTRE_MM[0] + (view.aimOffsetMm?.[0] ?? 0), BOARD_CENTRE_MM[1] + (view.aimOffsetMm?.[1] ?? 0), 0]
  const horizontal = view.distanceMm * Math.cos(e)
  const eye: Vector3 = [aim[0] + horizontal * Math.sin(a), aim[1] - horizontal * Math.cos(a), view.distanceMm * Math.sin(e)]
  return {
    width: intrinsics.width, height: intrinsics.height, intrinsics,
    pose: lookAt(eye, aim, view.rollDeg ?? 0),
    table: { widthMm: 1200, depthMm: 1200 },
    markers, models: [], terrain: [], hands: [],
    effects: { ...CLEAN_EFFECTS, ...effects },
  }
}
