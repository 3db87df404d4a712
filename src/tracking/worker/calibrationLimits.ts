// The in-app calibration's thresholds, in a file of their own so the main thread can show them
// without importing the OpenCV side (calibrationSession.ts).

/** A view counts when it shows at least this many of the board's chessboard corners (24 on the 5×7 sheet). */
export const CALIBRATION_MIN_CORNERS = 12
/** Views needed before a solve (OpenCV needs 3; 4+ from varied angles pin the focal length down). */
export const CALIBRATION_MIN_VIEWS = 4
/** Oldest views are dropped beyond this (memory: one gray frame each). */
export const CALIBRATION_MAX_VIEWS = 40
