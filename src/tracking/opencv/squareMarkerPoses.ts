// The pose of each square marker seen in one image, by OpenCV's solvePnP with SOLVEPNP_IPPE_SQUARE
// (Collins & Bartoli, "Infinitesimal Plane-Based Pose Estimation", IJCV 2014: the exact solution for
// the four corners of a square, which OpenCV's aruco module uses for single markers). Setup-time code
// (the table survey, a few dozen markers per view): Mats are made once per call and deleted in finally.
import type { MarkerCorners, Matrix3, Vector3 } from '../types.ts'
import { withMats, type Cv, type CvMat, type OpenCvHandle } from './openCv.ts'

/** The OpenCV calls this file makes (not in openCv.ts's Cv type; present in @techstark/opencv-js 4.12). */
type CvPnp = Cv & {
  solvePnP(objectPoints: CvMat, imagePoints: CvMat, cameraMatrix: CvMat, distCoeffs: CvMat, rvec: CvMat, tvec: CvMat, useExtrinsicGuess: boolean, flags: number): boolean
  Rodrigues(src: CvMat, dst: CvMat): void
  SOLVEPNP_IPPE_SQUARE: number
}

/** A pinhole camera without distortion (the corners given are already undistorted). */
export type PinholeCamera = { fx: number; fy: number; cx: number; cy: number }

/** X_camera = rotation · X_marker + translation (mm). Marker frame: x right, y up the pattern, z out of its face. */
export type SquarePose = { rotation: Matrix3; translation: Vector3 }

/**
 * Pose of each square (side `sizeMm`, corners in OpenCV's order TL, TR, BR, BL of the pattern, in
 * undistorted image px) in the camera frame, or null where OpenCV finds none.
 */
export function solveSquareMarkerPoses(handle: OpenCvHandle, camera: PinholeCamera, squares: readonly { sizeMm: number; corners: MarkerCorners }[]): (SquarePose | null)[] {
  const cv = handle.cv as CvPnp
  return withMats((track) => {
    const k = track(cv.matFromArray(3, 3, cv.CV_64F, [camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0, 1]))
    const dist = track(cv.matFromArray(1, 5, cv.CV_64F, [0, 0, 0, 0, 0]))
    const rvec = track(new cv.Mat())
    const tvec = track(new cv.Mat())
    const rmat = track(new cv.Mat())
    return squares.map(({ sizeMm, corners }) => {
      const h = sizeMm / 2
      // IPPE_SQUARE needs exactly this layout and order of the object points.
      const object = track(cv.matFromArray(4, 1, cv.CV_32FC3, [-h, h, 0, h, h, 0, h, -h, 0, -h, -h, 0]))
      const image = track(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat()))
      if (!cv.solvePnP(object, image, k, dist, rvec, tvec, false, cv.SOLVEPNP_IPPE_SQUARE)) return null
      cv.Rodrigues(rvec, rmat)
      const r = rmat.data64F
      const t = tvec.data64F
      const pose: SquarePose = { rotation: Array.from(r.subarray(0, 9)) as Matrix3, translation: [t[0]!, t[1]!, t[2]!] }
      return pose.rotation.every(Number.isFinite) && pose.translation.every(Number.isFinite) ? pose : null
    })
  })
}
