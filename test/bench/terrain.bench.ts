// Terrain-file benchmark (issues #18, #25; not a timed test: `npm run bench:terrain`, JSON on stdout).
//  - prepare: a print-file-sized piece (the library's L-shaped ruin tessellated to ~10⁶ triangles,
//    binary STL): read + weld/repair + check + simplify, the triangles before/after at the 0.5 mm LoS
//    tolerance; then the same file through the CLI's content-hashed cache;
//  - the large non-manifold file (issue #25's kitbashed house, finely tessellated, with shared edges
//    and lost triangles: the file that hung): its first load, by step;
//  - sight lines, before and after in one process: the engine and terrain code of the commit before
//    issue #25 (BENCH_BASE_REF, default 8a36219, unpacked with git archive; or BENCH_BASE, a folder
//    holding another checkout's src/ and test/engine/) against this one, alternating round by round on
//    the same tables (CPU ms, min over rounds; ratio = here / base), for the pieces both can load; the
//    kitbashed house (which the base refused) against the small ruin, here only;
//  - rulings: both engines give the same fractions for every pair, and the simplified mesh rules as
//    the full one.
// Budgets are checked at the end (exit 1 when one is missed). BENCH_TERRAIN_STEP_MM sets the ruin's
// tessellation, BENCH_TERRAIN_LARGE_STEP_MM the house's, BENCH_ROUNDS the A/B rounds.
import { execSync } from 'node:child_process'
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import * as here from '../../src/engine/index.ts'
import { type MeshLibrary, type Scene, type TerrainMesh } from '../../src/engine/index.ts'
import { buildKitHouse, buildRuin } from '../../src/terrain/build/terrainLibrary.ts'
import { writeBinaryStl } from '../../src/terrain/build/writeMeshFiles.ts'
import { loadMeshFile } from '../../src/cli/loadMeshes.ts'
import { testSystem as hereSystem } from '../engine/sceneBuilder.ts'
import { largeNonManifoldFile } from '../terrain/regressionFiles.ts'

const root = join(import.meta.dirname, '..', '..')
const STEP_MM = Number(process.env.BENCH_TERRAIN_STEP_MM ?? 0.55)
const LARGE_STEPS = (process.env.BENCH_TERRAIN_LARGE_STEP_MM ?? '1,0.6').split(',').map(Number)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11)
const BUDGET = { cachedLoadMs: 1000, losRatioToSmallPiece: 3, prepareMs: 60_000, largePrepareMs: 60_000, losRatioToBase: 1.1 }
const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }

type Engine = { E: typeof here; system: typeof hereSystem; load: (dir: string, name: string) => Promise<TerrainMesh> }

/** The base checkout: BENCH_BASE, or the commit BENCH_BASE_REF unpacked into a temporary folder; null when neither can be had. */
async function baseEngine(): Promise<{ engine: Engine; from: string } | { engine: null; from: string }> {
  let dir = process.env.BENCH_BASE
  const ref = process.env.BENCH_BASE_REF ?? '8a36219'
  if (!dir) {
    try {
      dir = mkdtempSync(join(tmpdir(), 'terrain-base-'))
      execSync(`git archive ${ref} src test/engine | tar -x -C ${dir}`, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] })
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
    } catch (e) {
      return { engine: null, from: `no base: git archive ${ref} failed (${String(e).split('\n')[0]})` }
    }
  }
  const E = await import(`${dir}/src/engine/index.ts`) as typeof here
  const { testSystem } = await import(`${dir}/test/engine/sceneBuilder.ts`) as { testSystem: typeof hereSystem }
  const { loadMeshFile: baseLoad } = await import(`${dir}/src/cli/loadMeshes.ts`) as { loadMeshFile: (dir: string, name: string, opts: object) => Promise<{ los: TerrainMesh }> }
  return { engine: { E, system: testSystem, load: async (d, n) => (await baseLoad(d, n, { cacheDir: null })).los }, from: process.env.BENCH_BASE ? `BENCH_BASE=${dir}` : `git ${ref}` }
}

function ring(n: number, mesh: string): Scene {
  // 20 models on a circle around the piece, alternating sides: every sight line crosses or skirts it
  const models = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n
    return { id: `m${i}`, side: i % 2 ? 'B' : 'A', base: { shape: 'round' as const, diameter: 25 }, height: 40, position: [600 + 200 * Math.cos(a), 600 + 170 * Math.sin(a)] as [number, number] }
  })
  return { format: 'tabletop-scene/1', system: 'test-system', table: { width: 1200, depth: 1200 }, models, terrain: [{ id: 'ruin', type: 'wall', mesh, position: [600, 600, 0] }] } as Scene
}

/** The visibility of every pair of the ring (CPU ms), with the fractions, on a table prepared once. */
function matrix(engine: Engine, meshes: MeshLibrary) {
  const E = engine.E
  const tp = performance.now()
  const t = E.prepareTable(E.parseScene(ring(20, 'piece')), engine.system, meshes)
  const prepareTableMs = performance.now() - tp
  const fractions: number[] = []
  const c0 = cpuMs()
  for (const v of t.models) for (const w of t.models) if (v.side !== w.side) fractions.push(E.lineOfSight(t, v, w).fraction)
  return { ms: cpuMs() - c0, prepareTableMs, fractions, pairs: fractions.length, triangles: t.world.triangleCount }
}

function best(engine: Engine, meshes: MeshLibrary, runs = 3) {
  let out = matrix(engine, meshes)
  for (let i = 1; i < runs; i++) { const r = matrix(engine, meshes); if (r.ms < out.ms) out = r }
  return out
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'terrain-bench-'))
  const cacheDir = join(dir, 'cache')
  const fine = buildRuin(STEP_MM)
  const stl = writeBinaryStl(fine)
  writeFileSync(join(dir, 'ruin.stl'), stl)
  writeFileSync(join(dir, 'ruin-small.stl'), writeBinaryStl(buildRuin()))
  writeFileSync(join(dir, 'house.stl'), writeBinaryStl(buildKitHouse()))
  for (const f of ['hill-ridge.obj']) writeFileSync(join(dir, f), readFileSync(join(root, 'models', f)))
  const hereEngine: Engine = { E: here, system: hereSystem, load: async (d, n) => (await loadMeshFile(d, n, { cacheDir: null })).los }

  // sight lines, before and after, alternating: first, while the heap is small and the same for both
  const base = await baseEngine()
  const pieces = ['ruin-small.stl', 'ruin.stl', 'hill-ridge.obj'] as const
  const ab: Record<string, unknown> = {}
  let agree = true
  let worstRatio = 0
  for (const piece of pieces) {
    const mine = { piece: await hereEngine.load(dir, piece) }
    if (!base.engine) break
    const theirs = { piece: await base.engine.load(dir, piece) }
    const bestMs = { base: Infinity, here: Infinity }
    let fr = { base: [] as number[], here: [] as number[] }
    for (let k = 0; k < ROUNDS; k++) {
      // alternating which goes first, so neither gains from the other warming up
      const [b, h] = k % 2 ? [best(base.engine, theirs, 1), best(hereEngine, mine, 1)] : ((x, y) => [y, x] as const)(best(hereEngine, mine, 1), best(base.engine, theirs, 1))
      bestMs.base = Math.min(bestMs.base, b.ms)
      bestMs.here = Math.min(bestMs.here, h.ms)
      fr = { base: b.fractions, here: h.fractions }
    }
    const same = fr.base.every((f, i) => f === fr.here[i])
    agree &&= same
    const ratio = bestMs.here / bestMs.base
    worstRatio = Math.max(worstRatio, ratio)
    ab[piece] = { triangles: mine.piece.indices.length / 3, baseCpuMs: round(bestMs.base), hereCpuMs: round(bestMs.here), ratio: round(ratio), sameFractions: same }
  }
  // prepare: first load, cached load
  const rss0 = process.memoryUsage().rss
  let t0 = performance.now()
  const first = await loadMeshFile(dir, 'ruin.stl', { cacheDir })
  const firstMs = performance.now() - t0
  const rssPrepared = process.memoryUsage().rss
  t0 = performance.now()
  const cached = await loadMeshFile(dir, 'ruin.stl', { cacheDir })
  const cachedMs = performance.now() - t0
  const full = { positions: Array.from(first.full.positions), indices: Array.from(first.full.indices) }

  // the large non-manifold file: it hung before (not run against the base)
  const large = []
  for (const step of LARGE_STEPS) {
    const f = largeNonManifoldFile(step)
    writeFileSync(join(dir, f.name), f.bytes)
    const c0 = cpuMs(), w0 = performance.now()
    const p = await loadMeshFile(dir, f.name, { cacheDir: null }).catch((e: Error) => e)
    const timing = { wallMs: Math.round(performance.now() - w0), cpuMs: Math.round(cpuMs() - c0) }
    const base = 'hangs (issue #25: NumberMap(64) never grew); not run'
    if (p instanceof Error) large.push({ stepMm: step, bytes: f.bytes.length, ...timing, refused: p.message, base })
    else large.push({ stepMm: step, bytes: f.bytes.length, trianglesIn: p.report.trianglesIn, trianglesLos: p.report.trianglesLos, ...timing, repairs: p.report.repairs, warnings: p.report.warnings, base })
  }

  const small = best(hereEngine, { piece: await hereEngine.load(dir, 'ruin-small.stl') })
  const house = best(hereEngine, { piece: await hereEngine.load(dir, 'house.stl') })
  const los = best(hereEngine, { piece: cached.los })
  const fullMesh = best(hereEngine, { piece: full }, 1)
  const simplifiedAgrees = los.fractions.every((f, i) => Math.abs(f - fullMesh.fractions[i]!) < 0.05)
  const result = {
    file: { triangles: first.report.trianglesIn, bytes: stl.length, tessellationMm: STEP_MM },
    prepare: { ms: Math.round(firstMs), trianglesBefore: first.report.trianglesIn, trianglesAfter: first.report.trianglesLos, toleranceMm: first.report.toleranceMm, repairs: first.report.repairs, rssMb: Math.round((rssPrepared - rss0) / 1e6) },
    cachedLoad: { ms: Math.round(cachedMs), notes: cached.report.notes },
    largeNonManifold: large,
    sightLinesBeforeAfter: { base: base.from, rounds: ROUNDS, note: 'CPU ms for the 200 sight-line pairs of a 20-model ring around the piece, min over alternating rounds; ratio = here / base', pieces: ab },
    losMatrix20: {
      pairs: los.pairs,
      simplifiedMs: round(los.ms), simplifiedUsPerPair: round((1000 * los.ms) / los.pairs),
      fullMeshMs: round(fullMesh.ms), fullMeshTriangles: fullMesh.triangles,
      kitHouseMs: round(house.ms), kitHouseTriangles: house.triangles, ratioKitHouseToSmallPiece: round(house.ms / small.ms),
      prepareTableMs: { simplified: round(los.prepareTableMs), fullMesh: round(fullMesh.prepareTableMs), smallPiece: round(small.prepareTableMs) },
      smallPieceMs: round(small.ms), smallPieceTriangles: small.triangles,
      ratioSimplifiedToSmallPiece: round(los.ms / small.ms),
      ratioFullToSimplified: round(fullMesh.ms / los.ms),
    },
    rulingsAgreeWithFullMesh: simplifiedAgrees,
    rulingsAgreeWithBase: base.engine ? agree : null,
    budget: BUDGET,
    node: process.version,
  }
  const missed: string[] = []
  if (cachedMs > BUDGET.cachedLoadMs) missed.push(`cached load ${Math.round(cachedMs)} ms > ${BUDGET.cachedLoadMs} ms`)
  if (los.ms / small.ms > BUDGET.losRatioToSmallPiece) missed.push(`LoS ${round(los.ms / small.ms)}× the small piece > ${BUDGET.losRatioToSmallPiece}×`)
  if (firstMs > BUDGET.prepareMs) missed.push(`first load ${Math.round(firstMs)} ms > ${BUDGET.prepareMs} ms`)
  for (const l of large) {
    if (l.wallMs > BUDGET.largePrepareMs) missed.push(`large non-manifold file (${l.stepMm} mm) ${l.wallMs} ms > ${BUDGET.largePrepareMs} ms`)
    if ('refused' in l) missed.push(`large non-manifold file (${l.stepMm} mm) refused: ${l.refused}`)
  }
  if (base.engine && worstRatio > BUDGET.losRatioToBase) missed.push(`sight lines ${round(worstRatio)}× the base > ${BUDGET.losRatioToBase}×`)
  if (!simplifiedAgrees) missed.push('simplified and full mesh rule differently')
  if (base.engine && !agree) missed.push('this engine and the base give different fractions')
  process.stdout.write(JSON.stringify({ ...result, budgetMissed: missed }, null, 2) + '\n')
  process.exitCode = missed.length ? 1 : 0
}

void main()
