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
