// Hands in Photo mode: the photo goes to the hand worker (IMAGE mode, kept for the next photo), and
// its hands go through the same HandTrackingGate as a camera frame. Models whose markers lie under
// or next to a hand are held: the photo does not move them (a hand may be carrying them), they keep
// their place on the table, and the status says "hand over the table: holding N models". Models the
// hand hides completely are not in the photo's result; they are tested at their place on the table.
// Loaded lazily (dynamic import) only when the user turns hands on for photos.
import {
  HandSearch, HandTrackingGate, SEARCH_STEPS, createHandObservation, createSearchWindow, distinctHands,
  type HandObservation, type ObjectPose, type Registry, type TrackFrameResult, type TrackedObject,
} from '../../tracking/index.ts'
import type { Scene } from '../../engine/index.ts'
import type { HandModelChoice } from './handModelStore.ts'
import type { HandsReply } from './handsProtocol.ts'
import { type HandWorker, handsTuning, startHandWorker } from './handWorker.ts'

/** Photos go to the hand model at most this wide (a photo is worth the landmark crop's detail). */
const PHOTO_INPUT_PX = 1280

let worker: { key: string; hw: HandWorker; waiting: Map<number, (m: Extract<HandsReply, { type: 'hands' }>) => void> } | null = null
let nextId = 0

async function photoWorker(choice: HandModelChoice): Promise<NonNullable<typeof worker>> {
  const key = JSON.stringify(choice)
  if (worker?.key === key) return worker
  worker?.hw.stop()
  worker = null
  const waiting = new Map<number, (m: Extract<HandsReply, { type: 'hands' }>) => void>()
  const hw = await startHandWorker(choice, { runningMode: 'IMAGE', tuning: { ...handsTuning(), numHands: 4 } }, (m) => {
    waiting.get(m.frameId)?.(m)
    waiting.delete(m.frameId)
  }, () => undefined)
  worker = { key, hw, waiting }
  return worker
}

export function stopPhotoHands(): void {
  worker?.hw.stop()
  worker = null
}

/**
 * The hands in a photo, landmarks in the photo's px (OpenCV convention), with the inference time. The
 * photo is searched as a whole and as its four corner tiles (HandSearch's windows: a hand far from the
 * camera is too small for the palm detector in the whole photo), and a hand found in two windows counts once.
 */
export async function findHandsInPhoto(photo: Blob, width: number, height: number, choice: HandModelChoice): Promise<{ hands: HandObservation[]; inferMs: number; source: string }> {
  const w = await photoWorker(choice)
  const search = new HandSearch()
  const found: HandObservation[] = []
  let inferMs = 0
  for (let step = 0; step < SEARCH_STEPS; step++) {
    const win = search.next(width, height, createSearchWindow())
    const scale = Math.min(1, PHOTO_INPUT_PX / win.width)
    const bitmap = await createImageBitmap(photo, win.x, win.y, win.width, win.height, scale < 1 ? { resizeWidth: Math.round(win.width * scale), resizeHeight: Math.round(win.height * scale), resizeQuality: 'high' } : {})
    const id = ++nextId
    const reply = await new Promise<Extract<HandsReply, { type: 'hands' }>>((resolve) => {
      w.waiting.set(id, resolve)
      w.hw.send(id, performance.now(), bitmap)
    })
    inferMs += reply.inferMs
    for (let h = 0; h < reply.count; h++) {
      const o = createHandObservation()
      for (let i = 0; i < 21; i++) {
        o.pointsPx[i * 2] = win.x + reply.landmarks[h * 42 + i * 2]! * win.width - 0.5
        o.pointsPx[i * 2 + 1] = win.y + reply.landmarks[h * 42 + i * 2 + 1]! * win.height - 0.5
      }
      o.score = reply.scores[h]!
      found.push(o)
    }
  }
  return { hands: distinctHands(found), inferMs, source: w.hw.source }
}

const asTracked = (o: Pick<ObjectPose, 'id' | 'kind' | 'position' | 'z' | 'facing' | 'markers'>): TrackedObject => ({
  id: o.id, kind: o.kind, position: [o.position[0], o.position[1]], z: o.z, facing: o.facing,
  state: 'tracking', lastSeenMs: 0, moved: false, movedByMm: 0, uncertainty: 0, markers: o.markers,
})

/**
 * Which of the photo's poses may be placed: the gate run once on the photo (its table lock, its poses,
 * the scene's models it did not see at their place on the table) with the photo's hands.
 */
export function holdUnderHands(registry: Registry, result: TrackFrameResult, scene: Scene, hands: readonly HandObservation[]): { free: ObjectPose[]; heldModelIds: string[]; status: string | null } {
  const gate = new HandTrackingGate(registry)
  const seen = result.objects.filter((o) => o.frame === 'table')
  const seenIds = new Set(seen.filter((o) => o.kind === 'model').map((o) => o.id))
  const tracked = [
    ...seen.map(asTracked),
    ...scene.models.filter((m) => !seenIds.has(m.id)).map((m) => asTracked({ id: m.id, kind: 'model', position: m.position, z: 0, facing: m.facing ?? 0, markers: [] })),
  ]
  gate.update(result, tracked, hands, hands.length, 0)
  return { free: seen.filter((o) => gate.isFree(o.kind, o.id)), heldModelIds: gate.heldModelIds(), status: gate.statusText() }
}
