// The focal length the table lock estimates without a camera file (no calibration), from the table
// markers' homography. Truth: a pinhole camera placed by the test's own projection
// (test/tracking/camera/cameraProjection.ts), its corners with 0.05 px of sensor noise; and the
// demo table as the camera tests film it (its renderer's 66° field of view: f = 640 / tan 33°).
// A camera square to the table's edge (a player standing at it, the demo camera) made one of the two
// closed-form constraints 0 = 0 up to rounding; weighted like the other it drowned it, and one demo
// frame in six fell back to 0.8 · width (1024 px for 985.5): the overlay 8 px off near the image's edge.
import { describe, expect, it } from 'vitest'
import { fuseTablePose } from '../../src/tracking/pipeline/fuseTablePose.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { loadOpenCv } from '../../src/tracking/opencv/openCv.ts'
import { parseRegistry, type TableMarker } from '../../src/tracking/registry/registrySchema.ts'
import type { MarkerCorners, MarkerDetection } from '../../src/tracking/types.ts'
import { cameraLookingAt, eyeAround, imagePointOf, type Lens } from './camera/cameraProjection.ts'
import { uniformSource } from './camera/baseSurfaces.ts'
import { renderDemoTable } from '../setup/demoTable.ts'

const lens: Lens = { width: 1280, height: 720, fx: 985.5, fy: 985.5, cx: 639.5, cy: 359.5 }
const TABLE = 1200
const markers: TableMarker[] = [[100, 100], [1100, 100], [1100, 1100], [100, 1100]].map(([x, y], id) => ({ id, role: 'table', size: 80, position: [x!, y!] }))

/** A marker's corners on the table (top-left, top-right, bottom-right, bottom-left as the registry reads a marker at rotation 0). */
const cornersOf = (m: TableMarker): Array<[number, number]> => {
  const s = m.size / 2
  return [[-s, s], [s, s], [s, -s], [-s, -s]].map(([dx, dy]) => [m.position[0] + dx!, m.position[1] + dy!])
}

function gaussian(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
}

function lockFocal(azimuthDeg: number, elevationDeg: number, noisePx: number, seed: number) {
  const rnd = uniformSource(seed)
  const cam = cameraLookingAt(eyeAround([TABLE / 2, TABLE / 2], 1300, elevationDeg, azimuthDeg), [TABLE / 2, TABLE / 2, 0])
  const detections: MarkerDetection[] = markers.map((m) => ({
    id: m.id,
    corners: cornersOf(m).map(([x, y]) => {
      const p = imagePointOf(lens, cam, [x, y, 0])!
      return [p[0] + noisePx * gaussian(rnd), p[1] + noisePx * gaussian(rnd)]
    }) as MarkerCorners,
    sidePx: 60,
  }))
  const r = fuseTablePose(detections, new Map(markers.map((m) => [m.id, m])), lens, null)
  if (!r.lock.locked) throw new Error(`not locked: ${r.lock.reason}`)
  return r.lock
}

describe('the focal length estimated from the table markers (no camera file)', () => {
  for (const [what, azimuth] of [['square to the table\'s edge', 0], ['from a corner', 35]] as const) {
    it(`a camera ${what}, 30°, 45° and 60° down, corners with 0.05 and 0.2 px noise: every lock estimates f within 0.5 % and the camera model fits the corners`, () => {
      const off: number[] = []
      for (const elevation of [30, 45, 60]) for (const noise of [0.05, 0.2]) for (let seed = 1; seed <= 60; seed++) {
        const lock = lockFocal(azimuth, elevation, noise, seed)
        const at = `${elevation}° down, ${noise} px, seed ${seed}`
        expect(lock.intrinsics.source, at).toBe('estimated')
        off.push(Math.abs(lock.intrinsics.fx / lens.fx - 1))
        expect(lock.cameraReprojectionErrorPx, `${at}: the camera model's RMS`).toBeLessThan(noise * 2)
      }
      expect(Math.max(...off), 'worst focal length error').toBeLessThan(0.005)
    })
  }

  it('the demo table as the camera tests film it: every frame locks with f within 1 % of the renderer\'s, never the 0.8 · width fallback', async () => {
    const { frames, synth } = await renderDemoTable(6, { width: 1280, height: 720 })
    const truthF = 640 / Math.tan((33 * Math.PI) / 180)
    const tracker = new FrameTracker(await loadOpenCv(), parseRegistry(synth.registry))
    try {
      frames.forEach((frame, i) => {
        const t = tracker.track(frame, true, i * 100).table
        expect(t.locked, `frame ${i}`).toBe(true)
        if (!t.locked) return
        expect(t.intrinsics.source, `frame ${i}`).toBe('estimated')
        expect(Math.abs(t.intrinsics.fx / truthF - 1), `frame ${i}: f ${t.intrinsics.fx.toFixed(1)} for ${truthF.toFixed(1)}`).toBeLessThan(0.01)
        expect(t.cameraReprojectionErrorPx, `frame ${i}: the camera model's RMS`).toBeLessThan(0.3)
      })
    } finally {
      tracker.dispose()
    }
  }, 120_000)
})
