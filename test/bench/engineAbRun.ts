// The engine A/B measure, one loop for both runtimes: engineAb.bench.ts runs it in Node (CPU time),
// engineAbBrowser.bench.ts in a worker in Chromium (the page's clock). Two engines (another
// checkout's src/ as `base`, this one as `here`), alternating run by run on the same generated
// tables, so a loaded machine slows both alike. Per table size, min over the timed rounds:
//  - the visibility matrix on a fresh table (the load included);
//  - one model moved on the N × 25 tables: load the moved scene with the LosMemo that saw the table
//    before the move, and rule the matrix again;
//  - attack: one attack query on a fresh table, for ATTACK_PAIRS attacker/target pairs in order;
//    each pair's time is its min over the rounds, the figure the median over pairs. With
//    `attackBatch` B > 1, each round loads B fresh tables and times each pair on all B in a row
//    (each table has seen the pairs before it, as the single table has), the time divided by B:
//    for a clock too coarse for one attack.
// Each round runs the two engines in turn, which goes first alternating. Each size first runs
// `warmup` rounds (1 at 300 models) whose figures are dropped: the first rounds on a new table size
// carry its compilation and the collector's growth.
// Issue 32's goals, as ratios: attack median ≤ 0.5, matrix 30/100/300 × 25 ≤ 0.4, one moved 100 × 25 ≤ 0.2.
// Pure (no Node, no DOM): bundled into the browser's worker as it is.
import { generateTable, rng } from './benchTable.ts'
import type * as EngineModule from '../../src/engine/index.ts'
import type * as SystemsModule from '../../src/systems/index.ts'
import type { Scene } from '../../src/engine/index.ts'

export type Engine = { E: typeof EngineModule; S: typeof SystemsModule }
export const NAMES = ['base', 'here'] as const
export type Name = (typeof NAMES)[number]
export type AbOptions = {
  sizes: Array<[number, number]>
  attackSizes: string[]
  rounds: number
  warmup: number
  attackBatch: number
  clockMs: () => number
}
export type Figure = { base: number; here: number; ratio: number }
export type AbRow = { models: number; terrain: number; rounds: number; warmup: number; attackBatch: number; matrixMs: Figure; oneMovedMs?: Figure; attackMedianMs?: Figure }
type Goal = { ratio: number; max: number; met: boolean } | null
export type AbGoals = Record<'attackMedian' | 'matrix30x25' | 'matrix100x25' | 'matrix300x25' | 'oneMoved100x25', Goal>

const ATTACK_PAIRS = 40
export const GOALS = { attackMedian: 0.5, matrix: 0.4, oneMoved100x25: 0.2 }

export const sizesOf = (s: string) => s.split(',').filter(Boolean).map((x) => x.split('x').map(Number) as [number, number])
const r2 = (v: number) => Math.round(v * 100) / 100
const r4 = (v: number) => Math.round(v * 10000) / 10000
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const moved = (scene: Scene, id: string): Scene => ({ ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [m.position[0] + 15, m.position[1] + 10] as [number, number] } : m)) })

/** Attacker/target pairs of enemies, picked as engine.bench.ts picks them. */
function pickPairs(scene: Scene): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const v of scene.models) for (const t of scene.models) if (t.side !== v.side) pairs.push([v.id, t.id])
  const r = rng(3)
  return Array.from({ length: Math.min(ATTACK_PAIRS, pairs.length) }, () => pairs[Math.floor(r() * pairs.length)]!)
}

export function runEngineAb(engines: Record<Name, Engine>, o: AbOptions): { rows: AbRow[]; goals: AbGoals } {
  type Memo = InstanceType<typeof EngineModule.LosMemo>
  const load = (name: Name, scene: Scene, memo?: Memo) => {
    const { E, S } = engines[name]
    return E.loadScene(scene, S.findRuleSystem, S.ruleSystems.map((s) => s.id), memo ? { losMemo: memo } : {})
  }
  // warm-up (JIT) of both engines on a small table, not timed
  for (const name of NAMES) {
    const s = generateTable(7, 20, 10)
    for (let i = 0; i < 3; i++) {
      engines[name].E.runQuery(load(name, s), { id: 'w', type: 'visibility' })
      for (const [a, b] of pickPairs(s)) engines[name].E.runQuery(load(name, s), { id: 'q', type: 'attack', attacker: a, target: b, weapon: 'rifle' })
    }
  }
  const clock = o.clockMs
  const rows: AbRow[] = []
  for (const [N, T] of o.sizes) {
    const scene = generateTable(42, N, T)
    const withAttack = o.attackSizes.includes(`${N}x${T}`)
    const picked = withAttack ? pickPairs(scene) : []
    const fresh = () => ({ matrix: Infinity, moved: Infinity, attack: picked.map(() => Infinity) })
    const best = { base: fresh(), here: fresh() }
    const memos = { base: new engines.base.E.LosMemo(), here: new engines.here.E.LosMemo() }
    const rounds = N >= 300 ? Math.min(4, o.rounds) : o.rounds
    const warmup = N >= 300 ? Math.min(1, o.warmup) : o.warmup
    for (let k = -warmup; k < rounds; k++) {
      for (const name of k % 2 === 0 ? NAMES : [...NAMES].reverse()) {
        const { E } = engines[name]
        // (a warm-up round does the same work into figures that are then dropped)
        const b = k < 0 ? fresh() : best[name]
        const c0 = clock()
        E.runQuery(load(name, scene), { id: 'v', type: 'visibility' })
        b.matrix = Math.min(b.matrix, clock() - c0)
        if (T === 25) {
          E.runQuery(load(name, scene, memos[name]), { id: 'v', type: 'visibility' })
          const next = moved(scene, scene.models[(((k * 7) % N) + N) % N]!.id)
          const c1 = clock()
          E.runQuery(load(name, next, memos[name]), { id: 'v', type: 'visibility' })
          b.moved = Math.min(b.moved, clock() - c1)
        }
        if (withAttack) {
          const tables = Array.from({ length: o.attackBatch }, () => load(name, scene))
          picked.forEach(([a, t], i) => {
            const c2 = clock()
            for (const table of tables) E.runQuery(table, { id: 'q', type: 'attack', attacker: a, target: t, weapon: 'rifle' })
            b.attack[i] = Math.min(b.attack[i]!, (clock() - c2) / o.attackBatch)
          })
        }
      }
    }
    const ratio = (h: number, b: number) => r2(h / b)
    const attack = withAttack ? { base: r4(median(best.base.attack)), here: r4(median(best.here.attack)) } : null
    rows.push({
      models: N, terrain: T, rounds, warmup, attackBatch: o.attackBatch,
      matrixMs: { base: r2(best.base.matrix), here: r2(best.here.matrix), ratio: ratio(best.here.matrix, best.base.matrix) },
      ...(T === 25 ? { oneMovedMs: { base: r2(best.base.moved), here: r2(best.here.moved), ratio: ratio(best.here.moved, best.base.moved) } } : {}),
      ...(attack ? { attackMedianMs: { ...attack, ratio: ratio(attack.here, attack.base) } } : {}),
    })
  }
  const at = (n: number, t: number) => rows.find((r) => r.models === n && r.terrain === t)
  const goal = (ratio: number | undefined, max: number): Goal => (ratio === undefined ? null : { ratio, max, met: ratio <= max })
  const attackRatios = rows.flatMap((r) => (r.attackMedianMs ? [r.attackMedianMs.ratio] : []))
  return {
    rows,
    goals: {
      attackMedian: goal(attackRatios.length ? Math.max(...attackRatios) : undefined, GOALS.attackMedian),
      matrix30x25: goal(at(30, 25)?.matrixMs.ratio, GOALS.matrix),
      matrix100x25: goal(at(100, 25)?.matrixMs.ratio, GOALS.matrix),
      matrix300x25: goal(at(300, 25)?.matrixMs.ratio, GOALS.matrix),
      oneMoved100x25: goal(at(100, 25)?.oneMovedMs?.ratio, GOALS.oneMoved100x25),
    },
  }
}
