// Photo ruling: open an image (a phone's file picker offers the camera too), find the markers in
// it, lock the table, place the tracked models into the scene, and draw the overlay on the photo.
// The ruling card and "Rule on this" then work as in the planner, with the photo's uncertainty.
// On a phone or tablet the photo fills the screen with the verdict over it and the controls in the
// bottom sheet (as in CameraMode).
import { useEffect, useRef, useState } from 'react'
import { type CameraIntrinsics, type TrackFrameResult, scaleIntrinsics, trackedCameraOf } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { setFreezeProvider } from '../actions/rulings.ts'
import { type TrackingRuntime, startTracking } from './trackingRuntime.ts'
import { baseSetupForTable } from './baseTracking.ts'
import { NEED_REGISTRY, NEED_REGISTRY_TEXT, loadCalibrationFile, loadRegistryFile, restoreTrackingFiles } from './registryFile.ts'
import { describeMerge, mergePoses } from './trackedScene.ts'
import { splitDoubted } from './doubtedPoses.ts'
import { StatusLine } from './StatusLine.tsx'
import { DetectionMarks } from './DetectionMarks.tsx'
import { type LockHolder, RegisteredOverlay } from './RegisteredOverlay.tsx'
import { TRACKING_OFF } from '../state/trackingSlice.ts'
import { notLockedText } from '../format/trackingWarnings.ts'

/** The subject of the "not locked in this photo" message (it goes when a photo locks). */
const NOT_LOCKED = 'photo-not-locked'
import { InlinePrompts, ViewOverlay } from '../ui/ViewOverlay.tsx'
import { GamePrompts } from '../game/GamePrompts.tsx'
import { isKiosk } from '../ui/kiosk.ts'
import { useImageFocus } from './imageFocus.ts'
import { DemoQuestion } from './DemoQuestion.tsx'
import { beginRealTable } from './realTableSession.ts'
import { notOnTable } from './realTable.ts'
import { modelNames } from '../format/names.ts'
import { ModeControls } from '../ui/ModeControls.tsx'
import { useViewFirst } from '../ui/useViewFirst.ts'

async function decodeImage(file: File): Promise<ImageData> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new Error(`${file.name} is not an image this browser can read (try a JPEG or PNG)`)
  }
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  return ctx.getImageData(0, 0, canvas.width, canvas.height)
}

function FilePicker({ label, status, testId, onFile }: { label: string; status: string; testId: string; onFile: (f: File) => void }) {
  const input = useRef<HTMLInputElement>(null)
  // A kiosk has no file pickers: what is in force is shown, nothing can be loaded.
  if (isKiosk()) return <div className="button-row"><span data-testid={`${testId}-name`}>{status}</span></div>
  return (
    <div className="button-row">
      <span data-testid={`${testId}-name`}>{status}</span>
      <button type="button" onClick={() => input.current?.click()} data-testid={`load-${testId}`}>{label}</button>
      <input ref={input} type="file" accept=".json,application/json" hidden data-testid={`${testId}-input`} onChange={(e) => {
        const f = e.target.files?.[0]
        e.target.value = ''
        if (f) onFile(f)
      }} />
    </div>
  )
}

/** The marker registry (required) and the camera calibration (optional) of the camera modes. */
export function TrackingFiles() {
  const registry = useApp((s) => s.registry)
  const calibration = useApp((s) => s.calibration)
  return (
    <>
      <FilePicker label="Load marker registry…" testId="registry" onFile={(f) => void loadRegistryFile(f)}
        status={registry ? `Markers: ${registry.name} (${registry.registry.markers.length})` : 'No marker registry loaded'} />
      <FilePicker label="Load camera calibration…" testId="calibration" onFile={(f) => void loadCalibrationFile(f)}
        status={calibration ? `Camera: ${calibration.name}` : 'Camera: not calibrated (focal length estimated from the table)'} />
    </>
  )
}

/** The calibration scaled to a frame size; null (estimate) when there is none or it does not fit. */
export function calibrationFor(width: number, height: number): CameraIntrinsics | null {
  const c = useApp.getState().calibration
  if (!c) return null
  try {
    return scaleIntrinsics(c.intrinsics, width, height)
  } catch (e) {
    useApp.getState().notify({ level: 'warning', text: `The camera calibration does not fit this ${width}×${height} image (${e instanceof Error ? e.message : String(e)}); the focal length is estimated instead.` })
    return null
  }
}

export function PhotoMode() {
  const registry = useApp((s) => s.registry)
  const [photo, setPhoto] = useState<{ url: string; result: TrackFrameResult | null } | null>(null)
  // Hands in the photo (issue 15): off until asked (the hand model and its wasm load only then).
  const [handsOn, setHandsOn] = useState(false)
  const runtime = useRef<TrackingRuntime | null>(null)
  const holder = useRef<LockHolder>({ lock: null })
  const input = useRef<HTMLInputElement>(null)
  const viewFirst = useViewFirst()
  const chosenFit = useApp((s) => s.imageFit)
  const fit = viewFirst ? chosenFit : 'contain'
  const locked = photo?.result?.table.locked === true
  const box = useRef<HTMLDivElement>(null)
  const focus = useImageFocus(box, holder.current, photo?.result ?? null, fit)
  // The sheet is open until a photo is on the table, then steps aside for it.
  useEffect(() => {
    if (viewFirst) useApp.getState().setSheetOpen(!locked)
  }, [viewFirst, locked])

  useEffect(restoreTrackingFiles, [])
  useEffect(() => () => {
    runtime.current?.dispose()
    runtime.current = null
    setFreezeProvider(null)
    useApp.getState().setTracking(TRACKING_OFF)
    void import('../hands/photoHands.ts').then((h) => h.stopPhotoHands())
  }, [])
  const url = photo?.url
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url)
  }, [url])

  const open = async (file: File) => {
    const s = useApp.getState()
    if (!registry) {
      s.notify({ level: 'warning', text: NEED_REGISTRY_TEXT, about: NEED_REGISTRY })
      return
    }
    let image: ImageData
    try {
      image = await decodeImage(file)
    } catch (e) {
      s.notify({ level: 'error', text: `${e instanceof Error ? e.message : String(e)}. Nothing changed on the table.` })
      return
    }
    // A player's table starts empty (its models appear as they are seen); the demo waits for the player's answer.
    await beginRealTable(registry.registry)
    const url = URL.createObjectURL(file)
    setPhoto({ url, result: null })
    s.setTracking({ state: 'starting', message: 'Loading the marker tracker…', markersSeen: 0, tableLocked: false })
    try {
      // Models with no marker are looked for by their bases (issue 34), in this photo alone.
      const found = await baseSetupForTable(registry.registry)
      const bases = found ? { ...found, photos: true } : null
      runtime.current ??= await startTracking(registry.registry, () => undefined, (m) => useApp.getState().setTracking({ state: 'error', message: m }), bases)
      const rt = runtime.current
      await rt.client.ready
      rt.client.setRegistry(registry.registry)
      rt.client.setBases(bases)
      rt.client.setCalibration(calibrationFor(image.width, image.height))
      rt.client.reset()
      const started = performance.now()
      const id = rt.client.submit(image, started)
      const { result } = await rt.nextResult(id - 1)
      holder.current.lock = result.table
      holder.current.changed?.()
      setPhoto({ url, result })
      const lock = result.table
      // A doubted pose is never placed: shown as a ghost with its reason (doubtedPoses.ts).
      const { sure, doubted } = splitDoubted(result.objects, { twoMarkers: lock.locked && lock.twoMarkers, fitPx: lock.locked ? lock.reprojectionErrorPx : null })
      useApp.getState().setTracking({
        state: 'running',
        message: `${file.name}`,
        markersSeen: result.detections.length,
        tableLocked: lock.locked,
        lockReason: lock.locked ? null : lock.reason,
        tableMarkersSeen: lock.referenceIds.length,
        reprojectionErrorPx: lock.locked ? lock.reprojectionErrorPx : null,
        lockOnTwoMarkers: lock.locked && lock.twoMarkers,
        fps: null,
        latencyMs: performance.now() - started,
        placedModels: [],
        heldModels: [],
        staleModels: [],
        doubted,
      })
      if (!lock.locked) {
        useApp.getState().notify({ level: 'warning', text: notLockedText(lock.reason, 'photo'), about: NOT_LOCKED })
        return
      }
      useApp.getState().settle(NOT_LOCKED)
      const sureIds = new Set(sure.map((o) => `${o.kind}:${o.id}`))
      let poses = sure
      let heldIds: string[] = []
      if (handsOn) {
        // Models under a hand keep their place (same HandOcclusion logic as the camera flow).
        const { findHandsInPhoto, holdUnderHands } = await import('../hands/photoHands.ts')
        const { loadHandModelChoice } = await import('../hands/handModelStore.ts')
        try {
          const found = await findHandsInPhoto(file, image.width, image.height, loadHandModelChoice())
          const held = holdUnderHands(registry.registry, result, useApp.getState().scene, found.hands)
          poses = held.free.filter((o) => sureIds.has(`${o.kind}:${o.id}`))
          heldIds = held.heldModelIds
          const n = found.hands.length
          useApp.getState().setTracking({ message: `${file.name} · ${held.status ?? (n === 0 ? 'no hand in the photo' : `${n} hand${n === 1 ? '' : 's'}, holding no model`)}`, heldModels: held.heldModelIds })
        } catch (e) {
          useApp.getState().notify({ level: 'warning', text: `Hands could not be looked for in the photo (${e instanceof Error ? e.message : String(e)}); every model it shows is placed.` })
        }
      }
      const merged = mergePoses(useApp.getState().scene, registry.registry, poses, `photo ${file.name}`, trackedCameraOf(result))
      if (!merged.ok) {
        useApp.getState().notify({ level: 'error', text: `The photo could not be placed on the table: ${merged.message}` })
        return
      }
      useApp.getState().replaceScene(merged.scene)
      useApp.getState().setTracking({ placedModels: merged.report.placedModels })
      const uncertaintyMm = Math.max(0, ...poses.map((p) => p.uncertainty ?? 0))
      setFreezeProvider(async () => ({ source: 'photo', frames: 1, uncertaintyMm }))
      const st = useApp.getState()
      const names = modelNames(st.evaluation.overlay, [...st.scene.models, ...(notOnTable(st.scene)?.models ?? [])])
      const name = (id: string) => names[id] ?? id
      const doubtedIds = doubted.map((d) => d.id)
      st.notify({ level: 'info', text: `From the photo: ${describeMerge({ ...merged.report, notSeen: merged.report.notSeen.filter((id) => !heldIds.includes(id) && !doubtedIds.includes(id)) }, registry.registry, merged.notOnTable.filter((id) => !doubtedIds.includes(id)), name, doubted)}${heldIds.length ? `; under a hand (kept where they were): ${heldIds.map(name).join(', ')}` : ''}.`, actions: [{ label: 'Undo', run: () => useApp.getState().undo() }] })
    } catch (e) {
      useApp.getState().setTracking({ state: 'error', message: e instanceof Error ? e.message : String(e) })
    }
  }

  const result = photo?.result ?? null
  const controls = (
    <div className="camera-bar">
      <TrackingFiles />
      <div className="button-row">
        {!isKiosk() && <button type="button" className="primary" onClick={() => input.current?.click()} data-testid="open-photo">Open photo…</button>}
        {!isKiosk() && <input ref={input} type="file" accept="image/*" capture="environment" hidden data-testid="photo-input" onChange={(e) => {
          const f = e.target.files?.[0]
          e.target.value = ''
          if (f) void open(f)
        }} />}
        <label className="check">
          <input type="checkbox" checked={handsOn} onChange={(e) => setHandsOn(e.target.checked)} data-testid="photo-hands" /> Hands in photos hold the models under them
        </label>
      </div>
      {!viewFirst && <StatusLine />}
    </div>
  )
  return (
    <div className={`camera-stage ${viewFirst ? 'view-first' : ''}`} data-testid="photo-mode">
      <ModeControls>{controls}</ModeControls>
      {!viewFirst && <InlinePrompts><DemoQuestion /></InlinePrompts>}
      {photo && (
        <div ref={box} className="camera-frame" data-testid="camera-image" data-fit={focus.fit} data-posx={focus.posX} data-posy={focus.posY}>
          <img src={photo.url} alt="The photo being ruled on" style={{ objectPosition: `${focus.posX * 100}% ${focus.posY * 100}%` }} />
          {result && <DetectionMarks result={result} fit={focus.fit} focus={focus} />}
          {result?.table.locked && <RegisteredOverlay holder={holder.current} fit={focus.fit} focus={focus} />}
          {!viewFirst && <ViewOverlay viewFirst={false} badges={<GamePrompts />} />}
        </div>
      )}
      {!photo && <p className="stage-note">Open a photo of the table (the markers of at least two table corners or edges must show). The models it finds are placed on the table; then tap attacker and target in the picture.</p>}
      {viewFirst && <ViewOverlay viewFirst prompts={<DemoQuestion />} badges={<GamePrompts />} />}
    </div>
  )
}
