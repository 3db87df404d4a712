// The marker registry: schema validation with located errors, and the geometry of marker layouts.
import { describe, expect, it } from 'vitest'
import { parseRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { markerCornersInPlane } from '../../src/tracking/pipeline/fuseTablePose.ts'
import { fitRigid2d } from '../../src/tracking/pipeline/estimateObjectPoses.ts'
import { sceneIssuesOf } from '../engine/sceneIssues.ts'

const ok = {
  format: 'tabletop-markers/1',
  dictionary: 'DICT_4X4_100',
  markers: [
    { id: 0, role: 'table', size: 70, position: [70, 70] },
    { id: 1, role: 'table', size: 70, position: [1149, 70], rotation: 90 },
    { id: 10, role: 'model', model: 'a1', size: 20, offset: [-30, 0], rotation: 90, height: 0 },
    { id: 11, role: 'model', model: 'a1', size: 20, offset: [30, 0], rotation: -90 },
    { id: 90, role: 'terrain', terrain: 'ruin', size: 30, offset: [10, 5], height: 40 },
  ],
  terrain: { ruin: { footprint: [[-50, -30], [50, -30], [50, 30], [-50, 30]], height: 40 } },
}

const issues = (raw: unknown): string[] => sceneIssuesOf(() => parseRegistry(raw))

describe('registry schema', () => {
  it('accepts a registry with table, model (two markers) and terrain markers', () => {
    const r = parseRegistry(ok)
    expect(r.markers).toHaveLength(5)
  })

  it('rejects an id named twice, saying where both are', () => {
    const raw = { ...ok, markers: [...ok.markers, { id: 10, role: 'model', model: 'b1', size: 20 }] }
    expect(issues(raw)).toEqual(['markers[5].id: marker id 10 is named twice (also at markers[2])'])
  })

  it('rejects an id outside the dictionary', () => {
    const raw = { ...ok, markers: [...ok.markers, { id: 100, role: 'model', model: 'b1', size: 20 }] }
    expect(issues(raw)).toEqual(['markers[5].id: marker id 100 is not in DICT_4X4_100 (ids 0–99)'])
  })

  it('rejects unknown fields, a missing size and a wrong format with JSON paths', () => {
    expect(issues({ ...ok, format: 'tabletop-markers/9' })).toEqual(['format: expected "tabletop-markers/1", got "tabletop-markers/9"'])
    const bad = { ...ok, markers: [{ id: 0, role: 'table', position: [0, 0], colour: 'red' }] }
    const found = issues(bad)
    expect(found.some((i) => i.startsWith('markers[0]') && i.includes('"colour"'))).toBe(true)
    expect(found.some((i) => i.startsWith('markers[0].size'))).toBe(true)
  })

  it('rejects table markers that face different ways', () => {
    const raw = { ...ok, markers: [...ok.markers.slice(0, 1), { id: 1, role: 'table', size: 70, position: [1149, 70], face: 'down' }] }
    expect(issues(raw)).toEqual(['markers: table reference markers must all face the same way (all "up" or all "down")'])
  })
})

describe('marker layout geometry', () => {
  it('corners come in OpenCV order (TL, TR, BR, BL) of the pattern, rotated CCW by the marker rotation', () => {
    const c = markerCornersInPlane(20, [100, 50], 0)
    expect(c).toEqual([[90, 60], [110, 60], [110, 40], [90, 40]])
    const r = markerCornersInPlane(20, [0, 0], 90).map(([x, y]) => [Math.round(x * 1e9) / 1e9 + 0, Math.round(y * 1e9) / 1e9 + 0])
    // The pattern's top-left (-10, +10) rotated by +90° is (-10, -10).
    expect(r[0]).toEqual([-10, -10])
  })

  it('a face-down marker (seen from below) is mirrored across its x axis', () => {
    expect(markerCornersInPlane(20, [0, 0], 0, 'down')).toEqual([[-10, -10], [10, -10], [10, 10], [-10, 10]])
  })

  it('a rigid 2-D fit recovers a known rotation and translation', () => {
    const local = markerCornersInPlane(20, [-30, 0], 90)
    const angle = (37 * Math.PI) / 180
    const moved = local.map(([x, y]) => [Math.cos(angle) * x - Math.sin(angle) * y + 500, Math.sin(angle) * x + Math.cos(angle) * y + 250] as const)
    const fit = fitRigid2d(local, moved)
    expect(fit.x).toBeCloseTo(500, 9)
    expect(fit.y).toBeCloseTo(250, 9)
    expect((fit.angleRad * 180) / Math.PI).toBeCloseTo(37, 9)
    expect(fit.rmsMm).toBeLessThan(1e-9)
  })
})

describe('the tracking reference\'s registry examples', () => {
  it('one complete example per layout (tab, token, under glass, terrain), each a valid registry', async () => {
    const { readFileSync } = await import('node:fs')
    const readme = readFileSync(new URL('../../src/tracking/REFERENCE.md', import.meta.url), 'utf8')
    const blocks = [...readme.matchAll(/```json registry\n([\s\S]*?)```/g)].map((m) => parseRegistry(JSON.parse(m[1]!)))
    expect(blocks).toHaveLength(4)
    const layouts = blocks.map((r) => r.markers.find((m) => m.role !== 'table')!)
    expect(layouts.map((m) => (m.role === 'terrain' ? 'terrain' : m.face === 'down' ? 'under' : (m.height ?? 0) > 0 ? 'token' : 'tab'))).toEqual(['tab', 'token', 'under', 'terrain'])
    // A tab's pattern top points at the model: its x axis is −90° from the facing, behind the base.
    const tab = layouts[0]!
    expect(tab.role === 'model' && tab.offset![0] < 0 && tab.rotation === -90).toBe(true)
  })
})
