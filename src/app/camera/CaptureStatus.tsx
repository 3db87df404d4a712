// Under the tracking status line, from the tracking stats (human pace, never per frame): "Hold
// still" with a bar while the phone moves (how steady the last frames were; it fills as the hand
// settles, and rulings wait until it has), and what the camera granted (size, frame rate, focus,
// exposure), with what it refused on hover, and whether the motion sensor's turn rate goes with the frames.
import { useApp } from '../state/appStore.ts'
import type { TrackingStatus } from '../state/trackingSlice.ts'
import { grantedSummary } from './cameraConstraints.ts'
import './captureStatus.css'

/** `part`: 'hold' for the badge over the image (the "hold still" bar only: the camera's grant is a
 *  diagnostic that cluttered a phone's image), 'granted' for that line among the controls, 'all' both. */
export function CaptureStatus({ part = 'all' }: { part?: CapturePart }) {
  const capture = useApp((s) => s.tracking.capture ?? null)
  const camera = useApp((s) => s.tracking.camera ?? null)
  const turnSensor = useApp((s) => s.tracking.turnSensor ?? null)
  return <CaptureStatusView capture={capture} camera={camera} turnSensor={turnSensor} part={part} />
}

export type CapturePart = 'all' | 'hold' | 'granted'

/** The view for given stats (a plain component, so a test can render it without the store). */
export function CaptureStatusView({ capture, camera, turnSensor = null, part = 'all' }: { capture: TrackingStatus['capture']; camera: TrackingStatus['camera']; turnSensor?: TrackingStatus['turnSensor']; part?: CapturePart }) {
  if (!capture && !camera) return null
  const granted = camera && (
    <p className="camera-granted" data-testid="camera-granted" title={camera.notes.join('\n') || undefined}>
      camera {grantedSummary(camera)}
      {turnSensor && turnSensor !== 'waiting' && <span data-testid="turn-sensor" data-state={turnSensor}> · {turnSensor === 'on' ? 'motion sensor on' : `motion sensor ${turnSensor}`}</span>}
      {capture && <> · frames used {capture.framesUsed}, rejected {capture.framesRejected}</>}
    </p>
  )
  if (part === 'granted') return granted || null
  const steady = Math.round(100 * Math.min(1, Math.max(0, capture?.steadiness ?? 1)))
  return (
    <div className="capture-status" data-testid="capture-status" data-hold={capture?.holdStill ? 'yes' : 'no'}>
      {capture?.holdStill && (
        <div className="hold-still" role="status" data-testid="hold-still">
          <strong>Hold still</strong>
          <span className="hold-still-bar" role="progressbar" aria-label="steadiness" aria-valuemin={0} aria-valuemax={100} aria-valuenow={steady}>
            <span style={{ width: `${steady}%` }} />
          </span>
          <span className="hold-still-why">the view moves or blurs: rulings wait</span>
        </div>
      )}
      {part === 'all' && granted}
    </div>
  )
}
