// How far to trust a table lock, shared by the tracker and the app's status line (no imports: the
// app's first bundle takes it without the tracking code).

/**
 * Above this RMS reprojection error (px) a table lock is kept but its positions are doubted (see
 * TablePoseParams.doubtLockErrorPx, whose default this is).
 */
export const DOUBT_LOCK_ERROR_PX = 0.5
