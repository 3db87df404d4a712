// Before/after in one process, in Node (`BENCH_BASE=/path/to/other/checkout npm run bench:engine-ab`):
// the engine of another checkout (its src/, e.g. `git archive 8a36219 src | tar -x -C $BENCH_BASE`
// with a node_modules link) against this one. The measure is engineAbRun.ts's (the same loop runs in
// Chromium's worker: engineAbBrowser.bench.ts), timed in CPU ms (process.cpuUsage). JSON on stdout,
// with ratios here / base. BENCH_SIZES (30x25,100x25,100x100,300x25), BENCH_ROUNDS (30; 4 at 300
// models), BENCH_WARMUP (6; 1 at 300 models), BENCH_ATTACK_SIZES (30x25,100x25) pick the work.
// CPU time counts the process's background threads too: traced round by round on an idle machine,
// the same 30 × 25 matrix measured 2-15 ms over the first rounds while the compiler and collector
// settled, hence the warm-up rounds.
import * as here from '../../src/engine/index.ts'
import * as hereSystems from '../../src/systems/index.ts'
import { type Engine, type Name, runEngineAb, sizesOf } from './engineAbRun.ts'

const base = process.env.BENCH_BASE
if (!base) {
  process.stderr.write('bench:engine-ab: set BENCH_BASE to a directory holding another checkout\'s src/ (e.g. main\'s)\n')
  process.exit(2)
}
const engines: Record<Name, Engine> = {
  base: { E: await import(`${base}/src/engine/index.ts`), S: await import(`${base}/src/systems/index.ts`) },
  here: { E: here, S: hereSystems },
}
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const { rows, goals } = runEngineAb(engines, {
  sizes: sizesOf(process.env.BENCH_SIZES ?? '30x25,100x25,100x100,300x25'),
  attackSizes: (process.env.BENCH_ATTACK_SIZES ?? '30x25,100x25').split(','),
  rounds: Number(process.env.BENCH_ROUNDS ?? 30),
  warmup: Number(process.env.BENCH_WARMUP ?? 6),
  attackBatch: 1,
  clockMs: cpuMs,
})
process.stdout.write(JSON.stringify({ bench: 'engine-ab', runtime: 'node', base, note: 'CPU ms, min over alternating runs (attack: median over pairs of each pair\'s min); ratio = here / base', rows, goals, node: process.version }, null, 2) + '\n')
