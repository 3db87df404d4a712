// "Calibrate camera" (Camera mode): instructions, Capture view, the count of accepted views and the
// last view's corners, Solve → fx, fy, cx, cy and RMS, Export calibration file. Draws only: the
// flow's state is the store's calibrationFlow slice, the work is in calibrationFlow.ts.
import { useApp } from '../state/appStore.ts'
import { CALIBRATION_MIN_CORNERS, CALIBRATION_MIN_VIEWS } from '../../tracking/worker/calibrationLimits.ts'
import type { CameraDevice } from './deviceCalibration.ts'
import { type CalibrationTarget, captureView, closeCalibration, exportCalibration, resetViews, solveCalibration } from './calibrationFlow.ts'

export function CalibrationPanel({ target, device }: { target: CalibrationTarget; device: CameraDevice }) {
  const f = useApp((s) => s.calibrationFlow)
  const k = f.solved?.intrinsics
  return (
    <section className="calibration-panel" data-testid="calibration-panel" aria-label="Camera calibration">
      <h3>Calibrate camera · {device.label}</h3>
      <p>
        Print <code>markers/charuco-board.pdf</code> (in the project’s repository) at
        100 % (no “fit to page”; the squares measure 28 mm), lay it flat, and capture it from several angles: tilted left,
        right, towards and away, near the edges of the picture. {CALIBRATION_MIN_VIEWS} views are the minimum, 10–15 are better;
        each needs {CALIBRATION_MIN_CORNERS} of the board’s 24 corners.
      </p>
      <div className="button-row">
        <button type="button" className="primary" disabled={f.busy} onClick={() => void captureView(target)} data-testid="calibration-capture">Capture view</button>
        <button type="button" disabled={f.busy || f.views < CALIBRATION_MIN_VIEWS} onClick={() => void solveCalibration(target, device)} data-testid="calibration-solve">Solve</button>
        <button type="button" disabled={f.busy || f.views === 0} onClick={() => resetViews(target)} data-testid="calibration-reset">Start over</button>
        <button type="button" onClick={closeCalibration} data-testid="calibration-close">Close</button>
      </div>
      <p role="status" data-testid="calibration-views" data-views={f.views}>
        {f.views} view{f.views === 1 ? '' : 's'} accepted (need {CALIBRATION_MIN_VIEWS})
        {f.last && (
          <span className={f.last.accepted ? 'good' : 'bad'} data-testid="calibration-last" data-corners={f.last.corners}>
            {' · last view: '}{f.last.corners} corners, {f.last.accepted ? 'accepted' : `not used — ${f.last.reason ?? ''}`}
          </span>
        )}
        {f.busy && <span> · working…</span>}
      </p>
      {f.problem && <p className="bad" role="alert" data-testid="calibration-problem">{f.problem}</p>}
      {k && f.solved && (
        <div data-testid="calibration-result" data-fx={k.fx} data-rms={f.solved.rmsErrorPx}>
          <p className="good">
            Calibrated from {f.solved.viewsUsed} views at {k.width}×{k.height}: fx {k.fx.toFixed(1)} px, fy {k.fy.toFixed(1)} px,
            cx {k.cx.toFixed(1)} px, cy {k.cy.toFixed(1)} px, RMS {f.solved.rmsErrorPx.toFixed(3)} px.
            In force now and kept for this camera.
          </p>
          <div className="button-row">
            <button type="button" onClick={() => exportCalibration(device)} data-testid="calibration-export">Export calibration file</button>
          </div>
        </div>
      )}
    </section>
  )
}
