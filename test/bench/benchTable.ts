// The bench's generated tables: a 4'×4' table, `terrainPieces` rotated boxes (60% solid, 40% area)
// in the middle band and `models` models in two deployment bands (side A at the bottom, B at the
// top). Seeded, so every run and every tool (engine bench, app bench, tests) sees the same table;
// the 30 × 25 table is the one the bench has always used.
import type { Scene } from '../../src/engine/index.ts'

export const BENCH_TABLE_MM = 1219.2

export function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32)
}

export function generateTable(seed = 42, models = 30, terrainPieces = 25): Scene {
  const r = rng(seed)
  const W = BENCH_TABLE_MM
  const terrain: NonNullable<Scene['terrain']> = []
  for (let i = 0; i < terrainPieces; i++) {
    const cx = 100 + r() * (W - 200), cy = 250 + r() * (W - 500)
    const w = 30 + r() * 150, d = 10 + r() * 120, a = r() * Math.PI
    const c = Math.cos(a), s = Math.sin(a)
    const pt = (u: number, v: number): [number, number] => [cx + u * c - v * s, cy + u * s + v * c]
    terrain.push({ id: `t${i}`, type: r() < 0.6 ? 'solid' : 'area', footprint: [pt(-w / 2, -d / 2), pt(w / 2, -d / 2), pt(w / 2, d / 2), pt(-w / 2, d / 2)], height: 20 + r() * 180 })
  }
  const out: Scene['models'] = []
  const half = Math.floor(models / 2)
  for (let i = 0; i < models; i++) {
    const side = i < half ? 'A' : 'B'
    const y = side === 'A' ? 40 + r() * 200 : W - 40 - r() * 200
    out.push({ id: `m${i}`, side, profile: 'small-model', weapons: ['rifle', 'sword'], base: { shape: 'round', diameter: 25 + (i % 3) * 7 }, height: 40, position: [40 + r() * (W - 80), y], facing: side === 'A' ? 90 : 270 })
  }
  return { format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: W, depth: W }, terrain, models: out }
}
