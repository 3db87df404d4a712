import { describe, expect, it } from 'vitest'
import { lineOfSight, modelsNeverBlock, sampleLineOfSight } from '../../../src/engine/index.ts'
import { box, model, table, testSystem } from '../sceneBuilder.ts'

describe('sampled line of sight (3D, BVH)', () => {
  it('open ground: fully visible, nothing hidden', () => {
    const t = table([model('a', 'A', 100, 100), model('b', 'B', 600, 100)])
    const los = lineOfSight(t, t.model('a'), t.model('b'))
    expect(los.visible).toBe(true)
    expect(los.fraction).toBe(1)
    expect(los.baseHidden).toBe(0)
    expect(los.blockers).toEqual([])
  })

  it('a wall taller than both models between them blocks every sight line', () => {
    const t = table([model('a', 'A', 100, 100), model('b', 'B', 600, 100)], [box('w', 'wall', 300, 0, 320, 400, 100)])
    const los = lineOfSight(t, t.model('a'), t.model('b'))
    expect(los.visible).toBe(false)
    expect(los.fraction).toBe(0)
    expect(los.blockers).toEqual(['w'])
    expect(los.baseHidden).toBe(1)
  })

  it('a low wall (22 mm) hides the base and the lower figure but not the head: partial visibility', () => {
    // eye at 36 mm, wall top 20 mm halfway: the sight line to a target point at height h passes the wall at (36+h)/2.
    const t = table([model('a', 'A', 100, 100), model('b', 'B', 500, 100)], [box('w', 'wall', 295, 0, 305, 400, 22)])
    const los = lineOfSight(t, t.model('a'), t.model('b'))
    expect(los.visible).toBe(true)
    expect(los.baseHidden).toBe(1)
    // Target heights 4, 12, 20, 28, 36 mm. The line to h reaches the wall (x 295–305, halfway) at 36 − f·(36 − h),
    // f ≈ 0.49–0.51: for h = 4 it is at most ≈20.0 mm at the far face (< 22) → blocked;
    // for h = 12 it is at least ≈23.4 mm anywhere over the wall (> 22) → clear (margins ≥ 1.4 mm, far from grazing). So 4 of 5 height levels are seen.
    expect(los.fraction).toBeCloseTo(4 / 5, 9)
    const lower = table([model('a', 'A', 100, 100), model('b', 'B', 500, 100)], [box('w', 'wall', 295, 0, 305, 400, 26)])
    const los2 = lineOfSight(lower, lower.model('a'), lower.model('b'))
    // wall 26 mm: lines to h = 4, 12 pass at ≈20, 24 (< 26) → blocked; h = 20 passes at 28 → clear. 2 of 5 heights blocked.
    expect(los2.fraction).toBeCloseTo(3 / 5, 9)
    expect(los2.blockers).toEqual(['w'])
  })

  it('grazing: a sight line that runs exactly along a wall face does not block', () => {
    // the wall's face lies on y = 112.5, tangent to both bases' sides; the centre lines run at y = 100.
    const t = table([model('a', 'A', 100, 100, { height: 40 }), model('b', 'B', 500, 100)], [box('w', 'wall', 250, 100, 350, 300, 200)])
    const los = lineOfSight(t, t.model('a'), t.model('b'), true)
    // the centre line y=100 runs along the wall's bottom face edge (y=100): grazing, not blocking
    // centre column plus the two ring points on the axis (angles 0 and π): 3 columns × 5 heights
    const centreRays = los.sampleRays!.filter((r) => !r.base && Math.abs(r.to[1] - 100) < 1e-6)
    expect(centreRays.length).toBe(15)
    expect(centreRays.every((r) => !r.blocked)).toBe(true)
    // lines to the far half of the target (y > 100) cross the wall: blocked
    expect(los.fraction).toBeGreaterThan(0)
    expect(los.fraction).toBeLessThan(1)
  })

  it('area terrain obscures (counts for the base) without blocking', () => {
    const t = table([model('a', 'A', 100, 100), model('b', 'B', 500, 100)], [box('woods', 'area', 250, 0, 350, 400, 100)])
    const los = lineOfSight(t, t.model('a'), t.model('b'))
    expect(los.visible).toBe(true)
    expect(los.fraction).toBe(1)
    expect(los.baseHidden).toBe(1)
    expect(los.obscuring).toEqual(['woods'])
    expect(los.baseHiddenBy).toEqual({ woods: 1 })
  })

  it('models block when the rule says so, and the viewer and target never block themselves', () => {
    const t = table([model('a', 'A', 100, 100), model('b', 'B', 500, 100), model('c', 'A', 300, 100, { height: 80 })])
    expect(lineOfSight(t, t.model('a'), t.model('b')).blockers).toEqual(['c'])
    const rule = { ...testSystem.rules(t).los, modelBlocks: () => false }
    expect(sampleLineOfSight(t, t.model('a'), t.model('b'), rule).fraction).toBe(1)
  })

  it('modelsNeverBlock: models are not looked for, and the line is the one the rule\'s own "never" gives', () => {
    // c stands between a and b (it blocks when models block); a low wall beside it is crossed by some lines
    const t = table([model('a', 'A', 100, 100), model('b', 'B', 500, 100), model('c', 'A', 300, 100, { height: 80 })], [box('w', 'wall', 380, 80, 390, 130, 20)])
    const base = testSystem.rules(t).los
    const never = sampleLineOfSight(t, t.model('a'), t.model('b'), { ...base, modelBlocks: modelsNeverBlock, modelObscures: undefined }, { rays: true })
    const own = sampleLineOfSight(t, t.model('a'), t.model('b'), { ...base, modelBlocks: () => false, modelObscures: undefined }, { rays: true })
    expect(JSON.stringify(never)).toBe(JSON.stringify(own))
    expect(never.blockers).toEqual(['w'])
    expect(never.fraction).toBeGreaterThan(0)
    // with modelObscures the models are still looked for: c hides the base
    const hides = sampleLineOfSight(t, t.model('a'), t.model('b'), { ...base, modelBlocks: modelsNeverBlock, modelObscures: () => true })
    expect(hides.obscuring).toEqual(['c'])
  })

  it('a model on a platform sees over a wall that blocks a model on the ground', () => {
    const terrain = [box('platform', 'wall', 50, 50, 150, 150, 76.2), box('w', 'wall', 295, 0, 305, 400, 60)]
    const up = table([model('a', 'A', 100, 100, { z: 76.2 }), model('b', 'B', 500, 100)], terrain)
    expect(lineOfSight(up, up.model('a'), up.model('b')).visible).toBe(true)
    const down = table([model('a', 'A', 100, 250), model('b', 'B', 500, 250)], terrain)
    expect(lineOfSight(down, down.model('a'), down.model('b')).visible).toBe(false)
  })

  it('2D mode: a footprint between the bases blocks whatever its height', () => {
    const t = table([model('a', 'A', 100, 100), model('b', 'B', 500, 100)], [box('w', 'wall', 295, 0, 305, 400, 1)])
    const rule = { ...testSystem.rules(t).los, mode: '2d' as const }
    expect(sampleLineOfSight(t, t.model('a'), t.model('b'), rule).visible).toBe(false)
  })

  it('a symmetric rule gives the same verdict both ways, the better of the two one-way samplings', () => {
    // Tall viewer (eye 90 mm) 100 mm from a 70 mm wall; short target (40 mm, eye 36) 300 mm beyond it.
    // Forward: the line to target height h is at 90 − 0.275·(90 − h) over the wall's far face → clear for
    //   h = 20, 28, 36 (≥ 70.3 mm), blocked for h = 4, 12 → 3/5.
    // Back: from the short eye (36 mm) to tall heights 10…90 the line is at 36 + 0.725·(h − 36) at the wall's
    //   near face → only h = 90 (75.2 mm) clears 70 mm → 1/5.
    const t = table([model('tall', 'A', 100, 100, { height: 100, eye: 90 }), model('short', 'B', 500, 100)], [box('w', 'wall', 200, 0, 210, 400, 70)])
    const rule = testSystem.rules(t).los
    const fwd = sampleLineOfSight(t, t.model('tall'), t.model('short'), rule)
    const back = sampleLineOfSight(t, t.model('short'), t.model('tall'), rule)
    expect(fwd.fraction).toBeCloseTo(3 / 5, 9)
    expect(back.fraction).toBeCloseTo(1 / 5, 9)
    const sym = { ...rule, symmetric: true }
    const s1 = sampleLineOfSight(t, t.model('tall'), t.model('short'), sym)
    const s2 = sampleLineOfSight(t, t.model('short'), t.model('tall'), sym)
    expect(s1.fraction).toBeCloseTo(3 / 5, 9)
    expect(s1.direction).toBe('forward')
    expect(s2.fraction).toBeCloseTo(3 / 5, 9)
    expect(s2.direction).toBe('reverse')
  })
})
