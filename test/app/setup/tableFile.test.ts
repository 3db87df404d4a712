// The setup's pure parts: a table set up from a game's catalogue is a scene the engine accepts and
// rules on; the table file (tabletop-table/1) round-trips; every bad or foreign file is refused with
// one sentence saying what it is or where it goes wrong; the books' table sizes and base defaults.
import { describe, expect, it } from 'vitest'
import { evaluateTable, loadScene, parseScene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { parseRegistry } from '../../../src/tracking/index.ts'
import { addArmyOf, addModels, addPrismTerrain, buildTable, deployModels, draftOfTable, emptyDraft, removeModel, setFace, setLayout, tableFileOf, type Draft } from '../../../src/app/setup/tableDraft.ts'
import { TableFileError, parseTableFile, readTableText, tableFileText, migrateTableFile } from '../../../src/app/setup/tableFile.ts'
import { defaultBase, tablePresets } from '../../../src/app/setup/bookDefaults.ts'

const known = ruleSystems.map((s) => s.id)
const js = findRuleSystem('jagged-shards')!

function jaggedShardsTable(): Draft {
  let d = emptyDraft('jagged-shards', { widthMm: 1219.2, depthMm: 1219.2 }, 'Kitchen table')
  const rifle = defaultBase(js, 'colonist-rifleman')
  d = addModels(d, { profile: 'colonist-rifleman', name: 'Rifleman', side: 'human-colonies', count: 6, base: rifle.base, heightMm: rifle.heightMm, weapons: ['ballistic-rifle', 'combat-knife'], layout: 'auto' })
  const blade = defaultBase(js, 'rootblade-initiate')
  d = addModels(d, { profile: 'rootblade-initiate', name: 'Initiate', side: 'martian-order', count: 6, base: blade.base, heightMm: blade.heightMm, weapons: [], layout: 'auto' })
  d = addPrismTerrain(d, { type: 'heavy', name: 'Cargo containers', widthMm: 150, depthMm: 80, heightMm: 50, layout: 'tab' })
  return d
}

const fileOf = (d: Draft) => {
  const built = buildTable(d)
  return tableFileOf(d, built.scene, built.registry, '2026-01-02T03:04:05.000Z')
}

describe('a table set up from the catalogue', () => {
  it('is a scene the engine validates with the game, and an attack between two of its models is ruled', () => {
    const { scene, registry } = buildTable(jaggedShardsTable())
    expect(scene.models).toHaveLength(12)
    expect(scene.models.map((m) => m.name).slice(0, 3)).toEqual(['Rifleman 1', 'Rifleman 2', 'Rifleman 3'])
    const query = { id: 'q', type: 'attack' as const, attacker: scene.models[0]!.id, target: scene.models[6]!.id, weapon: 'ballistic-rifle' }
    const result = evaluateTable(loadScene({ ...scene, queries: [query] }, findRuleSystem, known)).results[0]!
    expect(result.type).toBe('attack')
    expect(registry.markers.filter((m) => m.role === 'model').map((m) => m.role === 'model' && m.model)).toEqual(scene.models.map((m) => m.id))
    expect(registry.terrain?.['cargo-containers']?.footprint).toEqual([[-75, -40], [75, -40], [75, 40], [-75, 40]])
  })

  it('150 models on a 6\'×4\' table all stand on it, bases apart, and the scene validates', () => {
    let d = emptyDraft('jagged-shards', { widthMm: 1828.8, depthMm: 1219.2 })
    for (const [i, side] of ['human-colonies', 'martian-order', 'third', 'fourth'].entries()) {
      d = addModels(d, { profile: 'colonist-rifleman', name: 'M', side, count: i < 2 ? 50 : 25, base: { shape: 'round', diameter: i === 3 ? 50 : 32 }, heightMm: 40, weapons: [], layout: 'auto' })
    }
    expect(d.models).toHaveLength(150)
    const scene = parseScene(buildTable(d).scene)
    for (const a of scene.models) {
      for (const b of scene.models) {
        if (a === b) continue
        const ra = a.base.shape === 'round' ? a.base.diameter / 2 : 0, rb = b.base.shape === 'round' ? b.base.diameter / 2 : 0
        expect(Math.hypot(a.position[0] - b.position[0], a.position[1] - b.position[1]), `${a.id} and ${b.id}`).toBeGreaterThan(ra + rb)
      }
    }
    expect(buildTable(d).registry.dictionary).toBe('DICT_4X4_250')
  })

  it('deployment: the first side along the front facing +y, the second along the back facing −y', () => {
    const d = jaggedShardsTable()
    const a = d.models.filter((m) => m.side === 'human-colonies'), b = d.models.filter((m) => m.side === 'martian-order')
    expect(a.every((m) => m.facing === 90 && m.position[1] < 200)).toBe(true)
    expect(b.every((m) => m.facing === 270 && m.position[1] > 1019)).toBe(true)
    expect(deployModels([], { widthMm: 600, depthMm: 600 })).toEqual([])
  })

  it('a camera below the table puts every marker under its base; a chosen layout is kept', () => {
    let d = jaggedShardsTable()
    d = setLayout(d, d.models[0]!.id, 'token')
    expect(buildTable(d).registry.markers.find((m) => m.role === 'model' && m.model === d.models[0]!.id)).toMatchObject({ offset: [0, 0], height: 3 })
    const below = buildTable(setFace(d, 'down')).registry
    expect(below.markers.every((m) => m.face === 'down')).toBe(true)
  })

  it('saving again after a change keeps the printed ids of the models that stayed', () => {
    const d = jaggedShardsTable()
    const first = fileOf(d)
    const again = draftOfTable('id-1', first)
    const removed = removeModel(again, again.models[2]!.id)
    const second = buildTable(removed)
    const idOf = (reg: typeof first.registry, model: string) => reg.markers.find((m) => m.role === 'model' && m.model === model)?.id
    for (const m of removed.models) expect(idOf(second.registry, m.id)).toBe(idOf(first.registry, m.id))
    expect(second.fresh).toEqual([])
  })

  it('another table\'s army comes in whole: names, sides, bases, weapons and marker layouts, with ids of its own', () => {
    let other = jaggedShardsTable()
    other = setLayout(other, other.models[1]!.id, 'token')
    const mine = addArmyOf(addModels(emptyDraft('jagged-shards', { widthMm: 1219.2, depthMm: 1219.2 }), { profile: 'colonist-rifleman', name: 'Rifleman', side: 'human-colonies', count: 1, base: { shape: 'round', diameter: 32 }, heightMm: 40, weapons: [], layout: 'auto' }), fileOf(other))
    expect(mine.models).toHaveLength(13)
    expect(new Set(mine.models.map((m) => m.id)).size).toBe(13)
    expect(mine.models.slice(1).map((m) => [m.name, m.side, m.base, m.weapons])).toEqual(other.models.map((m) => [m.name, m.side, m.base, m.weapons]))
    expect(mine.layouts[mine.models[2]!.id]).toBe('token')
    expect(() => parseScene(buildTable(mine).scene)).not.toThrow()
  })
})

describe('the table file, tabletop-table/1', () => {
  it('round-trips: written and read back, the same scene, registry and name', () => {
    const file = fileOf(jaggedShardsTable())
    const back = readTableText(tableFileText(file))
    expect(back).toEqual(file)
    expect(() => parseRegistry(back.registry)).not.toThrow()
    expect(migrateTableFile(JSON.parse(tableFileText(file)))).toEqual(JSON.parse(tableFileText(file)))
  })

  const refuse = (raw: unknown) => {
    try {
      if (typeof raw === 'string') readTableText(raw)
      else parseTableFile(raw)
    } catch (e) {
      expect(e).toBeInstanceOf(TableFileError)
      return (e as Error).message
    }
    throw new Error('not refused')
  }
  const good = () => JSON.parse(tableFileText(fileOf(jaggedShardsTable()))) as Record<string, any>

  it('says what a foreign file is, in one sentence', () => {
    expect(refuse('{"format": "tabletop-table/1", "scene": {')).toMatch(/^it is not JSON \(.+\)$/)
    expect(refuse([1, 2])).toBe('it holds a list, not a table')
    expect(refuse(42)).toBe('it holds 42, not a table')
    expect(refuse({ name: 'x' })).toBe('it is not a Tabletop AR table file (it has no "format")')
    expect(refuse({ format: 'kill-team-roster' })).toBe('it is not a Tabletop AR table file (format "kill-team-roster")')
    expect(refuse(good().scene)).toBe('it is a scene (tabletop-scene/1), not a table')
    expect(refuse(good().registry)).toBe('it is a marker registry (tabletop-markers/1), not a table: load it in Camera or Photo mode')
    expect(refuse({ format: 'tabletop-ruling/1' })).toBe('it is a saved ruling (tabletop-ruling/1), not a table: open it in the referee record')
    expect(refuse({ ...good(), format: 'tabletop-table/2' })).toBe('it was made by a newer Tabletop AR (tabletop-table/2); this one reads tabletop-table/1')
  })

  it('says where a table file goes wrong', () => {
    const g = good()
    g.scene.models[3].base.diameter = -25
    expect(refuse(g)).toBe('scene.models[3].base.diameter: diameter must be greater than 0')
    const h = good()
    h.registry.markers[5].id = h.registry.markers[4].id
    expect(refuse(h)).toBe(`registry.markers[5].id: marker id ${h.registry.markers[4].id} is named twice (also at markers[4])`)
    const i = good()
    i.scene.models = i.scene.models.slice(1)
    expect(refuse(i)).toMatch(/^registry\.markers\[4\]: marker 10 is on model "[a-z]+1", which the scene does not have$/)
    expect(refuse({ ...good(), owner: 'me' })).toBe('(file): unknown field "owner"')
    expect(refuse({ ...good(), name: '  ' })).toBe('name: a table needs a name')
    expect(refuse({ ...good(), files: { 'ruin.stl': 'not base64!' } })).toBe('files.ruin.stl: expected base64')
  })
})

describe('what the books say', () => {
  it('table sizes: the book\'s first, with where it says so; common mats after, never twice', () => {
    expect(tablePresets('jagged-shards').map((p) => p.label)).toEqual(['4\'×4\'', '6\'×4\'', '44"×30"', '30"×22"'])
    expect(tablePresets('jagged-shards')[0]!.source).toMatch(/§1\.1/)
    expect(tablePresets('operator-tactics').slice(0, 4).map((p) => [p.label, p.widthMm, p.depthMm])).toEqual([['24"×24"', 609.6, 609.6], ['36"×36"', 914.4, 914.4], ['36"×24" vinyl', 914.4, 609.6], ['48"×36" vinyl', 1219.2, 914.4]])
    expect(tablePresets('iron-line').map((p) => p.label)).toEqual(['3\'×3\'', '4\'×4\'', '6\'×4\'', '44"×30"', '30"×22"'])
    expect(tablePresets('narrative-skirmish').every((p) => p.source === null)).toBe(true)
  })

  it('bases: Skrapyard\'s from its profiles (§2.3), Iron Line\'s trays by footprint class, Squadrons\' 40 mm, else the demo\'s', () => {
    expect(defaultBase(findRuleSystem('skrapyard')!, 'juvenile-human')).toMatchObject({ base: { shape: 'round', diameter: 20 }, source: expect.stringMatching(/^from the book/) })
    const tray = defaultBase(findRuleSystem('iron-line')!, 'siege-walker')
    expect(tray.source).toMatch(/tray .* mm wide, .* mm deep \(§13\)/)
    expect(tray.base.shape).toBe('rect')
    expect(defaultBase(findRuleSystem('cadence/squadrons')!, 'b-wing-starfighter').base).toEqual({ shape: 'round', diameter: 40 })
    expect(defaultBase(js, 'colonist-rifleman').source).toMatch(/demo/)
  })
})
