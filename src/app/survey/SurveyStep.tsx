// The table survey step: the player lays the table markers anywhere on the table, then sweeps the
// camera over it (or opens a few photos); the app measures where each marker lies (src/tracking/survey,
// in the tracking worker), shows each marker's residual, refuses a survey that does not close with the
// reason (naming the marker), asks for the table's corners to be tapped when no marker lies in a corner,
// and on "Use this survey" puts the completed registry in force (store + kept across reloads).
import { useEffect, useRef, useState } from 'react'
import {
  isSurveyed, parseSurveyRegistry, scaleIntrinsics,
  type Registry, type SurveyProgress, type SurveyRefusal, type SurveyRegistry, type SurveySuccess, type TableTap,
} from '../../tracking/index.ts'
import { SceneError } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { keepRegistry } from '../camera/registryFile.ts'
import { readFileText } from '../actions/download.ts'
import { cameraErrorText } from '../camera/liveTracking.ts'
import { CornerTapper } from './CornerTapper.tsx'
import { openTrackingCamera } from '../camera/cameraConstraints.ts'
import { tableSizeNote } from './tableSizeNote.ts'
import { surveyScaleNote } from './scaleNote.ts'
import { type SurveyRun, decodePhoto, startSurveyRun } from './surveyRun.ts'
import './survey.css'

export type SurveyStepProps = {
  /** The registry to survey (its table markers may lack position and rotation). Default: the one in force; else the step asks for a file. */
  registry?: SurveyRegistry | null
  /** The name the completed registry is kept under. Default "<name> (surveyed)". */
  name?: string
  /** Called after the completed registry is in force (the camera mode then starts tracking with it). */
  onDone: (registry: Registry) => void
  onCancel: () => void
  /** Opens the camera for the sweep (default: as tracking opens it, openTrackingCamera: the rear camera at 1920×1080, continuous focus). */
  openCamera?: () => Promise<MediaStream>
}

type Phase = 'intro' | 'sweep' | 'photos' | 'measuring' | 'corners' | 'result' | 'refused'

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))
const fmt = (v: number, d = 1) => v.toFixed(d)

export function SurveyStep({ registry: given, name, onDone, onCancel, openCamera = openTrackingCamera }: SurveyStepProps) {
  const inForce = useApp((s) => s.registry)
  const sceneTable = useApp((s) => s.scene.table)
  const [loaded, setLoaded] = useState<{ name: string; registry: SurveyRegistry } | null>(null)
  const source = given ? { name: name ?? 'table', registry: given } : loaded ?? (inForce ? { name: inForce.name, registry: inForce.registry as SurveyRegistry } : null)
  const [phase, setPhase] = useState<Phase>('intro')
  const [progress, setProgress] = useState<SurveyProgress | null>(null)
  const [seenNow, setSeenNow] = useState<number[]>([])
  const [hint, setHint] = useState<string>('')
  const [problem, setProblem] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<SurveyRefusal | null>(null)
  const [result, setResult] = useState<SurveySuccess | null>(null)
  const [taps, setTaps] = useState<TableTap[]>([])
  const run = useRef<SurveyRun | null>(null)
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const stopPump = useRef<(() => void) | null>(null)
  const photos = useRef<HTMLInputElement>(null)
  const registryInput = useRef<HTMLInputElement>(null)

  const stopCamera = () => {
    stopPump.current?.()
    stopPump.current = null
    stream.current?.getTracks().forEach((t) => t.stop())
    stream.current = null
  }
  useEffect(() => () => {
    stopCamera()
    run.current?.dispose()
    run.current = null
  }, [])

  const ensureRun = async (width: number, height: number): Promise<SurveyRun | null> => {
    if (run.current) return run.current
    if (!source) return null
    const c = useApp.getState().calibration
    let calibration = null
    try {
      calibration = c ? scaleIntrinsics(c.intrinsics, width, height) : null
    } catch (e) {
      setProblem(`The camera calibration does not fit these ${width}×${height} pictures (${message(e)}); the focal length is measured with the survey instead.`)
    }
    run.current = await startSurveyRun(source.registry, calibration)
    return run.current
  }

  const onReply = (r: { observation: { seen: number[]; viewId: number | null; reason?: string }; progress: SurveyProgress }) => {
    setProgress(r.progress)
    setSeenNow(r.observation.seen)
    setHint(r.observation.viewId !== null ? `view ${r.progress.views} kept` : r.observation.reason === 'camera moving' ? 'hold still a moment' : r.observation.reason === 'nothing new' ? 'move to another spot' : r.observation.reason ?? '')
  }

  const startSweep = async () => {
    setProblem(null)
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('This browser offers no camera access here (it needs https or localhost). Take photos instead.')
      return
    }
    try {
      stream.current = await openCamera()
    } catch (e) {
      setProblem(cameraErrorText(e).replace('Use Photo or the planner.', 'Take photos of the table instead.'))
      return
    }
    setPhase('sweep')
    const v = video.current!
    v.srcObject = stream.current
    await v.play().catch(() => undefined)
    try {
      const r = await ensureRun(v.videoWidth || 1280, v.videoHeight || 720)
      if (!r) return
      stopPump.current = r.pump(v, onReply, (m) => setProblem(`A frame could not be looked at: ${m}`))
    } catch (e) {
      setProblem(`The survey could not start: ${message(e)}`)
    }
  }

  const addPhotos = async (files: File[]) => {
    setProblem(null)
    setPhase('photos')
    for (const file of files) {
      try {
        const image = await decodePhoto(file)
        const r = await ensureRun(image.width, image.height)
        if (!r) {
          // (the button is offered once a registry is read; photos given before then are not dropped in silence)
          setProblem('Load the marker registry of your table first: the survey needs to know which markers are the table’s. No photo was read.')
          setPhase('intro')
          return
        }
        const reply = await r.look(image, 'photo', file.name)
        onReply(reply)
        if (reply.observation.viewId === null) setProblem(`${file.name}: ${reply.observation.seen.length} table marker${reply.observation.seen.length === 1 ? '' : 's'} found; a photo must show two or more.`)
      } catch (e) {
        setProblem(`${message(e)}. The other photos are kept.`)
      }
    }
  }

  const measure = async (withTaps?: TableTap[]) => {
    const r = run.current
    if (!r) return
    stopPump.current?.()
    stopPump.current = null
    setPhase('measuring')
    setProblem(null)
    try {
      const out = await r.client.solve(withTaps ? { taps: withTaps, tableSize: { widthMm: sceneTable.width, depthMm: sceneTable.depth } } : {})
      if (out.ok) {
        setResult(out)
        setPhase('result')
        stopCamera()
        return
      }
      setRefusal(out)
      if (out.code === 'no-table-frame' || out.code === 'bad-tap' || (withTaps && out.code === 'corner-off')) {
        setPhase('corners')
        if (withTaps) setProblem(out.reason)
      } else setPhase('refused')
    } catch (e) {
      setProblem(`The survey failed: ${message(e)}`)
      setPhase('refused')
    }
  }

  const sweepMore = () => {
    setRefusal(null)
    if (stream.current && video.current && run.current) {
      setPhase('sweep')
      stopPump.current = run.current.pump(video.current, onReply, (m) => setProblem(m))
    } else setPhase(progress ? 'photos' : 'intro')
  }

  const startOver = () => {
    stopCamera()
    run.current?.dispose()
    run.current = null
    setProgress(null)
    setSeenNow([])
    setRefusal(null)
    setResult(null)
    setTaps([])
    setProblem(null)
    setPhase('intro')
  }

  const use = async () => {
    if (!result) return
    // The table in use's own registry: the survey is saved into that table (it survives a reload and
    // goes with the table's export) and its registry is in force. Any other registry is kept as a file is.
    const fromTable = !given && !loaded && inForce ? await import('../setup/activeTable.ts').then((m) => m.updateActiveTable({ registry: result.registry, from: inForce.name })).catch(() => false) : false
    const kept = fromTable ? useApp.getState().registry?.name ?? inForce!.name : name ?? `${(source?.name ?? 'table').replace(/\.json$/i, '')} (surveyed)`
    if (!fromTable) keepRegistry(kept, result.registry)
    useApp.getState().notify({ level: 'info', text: `Table surveyed: ${result.markers.length} table markers from ${result.map.views.length} views, largest residual ${fmt(Math.max(...result.markers.map((m) => m.residualMm)), 2)} mm. ${fromTable ? `Saved with the table; its markers ("${kept}") are in force.` : `The marker registry "${kept}" is in force.`}` })
    onDone(result.registry)
  }

  const loadRegistry = async (file: File) => {
    setProblem(null)
    try {
      setLoaded({ name: file.name, registry: parseSurveyRegistry(JSON.parse(await readFileText(file))) })
    } catch (e) {
      const details = e instanceof SceneError ? e.issues.slice(0, 3).map((i) => `${i.path || '(file)'}: ${i.message}`).join('; ') : message(e)
      setProblem(`${file.name} is not a marker registry (tabletop-markers/1): ${details}. Nothing changed.`)
    }
  }

  const tableIds = source?.registry.markers.filter((m) => m.role === 'table').map((m) => m.id) ?? []
  const viewsOf = (id: number) => progress?.markers.find((m) => m.id === id)?.views ?? 0
  // Measuring is offered from 3 views on; a marker still short of views is then named in the refusal.
  const ready = progress !== null && progress.views >= 3
  const short = tableIds.filter((id) => viewsOf(id) < 2)
  const named = new Set(refusal?.markerIds ?? [])
  const corners = source?.registry.markers.filter((m) => m.role === 'table' && m.corner).length ?? 0
  // A registry the app made: every table marker has the spot the sheet proposes (or an earlier survey's), the corner ones declared.
  const proposed = source !== null && corners > 0 && isSurveyed(source.registry)
  const still = run.current?.still() ?? null
  const thumbs = run.current?.thumbnails() ?? new Map<number, string>()

  return (
    <section className="survey-step" data-testid="survey-step" data-phase={phase} aria-label="Survey the table">
      <div className="survey-head">
        <h2>Survey the table</h2>
        <button type="button" onClick={() => { stopCamera(); onCancel() }} data-testid="survey-close">Close</button>
      </div>

      {phase === 'intro' && (
        <div className="survey-intro">
          <p>
            {proposed
              ? 'Lay the table markers as your marker sheet shows: each white square against the table\'s edge, the strip pointing into the table, flat, none under a model or a terrain piece.'
              : 'Lay the table markers anywhere on the table: flat, apart, none under a model or a terrain piece.'}
            {corners > 0 ? ` Push ${corners === 1 ? 'the corner marker' : `the ${corners} corner markers`} right into ${corners === 1 ? 'its corner' : 'their corners'} (against both edges): the table's edges are found from ${corners === 1 ? 'it' : 'them'}.` : ' Without markers in the corners you will tap two table corners on a picture afterwards.'}
            {' '}Then sweep: walk around the table and stop for a moment every step or two, so that every marker is seen from several places. Or take 5–10 photos from around the table.
          </p>
          {source && (
            <p className="muted" data-testid="survey-source">
              Markers: {source.name} · {tableIds.length} table markers ({tableIds.join(', ')}){source.registry.survey ? ' · surveyed before: the survey measures them again' : proposed ? ' · at the spots the sheet proposes: the survey measures where they really lie' : ''}
            </p>
          )}
          <div className="button-row">
            {!given && (
              <>
                <button type="button" onClick={() => registryInput.current?.click()} data-testid="survey-load-registry">{source ? 'Other marker registry…' : 'Load marker registry…'}</button>
                <input ref={registryInput} type="file" accept=".json,application/json" hidden data-testid="survey-registry-input" onChange={(e) => {
                  const f = e.target.files?.[0]
                  e.target.value = ''
                  if (f) void loadRegistry(f)
                }} />
              </>
            )}
            <button type="button" className="primary" disabled={!source || tableIds.length < 2} onClick={() => void startSweep()} data-testid="survey-start-sweep">Sweep with the camera</button>
            <button type="button" disabled={!source || tableIds.length < 2} onClick={() => photos.current?.click()} data-testid="survey-open-photos">Use photos…</button>
          </div>
          {source && tableIds.length < 2 && <p className="bad" role="alert">This registry has {tableIds.length} table marker{tableIds.length === 1 ? '' : 's'}; a survey needs at least 2 (4 or more, spread over the table, are better).</p>}
        </div>
      )}
      <input ref={photos} type="file" accept="image/*" multiple hidden data-testid="survey-photo-input" onChange={(e) => {
        const files = [...(e.target.files ?? [])]
        e.target.value = ''
        if (files.length) void addPhotos(files)
      }} />

      {(phase === 'sweep' || phase === 'photos' || phase === 'refused') && progress && (
        <div className="survey-progress" data-testid="survey-progress" data-views={progress.views}>
          <p role="status">
            {progress.views} view{progress.views === 1 ? '' : 's'} kept{phase === 'sweep' && hint ? ` · ${hint}` : ''}
            {progress.views < 3 ? ' · the survey needs 3 or more' : short.length ? ` · still short of views: ${short.join(', ')} (each needs 2)` : ' · every marker seen enough: measure, or add views to be surer'}
          </p>
          <ul className="survey-chips">
            {progress.markers.map((m) => (
              <li key={m.id} data-testid="survey-marker" data-id={m.id} data-views={m.views}
                className={named.has(m.id) ? 'named' : m.views >= 2 ? 'done' : m.views === 1 ? 'some' : 'none'}>
                <strong>{m.id}</strong> {m.views === 0 ? 'not seen' : `${m.views} view${m.views === 1 ? '' : 's'}`}{seenNow.includes(m.id) && phase === 'sweep' ? ' ●' : ''}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="survey-video" style={{ display: phase === 'sweep' ? undefined : 'none' }}>
        <video ref={video} muted playsInline />
      </div>

      {(phase === 'sweep' || phase === 'photos') && (
        <div className="button-row">
          <button type="button" className="primary" disabled={!ready} onClick={() => void measure()} data-testid="survey-measure">Measure the table</button>
          {phase === 'photos' && <button type="button" onClick={() => photos.current?.click()} data-testid="survey-more-photos">More photos…</button>}
          <button type="button" onClick={startOver} data-testid="survey-start-over">Start over</button>
        </div>
      )}

      {phase === 'measuring' && <p role="status" data-testid="survey-measuring">Measuring where every marker lies…</p>}

      {phase === 'refused' && refusal && (
        <div>
          <p className="bad" role="alert" data-testid="survey-refusal" data-code={refusal.code} data-markers={refusal.markerIds.join(',')}>The survey does not close: <ViewsNamed text={refusal.reason} thumbs={thumbs} />.</p>
          <div className="button-row">
            <button type="button" className="primary" onClick={sweepMore} data-testid="survey-sweep-more">{stream.current ? 'Sweep more' : 'Add photos'}</button>
            <button type="button" onClick={startOver} data-testid="survey-start-over">Start over</button>
          </div>
        </div>
      )}

      {phase === 'corners' && (
        <div>
          <p>No table marker lies in a corner, so the table's edges are not known yet.</p>
          {still ? <CornerTapper still={still} taps={taps} onTap={(t) => setTaps([...taps, t])} /> : <p className="bad" role="alert">No picture of the table is kept to tap on.</p>}
          <div className="button-row">
            <button type="button" className="primary" disabled={taps.length < 2} onClick={() => void measure(taps)} data-testid="survey-use-corners">Use these corners</button>
            <button type="button" disabled={taps.length === 0} onClick={() => setTaps(taps.slice(0, -1))} data-testid="survey-undo-tap">Undo last tap</button>
            <button type="button" onClick={startOver}>Start over</button>
          </div>
        </div>
      )}

      {phase === 'result' && result && <SurveyResultView result={result} sceneTable={sceneTable} thumbs={thumbs} onUse={() => void use()} onAgain={startOver} />}

      {problem && <p className="bad" role="alert" data-testid="survey-problem">{problem}</p>}
    </section>
  )
}

/**
 * A survey text with each "view N" shown as that view's thumbnail (a player cannot tell which of the
 * sweep's pictures "view 5" was; they can see it). A photo's view is named by its file name already.
 */
export function ViewsNamed({ text, thumbs }: { text: string; thumbs: ReadonlyMap<number, string> }) {
  const parts = text.split(/\b(view \d+)\b/)
  return (
    <>
      {parts.map((part, i) => {
        const n = /^view (\d+)$/.exec(part)
        const url = n ? thumbs.get(Number(n[1])) : undefined
        if (!n || !url) return <span key={i}>{part}</span>
        return <img key={i} className="survey-thumb-inline" src={url} alt={`the picture the survey calls ${part}`} title={part} data-testid="survey-view-thumb" data-view={n[1]} />
      })}
    </>
  )
}

function SurveyResultView({ result, sceneTable, thumbs, onUse, onAgain }: { result: SurveySuccess; sceneTable: { width: number; depth: number }; thumbs: ReadonlyMap<number, string>; onUse: () => void; onAgain: () => void }) {
  const worst = Math.max(...result.markers.map((m) => m.residualMm))
  const t = result.table
  // Quiet within what laying the markers by hand and a mat's own size explain; else what to do (tableSizeNote.ts).
  const sizeNote = tableSizeNote(t, sceneTable)
  // How sure the scale is, across the farthest table markers (scaleNote.ts), and without a camera file what that leaves out.
  let spanMm = 0
  for (const a of result.markers) for (const b of result.markers) spanMm = Math.max(spanMm, Math.hypot(a.position[0] - b.position[0], a.position[1] - b.position[1]))
  const scale = surveyScaleNote(result.map.scaleSigmaRel, result.report.camera.source === 'calibration', spanMm)
  return (
    <div data-testid="survey-result" data-worst-residual={worst}>
      <p className="good" role="status">
        {result.markers.length} table markers measured from {result.map.views.length} views: largest residual {fmt(worst, 2)} mm
        (reprojection {fmt(result.map.rmsErrorPx, 2)} px RMS, focal length {result.report.camera.source === 'calibration' ? 'from the camera file' : 'measured with the survey'}).
        The table's edges from {t.from === 'corner-markers' ? 'the corner markers' : 'the corners you tapped'}
        {t.widthMm !== undefined || t.depthMm !== undefined ? ` (${t.widthMm !== undefined ? fmt(t.widthMm) : '?'} × ${t.depthMm !== undefined ? fmt(t.depthMm) : '?'} mm)` : ''}.
      </p>
      <p className="muted" data-testid="survey-scale" data-sigma-rel={result.map.scaleSigmaRel}>{scale.line}</p>
      {scale.warning && <p className="warn" role="status" data-testid="survey-scale-warning">{scale.warning}</p>}
      {sizeNote && <p className="warn" role="status" data-testid="survey-size-warning">{sizeNote}</p>}
      {result.warnings.map((w) => <p key={w} className="muted" data-testid="survey-warning"><ViewsNamed text={w} thumbs={thumbs} /></p>)}
      <div className="survey-table-wrap">
        <table className="survey-table" data-testid="survey-markers">
          <thead><tr><th>id</th><th>x, y mm</th><th>turn</th><th>resid. mm</th><th>views</th></tr></thead>
          <tbody>
            {result.markers.map((m) => (
              <tr key={m.id} data-testid="survey-row" data-id={m.id} data-x={m.position[0]} data-y={m.position[1]}>
                <td>{m.id}</td><td>{fmt(m.position[0])}, {fmt(m.position[1])}</td><td>{fmt(m.rotation)}°</td>
                <td className={m.residualMm > 0.5 ? 'bad' : undefined}>{fmt(m.residualMm, 2)}</td><td>{m.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="button-row">
        <button type="button" className="primary" onClick={onUse} data-testid="survey-use">Use this survey</button>
        <button type="button" onClick={onAgain} data-testid="survey-again">Survey again</button>
      </div>
    </div>
  )
}
