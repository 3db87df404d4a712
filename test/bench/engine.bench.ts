// Engine benchmark (not a timed test): a generated 4'×4' table with 30 models and 25 terrain pieces.
// Budgets (issue #2): one attack query < 0.3 ms median; the whole visibility matrix < 25 ms (one core).
// Prints JSON. The machine is noisy: compare `ratios` (against a plain three.js raycast baseline run
// in the same process) between runs rather than raw milliseconds.
import { performance } from 'node:perf_hooks'
import { Mesh, MeshBasicMaterial, Raycaster, Vector3 } from 'three'
import { loadScene, measureTerrainCrossing3, runQuery, type Scene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'

function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32)
}

export function generateTable(seed = 42): Scene {
  const r = rng(seed)
  const W = 1219.2
  const terrain: NonNullable<Scene['terrain']> = []
  for (let i = 0; i < 25; i++) {
    const cx = 100 + r() * (W - 200), cy = 250 + r() * (W - 500)
    const w = 30 + r() * 150, d = 10 + r() * 120, a = r() * Math.PI
    const c = Math.cos(a), s = Math.sin(a)
    const pt = (u: number, v: number): [number, number] => [cx + u * c - v * s, cy + u * s + v * c]
    terrain.push({ id: `t${i}`, type: r() < 0.6 ? 'solid' : 'area', footprint: [pt(-w / 2, -d / 2), pt(w / 2, -d / 2), pt(w / 2, d / 2), pt(-w / 2, d / 2)], height: 20 + r() * 180 })
  }
  const models: Scene['models'] = []
  for (let i = 0; i < 30; i++) {
    const side = i < 15 ? 'A' : 'B'
    const y = side === 'A' ? 40 + r() * 200 : W - 40 - r() * 200
    models.push({ id: `m${i}`, side, profile: 'small-model', weapons: ['rifle', 'sword'], base: { shape: 'round', diameter: 25 + (i % 3) * 7 }, height: 40, position: [40 + r() * (W - 80), y], facing: side === 'A' ? 90 : 270 })
  }
  return { format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: W, depth: W }, terrain, models }
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!
  return { median: round(q(0.5)), p95: round(q(0.95)), min: round(s[0]!), n: s.length }
}
const round = (v: number) => Math.round(v * 10000) / 10000

const known = ruleSystems.map((s) => s.id)
const scene = generateTable()

// BVH build (prepareTable builds the terrain BVH)
const buildMs: number[] = []
let table = loadScene(scene, findRuleSystem, known)
for (let i = 0; i < 20; i++) {
  const t0 = performance.now()
  table = loadScene(scene, findRuleSystem, known)
  buildMs.push(performance.now() - t0)
}

// One attack query, many attacker/target pairs. Sight lines are memoised per table, so every sample
// uses a pair not asked before on that table (fresh tables are prepared outside the timing).
const pairs: Array<[string, string]> = []
for (let i = 0; i < 15; i++) for (let j = 15; j < 30; j++) pairs.push([`m${i}`, `m${j}`], [`m${j}`, `m${i}`])
const warm = loadScene(scene, findRuleSystem, known)
for (let i = 0; i < 40; i++) runQuery(warm, { id: 'w', type: 'attack', attacker: pairs[i]![0], target: pairs[i]![1], weapon: 'rifle' })
const attackMs: number[] = []
for (let round = 0; round < 2; round++) {
  const fresh = loadScene(scene, findRuleSystem, known)
  for (const [a, b] of pairs) {
    const t0 = performance.now()
    runQuery(fresh, { id: 'q', type: 'attack', attacker: a, target: b, weapon: 'rifle' })
    attackMs.push(performance.now() - t0)
  }
}

// The visibility matrix (every model against every enemy: 450 ordered pairs), each on a fresh table
const matrixMs: number[] = []
for (let k = 0; k < 8; k++) {
  const fresh = loadScene(scene, findRuleSystem, known)
  const t0 = performance.now()
  runQuery(fresh, { id: 'v', type: 'visibility' })
  matrixMs.push(performance.now() - t0)
}

// Raw sight-line throughput: our allocation-free cast vs three.js Raycaster on the same (un-accelerated) mesh
const r = rng(7)
const segs: number[][] = []
for (let i = 0; i < 20000; i++) segs.push([r() * 1219, r() * 1219, 5 + r() * 40, r() * 1219, r() * 1219, 5 + r() * 40])
const inside = new Float64Array(table.terrain.length)
let t0 = performance.now()
for (const s of segs) measureTerrainCrossing3(table.world, s[0]!, s[1]!, s[2]!, s[3]!, s[4]!, s[5]!, inside)
const oursMs = performance.now() - t0
const mesh = new Mesh(table.world.geometry!, new MeshBasicMaterial())
mesh.geometry.boundsTree = undefined
const raycaster = new Raycaster()
const o = new Vector3(), d = new Vector3()
t0 = performance.now()
for (const s of segs.slice(0, 5000)) {
  o.set(s[0]!, s[1]!, s[2]!)
  d.set(s[3]! - s[0]!, s[4]! - s[1]!, s[5]! - s[2]!)
  const len = d.length()
  raycaster.set(o, d.normalize())
  raycaster.far = len
  raycaster.intersectObject(mesh)
}
const baselineMs = ((performance.now() - t0) * segs.length) / 5000

const out = {
  bench: 'engine',
  table: { widthMm: 1219.2, models: 30, terrainPieces: 25, triangles: table.world.triangleCount },
  bvhBuildMs: stats(buildMs),
  attackQueryMs: stats(attackMs),
  visibilityMatrixMs: { ...stats(matrixMs), pairs: 450 },
  sightLines: {
    count: segs.length,
    oursPerSecond: Math.round(segs.length / (oursMs / 1000)),
    baselineThreeRaycasterPerSecond: Math.round(segs.length / (baselineMs / 1000)),
  },
  ratios: { speedupOverPlainRaycaster: round(baselineMs / oursMs) },
  budgets: { attackQueryMedianMs: 0.3, visibilityMatrixMs: 25 },
  node: process.version,
}
process.stdout.write(JSON.stringify(out, null, 2) + '\n')
