// The shared-table load run: R rooms of C clients each; in every room the first client is the
// tracking source and writes a frame of tracked poses (3 models, one transaction) H times a second
// for S seconds; every other client of the room (a receiver, see syncReceivers.ts) measures when
// each frame reached it. Used by `npm run bench:sync` (full size) and by a few-second run in
// test/server/load.test.ts.
//
// What each client is: a full client, as in the app — its own Y.Doc, the real @hocuspocus/provider
// and its own websocket; a receiver applies every update and reads the pose frame from its document.
// The senders (one per room) run in this process. The receivers run here too (receiverProcesses 0,
// the first round's generator: 1 000 clients on one event loop, where the last receiver of a tick
// waits for the other 979 to be processed) or spread over child processes (receiverProcesses P),
// closer to a real table where every device decodes its own copy in parallel. Latency is measured
// on CLOCK_MONOTONIC, shared by every process of the machine.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { RoomRegistry, type RoomKeys } from '../../src/server/roomRegistry.ts'
import { writePose } from '../../src/app/sync/tableDoc.ts'
import { type SyncClient, connectClient } from '../setup/syncClient.ts'
import { type ReceiverKind, type ReceiverRoom, type ReceiversPlan, TRACKED_MODEL, monotonicMs, startReceivers } from './syncReceivers.ts'

export type LoadConfig = { rooms: number; clientsPerRoom: number; hz: number; seconds: number; receiverProcesses?: number; receivers?: ReceiverKind }
export type LoadResult = LoadConfig & {
  servers: number
  /** Pose frames the senders wrote (all rooms together). */
  frames: number
  /** Frames each sender wrote (the 10 Hz cadence held, or not, by the generator). */
  framesPerSender: number
  framesPerSenderExpected: number
  deliveriesExpected: number
  deliveries: number
  /** How the wait for frames in flight ended. */
  drain: string
  latencyMs: { p50: number; p95: number; p99: number; max: number }
  connectMs: number
}

const MODELS = [TRACKED_MODEL, 'a2', 'b1']
const RECEIVERS_FILE = fileURLToPath(new URL('./syncReceivers.ts', import.meta.url))

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

type ChildMessage = { ready: true } | { error: string } | { count: number } | { arrivals: Map<number, Float64Array> }

type Group = { ready: Promise<void>; deliveries: () => Promise<number>; finish: () => Promise<Map<number, Float64Array>>; kill: () => void }

function receiversHere(plan: ReceiversPlan): Group {
  const r = startReceivers(plan)
  return {
    ready: r.ready,
    deliveries: async () => r.deliveries(),
    finish: async () => {
      const arrivals = r.arrivals()
      r.close()
      return arrivals
    },
    kill: () => r.close(),
  }
}

/** Receivers in a child process (answers are awaited, so a busy child is slow, never miscounted). */
function receiversProcess(plan: ReceiversPlan): Group {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', RECEIVERS_FILE, '--receivers-child'], { cwd: process.cwd(), stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' })
  const waiting: Array<(m: ChildMessage) => void> = []
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a receivers process exited (${code}) before it was ready`)))
    child.on('message', (m: ChildMessage) => {
      if ('ready' in m) resolve()
      else if ('error' in m) reject(new Error(m.error))
      else waiting.shift()?.(m)
    })
  })
  ready.catch(() => undefined)
  child.send({ cmd: 'start', plan })
  const ask = (cmd: 'count' | 'stop') => new Promise<ChildMessage>((resolve) => {
    waiting.push(resolve)
    child.send({ cmd })
  })
  return {
    ready,
    deliveries: async () => {
      const m = await ask('count')
      return 'count' in m ? m.count : 0
    },
    finish: async () => {
      const m = await ask('stop')
      return 'arrivals' in m ? m.arrivals : new Map()
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
}

/** Where the run's rooms are made: the data folder the servers share (files), or a function that makes them (PostgreSQL). */
export type RoomSource = string | ((count: number) => Promise<RoomKeys[]>)

/** Run the load against servers (clients spread round-robin over `wsUrls`, all sharing the rooms of `roomSource`). */
export async function runSyncLoad(wsUrls: readonly string[], roomSource: RoomSource, cfg: LoadConfig): Promise<LoadResult> {
  const rooms = typeof roomSource === 'string' ? Array.from({ length: cfg.rooms }, () => new RoomRegistry(roomSource).create()) : await roomSource(cfg.rooms)
  const processes = Math.max(0, Math.floor(cfg.receiverProcesses ?? 0))
  const t0 = monotonicMs()
  // Client k of room r is global client r × C + k; client 0 of each room is its sender.
  const senders: SyncClient[] = rooms.map((room, r) => connectClient(wsUrls[(r * cfg.clientsPerRoom) % wsUrls.length]!, room.roomId, room.editKey))
  const plans: ReceiversPlan[] = Array.from({ length: Math.max(1, processes) }, () => ({ wsUrls: [...wsUrls], rooms: [], kind: cfg.receivers ?? 'full' }))
  rooms.forEach((room, r) => {
    const receivers = cfg.clientsPerRoom - 1
    let first = r * cfg.clientsPerRoom + 1
    plans.forEach((plan, p) => {
      const here = Math.floor(receivers / plans.length) + (p < receivers % plans.length ? 1 : 0)
      if (here > 0) plan.rooms.push({ index: r, roomId: room.roomId, key: room.editKey, receivers: here, firstClient: first } satisfies ReceiverRoom)
      first += here
    })
  })
  const groups = processes === 0 ? [receiversHere(plans[0]!)] : plans.map(receiversProcess)
  try {
    await Promise.all([...senders.map((c) => c.ready), ...groups.map((g) => g.ready)])
    const connectMs = monotonicMs() - t0
    const sentAtMs: Float64Array[] = rooms.map(() => new Float64Array(Math.ceil(cfg.seconds * cfg.hz) + 2))
    let frames = 0
    const periodMs = 1000 / cfg.hz
    const startMs = monotonicMs()
    const endMs = startMs + cfg.seconds * 1000
    let frameNo = 0
    await new Promise<void>((resolve) => {
      const tick = () => {
        if (monotonicMs() >= endMs || frameNo + 1 >= sentAtMs[0]!.length) return resolve()
        frameNo++
        senders.forEach((src, r) => {
          sentAtMs[r]![frameNo] = monotonicMs()
          const atMs = performance.timeOrigin + performance.now()
          src.doc.transact(() => {
            MODELS.forEach((id, i) => writePose(src.doc, id, { position: [100 + (frameNo % 50) + i * 200, 300], facing: frameNo % 360, uncertaintyMm: 0.8, state: 'tracked', atMs, frame: frameNo }))
          })
          frames++
        })
        // A steady 1/hz cadence (a late tick does not push the later ones back).
        setTimeout(tick, Math.max(0, startMs + frameNo * periodMs - monotonicMs()))
      }
      tick()
    })
    // Let the frames in flight arrive: until nothing new for 2 s (at most 60 s), so a slow run is
    // counted as slow, not as lost.
    const expected = frames * (cfg.clientsPerRoom - 1)
    const delivered = async () => (await Promise.all(groups.map((g) => g.deliveries()))).reduce((a, b) => a + b, 0)
    const drainEnd = monotonicMs() + 60_000
    let last = -1
    let now = await delivered()
    for (; now !== last && now < expected && monotonicMs() < drainEnd; now = await delivered()) {
      last = now
      await new Promise((r) => setTimeout(r, 2000))
    }
    // Why counting stopped short, if it did: still arriving after 60 s (a backlog, not a loss), or nothing new for 2 s.
    const drain = now >= expected ? 'all arrived' : monotonicMs() >= drainEnd ? 'still arriving after the 60 s drain (backlog)' : 'nothing new for 2 s (lost)'
    const latencies: number[] = []
    for (const g of groups) {
      for (const [r, pairs] of await g.finish()) {
        for (let i = 0; i < pairs.length; i += 2) latencies.push(pairs[i + 1]! - sentAtMs[r]![pairs[i]!]!)
      }
    }
    const sorted = Float64Array.from(latencies).sort()
    return {
      ...cfg,
      receiverProcesses: processes,
      receivers: cfg.receivers ?? 'full',
      servers: wsUrls.length,
      frames,
      framesPerSender: frameNo,
      framesPerSenderExpected: Math.round(cfg.seconds * cfg.hz),
      deliveriesExpected: expected,
      deliveries: latencies.length,
      drain,
      latencyMs: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? NaN) },
      connectMs: Math.round(connectMs),
    }
  } finally {
    for (const c of senders) c.close()
    for (const g of groups) g.kill()
  }
}

const round = (x: number) => Math.round(x * 10) / 10
