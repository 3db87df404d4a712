// XR camera → table placement: the intrinsics read from a WebXR projection, the table pose composed
// from the tracker's lock and the view's pose, and the averaging of locks. Checked against three.js's
// own cameras and the tracking layer's pinhole model (independent of the formulas under test).
import { describe, expect, it } from 'vitest'
import { Matrix4, PerspectiveCamera, Vector3 } from 'three'
import { lookAt, projectPoint } from '../../../src/tracking/index.ts'
import { type MarkerPlacement, PlacementAverager, intrinsicsFromProjection, placementFromPose, tablePointInWorld, worldFromTable } from '../../../src/app/xr/xrCameraMath.ts'
import { type TablePlacement, tableToWorld } from '../../../src/app/xr/placement.ts'

/** Pixel (OpenCV convention) where three's camera draws a world point on a w × h image. */
function threePixel(camera: PerspectiveCamera, p: Vector3, w: number, h: number): [number, number] {
  const ndc = p.clone().project(camera)
  return [((ndc.x + 1) / 2) * w - 0.5, ((1 - ndc.y) / 2) * h - 0.5]
}

describe('intrinsicsFromProjection', () => {
  it('a symmetric 60° camera: f = (h/2)/tan(30°), principal point at the image centre', () => {
    const cam = new PerspectiveCamera(60, 1280 / 800, 0.01, 100)
    const k = intrinsicsFromProjection(cam.projectionMatrix.elements, 1280, 800)
    expect(k.fy).toBeCloseTo(400 / Math.tan(Math.PI / 6), 6)
    expect(k.fx).toBeCloseTo(k.fy, 6)
    expect(k.cx).toBeCloseTo(639.5, 6)
    expect(k.cy).toBeCloseTo(399.5, 6)
  })

  it('an off-centre frustum: the principal point follows the frustum (left −0.3, right 0.5, top 0.2, bottom −0.4 at near 1)', () => {
    const m = new Matrix4().makePerspective(-0.3, 0.5, 0.2, -0.4, 1, 100)
    const k = intrinsicsFromProjection(m.elements, 800, 600)
    expect(k.fx).toBeCloseTo(800 / 0.8, 6)
    expect(k.fy).toBeCloseTo(600 / 0.6, 6)
    expect(k.cx).toBeCloseTo((0.3 / 0.8) * 800 - 0.5, 6)
    expect(k.cy).toBeCloseTo((0.2 / 0.6) * 600 - 0.5, 6)
  })

  it('projects points to the same pixels as three.js does', () => {
    const cam = new PerspectiveCamera(55, 4 / 3, 0.05, 50)
    cam.projectionMatrix.makePerspective(-0.41, 0.37, 0.3, -0.28, 0.5, 50)
    cam.updateMatrixWorld()
    const k = intrinsicsFromProjection(cam.projectionMatrix.elements, 1024, 768)
    for (const p of [new Vector3(0.1, 0.2, -2), new Vector3(-0.5, -0.1, -1.3), new Vector3(0.3, -0.25, -0.9)]) {
      const [u, v] = threePixel(cam, p, 1024, 768)
      // Pinhole in OpenCV axes: x right, y down, z forward.
      expect(k.fx * (p.x / -p.z) + k.cx).toBeCloseTo(u, 6)
      expect(k.fy * (-p.y / -p.z) + k.cy).toBeCloseTo(v, 6)
    }
  })

  it('refuses an orthographic matrix', () => {
    expect(() => intrinsicsFromProjection(new Matrix4().makeOrthographic(-1, 1, 1, -1, 0.1, 10).elements, 100, 100)).toThrow(/perspective/)
  })
})

describe('worldFromTable', () => {
  // A table placed in the world, and a camera over it seen both ways: as the tracker's lock
  // (tracking's lookAt, in table mm) and as a three.js camera in the world (metres, y up).
  const placement: TablePlacement = { origin: [-0.4, 0.74, -0.2], yaw: 0.6, measuredEdgeM: null }
  const table = tableToWorld(placement, new Matrix4())
  const eyeMm: [number, number, number] = [450, -350, 620]
  const targetMm: [number, number, number] = [600, 500, 0]
  const lock = lookAt(eyeMm, targetMm)
  const camera = new PerspectiveCamera(60, 1.6, 0.01, 100)
  camera.position.copy(new Vector3(...eyeMm).applyMatrix4(table))
  camera.lookAt(new Vector3(...targetMm).applyMatrix4(table))
  camera.updateMatrixWorld()

  it('maps table points to where the table placement puts them', () => {
    const m = worldFromTable(lock.rotation, lock.translation, camera.matrixWorld.elements, new Matrix4())
    for (const p of [[0, 0, 0], [1200, 0, 0], [300, 900, 0], [600, 600, 150]] as const) {
      const got = new Vector3(...p).applyMatrix4(m)
      const want = new Vector3(...p).applyMatrix4(table)
      expect(got.distanceTo(want)).toBeLessThan(1e-9)
    }
  })

  it('the camera image agrees: tracker pixel of a table point = three.js pixel of its world point', () => {
    const k = intrinsicsFromProjection(camera.projectionMatrix.elements, 1280, 800)
    const m = worldFromTable(lock.rotation, lock.translation, camera.matrixWorld.elements, new Matrix4())
    for (const p of [[600, 500, 0], [200, 300, 0], [900, 800, 40]] as const) {
      const tracker = projectPoint(k, lock, p)!
      const three = threePixel(camera, new Vector3(...p).applyMatrix4(m), 1280, 800)
      expect(three[0]).toBeCloseTo(tracker[0], 5)
      expect(three[1]).toBeCloseTo(tracker[1], 5)
    }
  })

  it('placementFromPose gives back the placement of a level table, with no tilt', () => {
    const m = worldFromTable(lock.rotation, lock.translation, camera.matrixWorld.elements, new Matrix4())
    const p = placementFromPose(m)
    expect(p.origin[0]).toBeCloseTo(placement.origin[0], 9)
    expect(p.origin[1]).toBeCloseTo(placement.origin[1], 9)
    expect(p.origin[2]).toBeCloseTo(placement.origin[2], 9)
    expect(p.yaw).toBeCloseTo(placement.yaw, 9)
    expect(p.tiltDeg).toBeLessThan(1e-6)
  })

  it('reports the tilt of a table that is not level', () => {
    const tilted = tableToWorld(placement, new Matrix4()).premultiply(new Matrix4().makeRotationZ((2 * Math.PI) / 180))
    expect(placementFromPose(tilted).tiltDeg).toBeCloseTo(2, 6)
  })
})

describe('tablePointInWorld', () => {
  it('agrees with tableToWorld on the table plane', () => {
    const p: TablePlacement = { origin: [0.2, 0.7, -1], yaw: -2.3, measuredEdgeM: null }
    const m = tableToWorld(p, new Matrix4())
    for (const [x, y] of [[0, 0], [1219, 0], [0, 914], [500, 250]] as const) {
      expect(tablePointInWorld(p, x, y, new Vector3()).distanceTo(new Vector3(x, y, 0).applyMatrix4(m))).toBeLessThan(1e-12)
    }
  })
})

describe('PlacementAverager', () => {
  const at = (x: number, yaw: number): MarkerPlacement => ({ origin: [x, 0.75, 0], yaw, measuredEdgeM: null, tiltDeg: 0.5 })

  it('averages origins and turns (across ±π) and measures the spread at the corners', () => {
    const avg = new PlacementAverager(4)
    avg.add(at(0.001, Math.PI - 0.01))
    avg.add(at(-0.001, -Math.PI + 0.01))
    const mean = avg.mean(1000, 1000)!
    expect(mean.samples).toBe(2)
    expect(mean.placement.origin[0]).toBeCloseTo(0, 12)
    expect(Math.abs(mean.placement.yaw)).toBeCloseTo(Math.PI, 9)
    expect(mean.placement.tiltDeg).toBeCloseTo(0.5, 12)
    // Each sample is 1 mm off at the origin and turned 0.01 rad: the far corner (√2 m away) moves ~14 mm.
    expect(mean.spreadMm).toBeGreaterThan(13)
    expect(mean.spreadMm).toBeLessThan(16)
  })

  it('keeps only the last `capacity` samples', () => {
    const avg = new PlacementAverager(3)
    for (const x of [5, 5, 0, 0, 0]) avg.add(at(x, 0))
    const mean = avg.mean(100, 100)!
    expect(mean.samples).toBe(3)
    expect(mean.placement.origin[0]).toBe(0)
    expect(mean.spreadMm).toBe(0)
    avg.reset()
    expect(avg.mean(100, 100)).toBeNull()
  })
})
