// What the survey says about its scale (issue 31). A survey's scale is what every distance on the table
// is measured with; its residuals cannot show an error of scale (every marker moves together). The
// survey's bundle adjustment gives the scale's 1σ from its views (MarkerMap.scaleSigmaRel), shown as a
// share and in mm across the farthest table markers. Without a camera file the survey measures the
// lens's focal length and centre from the same views, but not its distortion. On the camera-order renders
// (src/tracking/MEASURED.md, "The survey's scale: the corners' own error"), a lens without distortion
// surveyed without a file kept the scale within 0.05 % on all 22 such surveys (0.036 % at most) and within
// 1.3σ; a barrel lens (k1 −0.12) surveyed without a file was refused. So without a file the player is told
// what the survey could not measure, what our tests found, and what removes the doubt. Pure.

/** Largest scale error measured without a camera file on the camera-order renders (a lens without distortion), % (stop 55: 0.036 % at most). */
export const NO_CAMERA_FILE_SCALE_PCT = 0.05

export type ScaleNote = {
  /** One sentence: the scale's 1σ as a share and in mm across `spanMm`. */
  line: string
  /** Without a camera file: what the survey could not measure, what our tests found, and what to do; else null. */
  warning: string | null
}

const pct = (v: number) => (v >= 0.1 ? v.toFixed(2) : v.toFixed(3))

/**
 * @param scaleSigmaRel the survey's 1σ of scale, relative (0.001 = 0.1 %); NaN when not known
 * @param fromCameraFile the survey used a camera file (its focal length and centre known)
 * @param spanMm the largest distance between two surveyed table markers, mm
 */
export function surveyScaleNote(scaleSigmaRel: number, fromCameraFile: boolean, spanMm: number): ScaleNote {
  const line = Number.isFinite(scaleSigmaRel) && scaleSigmaRel > 0
    ? `Scale ±${pct(scaleSigmaRel * 100)} % (1σ): ±${(scaleSigmaRel * spanMm).toFixed(1)} mm across the ${Math.round(spanMm)} mm between the farthest table markers.`
    : 'Scale: these views do not tell how sure it is.'
  const warning = fromCameraFile
    ? null
    : `No camera file: the survey measured this camera's focal length and centre from the same views, but not how its lens bends the picture. On a lens that does not bend it, our tests kept the scale within ${NO_CAMERA_FILE_SCALE_PCT} % that way (${((NO_CAMERA_FILE_SCALE_PCT / 100) * spanMm).toFixed(1)} mm here). For rulings to the millimetre, calibrate this camera (Camera › Calibrate camera) and survey again.`
  return { line, warning }
}
