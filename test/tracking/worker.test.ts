// The worker protocol without a browser: the real worker core (real OpenCV) behind a loopback that
// delivers messages asynchronously like postMessage. Latest frame wins; buffers come back; ROI
// tracking runs between frames; freeze answers.
import { beforeAll, describe, expect, it } from 'vitest'
import { createTrackingClient, type TrackingResultMessage } from '../../src/tracking/worker/trackingClient.ts'
import { createTrackingWorkerCore } from '../../src/tracking/worker/workerCore.ts'
import type { TrackingReply, TrackingRequest, WorkerLike } from '../../src/tracking/worker/protocol.ts'
import { loadOpenCv } from '../../src/tracking/opencv/openCv.ts'
import type { RgbaFrame } from '../../src/tracking/types.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene, type TabletopScene } from './synth/tabletopScene.ts'
import { openCv } from './helpers.ts'

function loopback(): WorkerLike {
  const listeners = new Set<(e: { data: TrackingReply }) => void>()
  const core = createTrackingWorkerCore((message) => setTimeout(() => listeners.forEach((l) => l({ data: message })), 0), () => loadOpenCv())
  return {
    postMessage: (message: TrackingRequest) => setTimeout(() => core.handle(message), 0),
    addEventListener: (_type, l) => listeners.add(l),
    removeEventListener: (_type, l) => listeners.delete(l),
    terminate: () => listeners.clear(),
  }
}

let scene: TabletopScene
let frame: RgbaFrame

beforeAll(async () => {
  const cv = await openCv()
  scene = buildTabletopScene(cv, { seed: 41, models: 8, hands: 0, width: 1280, height: 720, distanceMm: 900 })
  frame = renderTableFrame(scene.spec).frame
})

describe('tracking worker protocol', () => {
  it('latest frame wins: frames offered while one is in flight replace each other, never queue', async () => {
    const results: TrackingResultMessage[] = []
    let done: () => void = () => {}
    const twoResults = new Promise<void>((resolve) => { done = resolve })
    const client = createTrackingClient(loopback(), {
      registry: scene.registry,
      onResult: (m) => { results.push(m); if (results.length === 2) done() },
    })
    // OpenCV's load in the worker: loaded before the tracker was made, and ready no earlier than the load began.
    const ready = await client.ready
    expect(ready.openCvMs).toBeGreaterThanOrEqual(0)
    expect(ready.openCvReadyAtMs).toBeGreaterThanOrEqual(ready.openCvMs)
    expect(ready.openCvReadyAtMs).toBeLessThanOrEqual(performance.now())
    const ids = [0, 1, 2, 3, 4].map((i) => client.submit(frame, i * 33))
    await twoResults
    expect(results.map((r) => r.frameId)).toEqual([ids[0], ids[4]])
    expect(client.stats()).toMatchObject({ sent: 2, droppedHere: 3, inFlight: false })
    const last = results[1]!
    expect(last.result.table.locked).toBe(true)
    for (const o of last.tracked) {
      const t = scene.truth.find((x) => x.id === o.id && x.kind === o.kind)!
      expect(Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1])).toBeLessThan(1)
    }
    expect(last.data.byteLength).toBe(frame.width * frame.height * 4)
    const frozen = await client.freeze()
    expect(frozen.length).toBe(last.tracked.length)
    expect(frozen.every((f) => f.frames === 2 && f.uncertainty > 0)).toBe(true)
    client.dispose()
  })

  it('the worker core drops a waiting frame when a newer one arrives and returns its buffer', async () => {
    const replies: TrackingReply[] = []
    const runs: (() => void)[] = []
    const core = createTrackingWorkerCore((m) => replies.push(m), () => loadOpenCv(), (run) => runs.push(run))
    core.handle({ type: 'init', registry: scene.registry })
    await new Promise((r) => setTimeout(r, 50))
    expect(replies[0]!.type).toBe('ready')
    const buf = () => new Uint8Array(frame.data).buffer
    core.handle({ type: 'frame', frameId: 1, timeMs: 0, width: frame.width, height: frame.height, data: buf() })
    core.handle({ type: 'frame', frameId: 2, timeMs: 33, width: frame.width, height: frame.height, data: buf() })
    expect(replies[1]).toMatchObject({ type: 'dropped', frameId: 1 })
    runs.splice(0).forEach((run) => run())
    const result = replies[2]
    expect(result?.type).toBe('result')
    if (result?.type === 'result') {
      expect(result.frameId).toBe(2)
      expect(result.droppedFrameIds).toEqual([1])
    }
  })

  it('after the first full search, frames are searched in regions around the known markers', async () => {
    const modes: string[] = []
    const counts: number[] = []
    let count = 0
    let done: () => void = () => {}
    const finished = new Promise<void>((resolve) => { done = resolve })
    const client = createTrackingClient(loopback(), {
      registry: scene.registry,
      params: { roi: { fullFrameEvery: 4 } },
      onResult: (m) => {
        // No expect() in here: a throw inside OpenCV's process would end the test worker.
        modes.push(m.result.search.mode)
        counts.push(m.result.objects.length)
        if (++count < 6) client.submit(frame, count * 33)
        else done()
      },
    })
    await client.ready
    client.submit(frame, 0)
    await finished
    expect(modes).toEqual(['full', 'roi', 'roi', 'roi', 'full', 'roi'])
    expect(counts).toEqual(counts.map(() => counts[0]))
    client.dispose()
  })
})
