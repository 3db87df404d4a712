// A real table starts empty (issue 24): on a player's table the camera modes put each model on the
// table when it is seen; until then it is "not on the table yet" (scene.meta.notOnTable, never ruled
// on), not kept at a demo's or a file's position. Clearing the demo drops its unmarked terrain and
// the models the registry does not name. A model seen once and then missed stays where it was last
// seen (and is listed so).
import { describe, expect, it } from 'vitest'
import type { Scene } from '../../src/engine/index.ts'
import { findRuleSystem } from '../../src/systems/index.ts'
import { parseRegistry } from '../../src/tracking/index.ts'
import { isRealTable, notOnTable, startRealTable, tableIds } from '../../src/app/camera/realTable.ts'
import { describeMerge, mergePoses } from '../../src/app/camera/trackedScene.ts'

const demo = () => structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene
// A player's registry for three of the demo's six models and one of its five pieces (the rocks).
const registry = parseRegistry({
  format: 'tabletop-markers/1',
  markers: [
    { id: 0, role: 'table', size: 70, position: [70, 70] },
    { id: 1, role: 'table', size: 70, position: [1149, 70], rotation: 90 },
    { id: 10, role: 'model', model: 'a1', size: 20, offset: [0, 0], rotation: -90, height: 0 },
    { id: 11, role: 'model', model: 'b1', size: 20, offset: [0, 0], rotation: -90, height: 0 },
    { id: 12, role: 'model', model: 'b2', size: 20, offset: [0, 0], rotation: -90, height: 0 },
    { id: 90, role: 'terrain', terrain: 'rocks', size: 30, offset: [0, 0], rotation: 0, height: 40 },
  ],
  terrain: { rocks: { footprint: [[-50, -40], [50, -40], [50, 40], [-50, 40]], height: 40 } },
})
const seen = (id: string, x: number, y: number) => ({ id, kind: 'model' as const, position: [x, y] as [number, number], z: 0, facing: 30, uncertainty: 0.4, frame: 'table' as const })

describe('a real table starts empty', () => {
  it('a player\'s table: every model waits until seen; terrain the registry marks waits too, the rest stays', () => {
    const table = startRealTable(demo(), registry, { clearDemo: false })
    expect(isRealTable(table)).toBe(true)
    expect(table.models).toEqual([])
    expect(notOnTable(table)!.models.map((m) => m.id)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3'])
    expect(notOnTable(table)!.terrain.map((t) => t.id)).toEqual(['rocks'])
    expect(table.terrain!.map((t) => t.id)).toEqual(['house', 'wall-1', 'woods', 'stone-arch'])
    expect(startRealTable(table, registry, { clearDemo: false })).toBe(table) // once a real table, always
  })

  it('clearing the demo: the models the registry does not name and its unmarked terrain go', () => {
    const table = startRealTable(demo(), registry, { clearDemo: true })
    expect(table.models).toEqual([])
    expect(notOnTable(table)!.models.map((m) => m.id)).toEqual(['a1', 'b1', 'b2'])
    expect(table.terrain).toEqual([])
    expect(notOnTable(table)!.terrain.map((t) => t.id)).toEqual(['rocks'])
  })

  it('a seen model is put on the table at its tracked pose, with its profile; the unseen keep waiting, never at the demo\'s places', () => {
    const table = startRealTable(demo(), registry, { clearDemo: true })
    const merged = mergePoses(table, registry, [seen('a1', 300, 200), seen('b1', 500, 700)], 'photo')
    if (!merged.ok) throw new Error(merged.message)
    expect(merged.scene.models.map((m) => [m.id, m.position, m.profile])).toEqual([['a1', [300, 200], demo().models[0]!.profile], ['b1', [500, 700], demo().models[3]!.profile]])
    expect(merged.notOnTable).toEqual(['b2', 'rocks'])
    expect(merged.report.notSeen).toEqual([])
    expect(notOnTable(merged.scene)!.models.map((m) => m.id)).toEqual(['b2'])
    expect((merged.scene.meta!.tracking as { notSeen: string[] }).notSeen).toEqual([])
    expect(describeMerge(merged.report, registry, merged.notOnTable, (id) => id.toUpperCase())).toBe('2 models placed; not on the table yet: B2, ROCKS')

    // The next photo sees b2 and not a1: b2 comes onto the table, a1 stays where it was last seen.
    const next = mergePoses(merged.scene, registry, [seen('b1', 510, 700), seen('b2', 800, 800)], 'photo')
    if (!next.ok) throw new Error(next.message)
    expect(next.scene.models.map((m) => [m.id, m.position])).toEqual([['a1', [300, 200]], ['b1', [510, 700]], ['b2', [800, 800]]])
    expect(next.report.notSeen).toEqual(['a1'])
    expect(next.notOnTable).toEqual(['rocks'])
    expect(describeMerge(next.report, registry, next.notOnTable)).toBe('2 models placed; not seen (kept where they were last seen): a1; not on the table yet: rocks')
  })

  it('a scene that is not a real table merges as before (the demo the player has not answered about)', () => {
    const merged = mergePoses(demo(), registry, [seen('a1', 300, 200)], 'photo')
    if (!merged.ok) throw new Error(merged.message)
    expect(merged.scene.models.map((m) => m.id)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3'])
    expect(merged.notOnTable).toEqual([])
  })

  it('the demo is known by its models and pieces, wherever they stand', () => {
    const moved = demo()
    moved.models[0]!.position = [10, 10]
    expect(tableIds(moved)).toBe(tableIds(demo()))
    expect(tableIds({ ...demo(), models: demo().models.slice(1) })).not.toBe(tableIds(demo()))
  })
})
