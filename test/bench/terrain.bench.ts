// Terrain-file benchmark (issue #18; not a timed test: `npm run bench:terrain`, JSON on stdout).
// A print-file-sized piece: the library's L-shaped ruin tessellated to ~10⁶ triangles, as binary STL.
//  - prepare: read + weld/repair + check + simplify (the one-time cost of a new file), and the triangles
//    before/after at the 0.5 mm LoS tolerance;
//  - cached: the same file loaded again through the CLI's content-hashed cache (what every later
//    command pays), against the first load;
//  - table preparation (BVH build) with each mesh: what a 10⁶-triangle LoS mesh would add to every command;
//  - LoS per piece: µs per sight line (the visibility matrix of 20 models around the piece) with the
//    simplified mesh, with the full 10⁶-triangle mesh, and with the library's 848-triangle ruin
//    (the baseline, same process): the ratio survives a noisy machine;
//  - rulings: the verdicts of every pair agree between the simplified and the full mesh.
// Budgets are checked at the end (exit 1 when one is missed). BENCH_TERRAIN_STEP_MM sets the tessellation.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type MeshLibrary, type Scene, lineOfSight, parseScene, prepareTable } from '../../src/engine/index.ts'
import { buildRuin } from '../../src/terrain/build/terrainLibrary.ts'
import { writeBinaryStl } from '../../src/terrain/build/writeMeshFiles.ts'
import { loadMeshFile } from '../../src/cli/loadMeshes.ts'
import { testSystem } from '../engine/sceneBuilder.ts'

const STEP_MM = Number(process.env.BENCH_TERRAIN_STEP_MM ?? 0.55)
const BUDGET = { cachedLoadMs: 1000, losRatioToSmallPiece: 3, prepareMs: 60_000 }
const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d

function ring(n: number): Scene {
  // 20 models on a circle around the ruin, alternating sides: every sight line crosses or skirts it
  const models = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n
    return { id: `m${i}`, side: i % 2 ? 'B' : 'A', base: { shape: 'round' as const, diameter: 25 }, height: 40, position: [600 + 200 * Math.cos(a), 600 + 170 * Math.sin(a)] as [number, number] }
  })
  return { format: 'tabletop-scene/1', system: 'test-system', table: { width: 1200, depth: 1200 }, models, terrain: [{ id: 'ruin', type: 'wall', mesh: 'ruin', position: [600, 600, 0] }] } as Scene
}

function matrix(meshes: MeshLibrary) {
  const tp = performance.now()
  const t = prepareTable(parseScene(ring(20)), testSystem, meshes)
  const prepareTableMs = performance.now() - tp
  const verdicts: number[] = []
  const t0 = performance.now()
  for (const v of t.models) for (const w of t.models) if (v.side !== w.side) { verdicts.push(lineOfSight(t, v, w).fraction) }
  const ms = performance.now() - t0
  return { ms, prepareTableMs, verdicts, pairs: verdicts.length, triangles: t.world.triangleCount }
}

function best(meshes: MeshLibrary, runs = 3) {
  let out = matrix(meshes)
  for (let i = 1; i < runs; i++) { const r = matrix(meshes); if (r.ms < out.ms) out = r }
  return out
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'terrain-bench-'))
  const cacheDir = join(dir, 'cache')
  const fine = buildRuin(STEP_MM)
  const stl = writeBinaryStl(fine)
  writeFileSync(join(dir, 'ruin.stl'), stl)
  writeFileSync(join(dir, 'ruin-small.stl'), writeBinaryStl(buildRuin()))
  const rss0 = process.memoryUsage().rss
  let t0 = performance.now()
  const first = await loadMeshFile(dir, 'ruin.stl', { cacheDir })
  const firstMs = performance.now() - t0
  const rssPrepared = process.memoryUsage().rss
  t0 = performance.now()
  const cached = await loadMeshFile(dir, 'ruin.stl', { cacheDir })
  const cachedMs = performance.now() - t0
  const small = await loadMeshFile(dir, 'ruin-small.stl', { cacheDir: null })
  const full = { positions: Array.from(first.full.positions), indices: Array.from(first.full.indices) }

  const los = best({ ruin: cached.los })
  const baseline = best({ ruin: small.los })
  const fullMesh = best({ ruin: full }, 1)
  const agree = los.verdicts.every((f, i) => Math.abs(f - fullMesh.verdicts[i]!) < 0.05)
  const result = {
    file: { triangles: first.report.trianglesIn, bytes: stl.length, tessellationMm: STEP_MM },
    prepare: { ms: Math.round(firstMs), trianglesBefore: first.report.trianglesIn, trianglesAfter: first.report.trianglesLos, toleranceMm: first.report.toleranceMm, repairs: first.report.repairs, rssMb: Math.round((rssPrepared - rss0) / 1e6) },
    cachedLoad: { ms: Math.round(cachedMs), notes: cached.report.notes },
    losMatrix20: {
      pairs: los.pairs,
      simplifiedMs: round(los.ms), simplifiedUsPerPair: round((1000 * los.ms) / los.pairs),
      fullMeshMs: round(fullMesh.ms), fullMeshTriangles: fullMesh.triangles,
      prepareTableMs: { simplified: round(los.prepareTableMs), fullMesh: round(fullMesh.prepareTableMs), smallPiece: round(baseline.prepareTableMs) },
      smallPieceMs: round(baseline.ms), smallPieceTriangles: baseline.triangles,
      ratioSimplifiedToSmallPiece: round(los.ms / baseline.ms),
      ratioFullToSimplified: round(fullMesh.ms / los.ms),
    },
    rulingsAgreeWithFullMesh: agree,
    budget: BUDGET,
  }
  const missed: string[] = []
  if (cachedMs > BUDGET.cachedLoadMs) missed.push(`cached load ${Math.round(cachedMs)} ms > ${BUDGET.cachedLoadMs} ms`)
  if (los.ms / baseline.ms > BUDGET.losRatioToSmallPiece) missed.push(`LoS ${round(los.ms / baseline.ms)}× the small piece > ${BUDGET.losRatioToSmallPiece}×`)
  if (firstMs > BUDGET.prepareMs) missed.push(`first load ${Math.round(firstMs)} ms > ${BUDGET.prepareMs} ms`)
  if (!agree) missed.push('simplified and full mesh rule differently')
  process.stdout.write(JSON.stringify({ ...result, budgetMissed: missed }, null, 2) + '\n')
  process.exitCode = missed.length ? 1 : 0
}

void main()
