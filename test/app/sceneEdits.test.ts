// Planner edits are pure scene → scene functions; the engine must accept what they produce.
import { describe, expect, it } from 'vitest'
import { type Scene, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { addModel, addTerrain, freshModelId, moveModel, moveTerrain, removeModel, setFacing, setOption, setTerrainHeight, setTerrainVertex } from '../../src/app/state/sceneEdits.ts'
import { createAppStore } from '../../src/app/state/store.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'

const known = ruleSystems.map((s) => s.id)
const system = findRuleSystem('narrative-skirmish')!
const demo = () => structuredClone(system.demoScene) as Scene
// the demo scene names terrain files from models/ (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()
const valid = (s: Scene) => loadScene({ ...s, queries: [] }, findRuleSystem, known, { meshes })

describe('scene edits', () => {
  it('moves a model and keeps it on the table', () => {
    const s = moveModel(demo(), 'a1', -50, 5000)
    expect(s.models[0]!.position).toEqual([0, 1219.2])
    expect(valid(s).model('a1').x).toBe(0)
  })

  it('turns a model, wrapping the facing into [0, 360)', () => {
    expect(setFacing(demo(), 'a1', -15).models[0]!.facing).toBe(345)
    expect(setFacing(demo(), 'a1', 375).models[0]!.facing).toBe(15)
  })

  it('adds a catalogue model with a fresh id on the chosen side, and removes it', () => {
    const s = addModel(demo(), system.catalogue, 'small-model', 'B', [600, 600])
    const added = s.models[s.models.length - 1]!
    expect(added).toMatchObject({ id: 'b4', side: 'B', profile: 'small-model', position: [600, 600], base: { shape: 'round', diameter: 25 }, height: 40 })
    expect(valid(s).model('b4').side).toBe('B')
    expect(removeModel(s, 'b4').models.map((m) => m.id)).toEqual(demo().models.map((m) => m.id))
    expect(freshModelId(demo(), 'A')).toBe('a4')
  })

  it('moves, reshapes and re-heights terrain', () => {
    const moved = moveTerrain(demo(), 'house', 10, -20)
    const house = (moved.terrain ?? []).find((t) => t.id === 'house') as { footprint: number[][]; height: number }
    expect(house.footprint[0]).toEqual([490, 500])
    const reshaped = setTerrainVertex(moved, 'house', 2, 720, 720)
    expect(((reshaped.terrain ?? []).find((t) => t.id === 'house') as { footprint: number[][] }).footprint[2]).toEqual([720, 720])
    const taller = setTerrainHeight(reshaped, 'house', 300)
    expect(valid(taller).terrainPiece('house').solid).toBeDefined()
    const withNew = addTerrain(taller, 'solid', [100, 100])
    expect(valid(withNew).terrain.map((t) => t.id)).toContain('terrain-1')
  })

  it('sets and clears rule options', () => {
    const s = setOption(demo(), 'within', 'lt', false)
    expect(valid(s).options.within).toBe('lt')
    expect(setOption(s, 'within', 'le', true).options).toEqual({})
  })
})

describe('store: selection and undo', () => {
  it('picks attacker then target by side, and undo restores the table after a drag', () => {
    const store = createAppStore(demo())
    const st = () => store.getState()
    st().pickModel('a1')
    st().pickModel('b2')
    expect([st().attackerId, st().targetId]).toEqual(['a1', 'b2'])
    st().pickModel('a2') // same side as the attacker: becomes the attacker, the target stays
    expect([st().attackerId, st().targetId]).toEqual(['a2', 'b2'])
    st().editScene((s) => moveModel(s, 'a2', 100, 100), { undoable: true })
    st().editScene((s) => moveModel(s, 'a2', 200, 200), { undoable: false })
    expect(st().scene.models[1]!.position).toEqual([200, 200])
    st().undo()
    expect(st().scene.models[1]!.position).toEqual([380, 360])
    expect(st().undoStack).toHaveLength(0)
  })
})
