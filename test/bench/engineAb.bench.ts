// Before/after in one process (`BENCH_BASE=/path/to/other/checkout npm run bench:engine-ab`): the
// engine of another checkout (its src/, e.g. `git archive main src | tar -x -C $BENCH_BASE` with a
// node_modules link) against this one, alternating run by run on the same generated tables, so a
// loaded machine slows both alike. CPU ms (min of runs): the matrix on fresh tables, and one model
// moved on the N × 25 tables (the memo saw the table before the move). JSON on stdout, with ratios.
import { generateTable } from './benchTable.ts'
import * as here from '../../src/engine/index.ts'
import * as hereSystems from '../../src/systems/index.ts'
import type { Scene } from '../../src/engine/index.ts'

const base = process.env.BENCH_BASE
if (!base) {
  process.stderr.write('bench:engine-ab: set BENCH_BASE to a directory holding another checkout\'s src/ (e.g. main\'s)\n')
  process.exit(2)
}
type Engine = { E: typeof here; S: typeof hereSystems }
const engines: Record<'base' | 'here', Engine> = {
  base: { E: await import(`${base}/src/engine/index.ts`), S: await import(`${base}/src/systems/index.ts`) },
  here: { E: here, S: hereSystems },
}
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const moved = (scene: Scene, id: string): Scene => ({ ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [m.position[0] + 15, m.position[1] + 10] as [number, number] } : m)) })
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8)
const SIZES = (process.env.BENCH_SIZES ?? '30x25,100x25,100x100,300x25').split(',').map((s) => s.split('x').map(Number) as [number, number])

const rows = []
for (const [N, T] of SIZES) {
  const scene = generateTable(42, N, T)
  const best = { base: { matrix: Infinity, moved: Infinity }, here: { matrix: Infinity, moved: Infinity } }
  const memos = { base: new engines.base.E.LosMemo(), here: new engines.here.E.LosMemo() }
  const rounds = N >= 300 ? Math.min(3, ROUNDS) : ROUNDS
  for (let k = 0; k < rounds; k++) {
    for (const name of ['base', 'here'] as const) {
      const { E, S } = engines[name]
      const known = S.ruleSystems.map((s) => s.id)
      const c0 = cpuMs()
      E.runQuery(E.loadScene(scene, S.findRuleSystem, known), { id: 'v', type: 'visibility' })
      best[name].matrix = Math.min(best[name].matrix, cpuMs() - c0)
      if (T !== 25) continue
      E.runQuery(E.loadScene(scene, S.findRuleSystem, known, { losMemo: memos[name] }), { id: 'v', type: 'visibility' })
      const next = moved(scene, scene.models[(k * 7) % N]!.id)
      const c1 = cpuMs()
      E.runQuery(E.loadScene(next, S.findRuleSystem, known, { losMemo: memos[name] }), { id: 'v', type: 'visibility' })
      best[name].moved = Math.min(best[name].moved, cpuMs() - c1)
    }
  }
  const r = (v: number) => Math.round(v * 100) / 100
  rows.push({
    models: N, terrain: T, rounds,
    matrixMs: { base: r(best.base.matrix), here: r(best.here.matrix), ratio: r(best.here.matrix / best.base.matrix) },
    ...(T === 25 ? { oneMovedMs: { base: r(best.base.moved), here: r(best.here.moved), ratio: r(best.here.moved / best.base.moved) } } : {}),
  })
}
process.stdout.write(JSON.stringify({ bench: 'engine-ab', base, note: 'CPU ms, min over alternating runs; ratio = here / base', rows, node: process.version }, null, 2) + '\n')
