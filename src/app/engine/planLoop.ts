// Keeps the planning overlay in step with the table (a drag, the live camera's tracked poses), the
// picked model, the layers and the spot under the pointer. The reach, the threat bands and the exposure
// map are asked again when the scene or the pick changes (debounced); the spot (its path, who sees it)
// and who can attack it are each asked with at most one ask in flight, always for the newest spot, so
// a moving finger never queues stale work in the worker and the cheap path is not held up by the
// attackers. Answers go into the store as they come (at the worker's pace, never per pointer move).
import type { EngineClient } from './engineClient.ts'
import type { AppStore } from '../state/store.ts'
import type { PlanAnswer, PlanAsk } from './planProtocol.ts'
import { answerFor, planSubject, shownModeOf } from '../state/planSlice.ts'
import { onSpotChange, planPointer } from '../scene/planPointer.ts'
import type { AppState } from '../state/store.ts'

const DEBOUNCE_MS = 60

/**
 * How long a spot under a moving pointer waited for its answer (ms): from the pointer's arrival there,
 * and from the ask leaving for the worker; the last LATENCY_KEPT answers of each kind.
 */
const LATENCY_KEPT = 256
type LatencyRing = { fromPointer: Float64Array; fromAsk: Float64Array; count: number }
const ring = (): LatencyRing => ({ fromPointer: new Float64Array(LATENCY_KEPT), fromAsk: new Float64Array(LATENCY_KEPT), count: 0 })
const latency: Record<'spot' | 'threat', LatencyRing> = { spot: ring(), threat: ring() }

/** The latencies of the recent answers for spots under the pointer, of the path or the attackers (the bench and tests read them). */
export function recentSpotLatencies(kind: 'spot' | 'threat'): { fromPointer: number[]; fromAsk: number[] } {
  const r = latency[kind]
  const n = Math.min(r.count, LATENCY_KEPT)
  const read = (a: Float64Array) => Array.from({ length: n }, (_, i) => a[(r.count - n + i) % LATENCY_KEPT]!)
  return { fromPointer: read(r.fromPointer), fromAsk: read(r.fromAsk) }
}

type Channel = 'reach' | 'bands' | 'exposure'

/** The spot the plan is about now: under the pointer while it is over the table, else the pinned one, else where the pointer last was. */
export function spotNow(s: AppState): [number, number] | null {
  if (planPointer.over) return [planPointer.x, planPointer.y]
  return s.pinnedSpot ?? (planPointer.held ? [planPointer.x, planPointer.y] : null)
}

/** The mode the spot's path is asked in: the shown one (null before the reach is known: the game's default). */
const modeOf = (s: AppState): string | null => shownModeOf(answerFor(s, 'reach'), s.planMode)

export function startPlanLoop(store: AppStore, engine: EngineClient): () => void {
  const latest: Record<PlanAnswer['what'], number> = { reach: 0, spot: 0, threat: 0, bands: 0, exposure: 0 }
  const ask = async (what: PlanAsk) => {
    const n = ++latest[what.what]
    const { scene, sceneRev } = store.getState()
    store.getState().setPlanPending(what.what, true)
    const r = await engine.plan(scene, what)
    if (n !== latest[what.what]) return
    store.getState().setPlanPending(what.what, false)
    if (!r.ok) {
      if (!r.superseded) store.getState().setPlanError(r.issues.map((i) => i.message).join('; '))
      return
    }
    store.getState().setPlanAnswer(r.value, sceneRev)
  }

  const keyOf = (channel: Channel, s: AppState): string => {
    const subject = planSubject(s)
    const on = channel === 'reach' ? s.planLayers.reach : channel === 'bands' ? s.planLayers.bands : s.planLayers.exposure
    return on && subject ? `${s.sceneRev}|${subject}` : ''
  }
  const lastKey: Record<Channel, string> = { reach: '', bands: '', exposure: '' }
  const timers: Partial<Record<Channel, ReturnType<typeof setTimeout>>> = {}
  const check = (channel: Channel) => {
    const s = store.getState()
    const key = keyOf(channel, s)
    if (key === lastKey[channel]) return
    lastKey[channel] = key
    if (timers[channel]) clearTimeout(timers[channel])
    if (!key) return
    const model = planSubject(s)!
    timers[channel] = setTimeout(() => void ask({ what: channel, model }), DEBOUNCE_MS)
  }

  /** One spot channel: at most one ask in flight, then the newest spot. */
  const spotChannel = (kind: 'spot' | 'threat', keyOf: (s: AppState) => string, askOf: (s: AppState, at: [number, number]) => PlanAsk) => {
    let inFlight = false
    let asked = ''
    const pump = async (): Promise<void> => {
      if (inFlight) return
      const s = store.getState()
      const key = keyOf(s)
      if (!key || key === asked) return
      asked = key
      inFlight = true
      const offeredMs = planPointer.over ? planPointer.offeredMs : NaN
      const askedMs = performance.now()
      try {
        await ask(askOf(s, spotNow(s)!))
        if (!Number.isNaN(offeredMs)) {
          const r = latency[kind]
          const now = performance.now()
          r.fromPointer[r.count % LATENCY_KEPT] = now - offeredMs
          r.fromAsk[r.count % LATENCY_KEPT] = now - askedMs
          r.count++
        }
      } finally {
        inFlight = false
      }
      void pump()
    }
    return pump
  }
  const pumpSpot = spotChannel(
    'spot',
    (s) => {
      const subject = planSubject(s)
      const at = spotNow(s)
      return subject && at && (s.planLayers.reach || s.planLayers.exposure) ? JSON.stringify([s.sceneRev, subject, modeOf(s), at, s.planLayers.exposure]) : ''
    },
    (s, at) => ({ what: 'spot', model: planSubject(s)!, mode: modeOf(s), at, exposure: s.planLayers.exposure }),
  )
  const pumpThreat = spotChannel(
    'threat',
    (s) => {
      const subject = planSubject(s)
      const at = spotNow(s)
      return subject && at && s.planLayers.threat ? JSON.stringify([s.sceneRev, subject, at]) : ''
    },
    (s, at) => ({ what: 'threat', model: planSubject(s)!, at }),
  )

  const onStore = () => {
    check('reach')
    check('bands')
    check('exposure')
    void pumpSpot()
    void pumpThreat()
  }
  const unsubscribe = store.subscribe(onStore)
  const unsubscribeSpot = onSpotChange(() => {
    void pumpSpot()
    void pumpThreat()
  })
  onStore()
  return () => {
    unsubscribe()
    unsubscribeSpot()
    for (const t of Object.values(timers)) if (t) clearTimeout(t)
  }
}
