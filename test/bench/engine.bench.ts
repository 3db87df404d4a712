// Engine benchmark (not a timed test; `npm run bench`, JSON on stdout). On the generated tables of
// benchTable.ts, for N = 10, 30, 100, 300 models × T = 5, 25, 100 terrain pieces:
//  - attack: the median over attacker/target pairs of one attack query (each pair's time the
//    minimum over fresh tables, so sight lines are never memoised);
//  - the visibility matrix (every model against every enemy), minimum over runs on fresh tables;
//  - the cost unit: µs per sight line of that matrix, next to a raw three-mesh-bvh raycast
//    (MeshBVH.raycast, all hits) of the same rays in the same run: the ratio survives a noisy
//    machine where raw milliseconds do not;
//  - one model moved on the N × 25 tables: the time to bring the matrix up to date (load the
//    moved scene with the LosMemo of the last one and rule the matrix again), and how many pairs
//    were sampled again.
// Budgets (issue #17) are checked at the end. BENCH_MAX_MODELS=100 skips the 300-model rows.
import { performance } from 'node:perf_hooks'
import { DoubleSide, Ray } from 'three'
import { LosMemo, basePoints, loadScene, losRuleOf, runQuery, targetPoints, viewerPoints, type Scene, type Table } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { generateTable, rng } from './benchTable.ts'

const MODELS = [10, 30, 100, 300].filter((n) => n <= Number(process.env.BENCH_MAX_MODELS ?? Infinity))
const TERRAIN = [5, 25, 100]
const GOALS = { attackMedianMs: 0.2, matrixMs: { '30x25': 10, '100x25': 60, '300x25': 600 }, oneMovedMs100x25: 5 }

const known = ruleSystems.map((s) => s.id)
const load = (scene: Scene): Table => loadScene(scene, findRuleSystem, known)
const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Ordered pairs of enemies (the matrix's pairs). */
function enemyPairs(table: Table): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const v of table.models) for (const t of table.models) if (t.side !== v.side) out.push([v.id, t.id])
  return out
}

/** Median over pairs of the per-pair minimum over `rounds` fresh tables. */
function attackMedianMs(scene: Scene, pairs: Array<[string, string]>, rounds = 3): number {
  const r = rng(3)
  const picked = Array.from({ length: Math.min(40, pairs.length) }, () => pairs[Math.floor(r() * pairs.length)]!)
  const best = picked.map(() => Infinity)
  for (let k = 0; k < rounds; k++) {
    const fresh = load(scene)
    picked.forEach(([a, b], i) => {
      const t0 = performance.now()
      runQuery(fresh, { id: 'q', type: 'attack', attacker: a, target: b, weapon: 'rifle' })
      best[i] = Math.min(best[i]!, performance.now() - t0)
    })
  }
  return median(best)
}

/** Matrix time on fresh tables: at least 2 runs, up to 5 or ~3 s. */
function matrixMs(scene: Scene): { min: number; median: number; runs: number } {
  const times: number[] = []
  let spent = 0
  while (times.length < 2 || (times.length < 5 && spent < 3000)) {
    const fresh = load(scene)
    const t0 = performance.now()
    runQuery(fresh, { id: 'v', type: 'visibility' })
    const ms = performance.now() - t0
    times.push(ms)
    spent += ms
  }
  return { min: round(Math.min(...times), 3), median: round(median(times), 3), runs: times.length }
}

/** The matrix's sight lines (nominal: every viewer point to every target and base point), and a sample of them as segments. */
function matrixLines(table: Table, maxRays = 20000): { count: number; sample: Float64Array } {
  const rule = losRuleOf(table)
  const pairs = enemyPairs(table)
  const perPair = (v: Table['models'][number], t: Table['models'][number]) => {
    const from = viewerPoints(v, rule.from)
    const to = [...(rule.mode === '2d' ? basePoints(t, 'coarse') : targetPoints(t, rule.to, 'coarse')), ...basePoints(t, 'coarse')]
    return { from, to }
  }
  let count = 0
  const segs: number[] = []
  const first = perPair(table.model(pairs[0]![0]), table.model(pairs[0]![1]))
  const linesPerPair = first.from.length * first.to.length * (rule.symmetric ? 2 : 1)
  const every = Math.max(1, Math.ceil((pairs.length * linesPerPair) / maxRays))
  for (const [a, b] of pairs) {
    const { from, to } = perPair(table.model(a), table.model(b))
    for (const f of from) for (const p of to) {
      if (count++ % every === 0) segs.push(f[0], f[1], f[2], p[0], p[1], p[2])
    }
  }
  return { count: count * (rule.symmetric ? 2 : 1), sample: Float64Array.from(segs) }
}

/** µs per ray of MeshBVH.raycast (all hits, both sides) over the sampled segments, best of 3. */
function rawRaycastUs(table: Table, segs: Float64Array): number {
  const bvh = table.world.bvh
  if (!bvh) return NaN
  const ray = new Ray()
  let best = Infinity
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now()
    for (let i = 0; i < segs.length; i += 6) {
      ray.origin.set(segs[i]!, segs[i + 1]!, segs[i + 2]!)
      ray.direction.set(segs[i + 3]! - segs[i]!, segs[i + 4]! - segs[i + 1]!, segs[i + 5]! - segs[i + 2]!)
      const far = ray.direction.length()
      ray.direction.multiplyScalar(1 / far)
      bvh.raycast(ray, DoubleSide, 0, far)
    }
    best = Math.min(best, performance.now() - t0)
  }
  return (best * 1000) / (segs.length / 6)
}

/** The scene with model `id` moved by (dx, dy) mm. */
function moved(scene: Scene, id: string, dx: number, dy: number): Scene {
  return { ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [m.position[0] + dx, m.position[1] + dy] as [number, number] } : m)) }
}

/**
 * One model moved: the time to bring the matrix up to date (load the moved scene with the LosMemo
 * that saw the last one, then the matrix), best over 5 moves of different models; and how many of
 * the pairs were sampled again. Each move starts from the unmoved table (brought back untimed).
 */
function oneMoved(scene: Scene): { ms: number; resampledPairs: number; pairs: number } {
  const memo = new LosMemo()
  const matrix = (s: Scene) => runQuery(loadScene(s, findRuleSystem, known, { losMemo: memo }), { id: 'v', type: 'visibility' })
  matrix(scene)
  const pairs = memo.size
  let best = Infinity
  let resampled = 0
  for (let k = 0; k < 5; k++) {
    matrix(scene)
    const id = scene.models[(k * 7) % scene.models.length]!.id
    const next = moved(scene, id, 15, 10)
    const sampled = memo.stats.sampled
    const t0 = performance.now()
    matrix(next)
    const ms = performance.now() - t0
    if (ms < best) { best = ms; resampled = memo.stats.sampled - sampled }
  }
  return { ms: best, resampledPairs: resampled, pairs }
}

// warm-up (JIT) on the smallest table
for (let i = 0; i < 3; i++) runQuery(load(generateTable(42, 10, 5)), { id: 'w', type: 'visibility' })

type Row = {
  models: number; terrain: number; pairs: number; triangles: number
  attackMedianMs: number
  matrixMs: { min: number; median: number; runs: number }
  sightLines: number; usPerSightLine: number; rawBvhRaycastUsPerRay: number; ratioToRawRaycast: number
  oneMovedMs?: number
  oneMovedResampledPairs?: number
}
const rows: Row[] = []
for (const T of TERRAIN) {
  for (const N of MODELS) {
    const scene = generateTable(42, N, T)
    const table = load(scene)
    const pairs = enemyPairs(table)
    const attack = attackMedianMs(scene, pairs)
    const matrix = matrixMs(scene)
    const lines = matrixLines(table)
    const rawUs = rawRaycastUs(table, lines.sample)
    const usPerLine = (matrix.min * 1000) / lines.count
    rows.push({
      models: N, terrain: T, pairs: pairs.length, triangles: table.world.triangleCount,
      attackMedianMs: round(attack),
      matrixMs: matrix,
      sightLines: lines.count, usPerSightLine: round(usPerLine, 3), rawBvhRaycastUsPerRay: round(rawUs, 3), ratioToRawRaycast: round(usPerLine / rawUs, 3),
      ...(T === 25 ? (({ ms, resampledPairs }) => ({ oneMovedMs: round(ms, 3), oneMovedResampledPairs: resampledPairs }))(oneMoved(scene)) : {}),
    })
  }
}

const at = (n: number, t: number) => rows.find((r) => r.models === n && r.terrain === t)
const fmt = (v: number | undefined) => (v === undefined ? '—' : v < 1 ? v.toFixed(3) : v < 100 ? v.toFixed(1) : v.toFixed(0))
const table = MODELS.map((n) => `${String(n).padStart(3)} models | attack ms ${TERRAIN.map((t) => fmt(at(n, t)?.attackMedianMs)).join(' / ')} | matrix ms ${TERRAIN.map((t) => fmt(at(n, t)?.matrixMs.min)).join(' / ')} | µs/line ${TERRAIN.map((t) => fmt(at(n, t)?.usPerSightLine)).join(' / ')} | ×raw raycast ${TERRAIN.map((t) => fmt(at(n, t)?.ratioToRawRaycast)).join(' / ')}`)
const goal = (value: number | undefined, max: number) => (value === undefined ? null : { value, max, met: value <= max })
const out = {
  bench: 'engine',
  columns: `T = ${TERRAIN.join(' / ')} terrain pieces`,
  table,
  rows,
  goals: {
    attackMedianMs: goal(Math.max(...rows.map((r) => r.attackMedianMs)), GOALS.attackMedianMs),
    matrix30x25Ms: goal(at(30, 25)?.matrixMs.min, GOALS.matrixMs['30x25']),
    matrix100x25Ms: goal(at(100, 25)?.matrixMs.min, GOALS.matrixMs['100x25']),
    matrix300x25Ms: goal(at(300, 25)?.matrixMs.min, GOALS.matrixMs['300x25']),
    oneMoved100x25Ms: goal(at(100, 25)?.oneMovedMs, GOALS.oneMovedMs100x25),
  },
  node: process.version,
}
process.stdout.write(JSON.stringify(out, null, 2) + '\n')
