// What the survey says about its scale (issue 31). A survey's scale is what every distance on the table
// is measured with; its residuals cannot show an error of scale (every marker moves together). The
// survey's bundle adjustment gives the scale's 1σ from its views (MarkerMap.scaleSigmaRel), shown as a
// share and in mm across the farthest table markers. Without a camera file the survey measures the lens
// from the same views, and on the camera-order renders (src/tracking/MEASURED.md, "survey scale σ") its
// scale then strayed further than that σ: 2.1σ and 2.9σ on a table with four corner markers, up to
// 0.1 %, where with a camera file every row was within 1.4σ. So without a file the player is told, and
// told what removes it. Pure.

/** Largest scale error measured without a camera file on the camera-order renders, % (Iron Line 4'×4', gamma 2.2: −0.099 %). */
export const NO_CAMERA_FILE_SCALE_PCT = 0.1

export type ScaleNote = {
  /** One sentence: the scale's 1σ as a share and in mm across `spanMm`. */
  line: string
  /** Without a camera file: that the scale may be further off, and what to do; else null. */
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
    : `No camera file: the survey measured this camera's lens from the same views, and its scale can then be off by more than that (up to ${NO_CAMERA_FILE_SCALE_PCT} % in our tests, ${((NO_CAMERA_FILE_SCALE_PCT / 100) * spanMm).toFixed(1)} mm here). For rulings to the millimetre, calibrate this camera (Camera › Calibrate camera) and survey again.`
  return { line, warning }
}
