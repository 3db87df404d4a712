// Hands over the table on rendered camera frames (the synthetic renderer, real OpenCV, the real
// FrameTracker and PoseFilter): a hand covers model b's marker for longer than the tracker's stale
// time, carries b 50 mm, rests beside it, then leaves. Truth is known: where b was, where it lands,
// which frames had a hand near it. The hand's landmarks are points inside the rendered hand blob
// (as a hand model reports joints inside the silhouette).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FrameTracker, PoseFilter, loadOpenCv, HandTrackingGate, createHandObservation, type HandObservation, type OpenCvHandle } from '../../../src/tracking/index.ts'
import { projectPoint } from '../../../src/tracking/math/camera.ts'
import { buildSceneFrame, type TabletopScene } from '../synth/tabletopScene.ts'
import { renderTableFrame, type SynthHand } from '../synth/renderTableFrame.ts'

const FRAME_MS = 150
const START: [number, number] = [560, 420]
const END: [number, number] = [610, 420]
const scene = (bAt: [number, number]) => ({
  table: { width: 1200, depth: 900 },
  models: [
    { id: 'a', base: { shape: 'round', diameter: 32 }, height: 30, position: [300, 420] as [number, number], facing: 0 },
    { id: 'b', base: { shape: 'round', diameter: 32 }, height: 30, position: bAt, facing: 0 },
  ],
})

type Step = { bAt: [number, number]; hand: 'none' | 'over' | 'beside' }
// 0–4 no hand; 5–13 covering b's marker (1.35 s); 14–18 carrying it +10 … +50 mm (still covered);
// 19–21 resting beside it (marker visible, hand near); 22– gone.
const steps: Step[] = [
  ...Array.from({ length: 5 }, (): Step => ({ bAt: START, hand: 'none' })),
  ...Array.from({ length: 9 }, (): Step => ({ bAt: START, hand: 'over' })),
  ...[10, 20, 30, 40, 50].map((dx): Step => ({ bAt: [START[0] + dx, START[1]], hand: 'over' })),
  ...Array.from({ length: 3 }, (): Step => ({ bAt: END, hand: 'beside' })),
  ...Array.from({ length: 9 }, (): Step => ({ bAt: END, hand: 'none' })),
]

/** The hand blob (image px) over or beside b's rear marker, and 21 landmark points inside it. */
function handFor(s: TabletopScene, step: Step, target: HandObservation): SynthHand | null {
  if (step.hand === 'none') return null
  const markerId = s.registry.markers.find((m) => m.role === 'model' && m.model === 'b')!.id
  const m = s.spec.markers.find((x) => x.id === markerId)!
  const at: [number, number] = step.hand === 'over' ? [m.centre[0], m.centre[1]] : [m.centre[0] - 50, m.centre[1] - 30]
  const px = projectPoint(s.spec.intrinsics, s.spec.pose, [at[0], at[1], 40])!
  const hand: SynthHand = { cx: px[0], cy: px[1], rx: 38, ry: 30, angleDeg: 15, color: [205, 160, 135] }
  const a = (hand.angleDeg * Math.PI) / 180
  for (let i = 0; i < 21; i++) {
    const t = (i / 20) * 2 * Math.PI, k = i === 0 ? 0 : 0.8
    const lx = Math.cos(t) * hand.rx * k, ly = Math.sin(t) * hand.ry * k
    target.pointsPx[i * 2] = hand.cx + Math.cos(a) * lx - Math.sin(a) * ly
    target.pointsPx[i * 2 + 1] = hand.cy + Math.sin(a) * lx + Math.cos(a) * ly
  }
  target.score = 1
  return hand
}

type FrameLog = { step: Step; locked: boolean; status: string | null; bState: string; bShown: [number, number]; bTracked: string; moving: boolean; bMeasured: boolean; handNearB: boolean; freezeFrames: number; frozenB: [number, number] | null }
const log: FrameLog[] = []
let cv: OpenCvHandle

beforeAll(async () => {
  cv = await loadOpenCv()
  const first = buildSceneFrame(cv, scene(START), { seed: 5, camera: { width: 960, height: 540, distanceMm: 1000 }, effects: { supersample: 2, seed: 1 } })
  const tracker = new FrameTracker(cv, first.registry)
  const filter = new PoseFilter()
  const gate = new HandTrackingGate(first.registry)
  const hand = createHandObservation()
  const shown = new Map<string, [number, number]>()
  steps.forEach((step, i) => {
    const s = buildSceneFrame(cv, scene(step.bAt), { seed: 5, camera: { width: 960, height: 540, distanceMm: 1000 }, effects: { supersample: 2, seed: 10 + i } })
    const blob = handFor(s, step, hand)
    s.spec.hands = blob ? [blob] : []
    const timeMs = i * FRAME_MS
    const result = tracker.track(renderTableFrame(s.spec).frame)
    const tracked = filter.update(result, timeMs)
    gate.update(result, tracked, [hand], blob ? 1 : 0, timeMs)
    // What the app puts on the table: free poses only; held ones stay where they were.
    for (const t of tracked) if (gate.isFree(t.kind, t.id)) shown.set(t.id, [t.position[0], t.position[1]])
    const b = tracked.find((t) => t.id === 'b')!
    const n = gate.freezeFrames(['a', 'b'], 30)
    const frozen = n > 0 ? filter.freeze(n).find((f) => f.id === 'b')! : null
    log.push({
      step, bState: gate.state('model', 'b')!.state, bShown: [...shown.get('b')!], bTracked: b.state, moving: gate.isMoving('model', 'b'),
      bMeasured: result.objects.some((o) => o.id === 'b'), locked: result.table.locked, status: gate.statusText(), handNearB: gate.state('model', 'b')!.lastHandMs === timeMs, freezeFrames: n,
      frozenB: frozen ? [frozen.position[0], frozen.position[1]] : null,
    })
  })
  tracker.dispose()
}, 240_000)

const dist = (p: readonly number[], q: readonly number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!)

afterAll(() => { if (process.env.HANDS_LOG) console.log(log.map((f, i) => `${i} ${f.step.hand} bAt=${f.step.bAt[0]} ${f.bState} shown=${f.bShown.map((v) => v.toFixed(1))} trk=${f.bTracked} mv=${f.moving} meas=${f.bMeasured} near=${f.handNearB} lock=${f.locked} ff=${f.freezeFrames} fz=${f.frozenB?.map((v) => v.toFixed(1))}`).join("\n")) })
describe('a hand over a tracked model (rendered frames)', () => {
  it('the hand hides b: its marker is not measured while covered, and the tracker alone would call it stale', () => {
    const covered = log.filter((f) => f.step.hand === 'over')
    expect(covered.every((f) => !f.bMeasured)).toBe(true)
    expect(covered.some((f) => f.bTracked === 'stale')).toBe(true)
  })
  it('b is held while the hand is near: shown where it was (within 1 mm), never free, never dropped; the status says so', () => {
    for (const f of log.filter((f) => f.step.hand !== 'none')) {
      expect(f.status).toBe('hand over the table: holding 1 model')
      expect(['held', 'moving']).toContain(f.bState)
      expect(dist(f.bShown, START)).toBeLessThan(1)
    }
  })
  it('b is marked moving once seen away from its spot with the hand beside it', () => {
    const beside = log.filter((f) => f.step.hand === 'beside')
    expect(beside.some((f) => f.bState === 'moving' && f.moving)).toBe(true)
    expect(log.filter((f) => f.step.hand === 'none' && f.step.bAt === START).every((f) => !f.moving)).toBe(true)
  })
  it('after the hand has left and b has been still, b lands at the new spot (within 1.5 mm)', () => {
    const last = log[log.length - 1]!
    expect(last.bState).toBe('free')
    expect(dist(last.bShown, END)).toBeLessThan(1.5)
  })
  it('no freeze averages a frame with a hand near b: none is allowed from the hand until b is still, and then only frames after', () => {
    const firstHand = log.findIndex((f) => f.step.hand !== 'none')
    const lastHand = log.findLastIndex((f) => f.handNearB)
    for (let i = firstHand; i < log.length; i++) {
      const f = log[i]!
      if (f.freezeFrames === 0) continue
      expect(i).toBeGreaterThan(lastHand)
      // The frames it may average are the last `freezeFrames` measured frames: all after the hand left.
      const measuredSince = log.slice(lastHand + 1, i + 1).filter((x) => x.bMeasured).length
      expect(f.freezeFrames).toBeLessThanOrEqual(measuredSince)
      expect(dist(f.frozenB!, END)).toBeLessThan(1.5)
    }
    expect(log.slice(lastHand + 1).some((f) => f.freezeFrames > 0)).toBe(true)
    // Before the hand came, freezes were allowed and at b's old spot.
    expect(log.slice(0, firstHand).every((f) => f.freezeFrames > 0 && dist(f.frozenB!, START) < 1.5)).toBe(true)
  })
})
