// Time to evaluate the demo scene of each Cadence game that changes the core attack (Halo: Breakpoint,
// Respawn, Scraplands, Squadrons): ms per evaluation (median of 15 rounds after 3 warm-ups), JSON on stdout.
// With a baseline checkout's root, both are timed in the same process, rounds interleaved, and the ratio
// is given (the machine's load hits both alike):
//   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
//   npx tsx test/bench/cadenceGames.bench.ts /tmp/base
import { join } from 'node:path'

type Engine = { run: (id: string) => void }
async function load(root: string): Promise<Engine> {
  const { evaluateScene } = await import(join(root, 'src/engine/index.ts'))
  const { findRuleSystem, ruleSystems } = await import(join(root, 'src/systems/index.ts'))
  const { libraryMeshes } = await import(join(root, 'test/setup/libraryMeshes.ts'))
  const meshes = await libraryMeshes()
  const known = ruleSystems.map((s: { id: string }) => s.id)
  return { run: (id) => void evaluateScene(findRuleSystem(id).demoScene, findRuleSystem, known, { meshes }) }
}

const here = await load(join(import.meta.dirname, '../..'))
const baseRoot = process.argv[2]
const base = baseRoot ? await load(baseRoot) : null
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const time = (e: Engine, id: string) => {
  const t = performance.now()
  e.run(id)
  return performance.now() - t
}
const games: Record<string, { ms: number; baselineMs?: number; ratio?: number }> = {}
for (const id of ['cadence/halo-breakpoint', 'cadence/respawn', 'cadence/scraplands', 'cadence/squadrons']) {
  for (let i = 0; i < 3; i++) {
    here.run(id)
    base?.run(id)
  }
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < 15; i++) {
    a.push(time(here, id))
    if (base) b.push(time(base, id))
  }
  const ms = Number(median(a).toFixed(1))
  games[id] = base ? { ms, baselineMs: Number(median(b).toFixed(1)), ratio: Number((median(a) / median(b)).toFixed(2)) } : { ms }
}
process.stdout.write(JSON.stringify({ baseline: baseRoot ?? null, games }) + '\n')
