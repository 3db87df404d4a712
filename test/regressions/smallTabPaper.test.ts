// Issue 31 (models in view not placed): on camera-order renders of a Cadence Survivors table made
// with My table (gamma 2.2, JPEG), the models' 20 mm tabs seen at 16-18 px lie on the green mat, their
// white paper a little wider than the marker. Two ways a model went unplaced:
// - OpenCV finds the paper's outline as a quad (light inside, darker mat outside) and keeps it,
//   dropping the marker's own black square just inside it as too close; the quad's cells read as
//   nothing. The second reading of rejected quads (pipeline/decodeCandidates.ts) now looks for the
//   marker within such a paper's outline.
// - OpenCV decodes the marker but its corners sit half a module inside; each edge profile then runs
//   from a white inner cell across the whole black border to the quiet zone, with no net rise, so the
//   edges could not be refined and the raw corners (2 px off) made the tab read as "not flat on its
//   registered plane": rejected. A profile's one big unbroken rise now marks the border's outer edge
//   (pipeline/refineCorners.ts).
// Truth: the renderer's own projection of each marker's printed corners.
import { beforeAll, describe, expect, it } from 'vitest'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import type { TrackFrameResult } from '../../src/tracking/types.ts'
import { openCv } from '../tracking/helpers.ts'
import { layTable, PHONE_LENS, render, walkAround } from '../tracking/camera/cameraOrderStudy.ts'
import { MY_TABLES, makeMyTable } from '../tracking/camera/myTables.ts'
import type { PlayerTableScene } from '../tracking/camera/playerTableScene.ts'
import { markerInImage } from '../tracking/camera/renderCameraOrder.ts'

type TruthCorners = (id: number) => { corners: ReadonlyArray<readonly [number, number]>; sidePx: number; inView: boolean }
type View = { result: TrackFrameResult; truthCorners: TruthCorners }
let scene: PlayerTableScene
let views: View[]

beforeAll(async () => {
  const cv = await openCv()
  const table = makeMyTable(MY_TABLES[1]!)
  scene = layTable(cv, table, 2)
  // The survey bench's first two held-out views of this table (walkAround, seed 151).
  const placements = walkAround(scene, PHONE_LENS, 151, 4, 45).slice(0, 2)
  views = placements.map((placement, k) => {
    const frame = render(scene, PHONE_LENS, placement, 'gamma2.2', 1500 + k)
    const truthCorners: TruthCorners = (id) => {
      const m = scene.markers.find((x) => x.id === id)!
      const seen = markerInImage(scene, PHONE_LENS, placement, id, m.cornersWorld, m.surface)
      return { corners: seen.corners as unknown as ReadonlyArray<readonly [number, number]>, sidePx: seen.sidePx, inView: seen.inFrame && seen.visibleFraction >= 0.999 }
    }
    const tracker = new FrameTracker(cv, table.registry)
    try {
      return { result: tracker.track(frame, true), truthCorners }
    } finally {
      tracker.dispose()
    }
  })
}, 120_000)

/** The largest distance from a detected corner to the nearest true corner, px. */
const cornerError = (got: ReadonlyArray<readonly [number, number]>, want: ReadonlyArray<readonly [number, number]>) =>
  Math.max(...got.map((p) => Math.min(...want.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1])))))

/** The model's one tab, read once in view `v`, at its printed corners (within `maxPx`); the tab is 16-20 px. */
function expectTabRead(v: View, owner: string, maxPx: number) {
  const tab = scene.markers.find((m) => m.owner === owner)!
  const truth = v.truthCorners(tab.id)
  expect(truth.inView).toBe(true)
  expect(truth.sidePx).toBeGreaterThan(16)
  expect(truth.sidePx).toBeLessThan(20)
  const d = v.result.detections.filter((x) => x.id === tab.id)
  expect(d, `marker ${tab.id} (${owner}) read`).toHaveLength(1)
  expect(cornerError(d[0]!.corners, truth.corners), `marker ${tab.id} (${owner})`).toBeLessThan(maxPx)
}

describe('small tabs on the mat, 16-18 px', () => {
  it('a tab whose paper OpenCV takes for the quad is read from the marker within the paper\'s outline: hunter-2\'s, at its printed corners', () => {
    expectTabRead(views[0]!, 'hunter-2', 0.6)
  })

  it('a tab OpenCV decodes with its corners half a module inside is refined onto its edges, and its model placed: civilian-8\'s', () => {
    expectTabRead(views[1]!, 'civilian-8', 0.6)
    const o = views[1]!.result.objects.find((x) => x.kind === 'model' && x.id === 'civilian-8')
    expect(views[1]!.result.rejected.filter((r) => r.object.id === 'civilian-8').map((r) => r.reason)).toEqual([])
    expect(o?.frame).toBe('table')
  })

  it('invents no marker: every read id is the marker printed where it was read', () => {
    for (const v of views) {
      expect(v.result.detections.length).toBeGreaterThan(8)
      for (const d of v.result.detections) expect(cornerError(d.corners, v.truthCorners(d.id).corners), `marker ${d.id}`).toBeLessThan(1.5)
    }
  })
})
