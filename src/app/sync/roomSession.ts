// Join a room: the table (scene, poses, tracking source, record) as a shared Yjs document, kept
// in IndexedDB (y-indexeddb: the table survives offline and merges on reconnect) and synced with
// the server's Hocuspocus endpoint on the same origin (/sync). The app's store stays the one the
// UI reads; this binds the two both ways:
//   local scene change  → the document (only what changed; not for a view link: the server would refuse it)
//   remote change       → the store (one non-undoable edit; the planner's undo stays the user's)
//   a new ruling        → the room's record, keyed by content hash; rulings from others → the history
//   the selection       → awareness (each device's current attacker → target)
//   table locked here   → this device becomes the tracking source and shares its tracked poses
import { HocuspocusProvider } from '@hocuspocus/provider'
import { IndexeddbPersistence } from 'y-indexeddb'
import * as Y from 'yjs'
import type { Scene } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import type { RulingRecord } from '../record/rulingRecord.ts'
import { saveRuling } from '../record/rulingDb.ts'
import { type PoseState, type SharedPose, addSharedRuling, claimTrackingSource, newestPoseMs, readScene, sceneMaps, sharedRulings, trackingSource, writePose, writeScene } from './tableDoc.ts'
import { type SyncPeer, useSync } from './syncStore.ts'
import { type RoomLink, roomLinkFromLocation } from './roomLink.ts'
import { type ProviderStatus, syncStatusOf } from './connectionStatus.ts'
import { bindGameToRoom } from './gameRoom.ts'

export { type RoomLink, roomLinkFromLocation }

const LOCAL = 'tabletop-local'
const MOVING_MM = 2

function deviceName(): string {
  const stored = localStorage.getItem('tabletop-device-name')
  if (stored) return stored
  const kind = /iPad|Tablet/i.test(navigator.userAgent) ? 'Tablet' : /Mobi|Android|iPhone/i.test(navigator.userAgent) ? 'Phone' : 'Computer'
  const name = `${kind} ${Math.random().toString(16).slice(2, 6)}`
  localStorage.setItem('tabletop-device-name', name)
  return name
}

const sameScene = (a: Scene, b: Scene) => JSON.stringify(a) === JSON.stringify(b)

export type RoomSession = { doc: Y.Doc; provider: HocuspocusProvider; leave: () => void }

export function joinRoom(link: RoomLink, origin: Pick<Location, 'protocol' | 'host' | 'href'>): RoomSession {
  const doc = new Y.Doc()
  const name = deviceName()
  const roleKey = `tabletop-room-role-${link.roomId}`
  const sync = useSync.getState()
  sync.set({ roomId: link.roomId, status: 'connecting', role: (localStorage.getItem(roleKey) as 'edit' | 'view' | null) ?? null })
  const local = new IndexeddbPersistence(`tabletop-room-${link.roomId}`, doc)
  const provider = new HocuspocusProvider({
    url: `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/sync`,
    name: link.roomId,
    document: doc,
    token: link.key,
    onAuthenticated: ({ scope }: { scope: string }) => {
      const role = scope === 'readonly' ? 'view' : 'edit'
      localStorage.setItem(roleKey, role)
      useSync.getState().set({ role, ...(role === 'edit' ? { editLink: origin.href } : { viewLink: origin.href }) })
      provider.setAwarenessField('device', { name, role })
    },
    onAuthenticationFailed: () => useSync.getState().set({ status: 'refused' }),
    onStatus: ({ status }: { status: string }) => {
      providerStatus = status as ProviderStatus
      everConnected ||= status === 'connected'
      refreshConnection()
    },
    onUnsyncedChanges: ({ number }: { number: number }) => useSync.getState().set({ unsynced: number }),
  })
  let providerStatus: ProviderStatus = 'connecting'
  let everConnected = false
  const refreshConnection = () => {
    const current = useSync.getState().status
    const next = syncStatusOf(providerStatus, { current, everConnected, online: navigator.onLine })
    if (next !== current) useSync.getState().set({ status: next })
  }
  window.addEventListener('online', refreshConnection)
  window.addEventListener('offline', refreshConnection)
  const canWrite = () => useSync.getState().role !== 'view'
  let applyingRemote = false
  let joined = false
  // The game at the table lives in the room too (issue 33): gameRoom.ts.
  const game = bindGameToRoom(doc)

  // The first state of the room decides: a room with a table shows it; an empty room gets this table.
  const join = () => {
    if (joined) return
    joined = true
    const shared = readScene(doc)
    if (shared) applyRemote()
    else if (canWrite()) writeScene(doc, useApp.getState().scene, LOCAL)
    for (const r of useApp.getState().rulings) if (canWrite()) addSharedRuling(doc, r, LOCAL)
    game.join()
  }
  provider.on('synced', join)
  // Offline start: the room as this device last saw it.
  void local.whenSynced.then(() => {
    if (readScene(doc)) join()
  })

  function applyRemote(): void {
    const shared = readScene(doc)
    const app = useApp.getState()
    if (shared && !sameScene(shared, app.scene)) {
      applyingRemote = true
      app.editScene(() => shared, { undoable: false })
      applyingRemote = false
    }
    const have = new Set(app.rulings.map((r) => r.contentHash))
    for (const r of sharedRulings<RulingRecord>(doc)) {
      if (have.has(r.contentHash)) continue
      app.addRuling(r)
      if (app.historyPersistent) void saveRuling(r).catch(() => undefined)
    }
    refreshStatus()
  }
  const onTransaction = (tr: Y.Transaction) => {
    if (tr.origin !== LOCAL && joined) applyRemote()
  }
  doc.on('afterTransaction', onTransaction)

  let lastPoses = new Map<string, [number, number]>()
  const unsubscribe = useApp.subscribe((s, prev) => {
    if (s.scene !== prev.scene && !applyingRemote && joined && canWrite()) {
      writeScene(doc, s.scene, LOCAL)
      if (s.tracking.tableLocked) sharePoses(s.scene)
    }
    if (s.rulings !== prev.rulings && joined && canWrite()) for (const r of s.rulings) addSharedRuling(doc, r, LOCAL)
    if (s.attackerId !== prev.attackerId || s.targetId !== prev.targetId) provider.setAwarenessField('selection', s.attackerId && s.targetId ? `${s.attackerId} → ${s.targetId}` : s.attackerId ?? null)
    if (s.tracking.tableLocked && !prev.tracking.tableLocked && canWrite() && joined) {
      claimTrackingSource(doc, name, Date.now())
      sharePoses(s.scene)
      refreshStatus()
    }
  })

  /** This device tracks: each tracked model's pose, its uncertainty and whether it moves or went stale. */
  function sharePoses(scene: Scene): void {
    const tracking = (scene.meta as { tracking?: { placed?: string[]; notSeen?: string[]; held?: string[] } } | undefined)?.tracking
    if (!tracking) return
    const now = Date.now()
    const next = new Map<string, [number, number]>()
    doc.transact(() => {
      for (const m of scene.models) {
        const placed = tracking.placed?.includes(m.id)
        const held = tracking.held?.includes(m.id)
        if (!placed && !held && !tracking.notSeen?.includes(m.id)) continue
        const before = lastPoses.get(m.id)
        const moved = before ? Math.hypot(before[0] - m.position[0], before[1] - m.position[1]) > MOVING_MM : false
        const state: PoseState = held ? 'held' : !placed ? 'stale' : moved ? 'moving' : 'tracked'
        const previous = sceneMaps(doc).poses.get(m.id)
        const pose: SharedPose = { position: [m.position[0], m.position[1]], facing: m.facing ?? 0, uncertaintyMm: m.uncertainty ?? 0, state, atMs: placed ? now : previous?.atMs ?? now }
        writePose(doc, m.id, pose)
        next.set(m.id, [m.position[0], m.position[1]])
      }
    }, LOCAL)
    lastPoses = next
  }

  function refreshStatus(): void {
    const src = trackingSource(doc)
    const peers: SyncPeer[] = []
    provider.awareness?.getStates().forEach((st, clientId) => {
      const device = st.device as { name?: string; role?: 'edit' | 'view' } | undefined
      peers.push({ clientId, name: device?.name ?? 'a device', role: device?.role ?? null, selection: (st.selection as string | null | undefined) ?? null, mine: clientId === doc.clientID })
    })
    useSync.getState().set({
      trackingSource: src ? { name: src.name, mine: src.clientId === doc.clientID } : null,
      newestPoseMs: newestPoseMs(doc),
      peers,
      viewLink: (sceneMaps(doc).room.get('viewLink') as string | undefined) ?? useSync.getState().viewLink,
    })
  }
  provider.on('awarenessChange', refreshStatus)
  provider.setAwarenessField('device', { name, role: useSync.getState().role })

  return {
    doc,
    provider,
    leave: () => {
      unsubscribe()
      game.leave()
      window.removeEventListener('online', refreshConnection)
      window.removeEventListener('offline', refreshConnection)
      doc.off('afterTransaction', onTransaction)
      provider.destroy()
      void local.destroy()
      useSync.getState().set({ roomId: null, status: 'off', role: null, peers: [], trackingSource: null })
    },
  }
}

/** Ask the server for a new room; the view link goes into the room for its editors to show. */
export async function createRoom(): Promise<{ roomId: string; editLink: string; viewLink: string }> {
  const res = await fetch('/api/rooms', { method: 'POST' })
  if (!res.ok) {
    // The server says why in JSON (e.g. 429: too many rooms from this address, try again in N s).
    const why = ((await res.json().catch(() => null)) as { error?: unknown } | null)?.error
    throw new Error(`the server could not create a room: ${typeof why === 'string' ? why : `HTTP ${res.status}`}`)
  }
  return (await res.json()) as { roomId: string; editLink: string; viewLink: string }
}

/** After joining a room this device created: publish the view link to the room (never the edit link). */
export function publishViewLink(doc: Y.Doc, viewLink: string): void {
  sceneMaps(doc).room.set('viewLink', viewLink)
}
