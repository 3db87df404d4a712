import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lineOfSight, parseScene, prepareTable } from '../../../src/engine/index.ts'
import { model, scene, testSystem } from '../sceneBuilder.ts'

const arch = JSON.parse(readFileSync(join(import.meta.dirname, '../../../models/ruined-arch.json'), 'utf8'))

describe('mesh terrain from models/', () => {
  const s = scene([model('a', 'A', 500, 300), model('b', 'B', 500, 700), model('c', 'B', 565, 700)], [
    { id: 'arch', type: 'wall', mesh: 'ruined-arch.json', position: [500, 500, 0] },
  ])
  const t = prepareTable(parseScene(s), testSystem, { 'ruined-arch.json': arch })
  it('sight passes between the pillars (the gap is 60 mm wide)', () => {
    expect(lineOfSight(t, t.model('a'), t.model('b')).fraction).toBe(1)
  })
  it('a pillar blocks the line to a target behind it', () => {
    // c at x=565: lines from (500,300) to its sample points (x 556.25–573.75) cross the pillars' row (y≈500)
    // at x = 500 + (x_t − 500)/2 ≈ 528.1–536.9: the right pillar starts at x=530 → some blocked, some pass the gap.
    const los = lineOfSight(t, t.model('a'), t.model('c'))
    expect(los.fraction).toBeGreaterThan(0)
    expect(los.fraction).toBeLessThan(1)
    expect(los.blockers).toEqual(['arch'])
  })
  it('a missing mesh is an input error naming the file', () => {
    expect(() => prepareTable(parseScene(s), testSystem, {})).toThrow(/terrain\[0\]\.mesh: mesh "ruined-arch.json" not found/)
  })
})

describe('a mesh that overhangs its footprint', () => {
  // A "T" on a stilt: a 10 × 10 mm post (z 0–10) under a slab 100 mm long, 10 mm deep (z 10–60). Its
  // footprint (the outline 1 mm above its bottom) is the post alone; the slab overhangs it by 45 mm.
  const cube = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, at: number) => ({
    positions: [x0, y0, z0, x1, y0, z0, x1, y1, z0, x0, y1, z0, x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1],
    indices: [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7].map((k) => k + at),
  })
  const post = cube(-5, -5, 0, 5, 5, 10, 0), slab = cube(-50, -5, 10, 50, 5, 60, 8)
  const tee = { format: 'tabletop-mesh/1', positions: [...post.positions, ...slab.positions], indices: [...post.indices, ...slab.indices] }
  it('blocks the lines that cross only the overhang (its box is the whole mesh, not the footprint)', () => {
    // a and b stand 30 mm to the side of the post: every figure line crosses y = 500 at x ≈ 330, height
    // (36 + h) / 2 ≥ 20 mm (eye 36 mm, target points 4–36 mm), inside the slab (x 250–350, z 10–60)
    const s = scene([model('a', 'A', 330, 300), model('b', 'B', 330, 700)], [{ id: 'tee', type: 'wall', mesh: 'tee.json', position: [300, 500, 0] }])
    const t = prepareTable(parseScene(s), testSystem, { 'tee.json': tee })
    expect(t.terrain[0]!.solid.footprint.every(([x]) => x >= 294 && x <= 306)).toBe(true)
    const los = lineOfSight(t, t.model('a'), t.model('b'))
    expect(los.fraction).toBe(0)
    expect(los.blockers).toEqual(['tee'])
  })
})

