// Hands over the table (camera modes): turn hand tracking on (the worker, tasks-vision's wasm and the
// model load only then), pick the model (bundled, a file kept in this browser, or a URL), switch each
// gesture, see the hand rate and the pinch measure with its uncertainty. Cursors are drawn over the
// camera image through a portal into the camera frame.
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { TrackingFeed } from '../camera/liveTracking.ts'
import type { GestureSwitches } from '../../tracking/index.ts'
import type { HandsRuntime, HandsStats } from './handsRuntime.ts'
import { type HandModelChoice, loadHandModelChoice, saveHandModelChoice, storeHandModelFile, storedHandModel } from './handModelStore.ts'
import { HandCursors } from './HandCursors.tsx'
import { useApp } from '../state/appStore.ts'
import { modelNames } from '../format/names.ts'
import type { HandFrameSource } from './handFrameSource.ts'

declare global {
  interface Window {
    /** Hand tracking rate and state (benchmark and tests). */
    __tabletopHands?: { stats: () => HandsStats; measure: () => HandsRuntime['gestures']['measure'] }
  }
}

type Props = {
  /** The camera's frames: the <video> in Camera mode, the XR camera's image in AR. */
  source: HandFrameSource
  feed: Pick<TrackingFeed, 'setHands' | 'holder'>
  /** Where the cursors are drawn over the camera image (none in AR: XrHands draws them on the table). */
  frame: HTMLElement | null
  /** Called with the runtime when hands start, and with null when they stop (AR: XrHands draws its cursors). */
  onRuntime?: (runtime: HandsRuntime | null) => void
}

export default function HandsPanel({ source, feed, frame, onRuntime }: Props) {
  const [state, setState] = useState<'off' | 'loading' | 'on'>('off')
  const [error, setError] = useState<string | null>(null)
  const [choice, setChoice] = useState<HandModelChoice>(loadHandModelChoice)
  const [storedName, setStoredName] = useState<string | null>(null)
  const [switches, setSwitches] = useState<GestureSwitches>({ point: true, pinch: true, palm: true })
  const [view, setView] = useState<{ stats: HandsStats; measure: string | null } | null>(null)
  const runtime = useRef<HandsRuntime | null>(null)

  useEffect(() => { void storedHandModel().then((m) => setStoredName(m?.name ?? null), () => setStoredName(null)) }, [])
  useEffect(() => () => { runtime.current?.stop(); runtime.current = null; onRuntime?.(null); delete window.__tabletopHands }, [])
  useEffect(() => {
    if (state !== 'on') return
    const t = setInterval(() => {
      const r = runtime.current
      if (!r) return
      const m = r.gestures.measure
      const st = useApp.getState()
      const names = modelNames(st.evaluation.overlay, st.scene.models)
      const ends = `${m.fromId ? names[m.fromId] ?? m.fromId : 'fingertip'} ↔ ${m.toId ? names[m.toId] ?? m.toId : 'fingertip'}`
      setView({ stats: r.stats(), measure: m.active ? `${m.distanceMm.toFixed(1)} ± ${m.uncertaintyMm.toFixed(1)} mm (${ends}${m.live ? '' : ', last pinch'})` : null })
    }, 250)
    return () => clearInterval(t)
  }, [state])

  const start = async () => {
    setError(null)
    setState('loading')
    try {
      const { startHands } = await import('./handsRuntime.ts')
      const r = await startHands(source, feed, choice, (message) => setError(message))
      r.setSwitches(switches)
      runtime.current = r
      onRuntime?.(r)
      window.__tabletopHands = { stats: r.stats, measure: () => r.gestures.measure }
      setState('on')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setState('off')
    }
  }
  const stop = () => {
    runtime.current?.stop()
    runtime.current = null
    onRuntime?.(null)
    delete window.__tabletopHands
    setView(null)
    setState('off')
  }
  const pick = (c: HandModelChoice) => { setChoice(c); saveHandModelChoice(c) }
  const toggle = (k: keyof GestureSwitches) => {
    const next = { ...switches, [k]: !switches[k] }
    setSwitches(next)
    runtime.current?.setSwitches(next)
  }

  return (
    <div className="hands-panel" data-testid="hands-panel" data-hands={state}>
      <div className="button-row">
        {state === 'off' && <button type="button" onClick={() => void start()} data-testid="hands-start">Track hands</button>}
        {state === 'loading' && <button type="button" disabled>Loading the hand model…</button>}
        {state === 'on' && <button type="button" onClick={stop} data-testid="hands-stop">Stop hands</button>}
        {(['point', 'pinch', 'palm'] as const).map((k) => (
          <label key={k} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <input type="checkbox" checked={switches[k]} onChange={() => toggle(k)} data-testid={`gesture-${k}`} />
            {k === 'point' ? 'point to select' : k === 'pinch' ? 'pinch to measure' : 'open palm clears'}
          </label>
        ))}
      </div>
      {state === 'off' && (
        <div className="button-row">
          <label>
            Hand model{' '}
            <select value={choice.kind} onChange={(e) => pick(e.target.value === 'url' ? { kind: 'url', url: choice.kind === 'url' ? choice.url : '' } : { kind: e.target.value as 'bundled' | 'file' })} data-testid="hand-model-source">
              <option value="bundled">bundled (built from @mediapipe/hands)</option>
              <option value="file">a file in this browser{storedName ? ` (${storedName})` : ''}</option>
              <option value="url">a URL</option>
            </select>
          </label>
          {choice.kind === 'file' && (
            <input type="file" accept=".task" aria-label="hand_landmarker.task file" data-testid="hand-model-file" onChange={(e) => {
              const f = e.target.files?.[0]
              if (f) void storeHandModelFile(f).then((name) => { setStoredName(name); setError(null) }, (err: unknown) => setError(err instanceof Error ? err.message : String(err)))
            }} />
          )}
          {choice.kind === 'url' && (
            <input type="url" placeholder="https://…/hand_landmarker.task" aria-label="hand model URL" value={choice.url} onChange={(e) => pick({ kind: 'url', url: e.target.value })} data-testid="hand-model-url" />
          )}
        </div>
      )}
      {error && <p className="bad" role="alert" data-testid="hands-error">{error}</p>}
      {view && (
        <p className="muted" data-testid="hands-status">
          hands {view.stats.fps === null ? '…' : `${view.stats.fps.toFixed(1)} fps`} · {view.stats.hands} in view · model {view.stats.source}
          {view.measure && <> · <strong data-testid="hand-measure">pinch: {view.measure}</strong></>}
        </p>
      )}
      {state === 'on' && runtime.current && frame && createPortal(<HandCursors runtime={runtime.current} />, frame)}
    </div>
  )
}
