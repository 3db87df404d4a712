// The receiving devices of the shared-table load run. Each receiver is a full client, as a player's
// phone is: its own Y.Doc kept in sync by the real @hocuspocus/provider over its own websocket; it
// applies every update the server sends, and its observer reads the tracked pose's frame number from
// the document. Arrival times are CLOCK_MONOTONIC (process.hrtime), which every process on the
// machine shares, so a receiver in another process is timed against the sender's clock.
//
// Run in the load generator's own process, or (`runSyncLoad`'s receiverProcesses) as child processes
// of this file, so the 1 000 receivers of the full bench are not queued behind each other on one
// event loop: on a real table every client is its own device. Protocol (Node IPC, advanced
// serialisation): the child gets {start, plan} and sends {ready}; the parent asks {count} → {count},
// and {stop} → {arrivals} (per room, interleaved frame number and arrival ms), then the child exits.
import WebSocket from 'ws'
import * as Y from 'yjs'
import { type SharedPose } from '../../src/app/sync/tableDoc.ts'
import { inspectMessage } from '../../src/server/connectionGuard.ts'
import { type SyncClient, connectClient } from '../setup/syncClient.ts'

export const TRACKED_MODEL = 'a1'
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6

/** `firstClient`: the global number of this room's first receiver here (clients go round-robin over the servers). */
export type ReceiverRoom = { index: number; roomId: string; key: string; receivers: number; firstClient: number }
/**
 * `full`: the real provider and a Y.Doc per receiver (what the app runs). `lean`: a bare websocket
 * that speaks the Hocuspocus protocol (token, sync step 1) and decodes every update it is sent
 * (Y.decodeUpdate) to find the newest pose frame in it, without a document to apply it to.
 */
export type ReceiverKind = 'full' | 'lean'
export type ReceiversPlan = { wsUrls: string[]; rooms: ReceiverRoom[]; kind: ReceiverKind }

export type Receivers = {
  ready: Promise<void>
  deliveries: () => number
  /** Per room index: [frame, arrivalMs, frame, arrivalMs, …], one pair per delivered frame per receiver. */
  arrivals: () => Map<number, Float64Array>
  close: () => void
}

/** Connect the receivers of `plan`. */
export function startReceivers(plan: ReceiversPlan): Receivers {
  const clients: Array<Pick<SyncClient, 'ready' | 'close'>> = []
  const log = new Map<number, number[]>()
  let deliveries = 0
  for (const room of plan.rooms) {
    const out: number[] = []
    log.set(room.index, out)
    for (let c = 0; c < room.receivers; c++) {
      const wsUrl = plan.wsUrls[(room.firstClient + c) % plan.wsUrls.length]!
      // Several frames may arrive in one update (between Redis instances Hocuspocus syncs by state
      // vector, which merges what is pending): each frame up to the newest one counts as arrived now.
      let lastFrame = 0
      const arrived = (frame: number) => {
        const t = monotonicMs()
        for (let f = lastFrame + 1; f <= frame; f++) {
          out.push(f, t)
          deliveries++
        }
        lastFrame = Math.max(lastFrame, frame)
      }
      if (plan.kind === 'lean') {
        clients.push(leanClient(wsUrl, room.roomId, room.key, arrived))
        continue
      }
      const client = connectClient(wsUrl, room.roomId, room.key)
      clients.push(client)
      const poses = client.doc.getMap<SharedPose>('poses')
      poses.observe((ev: Y.YMapEvent<SharedPose>, tr: Y.Transaction) => {
        if (tr.local || !ev.keysChanged.has(TRACKED_MODEL)) return
        arrived(poses.get(TRACKED_MODEL)!.frame ?? 0)
      })
    }
  }
  return {
    ready: Promise.all(clients.map((c) => c.ready)).then(() => undefined),
    deliveries: () => deliveries,
    arrivals: () => new Map([...log].map(([room, xs]) => [room, Float64Array.from(xs)])),
    close: () => {
      for (const c of clients) c.close()
    },
  }
}

function writeVarUint(out: number[], n: number): void {
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80)
    n = Math.floor(n / 128)
  }
  out.push(n)
}

function writeVarBytes(out: number[], bytes: Uint8Array): void {
  writeVarUint(out, bytes.length)
  for (const b of bytes) out.push(b)
}

/** A Hocuspocus message: the room name, the message type, then its fields (numbers or byte strings). */
function hocuspocusMessage(room: string, type: number, ...fields: Array<number | Uint8Array>): Uint8Array {
  const out: number[] = []
  writeVarBytes(out, new TextEncoder().encode(room))
  writeVarUint(out, type)
  for (const f of fields) typeof f === 'number' ? writeVarUint(out, f) : writeVarBytes(out, f)
  return Uint8Array.from(out)
}

const SYNC = 0
const AWARENESS = 1
const AUTH = 2
const AUTH_TOKEN = 0
const AUTH_AUTHENTICATED = 2
const SYNC_STEP_1 = 0

/** The auth message type after [room][type] (single-byte varints: room names here are < 128 bytes). */
function authTypeOf(message: Uint8Array): number {
  return message[1 + message[0]! + 1]!
}

/** The newest pose frame an update carries (poses are ContentAny items holding a SharedPose), or 0. */
export function newestFrameIn(update: Uint8Array): number {
  let newest = 0
  for (const s of Y.decodeUpdate(update).structs) {
    if (!(s instanceof Y.Item) || !(s.content instanceof Y.ContentAny)) continue
    for (const v of s.content.arr) {
      const frame = (v as Partial<SharedPose> | null)?.frame
      if (typeof frame === 'number' && frame > newest) newest = frame
    }
  }
  return newest
}

/** y-protocols' awareness update for one client with an empty state ({}), as a provider announces itself. */
function awarenessUpdate(clientId: number, clock: number): Uint8Array {
  const out: number[] = []
  writeVarUint(out, 1)
  writeVarUint(out, clientId)
  writeVarUint(out, clock)
  writeVarBytes(out, new TextEncoder().encode('{}'))
  return Uint8Array.from(out)
}

/** y-protocols renews a device's awareness every 15 s (outdatedTimeout / 2), and the server fans it out to the room. */
const AWARENESS_RENEW_MS = 15_000

/**
 * A bare-websocket receiver: authenticates with the room key, announces itself (awareness) and
 * renews that every 15 s as the provider does, asks for the room, decodes every update it is sent.
 */
function leanClient(wsUrl: string, roomId: string, key: string, arrived: (frame: number) => void): Pick<SyncClient, 'ready' | 'close'> {
  const ws = new WebSocket(wsUrl)
  ws.binaryType = 'nodebuffer'
  const clientId = new Y.Doc().clientID
  let clock = 0
  const announce = () => {
    if (ws.readyState === WebSocket.OPEN) ws.send(hocuspocusMessage(roomId, AWARENESS, awarenessUpdate(clientId, clock++)))
  }
  // Staggered like devices that joined at different moments.
  let renew: ReturnType<typeof setInterval> | null = null
  const firstRenew = setTimeout(() => (renew = setInterval(announce, AWARENESS_RENEW_MS)), Math.random() * AWARENESS_RENEW_MS)
  const ready = new Promise<void>((resolve, reject) => {
    ws.once('error', reject)
    ws.once('open', () => ws.send(hocuspocusMessage(roomId, AUTH, AUTH_TOKEN, new TextEncoder().encode(key))))
    ws.on('message', (data: Buffer) => {
      const seen = inspectMessage(data)
      if (!seen.ok) return
      if (seen.type === AUTH) {
        // [room][2][auth type][scope or reason]: authenticated → ask for the whole room (an empty state vector).
        if (authTypeOf(data) === AUTH_AUTHENTICATED) {
          ws.send(hocuspocusMessage(roomId, SYNC, SYNC_STEP_1, Y.encodeStateVector(new Y.Doc())))
          announce()
        } else reject(new Error('authentication failed'))
        return
      }
      if (seen.updatePayload) {
        const frame = newestFrameIn(seen.updatePayload)
        if (frame > 0) arrived(frame)
        resolve()
      }
    })
  })
  return {
    ready,
    close: () => {
      clearTimeout(firstRenew)
      if (renew) clearInterval(renew)
      ws.terminate()
    },
  }
}

type ParentMessage = { cmd: 'start'; plan: ReceiversPlan } | { cmd: 'count' } | { cmd: 'stop' }

// As a child process: the plan (room keys included) comes over IPC, never in argv (ps shows argv).
if (process.send && process.argv.includes('--receivers-child')) {
  let receivers: Receivers | null = null
  process.on('message', (m: ParentMessage) => {
    if (m.cmd === 'start') {
      receivers = startReceivers(m.plan)
      receivers.ready.then(
        () => process.send!({ ready: true }),
        (e: unknown) => process.send!({ error: e instanceof Error ? e.message : String(e) }),
      )
    } else if (m.cmd === 'count') process.send!({ count: receivers?.deliveries() ?? 0 })
    else if (m.cmd === 'stop') {
      const arrivals = receivers?.arrivals() ?? new Map()
      receivers?.close()
      process.send!({ arrivals }, () => process.exit(0))
    }
  })
  process.on('disconnect', () => process.exit(0))
}
