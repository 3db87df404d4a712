// Exposure before/after in one process (`BENCH_BASE=/path/to/other/checkout npx tsx test/bench/planningAb.bench.ts`;
// BENCH_BASE holds another checkout's src/, test/setup/, test/bench/ and models/, e.g.
// `git archive 956d010 src test/setup test/bench models | tar -x -C $BENCH_BASE` with a node_modules
// link). The planning bench's reference table (planningTable.ts) in both engines, alternating round by
// round (which goes first alternating too), so a loaded machine slows both alike. CPU ms:
//  - exposure at 1" cells against 15 enemies on a fresh table and LosMemo;
//  - the same after one model moved (the moved scene loaded with the memo that saw the table before).
// The first round warms both up and is not counted. JSON on stdout, with ratios here / base.
const base = process.env.BENCH_BASE
if (!base) {
  process.stderr.write('planningAb: set BENCH_BASE to a directory holding another checkout\'s src/, test/ and models/\n')
  process.exit(2)
}
const here = new URL('../..', import.meta.url).pathname.replace(/\/$/, '')
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)

type Env = { engine: typeof import('../../src/engine/index.ts'); load: (scene: unknown, memo: unknown) => unknown; scene: { models: Array<{ position: [number, number] }> } }
async function envOf(root: string): Promise<Env> {
  const engine = await import(`${root}/src/engine/index.ts`)
  const systems = await import(`${root}/src/systems/index.ts`)
  const meshes = await (await import(`${root}/test/setup/libraryMeshes.ts`)).libraryMeshes()
  const scene = (await import(`${root}/test/bench/planningTable.ts`)).referenceTable()
  const known = systems.ruleSystems.map((s: { id: string }) => s.id)
  return { engine, scene, load: (s, memo) => engine.loadScene(s, systems.findRuleSystem, known, { meshes, losMemo: memo }) }
}

const query = { id: 'e', type: 'exposure', side: 'A', base: { shape: 'round', diameter: 25 }, height: 40, profile: 'small-model' }
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
const envs = { base: await envOf(base), here: await envOf(here) }
const ms: Record<'base' | 'here' | 'baseMoved' | 'hereMoved', number[]> = { base: [], here: [], baseMoved: [], hereMoved: [] }
for (let round = 0; round <= ROUNDS; round++) {
  for (const k of (round % 2 ? ['here', 'base'] : ['base', 'here']) as Array<'base' | 'here'>) {
    const { engine, load, scene } = envs[k]
    const fresh = load(scene, new engine.LosMemo()) as Parameters<typeof engine.runQuery>[0]
    let t = cpuMs()
    engine.runQuery(fresh, query as Parameters<typeof engine.runQuery>[1])
    if (round > 0) ms[k].push(cpuMs() - t)
    const memo = new engine.LosMemo()
    engine.runQuery(load(scene, memo) as Parameters<typeof engine.runQuery>[0], query as Parameters<typeof engine.runQuery>[1])
    const next = structuredClone(scene)
    const m = next.models[15 + (round % 10)]!
    m.position = [m.position[0] + 30, m.position[1]]
    const moved = load(next, memo) as Parameters<typeof engine.runQuery>[0]
    t = cpuMs()
    engine.runQuery(moved, query as Parameters<typeof engine.runQuery>[1])
    if (round > 0) ms[`${k}Moved`].push(cpuMs() - t)
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const r2 = (v: number) => Math.round(v * 100) / 100
const medians = Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, r2(median(v))])) as Record<keyof typeof ms, number>
process.stdout.write(JSON.stringify({
  bench: 'planning-ab (exposure, 1" cells, 15 enemies, reference table)',
  base, rounds: ROUNDS, note: 'CPU ms per run; medians over the rounds; ratio = here / base',
  ms: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, v.map(r2)])),
  medianMs: medians,
  ratio: { fresh: r2(medians.here / medians.base), oneMoved: r2(medians.hereMoved / medians.baseMoved) },
  node: process.version,
}, null, 1) + '\n')
