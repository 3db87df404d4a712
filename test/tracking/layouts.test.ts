// Marker layouts and awkward tables: markers under the bases seen from below a transparent table,
// a model standing on a tracked terrain piece (lifted to the piece's top), and the same id seen twice
// (a conflict: flagged, never averaged).
import { beforeAll, describe, expect, it } from 'vitest'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { markerCells } from '../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { buildTabletopScene, quietZoneMm } from './synth/tabletopScene.ts'
import { openCv, quantile } from './helpers.ts'

let cv: OpenCvHandle
beforeAll(async () => {
  cv = await openCv()
})

describe('layouts', () => {
  it('camera below a transparent table, markers facing down under the bases: positions to the millimetre', () => {
    const scene = buildTabletopScene(cv, { seed: 61, models: 10, hands: 0, terrain: 0, fromBelow: true })
    expect(scene.registry.markers.every((m) => m.face === 'down')).toBe(true)
    const tracker = new FrameTracker(cv, scene.registry)
    const result = tracker.track(renderTableFrame(scene.spec).frame)
    tracker.dispose()
    expect(result.table.locked).toBe(true)
    if (result.table.locked) expect(result.table.cameraPositionMm[2]).toBeLessThan(-500)
    const errors = result.objects.map((o) => {
      const t = scene.truth.find((x) => x.id === o.id)!
      return Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1])
    })
    expect(errors.length).toBeGreaterThan(5)
    expect(quantile(errors, 0.5)).toBeLessThan(0.5)
    expect(Math.max(...errors)).toBeLessThan(1.5)
  })

  it('a model standing on a tracked terrain piece is placed at the piece top, not tens of mm of parallax away', () => {
    const scene = buildTabletopScene(cv, { seed: 62, models: 4, hands: 0, terrain: 1 })
    const piece = scene.spec.terrain[0]!
    const pieceMarker = scene.spec.markers.find((m) => scene.markerOwner.get(m.id) === piece.id)!
    // Stand a 40 mm based model with a 20 mm token on the piece, halfway to the footprint corner farthest from the piece's marker.
    const a = (piece.rotationDeg * Math.PI) / 180
    const spots = piece.footprint.map(([x, y]) => [piece.position[0] + 0.5 * (Math.cos(a) * x - Math.sin(a) * y), piece.position[1] + 0.5 * (Math.sin(a) * x + Math.cos(a) * y)] as [number, number])
    const at = spots.reduce((best, p) => (Math.hypot(p[0] - pieceMarker.centre[0], p[1] - pieceMarker.centre[1]) > Math.hypot(best[0] - pieceMarker.centre[0], best[1] - pieceMarker.centre[1]) ? p : best))
    const id = 77, size = 20, baseHeight = 3, facing = 20
    const cells = markerCells(cv, 'DICT_4X4_100', id)
    scene.spec.models.push({ id: 'climber', position: at, facingDeg: facing, z: piece.heightMm, base: { shape: 'round', diameter: 40 }, baseHeightMm: baseHeight, baseColor: [40, 40, 44] })
    scene.spec.markers.push({ id, sizeMm: size, quietZoneMm: quietZoneMm(size), centre: at, z: piece.heightMm + baseHeight, rotationDeg: facing, face: 'up', cells: cells.cells, cellsSide: cells.side })
    scene.registry.markers.push({ id, role: 'model', model: 'climber', size, offset: [0, 0], rotation: 0, height: baseHeight })
    const tracker = new FrameTracker(cv, scene.registry)
    const result = tracker.track(renderTableFrame(scene.spec).frame)
    tracker.dispose()
    expect(result.objects.some((o) => o.id === piece.id)).toBe(true)
    const climber = result.objects.find((o) => o.id === 'climber')!
    expect(climber.z).toBeCloseTo(piece.heightMm, 6)
    expect(Math.hypot(climber.position[0] - at[0], climber.position[1] - at[1])).toBeLessThan(1)
    expect(Math.abs(climber.facing - facing)).toBeLessThan(1)
  })

  it('the same id seen twice at once is a conflict: flagged, warned, and not used for a pose', () => {
    const scene = buildTabletopScene(cv, { seed: 63, models: 6, hands: 0, terrain: 0 })
    const before = renderTableFrame(scene.spec)
    const fullyVisible = new Set(before.markers.filter((m) => m.inFrame && m.visibleFraction > 0.999).map((m) => m.id))
    const victim = scene.spec.markers.find((m) => m.id >= 10 && fullyVisible.has(m.id) && scene.registry.markers.filter((r) => r.role === 'model' && r.model === scene.markerOwner.get(m.id)).length === 1)!
    const owner = scene.markerOwner.get(victim.id)!
    const truth = scene.truth.find((t) => t.id === owner)!
    // A second print of the same marker 150 mm away, on the far side of the owner.
    const away: [number, number] = [victim.centre[0] + 150 * Math.sign(victim.centre[0] - truth.position[0] || 1), victim.centre[1]]
    scene.spec.markers.push({ ...victim, centre: away })
    const tracker = new FrameTracker(cv, scene.registry)
    const result = tracker.track(renderTableFrame(scene.spec).frame)
    tracker.dispose()
    expect(result.conflicts).toEqual([victim.id])
    expect(result.detections.filter((d) => d.id === victim.id)).toHaveLength(2)
    expect(result.warnings).toContain(`marker ${victim.id} is seen 2 times at once; not used (conflict)`)
    expect(result.objects.some((o) => o.id === owner)).toBe(false)
    expect(result.table.locked).toBe(true)
  })
})
