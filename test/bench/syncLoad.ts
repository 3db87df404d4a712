// The shared-table load run: R rooms of C clients each; in every room the first client is the
// tracking source and writes a frame of tracked poses (3 models, one transaction) H times a second
// for S seconds; every other client measures how long each frame took to reach it (sender and
// receivers share this process's clock). Used by `npm run bench:sync` (full size) and by a
// few-second run in test/server/load.test.ts.
import { RoomRegistry } from '../../src/server/roomRegistry.ts'
import { type SharedPose, writePose } from '../../src/app/sync/tableDoc.ts'
import { type SyncClient, connectClient } from '../setup/syncClient.ts'

export type LoadConfig = { rooms: number; clientsPerRoom: number; hz: number; seconds: number }
export type LoadResult = LoadConfig & {
  servers: number
  frames: number
  deliveriesExpected: number
  deliveries: number
  latencyMs: { p50: number; p95: number; p99: number; max: number }
  connectMs: number
}

const MODELS = ['a1', 'a2', 'b1']
const now = () => performance.timeOrigin + performance.now()

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** Run the load against servers (clients spread round-robin over `wsUrls`, all sharing `dataDir`'s rooms). */
export async function runSyncLoad(wsUrls: readonly string[], dataDir: string, cfg: LoadConfig): Promise<LoadResult> {
  const registry = new RoomRegistry(dataDir)
  const rooms = Array.from({ length: cfg.rooms }, () => registry.create())
  const clients: SyncClient[][] = []
  const latencies: number[] = []
  let deliveries = 0
  let n = 0
  const t0 = now()
  for (const room of rooms) {
    const inRoom: SyncClient[] = []
    for (let c = 0; c < cfg.clientsPerRoom; c++) inRoom.push(connectClient(wsUrls[n++ % wsUrls.length]!, room.roomId, room.editKey))
    clients.push(inRoom)
  }
  await Promise.all(clients.flat().map((c) => c.ready))
  const connectMs = now() - t0
  // Receivers: one latency sample per frame. Several frames may arrive in one update (between
  // Redis instances Hocuspocus syncs by state vector, which merges what is pending): each frame
  // up to the newest one seen counts as arrived now, against its own send time.
  const sentAtMs: number[][] = clients.map(() => [])
  clients.forEach((inRoom, r) => {
    for (const c of inRoom.slice(1)) {
      let lastFrame = 0
      c.doc.getMap<SharedPose>('poses').observe((ev, tr) => {
        if (tr.local || !ev.keysChanged.has(MODELS[0]!)) return
        const frame = c.doc.getMap<SharedPose>('poses').get(MODELS[0]!)!.frame ?? 0
        const t = now()
        for (let f = lastFrame + 1; f <= frame; f++) {
          latencies.push(t - sentAtMs[r]![f]!)
          deliveries++
        }
        lastFrame = Math.max(lastFrame, frame)
      })
    }
  })
  let frames = 0
  const periodMs = 1000 / cfg.hz
  const startMs = now()
  const endMs = startMs + cfg.seconds * 1000
  let frameNo = 0
  await new Promise<void>((resolve) => {
    const tick = () => {
      if (now() >= endMs) return resolve()
      frameNo++
      clients.forEach((inRoom, r) => {
        const src = inRoom[0]!
        const at = now()
        sentAtMs[r]![frameNo] = at
        src.doc.transact(() => {
          MODELS.forEach((id, i) => writePose(src.doc, id, { position: [100 + (frameNo % 50) + i * 200, 300], facing: frameNo % 360, uncertaintyMm: 0.8, state: 'tracked', atMs: at, frame: frameNo }))
        })
        frames++
      })
      // A steady 1/hz cadence (a late tick does not push the later ones back).
      setTimeout(tick, Math.max(0, startMs + frameNo * periodMs - now()))
    }
    tick()
  })
  // Let the frames in flight arrive: until nothing new for 2 s (at most 60 s), so a slow run is
  // counted as slow, not as lost.
  const drainEnd = now() + 60_000
  let last = -1
  while (deliveries !== last && deliveries < frames * (cfg.clientsPerRoom - 1) && now() < drainEnd) {
    last = deliveries
    await new Promise((r) => setTimeout(r, 2000))
  }
  for (const c of clients.flat()) c.close()
  const sorted = Float64Array.from(latencies).sort()
  return {
    ...cfg,
    servers: wsUrls.length,
    frames,
    deliveriesExpected: frames * (cfg.clientsPerRoom - 1),
    deliveries,
    latencyMs: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? NaN) },
    connectMs: Math.round(connectMs),
  }
}

const round = (x: number) => Math.round(x * 10) / 10
