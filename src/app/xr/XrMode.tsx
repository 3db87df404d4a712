// AR mode (WebXR immersive-ar): enter from a button when the browser supports it; place the table
// by hit-test (one point for its centre, or two corners to align it), or, where the browser gives
// the page the XR camera's image (camera-access), by the table's markers, which also put the
// tracked models on it; draw the same table and overlays in world space. Without WebXR: a clear
// message and the planner one tap away.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Canvas, useFrame } from '@react-three/fiber'
import { XR, XRSpace, requestXRAnchor, useXR, useXRHitTest, useXRStore } from '@react-three/xr'
import { Matrix4, Quaternion, type Group, type Mesh, Vector3 } from 'three'
import { useApp } from '../state/appStore.ts'
import { TableContent } from '../scene/TableContent.tsx'
import { ModeUnavailable } from '../ui/ModeUnavailable.tsx'
import { readAttack } from '../format/readAttack.ts'
import { formatDistanceWithMargin } from '../format/formatFigures.ts'
import { arSupported, emulationRequested, endXrSession, installEmulator, xrOverlayRoot, xrStore } from './xrStore.ts'
import { type TablePlacement, placeByCorners, placeCentredAt, tableToWorld } from './placement.ts'
import { XrCameraFeed, type XrCameraStatus } from './XrCameraFeed.tsx'
import { TrackingFiles } from '../camera/PhotoMode.tsx'
import { restoreTrackingFiles } from '../camera/registryFile.ts'
import { ruleOnThis } from '../actions/rulings.ts'
import { XrHands } from '../hands/XrHands.tsx'
import { LayerToggles } from '../ui/LayerToggles.tsx'
import { setXrCameraGestures, xrCameraFrames, xrHandFeed } from '../hands/xrHandFeed.ts'
import type { HandsRuntime } from '../hands/handsRuntime.ts'

// Loaded only when the XR camera runs without hand input (the worker, wasm and model only on "Track hands").
const HandsPanel = lazy(() => import('../hands/HandsPanel.tsx'))

/** The latest hit-test point (per frame, outside React). */
const hit = { valid: false, point: new Vector3() }
const scratch = new Matrix4()
/** Inside the anchor's space the anchor pose already holds the table's position and turn. */
const AT_ANCHOR: TablePlacement = { origin: [0, 0, 0], yaw: 0, measuredEdgeM: null }
/** Marker locks averaged before the table is placed from them, and the jitter allowed (mm at a corner). */
const MARKER_MIN_SAMPLES = 10
const MARKER_MAX_SPREAD_MM = 15

const onCameraHands = (r: HandsRuntime | null) => setXrCameraGestures(r ? r.gestures : null)

/**
 * Hands on the XR camera's image (a phone in AR: no WebXR hand input), by MediaPipe, as in Camera
 * mode: models under a hand are held, gestures select and measure (cursors drawn on the table).
 */
function XrCameraHands() {
  const feed = xrHandFeed()
  const held = useApp((s) => s.tracking.handsStatus ?? null)
  if (!feed) return null
  return (
    <>
      <Suspense fallback={null}><HandsPanel source={xrCameraFrames} feed={feed} frame={null} onRuntime={onCameraHands} /></Suspense>
      {held && <p data-testid="xr-hands-held">{held}</p>}
    </>
  )
}

/** One line on the XR camera's markers: what is seen, how steady the table's placement from them is. */
function MarkerStatus({ status, registryLoaded }: { status: XrCameraStatus | null; registryLoaded: boolean }) {
  if (!registryLoaded) return <p data-testid="xr-markers" data-camera="off">No marker registry loaded: place the table by hand (the models come from the planner).</p>
  if (!status || status.camera === 'waiting') return <p data-testid="xr-markers" data-camera="waiting">Looking for the XR camera image…</p>
  if (status.camera === 'none') {
    return <p data-testid="xr-markers" data-camera="none">This browser gives the page no camera image in AR (camera-access): place the table by hand; the models come from the planner or the Camera mode.</p>
  }
  const a = status.averaged
  return (
    <p data-testid="xr-markers" data-camera="running" data-locked={status.tableLocked ? 'yes' : 'no'} data-samples={a?.samples ?? 0} className={status.tableLocked ? 'good' : 'bad'}>
      XR camera: {status.markersSeen} markers · {status.tableLocked ? 'table locked' : 'table not locked'}
      {a && <> · {a.samples} locks, spread {a.spreadMm.toFixed(1)} mm, tilt {a.placement.tiltDeg.toFixed(1)}°</>}
    </p>
  )
}

function Reticle() {
  const ref = useRef<Mesh>(null)
  useXRHitTest((results, getWorldMatrix) => {
    const first = results[0]
    hit.valid = first !== undefined && getWorldMatrix(scratch, first)
    if (hit.valid) hit.point.setFromMatrixPosition(scratch)
  }, 'viewer')
  useFrame(() => {
    if (!ref.current) return
    ref.current.visible = hit.valid
    ref.current.position.copy(hit.point)
  })
  return (
    <mesh ref={ref} rotation={[-Math.PI / 2, 0, 0]}>
      <ringGeometry args={[0.05, 0.07, 32]} />
      <meshBasicMaterial color="#ffd400" />
    </mesh>
  )
}

function PlacedTable({ placement }: { placement: TablePlacement }) {
  const ref = useRef<Group>(null)
  useEffect(() => {
    const g = ref.current
    if (!g) return
    tableToWorld(placement, g.matrix)
    g.matrixAutoUpdate = false
    g.matrixWorldNeedsUpdate = true
  }, [placement])
  return (
    <group ref={ref} name="xr-table">
      <TableContent />
      <XrHands />
    </group>
  )
}

/** Reports whether a session runs, and (by mounting) that the XR store is connected to the renderer. */
type AnchorRequest = { placement: TablePlacement; done: (anchor: XRAnchor | null) => void }

/**
 * Anchors are created inside the XR frame callback (an XRFrame is only valid there, so the request
 * cannot wait for "the next frame" from outside).
 */
function AnchorRequester({ request }: { request: { current: AnchorRequest | null } }) {
  const store = useXRStore()
  useFrame((_state, _delta, frame: XRFrame | undefined) => {
    const r = request.current
    if (!r || !frame) return
    request.current = null
    const worldQuaternion = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), r.placement.yaw)
    requestXRAnchor(store, { relativeTo: 'world', worldPosition: new Vector3(...r.placement.origin), worldQuaternion, frame })
      .then((a) => r.done(a ?? null))
      .catch(() => r.done(null))
  })
  return null
}

function SessionState({ onChange, onReady }: { onChange: (inSession: boolean) => void; onReady: () => void }) {
  const session = useXR((s) => s.session)
  useEffect(() => onChange(session != null), [session, onChange])
  useEffect(onReady, [onReady])
  return null
}

function CardSummary() {
  const attack = useApp((s) => s.evaluation.overlay?.attack)
  const units = useApp((s) => s.units)
  if (!attack) return <p>Pick an attacker and a target in the planner.</p>
  const v = readAttack(attack)
  return (
    <p className="xr-card" data-testid="xr-card">
      <strong className={v.allowed ? 'good' : 'bad'}>{v.allowed ? 'Allowed' : 'Not allowed'}</strong>
      {v.distanceMm !== null && <> · {formatDistanceWithMargin(v.distanceMm, v.margin, units)}</>}
      {v.probability && <> · {v.probability.hitExact} to hit</>}
    </p>
  )
}

export function XrMode() {
  const [support, setSupport] = useState<'checking' | 'yes' | 'no'>('checking')
  const [inSession, setInSession] = useState(false)
  const [ready, setReady] = useState(false)
  const [placement, setPlacement] = useState<TablePlacement | null>(null)
  /** The table's anchor (the device keeps it fixed to the real table as tracking refines), if granted. */
  const [anchor, setAnchor] = useState<XRAnchor | null>(null)
  const anchorRequest = useRef<AnchorRequest | null>(null)
  const [cornerA, setCornerA] = useState<Vector3 | null>(null)
  const [hitSeen, setHitSeen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const width = useApp((s) => s.scene.table.width)
  const depth = useApp((s) => s.scene.table.depth)
  const registry = useApp((s) => s.registry)
  const [markers, setMarkers] = useState<XrCameraStatus | null>(null)
  const [placedBy, setPlacedBy] = useState<'hand' | 'markers' | null>(null)
  const store = support === 'yes' ? xrStore() : null
  const markReady = useCallback(() => setReady(true), [])
  const onMarkerStatus = useCallback((s: XrCameraStatus) => setMarkers(s), [])
  const place = useCallback((p: TablePlacement, by: 'hand' | 'markers') => {
    setPlacement(p)
    setPlacedBy(by)
    setAnchor(null)
    anchorRequest.current = { placement: p, done: (a) => setAnchor(a) }
  }, [])
  const steady = markers?.averaged && markers.averaged.samples >= MARKER_MIN_SAMPLES && markers.averaged.spreadMm <= MARKER_MAX_SPREAD_MM ? markers.averaged : null

  useEffect(() => {
    let live = true
    const installed = emulationRequested() ? installEmulator().catch(() => undefined) : Promise.resolve()
    void installed.then(() => arSupported(500)).then((ok) => live && setSupport(ok ? 'yes' : 'no'))
    return () => {
      live = false
    }
  }, [])
  useEffect(() => {
    // Whether a surface is under the reticle, at human pace for the buttons (the point itself stays per-frame).
    const t = setInterval(() => setHitSeen(hit.valid), 250)
    return () => clearInterval(t)
  }, [])
  useEffect(() => endXrSession, [])
  useEffect(restoreTrackingFiles, [])
  // The first steady placement from the markers is taken unless the table was placed by hand.
  useEffect(() => {
    if (steady && placedBy === null) place(steady.placement, 'markers')
  }, [steady, placedBy, place])

  if (support === 'checking') return <p className="stage-note" data-testid="xr-mode" data-xr-state="checking">Checking for AR support…</p>
  if (support === 'no' || !store) {
    return <ModeUnavailable title="AR" testId="xr-mode" why="This browser or device does not offer WebXR augmented reality (immersive-ar). The planner shows the same table and overlays." />
  }

  const enter = async () => {
    setError(null)
    try {
      await store.enterAR()
    } catch (e) {
      setError(`Could not start AR: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  const here = () => hit.point.clone()
  const controls = (
    <div className="xr-controls button-row" data-testid="xr-controls" data-xr-state={inSession ? 'in-session' : 'ready'} data-hit={hitSeen ? 'yes' : 'no'} data-placed={placement ? 'yes' : 'no'} data-anchored={anchor ? 'yes' : 'no'} data-placed-by={placedBy ?? 'none'}>
      {inSession && (
        <>
          <button type="button" className="primary" disabled={!hitSeen} data-testid="place-table" onClick={() => { place(placeCentredAt(here(), width, depth), 'hand'); setCornerA(null) }}>
            Place table here
          </button>
          <button type="button" disabled={!hitSeen} data-testid="align-corner" onClick={() => {
            if (!cornerA) setCornerA(here())
            else {
              place(placeByCorners(cornerA, here()), 'hand')
              setCornerA(null)
            }
          }}>
            {cornerA ? 'Second corner (along the width)' : 'Align by two corners'}
          </button>
          {steady && (
            <button type="button" data-testid="place-from-markers" onClick={() => place(steady.placement, 'markers')}>Place from markers</button>
          )}
          <button type="button" data-testid="xr-rule" onClick={() => void ruleOnThis()}>Rule on this</button>
          <button type="button" data-testid="exit-ar" onClick={() => void store.getState().session?.end()}>Exit AR</button>
        </>
      )}
      {inSession && !hitSeen && <p>Point at the table surface…</p>}
      {inSession && <MarkerStatus status={markers} registryLoaded={registry !== null} />}
      {inSession && markers?.camera === 'running' && markers.trackerReady && !markers.handInput && <XrCameraHands />}
      {placement && <p data-testid="xr-anchor" data-origin={placement.origin.map((v) => v.toFixed(5)).join(',')} data-yaw={placement.yaw.toFixed(6)}>{placedBy === 'markers' ? 'Placed from the markers. ' : ''}{anchor ? 'Table anchored.' : 'Table placed (not anchored: this device offers no anchors).'}</p>}
      {placement?.measuredEdgeM != null && <p data-testid="xr-edge">Corners {(placement.measuredEdgeM * 1000).toFixed(0)} mm apart (table width {width.toFixed(0)} mm).</p>}
      {inSession && <CardSummary />}
      {inSession && <LayerToggles over="xr" />}
      {error && <p className="bad" role="alert">{error}</p>}
    </div>
  )
  return (
    <div className="xr-stage" data-testid="xr-mode" data-xr-state={inSession ? 'in-session' : 'ready'}>
      <Canvas gl={{ preserveDrawingBuffer: true }} camera={{ near: 0.01, far: 100 }}>
        <XR store={store}>
          <SessionState onChange={setInSession} onReady={markReady} />
          <ambientLight intensity={1.2} />
          <directionalLight position={[1, 3, 2]} intensity={2} />
          {inSession && <Reticle />}
          {inSession && <AnchorRequester request={anchorRequest} />}
          {inSession && registry && <XrCameraFeed registry={registry.registry} widthMm={width} depthMm={depth} onStatus={onMarkerStatus} />}
          {placement && anchor && (
            <XRSpace space={anchor.anchorSpace}>
              <PlacedTable placement={AT_ANCHOR} />
            </XRSpace>
          )}
          {placement && !anchor && <PlacedTable placement={placement} />}
        </XR>
      </Canvas>
      {!inSession && (
        <div className="xr-enter button-row">
          <button type="button" className="primary" data-testid="enter-ar" disabled={!ready} onClick={() => void enter()}>Enter AR</button>
          <p>Point the camera at the table, then place it by its centre or align two of its corners. With the table's marker registry loaded, a browser that gives the page its AR camera image (Chrome on Android) finds the table and the models by their markers.</p>
          <TrackingFiles />
          {error && <p className="bad" role="alert">{error}</p>}
        </div>
      )}
      {/* Shown over the camera view during the session (WebXR DOM overlay; the store toggles it). */}
      {createPortal(controls, xrOverlayRoot())}
    </div>
  )
}
