// One hand as the hand tracker sees it: MediaPipe's 21 landmarks (the hand_landmarker model's order,
// also the order @react-three/xr's WebXR joints are mapped to), in image pixels. Plain typed arrays so
// a frame's hands cross the worker boundary and feed the per-frame logic without allocation.
// Units: image px, OpenCV's convention ((0,0) = centre of the top-left pixel, x right, y down).

export const HAND_POINTS = 21

/** Landmark indices (MediaPipe hand model). */
export const LANDMARK = {
  wrist: 0,
  thumbCmc: 1, thumbMcp: 2, thumbIp: 3, thumbTip: 4,
  indexMcp: 5, indexPip: 6, indexDip: 7, indexTip: 8,
  middleMcp: 9, middlePip: 10, middleDip: 11, middleTip: 12,
  ringMcp: 13, ringPip: 14, ringDip: 15, ringTip: 16,
  pinkyMcp: 17, pinkyPip: 18, pinkyDip: 19, pinkyTip: 20,
} as const

export type HandObservation = {
  /** x0, y0, x1, y1, … for the 21 landmarks, image px. */
  pointsPx: Float64Array
  /** Detector confidence 0..1. */
  score: number
}

export function createHandObservation(): HandObservation {
  return { pointsPx: new Float64Array(HAND_POINTS * 2), score: 0 }
}

export function landmarkX(h: HandObservation, i: number): number {
  return h.pointsPx[i * 2]!
}

export function landmarkY(h: HandObservation, i: number): number {
  return h.pointsPx[i * 2 + 1]!
}

export function landmarkDistancePx(h: HandObservation, a: number, b: number): number {
  return Math.hypot(landmarkX(h, a) - landmarkX(h, b), landmarkY(h, a) - landmarkY(h, b))
}

/**
 * MediaPipe's normalized landmarks ({x, y} in 0..1 of the image's width and height, pixel edges at
 * 0 and 1) → image px in OpenCV's pixel-centre convention, written into `target`.
 */
export function landmarksFromNormalized(normalized: ArrayLike<{ x: number; y: number }>, width: number, height: number, score: number, target: HandObservation): HandObservation {
  if (normalized.length < HAND_POINTS) throw new Error(`a hand needs ${HAND_POINTS} landmarks, got ${normalized.length}`)
  for (let i = 0; i < HAND_POINTS; i++) {
    const p = normalized[i]!
    target.pointsPx[i * 2] = p.x * width - 0.5
    target.pointsPx[i * 2 + 1] = p.y * height - 0.5
  }
  target.score = score
  return target
}

/** Hand size in px: wrist → middle-finger knuckle (stable whatever the fingers do). */
export function handSizePx(h: HandObservation): number {
  return landmarkDistancePx(h, LANDMARK.wrist, LANDMARK.middleMcp)
}
