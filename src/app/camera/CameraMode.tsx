// Live camera mode: the rear camera's video as background, markers tracked in the worker, the 3D
// overlay registered on the video through the tracked table pose, a status line (markers seen,
// table locked and its reprojection error, tracking rate, latency). "Rule on this" freezes the
// recent frames (averaged, with their uncertainty). Camera refused or missing: a clear message.
// On a phone or tablet the video fills the screen (view-first): the verdict floats over it
// (ui/ViewOverlay), models are picked by tapping them in the image, and the controls below go into
// the bottom sheet (ui/BottomSheet) through its slot. Things of other parts that float over the
// image mount in the ViewOverlay's `prompts` (a question that needs the player now: a survey step,
// "Which model is this?") or `badges` (a small indicator: "hold still").
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { useApp } from '../state/appStore.ts'
import { TRACKING_OFF } from '../state/trackingSlice.ts'
import { setFreezeProvider } from '../actions/rulings.ts'
import { type LiveTracking, cameraErrorText, startLiveTracking } from './liveTracking.ts'
import { NEED_REGISTRY_TEXT, restoreTrackingFiles } from './registryFile.ts'
import { TrackingFiles, calibrationFor } from './PhotoMode.tsx'
import { StatusLine } from './StatusLine.tsx'
import { RegisteredOverlay } from './RegisteredOverlay.tsx'
import { CalibrationPanel } from './CalibrationPanel.tsx'
import { type CameraDevice, cameraDeviceOf, loadDeviceCalibration } from './deviceCalibration.ts'
import { closeCalibration, openCalibration } from './calibrationFlow.ts'
import { videoFrameSource } from '../hands/handFrameSource.ts'
import { NeverSeenList, WhichModel } from '../setup/WhichModel.tsx'
import { BasesNotSeen, WhichBase } from './WhichBase.tsx'
import { SurveyLauncher } from '../survey/SurveyLauncher.tsx'
import { needsSurvey } from '../survey/surveyOffer.ts'
import { openTrackingCamera } from './cameraConstraints.ts'
import { prewarmTracking, releaseWarmTracking } from './trackingRuntime.ts'
import { CaptureStatus } from './CaptureStatus.tsx'
import { InlinePrompts, ViewOverlay } from '../ui/ViewOverlay.tsx'
import { useImageFocus } from './imageFocus.ts'
import { DemoQuestion } from './DemoQuestion.tsx'
import { beginRealTable } from './realTableSession.ts'
import { GamePrompts } from '../game/GamePrompts.tsx'

const NO_LOCK = { lock: null }
import { ModeControls } from '../ui/ModeControls.tsx'
import { useViewFirst } from '../ui/useViewFirst.ts'
import { askTurnSensor } from './turnSensor.ts'

// Hands over the table (issue 15): its panel, worker and model load only when the camera runs.
const HandsPanel = lazy(() => import('../hands/HandsPanel.tsx'))

declare global {
  interface Window {
    /** Camera-frame → tracking-result latency of the live mode (benchmark and tests); the feed's hand input (browser tests of the held warning). */
    __tabletopCamera?: { latency: LiveTracking['latency']; resetLatency?: () => void; setHands?: LiveTracking['setHands'] }
  }
}

export function CameraMode() {
  const registry = useApp((s) => s.registry)
  // A registry made for a survey that none has measured: the survey comes first.
  const unsurveyed = needsSurvey(registry?.registry)
  const video = useRef<HTMLVideoElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const live = useRef<LiveTracking | null>(null)
  const stream = useRef<MediaStream | null>(null)
  const [state, setState] = useState<'idle' | 'starting' | 'running'>('idle')
  const [size, setSize] = useState<{ w: number; h: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [device, setDevice] = useState<CameraDevice | null>(null)
  const calibrating = useApp((s) => s.calibrationFlow.open)
  const viewFirst = useViewFirst()
  const chosenFit = useApp((s) => s.imageFit)
  const fit = viewFirst ? chosenFit : 'contain'
  const focus = useImageFocus(frame, live.current?.holder ?? NO_LOCK, size ? { width: size.w, height: size.h } : null, fit)
  // The sheet is open while there is nothing to look at yet (or something to fix), and steps aside for the table.
  useEffect(() => {
    if (viewFirst) useApp.getState().setSheetOpen(state === 'idle' || error !== null)
  }, [viewFirst, state, error])

  const stop = () => {
    live.current?.stop()
    live.current = null
    stream.current?.getTracks().forEach((t) => t.stop())
    stream.current = null
    setFreezeProvider(null)
    closeCalibration()
    delete window.__tabletopCamera
    useApp.getState().setTracking(TRACKING_OFF)
    setState('idle')
  }
  useEffect(restoreTrackingFiles, [])
  useEffect(() => { prewarmTracking(); return releaseWarmTracking }, []) // OpenCV compiles while the player gets ready
  // A registry loaded since: its "load the registry first" is settled.
  useEffect(() => {
    if (registry) setError((e) => (e === NEED_REGISTRY_TEXT ? null : e))
  }, [registry])
  useEffect(() => stop, [])

  const start = async () => {
    // Still in the tap: iOS asks for the motion sensor only from one.
    askTurnSensor()
    setError(null)
    if (!registry) {
      setError(NEED_REGISTRY_TEXT)
      return
    }
    // A player's table starts empty (its models appear as they are seen); the demo waits for the player's answer.
    await beginRealTable(registry.registry)
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('This browser offers no camera access here (it needs https or localhost). Use Photo or the planner.')
      return
    }
    setState('starting')
    useApp.getState().setTracking({ state: 'starting', message: 'Starting the camera…' })
    try {
      stream.current = await openTrackingCamera()
    } catch (e) {
      setError(cameraErrorText(e))
      useApp.getState().setTracking(TRACKING_OFF)
      setState('idle')
      return
    }
    const v = video.current!
    v.srcObject = stream.current
    await v.play().catch(() => undefined)
    setSize({ w: v.videoWidth || 1280, h: v.videoHeight || 720 })
    // A calibration made in the app for this camera is used automatically.
    const cam = cameraDeviceOf(stream.current)
    setDevice(cam)
    const stored = loadDeviceCalibration(cam)
    if (stored) useApp.getState().setCalibration({ name: `calibrated in the app (${cam.label})`, intrinsics: stored })
    useApp.getState().setTracking({ state: 'starting', message: 'Loading the marker tracker…' })
    try {
      live.current = await startLiveTracking(v, registry.registry, calibrationFor(v.videoWidth || 1280, v.videoHeight || 720))
    } catch (e) {
      setError(`The tracker could not start: ${e instanceof Error ? e.message : String(e)}`)
      stop()
      return
    }
    const l = live.current
    setFreezeProvider(l.freeze)
    window.__tabletopCamera = { latency: l.latency, resetLatency: l.resetLatency, setHands: l.setHands }
    setState('running')
  }

  const startButton = <button type="button" className={unsurveyed ? undefined : 'primary'} onClick={() => void start()} data-testid="start-camera">Start camera</button>
  const controls = (
    <div className="camera-bar">
      <TrackingFiles />
      <div className="button-row">
        {state === 'idle' && !unsurveyed && startButton}
        {state !== 'idle' && <button type="button" onClick={stop} data-testid="stop-camera">Stop camera</button>}
        <SurveyLauncher offer={state === 'idle' && unsurveyed} onOpen={stop} onSurveyed={() => void start()} />
        {state === 'idle' && unsurveyed && startButton}
        {state === 'running' && live.current && !calibrating && (
          <button type="button" onClick={() => live.current && openCalibration(live.current.calibration)} data-testid="calibrate-camera">Calibrate camera</button>
        )}
      </div>
      {state === 'idle' && unsurveyed && <p className="small" data-testid="survey-first">Your table markers are not measured yet: survey the table first (a slow walk around it with the camera).</p>}
      {error && <p className="bad" role="alert" data-testid="camera-error">{error}</p>}
      {!viewFirst && <StatusLine />}
      <CaptureStatus part="granted" />
      <NeverSeenList />
      <BasesNotSeen />
      {state === 'running' && live.current && video.current && (
        <Suspense fallback={null}><HandsPanel source={videoFrameSource(video.current)} feed={live.current} frame={frame.current} /></Suspense>
      )}
      {calibrating && state === 'running' && live.current && device && <CalibrationPanel target={live.current.calibration} device={device} />}
    </div>
  )
  const prompts = <><DemoQuestion /><WhichModel /><WhichBase /></>
  return (
    <div className={`camera-stage ${viewFirst ? 'view-first' : ''}`} data-testid="camera-mode" data-camera={state} data-size={size ? `${size.w}x${size.h}` : ''}>
      <ModeControls>{controls}</ModeControls>
      {!viewFirst && <InlinePrompts>{prompts}</InlinePrompts>}
      <div ref={frame} className="camera-frame" data-testid="camera-image" data-fit={focus.fit} data-posx={focus.posX} data-posy={focus.posY} style={{ display: state === 'idle' ? 'none' : undefined }}>
        <video ref={video} muted playsInline style={{ objectPosition: `${focus.posX * 100}% ${focus.posY * 100}%` }} />
        {state === 'running' && live.current && <RegisteredOverlay holder={live.current.holder} fit={focus.fit} focus={focus} />}
        {!viewFirst && <ViewOverlay viewFirst={false} badges={<><CaptureStatus part="hold" /><GamePrompts /></>} />}
      </div>
      {state === 'idle' && viewFirst && (
        <p className="stage-note" data-testid="camera-hint">{unsurveyed
          ? 'Survey your table first (below): lay the table markers as the sheet shows, then walk slowly around the table with the camera.'
          : registry
            ? `Your table's markers are in force (${registry.name}). Start the camera (in the controls below) and point it at the table: tap a model to choose the attacker, an enemy to choose the target.`
            : 'Load your table’s marker registry and start the camera (in the controls below). Then point it at the table: tap a model to choose the attacker, an enemy to choose the target.'}</p>
      )}
      {viewFirst && <ViewOverlay viewFirst image={state !== 'idle'} prompts={prompts} badges={<><CaptureStatus part="hold" /><GamePrompts /></>} />}
    </div>
  )
}
