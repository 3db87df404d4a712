// Before/after in one process (`BENCH_BASE=/path/to/other/checkout npm run bench:engine-ab`): the
// engine of another checkout (its src/, e.g. `git archive 8a36219 src | tar -x -C $BENCH_BASE` with a
// node_modules link) against this one, alternating run by run on the same generated tables, so a
// loaded machine slows both alike. CPU ms (process.cpuUsage), min of runs:
//  - the visibility matrix on a fresh table;
//  - one model moved on the N × 25 tables: load the moved scene with the LosMemo that saw the table
//    before the move, and rule the matrix again;
//  - attack: one attack query on a fresh table, for ATTACK_PAIRS attacker/target pairs; each pair's
//    time is its min over the rounds, the figure the median over pairs (engine.bench.ts's measure).
// Each round runs the two engines in turn, which goes first alternating. JSON on stdout, with
// ratios here / base. BENCH_SIZES (30x25,100x25,100x100,300x25), BENCH_ROUNDS (12; 4 at 300
// models), BENCH_ATTACK_SIZES (30x25,100x25) pick the work. Each size first runs BENCH_WARMUP
// rounds (6; 1 at 300 models) whose figures are dropped: CPU time counts the process's background
// threads too, and the first rounds on a new table size carry its compilation and the collector's
// growth (a round's matrix measured 2-15 ms for the same work while they settle).
// Issue 32's goals, as ratios: attack median ≤ 0.5, matrix 30/100/300 × 25 ≤ 0.4, one moved 100 × 25 ≤ 0.2.
import { generateTable, rng } from './benchTable.ts'
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
const NAMES = ['base', 'here'] as const
type Name = (typeof NAMES)[number]
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const moved = (scene: Scene, id: string): Scene => ({ ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [m.position[0] + 15, m.position[1] + 10] as [number, number] } : m)) })
const sizesOf = (s: string) => s.split(',').filter(Boolean).map((x) => x.split('x').map(Number) as [number, number])
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 6)
const SIZES = sizesOf(process.env.BENCH_SIZES ?? '30x25,100x25,100x100,300x25')
const ATTACK_SIZES = new Set(sizesOf(process.env.BENCH_ATTACK_SIZES ?? '30x25,100x25').map(([n, t]) => `${n}x${t}`))
const ATTACK_PAIRS = 40
const GOALS = { attackMedian: 0.5, matrix: 0.4, oneMoved100x25: 0.2 }

const r2 = (v: number) => Math.round(v * 100) / 100
const r4 = (v: number) => Math.round(v * 10000) / 10000
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const load = (name: Name, scene: Scene, memo?: InstanceType<typeof here.LosMemo>) => {
  const { E, S } = engines[name]
  return E.loadScene(scene, S.findRuleSystem, S.ruleSystems.map((s) => s.id), memo ? { losMemo: memo } : {})
}

/** Attacker/target pairs of enemies, picked as engine.bench.ts picks them. */
function pickPairs(scene: Scene): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const v of scene.models) for (const t of scene.models) if (t.side !== v.side) pairs.push([v.id, t.id])
  const r = rng(3)
  return Array.from({ length: Math.min(ATTACK_PAIRS, pairs.length) }, () => pairs[Math.floor(r() * pairs.length)]!)
}

// warm-up (JIT) of both engines on a small table, not timed
for (const name of NAMES) {
  const s = generateTable(7, 20, 10)
  for (let i = 0; i < 3; i++) {
    engines[name].E.runQuery(load(name, s), { id: 'w', type: 'visibility' })
    for (const [a, b] of pickPairs(s)) engines[name].E.runQuery(load(name, s), { id: 'q', type: 'attack', attacker: a, target: b, weapon: 'rifle' })
  }
}

type Figure = { base: number; here: number; ratio: number }
type Row = { models: number; terrain: number; rounds: number; warmup: number; matrixMs: Figure; oneMovedMs?: Figure; attackMedianMs?: Figure }
const rows: Row[] = []
for (const [N, T] of SIZES) {
  const scene = generateTable(42, N, T)
  const withAttack = ATTACK_SIZES.has(`${N}x${T}`)
  const picked = withAttack ? pickPairs(scene) : []
  const best = Object.fromEntries(NAMES.map((n) => [n, { matrix: Infinity, moved: Infinity, attack: picked.map(() => Infinity) }])) as Record<Name, { matrix: number; moved: number; attack: number[] }>
  const memos = { base: new engines.base.E.LosMemo(), here: new engines.here.E.LosMemo() }
  const rounds = N >= 300 ? Math.min(4, ROUNDS) : ROUNDS
  const warmup = N >= 300 ? Math.min(1, WARMUP) : WARMUP
  for (let k = -warmup; k < rounds; k++) {
    for (const name of k % 2 === 0 ? NAMES : [...NAMES].reverse()) {
      const { E } = engines[name]
      // (a warm-up round does the same work into figures that are then dropped)
      const b = k < 0 ? { matrix: Infinity, moved: Infinity, attack: picked.map(() => Infinity) } : best[name]
      const c0 = cpuMs()
      E.runQuery(load(name, scene), { id: 'v', type: 'visibility' })
      b.matrix = Math.min(b.matrix, cpuMs() - c0)
      if (T === 25) {
        E.runQuery(load(name, scene, memos[name]), { id: 'v', type: 'visibility' })
        const next = moved(scene, scene.models[(((k * 7) % N) + N) % N]!.id)
        const c1 = cpuMs()
        E.runQuery(load(name, next, memos[name]), { id: 'v', type: 'visibility' })
        b.moved = Math.min(b.moved, cpuMs() - c1)
      }
      if (withAttack) {
        const fresh = load(name, scene)
        picked.forEach(([a, t], i) => {
          const c2 = cpuMs()
          E.runQuery(fresh, { id: 'q', type: 'attack', attacker: a, target: t, weapon: 'rifle' })
          b.attack[i] = Math.min(b.attack[i]!, cpuMs() - c2)
        })
      }
    }
  }
  const ratio = (h: number, b: number) => r2(h / b)
  const attack = withAttack ? { base: r4(median(best.base.attack)), here: r4(median(best.here.attack)) } : null
  rows.push({
    models: N, terrain: T, rounds, warmup,
    matrixMs: { base: r2(best.base.matrix), here: r2(best.here.matrix), ratio: ratio(best.here.matrix, best.base.matrix) },
    ...(T === 25 ? { oneMovedMs: { base: r2(best.base.moved), here: r2(best.here.moved), ratio: ratio(best.here.moved, best.base.moved) } } : {}),
    ...(attack ? { attackMedianMs: { ...attack, ratio: ratio(attack.here, attack.base) } } : {}),
  })
}
const at = (n: number, t: number) => rows.find((r) => r.models === n && r.terrain === t)
const goal = (ratio: number | undefined, max: number) => (ratio === undefined ? null : { ratio, max, met: ratio <= max })
const attackRatios = rows.flatMap((r) => (r.attackMedianMs ? [r.attackMedianMs.ratio] : []))
const goals = {
  attackMedian: goal(attackRatios.length ? Math.max(...attackRatios) : undefined, GOALS.attackMedian),
  matrix30x25: goal(at(30, 25)?.matrixMs.ratio, GOALS.matrix),
  matrix100x25: goal(at(100, 25)?.matrixMs.ratio, GOALS.matrix),
  matrix300x25: goal(at(300, 25)?.matrixMs.ratio, GOALS.matrix),
  oneMoved100x25: goal(at(100, 25)?.oneMovedMs?.ratio, GOALS.oneMoved100x25),
}
process.stdout.write(JSON.stringify({ bench: 'engine-ab', base, note: 'CPU ms, min over alternating runs (attack: median over pairs of each pair\'s min); ratio = here / base', rows, goals, node: process.version }, null, 2) + '\n')
