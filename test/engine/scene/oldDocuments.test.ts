// Old documents reopen with their answers (issue 35 item 6; src/engine/scene/README.md, "Mesh pieces").
// Every fixture in fixtures/old-documents/ was written by the code of its time, not by today's (how:
// that folder's README): a scene written before "origin" existed, as a player wrote it then (a centred
// file lifted onto the table with z), with the answers that CLI gave; a ruling the app saved then (the
// player's file added at the table's centre, z 0, as that app did); a table file the app saved while a
// piece without "origin" rested on its lowest point, with the answers of its engine. The player's file
// is a wall centred on its origin, so each reading of "position" gives another answer, and each test
// would fail under the other reading (checked by breaking it: see the note).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Query, type ResultDocument, type Scene, evaluateTable, loadScene, readResultDocument } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { loadSceneMeshes } from '../../../src/cli/loadMeshes.ts'
import { parseRulingFile, resultDifferences } from '../../../src/app/record/rulingRecord.ts'
import { bytesOf, parseTableFile } from '../../../src/app/setup/tableFile.ts'
import { addMeshTerrain } from '../../../src/app/actions/addTerrainFile.ts'
import { addMeshPiece, emptyDraft, sceneOfDraft } from '../../../src/app/setup/tableDraft.ts'

const dir = join(import.meta.dirname, 'fixtures/old-documents')
const read = (name: string) => readFileSync(join(dir, name), 'utf8')
const known = ruleSystems.map((s) => s.id)

/** Evaluate a scene's queries with today's engine, its meshes read from `from` by the CLI's loader. */
async function evaluate(scene: unknown, from = dir): Promise<ResultDocument> {
  const { meshes } = await loadSceneMeshes(from, scene, { cacheDir: null })
  return evaluateTable(loadScene(scene, findRuleSystem, known, { meshes }))
}

/**
 * Paths of every value the old document holds that today's differs from or lacks (fields added since are
 * allowed: tabletop-result/1 only grows). Empty when every answer the old code gave is given again.
 */
function changedAnswers(old: ResultDocument, now: ResultDocument): string[] {
  const out: string[] = []
  const walk = (a: unknown, b: unknown, path: string) => {
    if (a !== null && typeof a === 'object') {
      if (b === null || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return void out.push(path)
      if (Array.isArray(a) && (b as unknown[]).length !== a.length) return void out.push(`${path}.length`)
      for (const [k, v] of Object.entries(a)) walk(v, (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`)
    } else if (a !== b) out.push(`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`)
  }
  walk(readResultDocument(old).results, now.results, 'results')
  return out
}

describe('old scenes, rulings and tables reopen with the answers they had', () => {
  it('a scene written before "origin" (a centred file lifted with z) rules as that CLI ruled it: the wall blocks', async () => {
    const scene = JSON.parse(read('scene.before-origin.json')) as Scene
    const old = JSON.parse(read('scene.before-origin.eval-f57529b.json')) as ResultDocument
    const now = await evaluate(scene)
    expect(changedAnswers(old, now)).toEqual([])
    // (what the answers are: the wall stands 0…60 mm between a1 and b1, whose figures are 40 mm tall)
    expect(now.results.find((r) => r.id === 'los-a1-b1')).toMatchObject({ visible: false, fraction: 0, blockers: ['wall'] })
    expect(now.results.find((r) => r.id === 'attack-a1-b1')).toMatchObject({ allowed: false })
    expect(now.warnings ?? []).toEqual([])
  })

  it('a ruling the app saved before "origin" reopens with its hash intact and the same answer (the player\'s wall half sunk, as it was placed)', async () => {
    const text = read('ruling.f57529b.json')
    const { record, hashOk, edited } = await parseRulingFile(text)
    expect({ hashOk, edited }).toEqual({ hashOk: true, edited: [] })
    expect(record.scene.terrain?.[0]).toMatchObject({ mesh: 'centred-wall.stl', position: [300, 300, 0] })
    expect((record.scene.terrain?.[0] as { origin?: string }).origin).toBeUndefined()
    // re-opening evaluates the record's scene with its query, as the app's engine does (ruleOn)
    const now = await evaluate({ ...record.scene, queries: [record.query as Query] })
    expect(changedAnswers(record.result, now)).toEqual([])
    expect(now.results[0]).toMatchObject({ allowed: true, los: { visible: true, fraction: 0.4, class: 'cover' } })
    // what the app's re-open compares: only fields added since differ
    for (const path of resultDifferences(record.result, now)) expect(path, 'a field the old result has').toMatch(/^results\[0\]\.[a-zA-Z]+(\.|\[|$)/)
  })

  it('a table the app saved while pieces without "origin" rested on their lowest point stands as it stood, with the answers of its time', async () => {
    const table = parseTableFile(JSON.parse(read('table.b9cf732.json')))
    // the player's file travels inside the table
    const files = mkdtempSync(join(tmpdir(), 'old-table-'))
    for (const [name, b64] of Object.entries(table.files ?? {})) writeFileSync(join(files, name), bytesOf(b64))
    const old = JSON.parse(read('table.b9cf732.answers.json')) as ResultDocument
    const queries = old.results.map((r) => ({ id: r.id, type: 'los', from: (r.id.split('-')[1])!, to: (r.id.split('-')[2])! }))
    const now = await evaluate({ ...table.scene, queries }, files)
    expect(changedAnswers(old, now)).toEqual([])
    expect(now.results.filter((r) => r.visible === false).length).toBe(6)
    expect(table.scene.terrain?.[0]).toMatchObject({ mesh: 'centred-wall.stl', position: [150, 228, 0], origin: 'bottom' })
  })

  it('the table reader gives "bottom" only to mesh pieces without "origin", and leaves the file untouched', () => {
    const raw = JSON.parse(read('table.b9cf732.json')) as { scene: { terrain: Array<Record<string, unknown>> } }
    raw.scene.terrain.push({ ...raw.scene.terrain[0]!, id: 'as-modelled', origin: 'file' })
    raw.scene.terrain.push({ id: 'box', type: 'solid', footprint: [[10, 10], [40, 10], [40, 40]], height: 20 })
    const before = JSON.stringify(raw)
    const t = parseTableFile(raw)
    expect(t.scene.terrain!.map((p) => (p as { origin?: string }).origin ?? null)).toEqual(['bottom', 'file', null])
    expect(JSON.stringify(raw)).toBe(before)
  })

  it('pieces the app adds now carry "origin": "bottom": a centred file rests on the table (planner and My table)', async () => {
    const start: Scene = { format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 600, depth: 600 }, models: [{ id: 'a1', side: 'A', profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: [50, 50] }] } as Scene
    const planner = addMeshTerrain(start, 'centred-wall.stl', 'solid')
    const draft = addMeshPiece(emptyDraft('narrative-skirmish', { widthMm: 600, depthMm: 600 }), { mesh: 'centred-wall.stl', type: 'solid', name: 'wall', extent: [-60, 60, -5, 5], layout: 'tab' })
    const setup = { ...sceneOfDraft(draft), models: start.models }
    for (const scene of [planner, setup]) {
      expect(scene.terrain?.[0]).toMatchObject({ position: [expect.any(Number), expect.any(Number), 0], origin: 'bottom' })
      const { meshes } = await loadSceneMeshes(dir, scene, { cacheDir: null })
      const table = loadScene(scene, findRuleSystem, known, { meshes })
      expect([table.terrain[0]!.solid.bottomZ, table.terrain[0]!.solid.topZ]).toEqual([0, 60])
    }
  })

  it('a piece without "origin" that sinks into the table (its file centred, not lifted) is said; lifted by its z, it is not', async () => {
    const scene = JSON.parse(read('scene.before-origin.json')) as Scene & { terrain: Array<{ position: number[] }> }
    expect((await loadSceneMeshes(dir, scene, { cacheDir: null })).warnings).toEqual([])
    scene.terrain[0]!.position = [300, 300, 10]
    const { warnings } = await loadSceneMeshes(dir, scene, { cacheDir: null })
    expect(warnings.map((w) => `${w.path}: ${w.message}`)).toEqual(['terrain[0]: centred-wall.stl sinks 20.0 mm into the table: the piece is placed by its file\'s origin (the scene format\'s default), and its lowest point is 30.0 mm below it; "origin": "bottom" rests the piece on its lowest point at its z'])
  })
})
