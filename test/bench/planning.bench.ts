// Planning benchmark (issue 32; not a timed test: `npx tsx test/bench/planning.bench.ts`, JSON on stdout,
// BENCH_OUT=<file> also writes it). The reference table is the biggest real one: the bench's 4'×4' table
// with 25 terrain pieces and 30 models (benchTable.ts, seed 42), five of its pieces replaced by meshes of
// the terrain library (a ruin, a kitbashed house, a hill, an arch, a barricade) where they stood, under
// the narrative-skirmish rules. Measured, as this process's CPU time (wall beside it), each the minimum of
// a few runs:
//  - reach: the area of one model's normal move (6"), per model, the median over all 30;
//  - threat: one spot with the model's 15 enemies, once their reaches are known (the first query on a
//    table prepares them: reported apart), the median over 40 spots;
//  - exposure: 1" cells (2,304) against 15 enemies on a fresh table and memo; then after one model moved
//    (the table loaded again with the same LosMemo), the median over 10 moves.
// Goals (issue 32): reach ≤ 30 ms, threat ≤ 20 ms, exposure ≤ 300 ms and ≤ 30 ms after one model moved.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { LosMemo, type MeshLibrary, type Scene, type Table, loadScene, runQuery } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'
import { rng } from './benchTable.ts'
import { referenceTable } from './planningTable.ts'

const GOALS = { reachMs: 30, threatMs: 20, exposureMs: 300, exposureOneMovedMs: 30 }
const known = ruleSystems.map((s) => s.id)
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
function timed<T>(run: () => T): { wall: number; cpu: number; value: T } {
  const c0 = cpuMs()
  const t0 = performance.now()
  const value = run()
  return { wall: performance.now() - t0, cpu: cpuMs() - c0, value }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const round = (v: number) => Math.round(v * 100) / 100

async function main(): Promise<void> {
  const meshes: MeshLibrary = await libraryMeshes()
  const scene = referenceTable()
  const load = (s: Scene, memo?: LosMemo): Table => loadScene(s, findRuleSystem, known, { meshes, ...(memo ? { losMemo: memo } : {}) })
  const table = load(scene)
  // Warm the code (JIT) before timing anything.
  for (let i = 0; i < 3; i++) runQuery(table, { id: 'w', type: 'reach', model: `m${i}` })

  // Reach: each model's area, the minimum of 3 runs each.
  const reach = table.models.map((m) => {
    let cpu = Infinity
    let wall = Infinity
    let regions = 0
    for (let k = 0; k < 3; k++) {
      const t = timed(() => runQuery(table, { id: 'r', type: 'reach', model: m.id }) as unknown as { area: unknown[] })
      cpu = Math.min(cpu, t.cpu)
      wall = Math.min(wall, t.wall)
      regions = t.value.area.length
    }
    return { model: m.id, cpu, wall, regions }
  })

  // Threat: the first query prepares the enemies' reaches and bands; then spots over the middle of the table.
  const target = table.models[0]!
  const r = rng(11)
  const spots = Array.from({ length: 40 }, () => [150 + r() * 900, 150 + r() * 900] as [number, number])
  const tableT = load(scene)
  const first = timed(() => runQuery(tableT, { id: 't', type: 'threat', model: target.id, at: spots[0]! }))
  const threat = spots.map((at) => {
    let cpu = Infinity
    let wall = Infinity
    let attackers = 0
    for (let k = 0; k < 2; k++) {
      const t = timed(() => runQuery(tableT, { id: 't', type: 'threat', model: target.id, at }) as unknown as { points: Array<{ attackers: unknown[] }> })
      cpu = Math.min(cpu, t.cpu)
      wall = Math.min(wall, t.wall)
      attackers = t.value.points[0]!.attackers.length
    }
    return { cpu, wall, attackers }
  })

  // Exposure: 1" cells against side B's 15 models, fresh tables and memos; then one model moved, with the memo.
  const exposureQuery = { id: 'e', type: 'exposure', side: 'A', base: { shape: 'round', diameter: 25 }, height: 40, profile: 'small-model' } as const
  const full: Array<{ cpu: number; wall: number }> = []
  for (let k = 0; k < 3; k++) {
    const t = load(scene, new LosMemo())
    full.push(timed(() => runQuery(t, exposureQuery)))
  }
  const memo = new LosMemo()
  runQuery(load(scene, memo), exposureQuery)
  const moved: Array<{ cpu: number; wall: number }> = []
  let current = scene
  for (let k = 0; k < 10; k++) {
    const next = structuredClone(current)
    const m = next.models[15 + k]!
    m.position = [Math.min(1180, Math.max(40, m.position[0] + 30 * (k % 2 ? 1 : -1))), m.position[1]]
    const t = load(next, memo)
    moved.push(timed(() => runQuery(t, exposureQuery)))
    current = next
  }

  const figures = {
    reachMedianMs: round(median(reach.map((x) => x.cpu))),
    reachMaxMs: round(Math.max(...reach.map((x) => x.cpu))),
    reachMedianWallMs: round(median(reach.map((x) => x.wall))),
    threatFirstQueryMs: round(first.cpu),
    threatMedianMs: round(median(threat.map((x) => x.cpu))),
    threatMaxMs: round(Math.max(...threat.map((x) => x.cpu))),
    threatMedianWallMs: round(median(threat.map((x) => x.wall))),
    threatMedianAttackers: median(threat.map((x) => x.attackers)),
    exposureMs: round(Math.min(...full.map((x) => x.cpu))),
    exposureWallMs: round(Math.min(...full.map((x) => x.wall))),
    exposureOneMovedMedianMs: round(median(moved.map((x) => x.cpu))),
    exposureOneMovedMaxMs: round(Math.max(...moved.map((x) => x.cpu))),
  }
  const goals = {
    reach: figures.reachMedianMs <= GOALS.reachMs,
    threat: figures.threatMedianMs <= GOALS.threatMs,
    exposure: figures.exposureMs <= GOALS.exposureMs,
    exposureOneMoved: figures.exposureOneMovedMedianMs <= GOALS.exposureOneMovedMs,
  }
  const out = {
    bench: 'planning',
    table: '4\'×4\', 25 terrain pieces (5 library meshes), 30 models, narrative-skirmish (test/bench/planning.bench.ts referenceTable)',
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '?', load1: round(os.loadavg()[0]!) },
    units: 'CPU ms of this process (minimum of runs), wall ms beside',
    goals: GOALS,
    figures,
    met: goals,
    reachPerModel: reach.map((x) => ({ model: x.model, ms: round(x.cpu), regions: x.regions })),
  }
  const text = JSON.stringify(out, null, 2)
  process.stdout.write(text + '\n')
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, text + '\n')
}

await main()
