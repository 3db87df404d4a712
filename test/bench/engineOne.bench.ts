// One engine per process (`ENGINE_ROOT=dir SIZE=100x25 npx tsx test/bench/engineOne.bench.ts`, dir holding a
// checkout's src/ and a node_modules link; without ENGINE_ROOT, this checkout): the matrix on fresh tables
// and one model moved (the LosMemo saw the table before the move), CPU ms, min over ROUNDS runs (and
// 4 × ROUNDS more moves). Run two engines alternately, each in its own process: bench:engine-ab loads both
// into one process, where they share three and three-mesh-bvh (and the JIT's view of them), which skewed
// its matrix ratio there (1.7 one way round, 0.6 with the two swapped).
import type { Scene } from '../../src/engine/index.ts'
import { generateTable } from './benchTable.ts'

const root = process.env.ENGINE_ROOT ?? new URL('../..', import.meta.url).pathname
const E = (await import(`${root}/src/engine/index.ts`)) as typeof import('../../src/engine/index.ts')
const S = (await import(`${root}/src/systems/index.ts`)) as typeof import('../../src/systems/index.ts')
const known = S.ruleSystems.map((s) => s.id)
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const [N, T] = (process.env.SIZE ?? '100x25').split('x').map(Number) as [number, number]
const ROUNDS = Number(process.env.ROUNDS ?? 6)
const scene = generateTable(42, N, T)
const moved = (id: string): Scene => ({ ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [m.position[0] + 15, m.position[1] + 10] as [number, number] } : m)) })
const memo = new E.LosMemo()
const matrix = (s: Scene, losMemo?: InstanceType<typeof E.LosMemo>) => E.runQuery(E.loadScene(s, S.findRuleSystem, known, losMemo ? { losMemo } : {}), { id: 'v', type: 'visibility' })
let fresh = Infinity
let one = Infinity
for (let k = 0; k < 5 * ROUNDS; k++) {
  if (k < ROUNDS) {
    const c = cpuMs()
    matrix(scene)
    fresh = Math.min(fresh, cpuMs() - c)
  }
  matrix(scene, memo)
  const next = moved(scene.models[(k * 7) % N]!.id)
  const c = cpuMs()
  matrix(next, memo)
  one = Math.min(one, cpuMs() - c)
}
process.stdout.write(JSON.stringify({ bench: 'engine-one', root, size: `${N}x${T}`, freshMatrixMs: Math.round(fresh * 100) / 100, oneMovedMs: Math.round(one * 100) / 100 }) + '\n')
