// The table as a shared Yjs document (one per room). Plain data in, plain data out; no React, so
// the app, the Node tests and `npm run bench:sync` all read and write it the same way.
//
//   scene    'base'  → the scene without models and terrain (system, options, table, queries, meta)
//            'order' → { models: id[], terrain: id[] } (the scene's own order, kept for eval parity)
//   models   id → the model as in tabletop-scene/1 (one key per model: two devices moving two models merge)
//   terrain  id → the terrain piece
//   poses    id → SharedPose (tracked position, uncertainty, state, when): written by the tracking source
//   room     'trackingSource' → { clientId, name, sinceMs }
//   record   contentHash → the referee's ruling (tabletop-ruling/1): the same hash on every device
import * as Y from 'yjs'
import type { Scene, SceneModel, SceneTerrain } from '../../engine/index.ts'

export type PoseState = 'tracked' | 'held' | 'moving' | 'stale'
/** `frame`: the tracking source's frame counter (readers can tell a skipped frame from a late one). */
export type SharedPose = { position: [number, number]; facing: number; uncertaintyMm: number; state: PoseState; atMs: number; frame?: number }
export type TrackingSource = { clientId: number; name: string; sinceMs: number }

type SceneBase = Omit<Scene, 'models' | 'terrain'>
type Order = { models: string[]; terrain: string[] }

export function sceneMaps(doc: Y.Doc) {
  return {
    scene: doc.getMap<unknown>('scene'),
    models: doc.getMap<SceneModel>('models'),
    terrain: doc.getMap<SceneTerrain>('terrain'),
    poses: doc.getMap<SharedPose>('poses'),
    room: doc.getMap<unknown>('room'),
    record: doc.getMap<{ contentHash: string }>('record'),
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Write a scene into the document, touching only what changed (a moved model is one key). */
export function writeScene(doc: Y.Doc, scene: Scene, origin?: unknown): void {
  const m = sceneMaps(doc)
  const { models, terrain = [], ...base } = scene
  doc.transact(() => {
    if (!same(m.scene.get('base'), base)) m.scene.set('base', base)
    const order: Order = { models: models.map((x) => x.id), terrain: terrain.map((x) => x.id) }
    if (!same(m.scene.get('order'), order)) m.scene.set('order', order)
    syncMap(m.models, models)
    syncMap(m.terrain, terrain)
  }, origin)
}

function syncMap<T extends { id: string }>(map: Y.Map<T>, items: readonly T[]): void {
  const ids = new Set(items.map((x) => x.id))
  for (const key of [...map.keys()]) if (!ids.has(key)) map.delete(key)
  for (const item of items) if (!same(map.get(item.id), item)) map.set(item.id, item)
}

function ordered<T>(map: Y.Map<T>, order: readonly string[]): T[] {
  const out: T[] = []
  for (const id of order) {
    const v = map.get(id)
    if (v !== undefined) out.push(v)
  }
  // Pieces added concurrently by another device (not yet in this order) go last, by id.
  for (const id of [...map.keys()].sort()) if (!order.includes(id)) out.push(map.get(id)!)
  return out
}

/** The scene the document holds, or null for a room nobody has put a table in yet. */
export function readScene(doc: Y.Doc): Scene | null {
  const m = sceneMaps(doc)
  const base = m.scene.get('base') as SceneBase | undefined
  if (!base) return null
  const order = (m.scene.get('order') as Order | undefined) ?? { models: [], terrain: [] }
  const terrain = ordered(m.terrain, order.terrain)
  // A copy: Yjs hands back the very objects it stores, and an edit of those would never sync.
  return structuredClone({ ...base, ...(terrain.length > 0 || 'terrain' in base ? { terrain } : {}), models: ordered(m.models, order.models) }) as Scene
}

export function writePose(doc: Y.Doc, modelId: string, pose: SharedPose, origin?: unknown): void {
  doc.transact(() => sceneMaps(doc).poses.set(modelId, pose), origin)
}

/** The newest shared pose time, or null (for "positions are N s old"). */
export function newestPoseMs(doc: Y.Doc): number | null {
  let newest: number | null = null
  for (const p of sceneMaps(doc).poses.values()) newest = newest === null ? p.atMs : Math.max(newest, p.atMs)
  return newest
}

export function claimTrackingSource(doc: Y.Doc, name: string, nowMs: number): void {
  const current = sceneMaps(doc).room.get('trackingSource') as TrackingSource | undefined
  if (current?.clientId === doc.clientID) return
  sceneMaps(doc).room.set('trackingSource', { clientId: doc.clientID, name, sinceMs: nowMs } satisfies TrackingSource)
}

export function trackingSource(doc: Y.Doc): TrackingSource | null {
  return (sceneMaps(doc).room.get('trackingSource') as TrackingSource | undefined) ?? null
}

/** Put a ruling in the room's record (keyed by its content hash: the same ruling once, everywhere). */
export function addSharedRuling<R extends { contentHash: string }>(doc: Y.Doc, ruling: R, origin?: unknown): void {
  const record = sceneMaps(doc).record
  if (!record.has(ruling.contentHash)) doc.transact(() => record.set(ruling.contentHash, ruling), origin)
}

export function sharedRulings<R extends { contentHash: string }>(doc: Y.Doc): R[] {
  return [...sceneMaps(doc).record.values()] as R[]
}
