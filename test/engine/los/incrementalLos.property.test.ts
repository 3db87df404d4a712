// Incremental and coarse-to-fine line of sight give exactly what full sampling gives: random tables
// (terrain, models, options), random moves of a few models (and sometimes a terrain piece), and
// after each step the memo-backed table's visibility matrix and full-density lines are compared
// with a fresh table's, and the fresh table's bounded lines with lines sampled without any bound
// (every piece and model tried on every line).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { LosMemo, type Scene, type Table, lineOfSight, loadScene, losRuleOf, runQuery, sampleLineOfSight } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { sampleMatrixLine } from '../../../src/engine/los/sampleLineOfSight.ts'
import { BENCH_TABLE_MM, generateTable } from '../../bench/benchTable.ts'
import { model, scene as sceneOf, testSystem } from '../sceneBuilder.ts'

const known = ruleSystems.map((s) => s.id)
const load = (scene: Scene, losMemo?: LosMemo): Table => loadScene(scene, findRuleSystem, known, losMemo ? { losMemo } : {})

/** How many fully blocked pairs expectBoundedEqualsFull compared (the settled path was taken on them). */
let settledPairs = 0

/** Every enemy pair's coarse line on a table without a memo: bounded sampling must equal sampling with no bound. */
function expectBoundedEqualsFull(table: Table): void {
  const rule = losRuleOf(table)
  for (const v of table.models) for (const t of table.models) {
    if (t.side === v.side) continue
    const bounded = sampleLineOfSight(table, v, t, rule, { density: 'coarse' })
    expect(bounded).toEqual(sampleLineOfSight(table, v, t, rule, { density: 'coarse', cull: false }))
    // the matrix's line (a fully blocked pair is settled: visible and fraction first, the rest traced
    // when read, here by lineOfSight handing it out whole): the same, byte for byte
    const settled = lineOfSight(table, v, t, false, 'coarse')
    expect([settled.visible, settled.fraction]).toEqual([bounded.visible, bounded.fraction])
    expect(JSON.stringify(settled)).toBe(JSON.stringify(bounded))
    // the matrix's own line before it is traced whole: its figure lines' fraction, then the pass that
    // stops each line at its first piece, give what full tracing gives
    const matrixLine = sampleMatrixLine(table, v, t, rule)
    const crossing = matrixLine.terrainCrossing
    expect([matrixLine.visible, matrixLine.fraction, crossing.figure, crossing.base]).toEqual([bounded.visible, bounded.fraction, bounded.terrainCrossing.figure, bounded.terrainCrossing.base])
    expect(JSON.stringify(matrixLine)).toBe(JSON.stringify(bounded))
    if (bounded.fraction === 0 && bounded.blockers.length > 0) settledPairs++
  }
}

/** Every classed pair carries its sight block, made with the pair (kept or new): its facts, its class, the class's declared display. */
function expectSightOnEveryPair(table: Table, matrix: unknown): void {
  const pairs = (matrix as { pairs: Array<{ visible: boolean; fraction: number; class?: string; sight?: unknown }> }).pairs
  expect(pairs.some((p) => p.sight !== undefined)).toBe(true)
  for (const p of pairs) {
    if (p.class === undefined) expect(p.sight).toBeUndefined()
    else expect(p.sight).toMatchObject({ visible: p.visible, fraction: p.fraction, class: p.class, display: table.system.losClasses?.[p.class]?.display })
  }
}

const onTable = (v: number) => Math.min(BENCH_TABLE_MM - 25, Math.max(25, v))
const move = fc.record({ model: fc.nat(), dx: fc.double({ min: -150, max: 150, noNaN: true }), dy: fc.double({ min: -150, max: 150, noNaN: true }), turn: fc.integer({ min: 0, max: 359 }) })
const step = fc.record({ moves: fc.array(move, { minLength: 1, maxLength: 3 }), terrain: fc.option(fc.record({ piece: fc.nat(), dx: fc.double({ min: -100, max: 100, noNaN: true }) }), { freq: 4 }) })

describe('incremental, bounded line of sight equals full re-evaluation', () => {
  it('random tables, random moves: matrix and full-density lines agree after every step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 4, max: 10 }), fc.integer({ min: 0, max: 12 }), fc.boolean(), fc.constantFrom('3d', '2d'),
        fc.array(step, { minLength: 1, maxLength: 3 }),
        (seed, models, pieces, modelsBlock, mode, steps) => {
          let scene: Scene = { ...generateTable(seed, models, pieces), options: { modelsBlockLos: modelsBlock } }
          const memo = new LosMemo()
          for (const s of [null, ...steps]) {
            if (s) {
              scene = {
                ...scene,
                models: scene.models.map((m, i) => {
                  const mv = s.moves.find((x) => x.model % scene.models.length === i)
                  return mv ? { ...m, position: [onTable(m.position[0] + mv.dx), onTable(m.position[1] + mv.dy)] as [number, number], facing: mv.turn } : m
                }),
                terrain: (scene.terrain ?? []).map((t, i) => (s.terrain && s.terrain.piece % (scene.terrain?.length || 1) === i && 'footprint' in t
                  ? { ...t, footprint: t.footprint.map(([x, y]) => [x + s.terrain!.dx, y] as [number, number]) } : t)),
              }
            }
            const live = load(scene, memo)
            const fresh = load(scene)
            // incremental: the memo-backed matrix equals a fresh table's; coarse-to-fine: the fresh
            // table's bounded lines equal unbounded ones
            // (byte for byte: pairs kept from the last matrix are shown again as they were)
            const matrix = runQuery(live, { id: 'v', type: 'visibility' })
            expect(JSON.stringify(matrix)).toBe(JSON.stringify(runQuery(fresh, { id: 'v', type: 'visibility' })))
            expectSightOnEveryPair(live, matrix)
            expectBoundedEqualsFull(fresh)
            // full density (what a ruling uses), with the 2D rule too: memo path against no bound
            const [a, b] = [live.models[0]!, live.models[live.models.length - 1]!]
            const rule = { ...losRuleOf(fresh), mode }
            expect(sampleLineOfSight(live, a, b, losRuleOf(live), { override: { mode } })).toEqual(sampleLineOfSight(fresh, fresh.model(a.id), fresh.model(b.id), rule, { cull: false }))
            expect(runQuery(live, { id: 'l', type: 'los', from: b.id, to: a.id })).toEqual(runQuery(fresh, { id: 'l', type: 'los', from: b.id, to: a.id }))
          }
          return true
        },
      ),
      { numRuns: 25, seed: 17 },
    )
    // the settled path is only tested if some pairs were fully blocked
    expect(settledPairs).toBeGreaterThan(50)
  })

  it('a crowded table (models block, 3D and 2D, both densities): the bound drops nothing', () => {
    const table = load({ ...generateTable(5, 40, 40), options: { modelsBlockLos: true } })
    const rule = losRuleOf(table)
    let blocked = 0
    for (const mode of ['3d', '2d'] as const) {
      for (let i = 0; i < table.models.length; i += 3) for (let j = 1; j < table.models.length; j += 4) {
        const [v, t] = [table.models[i]!, table.models[j]!]
        if (v === t) continue
        const density = (i + j) % 2 ? 'full' : 'coarse'
        const bounded = sampleLineOfSight(table, v, t, rule, { override: { mode }, density })
        expect(bounded).toEqual(sampleLineOfSight(table, v, t, rule, { override: { mode }, density, cull: false }))
        if (Object.keys(bounded.blockedBy).some((id) => id.startsWith('m'))) blocked++
      }
    }
    // the comparison is only worth something if models did block some lines
    expect(blocked).toBeGreaterThan(20)
  })

  it('terrain pieces moved one after another: the memo-backed matrix follows each (and the moves do change it)', () => {
    let changedMatrices = 0
    for (let seed = 1; seed <= 6; seed++) {
      let scene = generateTable(seed, 10, 12)
      const memo = new LosMemo()
      const matrixOf = (s: Scene, m?: LosMemo) => JSON.stringify(runQuery(load(s, m), { id: 'v', type: 'visibility' }))
      let last = matrixOf(scene, memo)
      for (let k = 0; k < 3; k++) {
        scene = { ...scene, terrain: scene.terrain!.map((t, i) => (i === (seed + k) % 12 && 'footprint' in t ? { ...t, footprint: t.footprint.map(([x, y]) => [x + 150, y] as [number, number]) } : t)) }
        const live = matrixOf(scene, memo)
        expect(live).toBe(matrixOf(scene))
        if (live !== last) changedMatrices++
        last = live
      }
    }
    expect(changedMatrices).toBeGreaterThan(5)
  })

  it('models listed in another order (and one moved): the memo-backed matrix equals a fresh one', () => {
    const scene = generateTable(11, 16, 10)
    const memo = new LosMemo()
    const matrixOf = (s: Scene, m?: LosMemo) => JSON.stringify(runQuery(load(s, m), { id: 'v', type: 'visibility' }))
    matrixOf(scene, memo)
    const reordered = { ...scene, models: [...scene.models].reverse() }
    expect(matrixOf(reordered, memo)).toBe(matrixOf(reordered))
    const movedToo = { ...reordered, models: reordered.models.map((m, i) => (i === 3 ? { ...m, position: [onTable(m.position[0] + 120), m.position[1]] as [number, number] } : m)) }
    expect(matrixOf(movedToo, memo)).toBe(matrixOf(movedToo))
    expect(matrixOf(scene, memo)).toBe(matrixOf(scene))
  })

  it('a model taken off the table and put back elsewhere: its old pairs are not shown again', () => {
    const scene = generateTable(7, 20, 10)
    const memo = new LosMemo()
    const matrixOf = (s: Scene, m?: LosMemo) => JSON.stringify(runQuery(load(s, m), { id: 'v', type: 'visibility' }))
    matrixOf(scene, memo)
    const gone = { ...scene, models: scene.models.filter((m) => m.id !== 'm3') }
    expect(matrixOf(gone, memo)).toBe(matrixOf(gone))
    const back = { ...scene, models: scene.models.map((m) => (m.id === 'm3' ? { ...m, position: [onTable(m.position[0] + 300), onTable(m.position[1] + 200)] as [number, number] } : m)) }
    expect(matrixOf(back, memo)).toBe(matrixOf(back))
    expect(matrixOf(back)).not.toBe(matrixOf(scene))
  })

  it('every cover test, one side or both, a caller that reorders the pairs it got: the patched matrix equals a fresh one', () => {
    for (const coverTest of ['partly-hidden', 'half-hidden', 'centre-line']) {
      let scene: Scene = { ...generateTable(23, 24, 14), options: { coverTest } }
      const memo = new LosMemo()
      for (let k = 0; k < 10; k++) {
        // the same viewers twice in a row, so the second patches the first
        const side = [undefined, undefined, 'A', 'A', 'B'][k % 5]
        const q = { id: 'v', type: 'visibility' as const, ...(side ? { side } : {}) }
        const live = runQuery(load(scene, memo), q) as unknown as { pairs: unknown[] }
        expect(JSON.stringify(live)).toBe(JSON.stringify(runQuery(load(scene), q)))
        // what the caller does with its result is its own: the memo's copy is not that array
        live.pairs.reverse()
        const id = `m${(5 * k) % 24}`
        scene = { ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [onTable(m.position[0] + 37), onTable(m.position[1] - 21)] as [number, number] } : m)) }
      }
    }
  })

  it('a class read from the line alone (classOfLineOnly): after a move only the pairs sampled again are classed; a class that reads more is asked of every pair', () => {
    const base = findRuleSystem('narrative-skirmish')!
    const classedAfterMove = (lineOnly: boolean) => {
      let calls = 0
      const system = { ...base, classifyLos: (...a: Parameters<NonNullable<typeof base.classifyLos>>) => (calls++, base.classifyLos!(...a)), ...(lineOnly ? {} : { classOfLineOnly: undefined }) }
      const find = (id: string) => (id === base.id ? system : undefined)
      const scene = generateTable(42, 30, 25)
      const memo = new LosMemo()
      runQuery(loadScene(scene, find, [base.id], { losMemo: memo }), { id: 'v', type: 'visibility' })
      const moved = { ...scene, models: scene.models.map((m) => (m.id === 'm4' ? { ...m, position: [m.position[0] + 12, m.position[1] + 9] as [number, number] } : m)) }
      const [c0, s0] = [calls, memo.stats.sampled]
      const live = runQuery(loadScene(moved, find, [base.id], { losMemo: memo }), { id: 'v', type: 'visibility' }) as unknown as { pairs: unknown[] }
      const counts = { classed: calls - c0, sampled: memo.stats.sampled - s0, pairs: live.pairs.length }
      expect(JSON.stringify(live)).toBe(JSON.stringify(runQuery(loadScene(moved, find, [base.id]), { id: 'v', type: 'visibility' })))
      return counts
    }
    const patched = classedAfterMove(true)
    expect(patched.sampled).toBeGreaterThanOrEqual(30)
    expect(patched.classed).toBe(patched.sampled)
    const asked = classedAfterMove(false)
    expect(asked.classed).toBe(asked.pairs)
  })

  it('one model moved: only pairs it can reach are sampled again', () => {
    const scene = generateTable(42, 30, 25)
    const memo = new LosMemo()
    const first = load(scene, memo)
    runQuery(first, { id: 'v', type: 'visibility' })
    const before = memo.stats.sampled
    expect(before).toBe(450)
    const moved = { ...scene, models: scene.models.map((m) => (m.id === 'm3' ? { ...m, position: [m.position[0] + 10, m.position[1]] as [number, number] } : m)) }
    const live = load(moved, memo)
    // the terrain is unchanged: its world (and BVH) is the one built for the first table
    expect(live.world).toBe(first.world)
    const matrix = runQuery(live, { id: 'v', type: 'visibility' })
    const resampled = memo.stats.sampled - before
    // every pair with m3 (15 enemies × 2 ways) is sampled again, and no more than a fraction of the rest
    expect(resampled).toBeGreaterThanOrEqual(30)
    expect(resampled).toBeLessThan(450 / 2)
    expect(matrix.pairs).toEqual(runQuery(load(moved), { id: 'v', type: 'visibility' }).pairs)
    // the same scene again: nothing sampled
    const again = memo.stats.sampled
    runQuery(load(moved, memo), { id: 'v', type: 'visibility' })
    expect(memo.stats.sampled).toBe(again)
  })

  it('a bystander that moves near a pair\'s bound but off its sight lines: the pair is kept (fine test), and on them it is not', () => {
    // a (A) at (100, 100) and b (B) at (600, 100), 25 mm bases, 40 mm tall; models block (testSystem).
    // a's eye looks at b's points within 12.5 mm of y = 100, so halfway (x = 350) every line of the
    // pair lies within y = 100 ± 6.25 (and likewise b → a). The pair's bound reaches y = 124.1
    // (radius hypot(12.5, 20) + 0.5). Bystander c (side A) at y = 128: its box (1 mm margin) starts
    // at y = 114.5, inside the bound but off every line; at y = 104 it stands on them.
    const resampledWhenCMoves = (cy: number): number => {
      const find = (id: string) => (id === testSystem.id ? testSystem : undefined)
      const at = (cx: number) => sceneOf([model('a', 'A', 100, 100), model('b', 'B', 600, 100), model('c', 'A', cx, cy)])
      const memo = new LosMemo()
      runQuery(loadScene(at(350), find, [testSystem.id], { losMemo: memo }), { id: 'v', type: 'visibility' })
      const before = memo.stats.sampled
      const live = loadScene(at(352), find, [testSystem.id], { losMemo: memo })
      expect(JSON.stringify(runQuery(live, { id: 'v', type: 'visibility' }))).toBe(JSON.stringify(runQuery(loadScene(at(352), find, [testSystem.id]), { id: 'v', type: 'visibility' })))
      return memo.stats.sampled - before
    }
    // c's own pairs (c–b both ways) always; a–b both ways only when c stands on their lines
    expect(resampledWhenCMoves(128)).toBe(2)
    expect(resampledWhenCMoves(104)).toBe(4)
  })
})
