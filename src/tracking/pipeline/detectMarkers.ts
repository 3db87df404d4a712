// Stage: markers in a grey frame — OpenCV's ArucoDetector finds and decodes them (whole frame or
// regions), then `refineCornersFromEdges` makes the corners sub-pixel. A marker whose edges cannot
// be measured (half hidden) keeps OpenCV's corners.
import type { MarkerDetector } from '../opencv/markerDetector.ts'
import { refineCornersFromEdges, type EdgeRefineParams } from './refineCorners.ts'
import type { DetectionResult, GrayFrame, RectPx } from '../types.ts'
import { quadSidePx } from '../opencv/markerDetector.ts'

export function detectMarkers(detector: MarkerDetector, gray: GrayFrame, rois: readonly RectPx[] | undefined, edgeRefine: EdgeRefineParams | null): DetectionResult {
  const result = detector.detect(gray, rois)
  if (!edgeRefine) return result
  const started = performance.now()
  for (const d of result.detections) {
    const refined = refineCornersFromEdges(gray, d.corners, detector.cellsPerSide, edgeRefine)
    if (refined) {
      d.corners = refined
      d.sidePx = quadSidePx(refined)
    }
  }
  result.detectMs += performance.now() - started
  return result
}
