// LoS time per piece: how long one sight line takes against a piece's LoS mesh alone (µs), measured
// on segments across its bounding box (a deterministic spread, no Math.random), best of three rounds.
import { buildTerrainWorld, measureTerrainCrossing3, type TerrainMesh } from '../engine/index.ts'

export function measurePieceLosMicros(mesh: TerrainMesh, lines = 2000): number {
  const world = buildTerrainWorld([{ id: 'piece', mesh, position: [0, 0, 0], rotationDeg: 0, scale: 1 }])
  const b = world.pieceBounds
  const [x0, y0, z0, x1, y1, z1] = [b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, b[5]!]
  const out = new Float64Array(1)
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const t0 = globalThis.performance.now()
    for (let i = 0; i < lines; i++) {
      // golden-ratio sequences spread the ends over two opposite faces of the box
      const u = (i * 0.6180339887) % 1, v = (i * 0.7548776662) % 1, w = (i * 0.5698402910) % 1
      const zA = z0 + (z1 - z0) * v, zB = z0 + (z1 - z0) * w
      if (i % 2) measureTerrainCrossing3(world, x0 - 10, y0 + (y1 - y0) * u, zA, x1 + 10, y0 + (y1 - y0) * (1 - u), zB, out)
      else measureTerrainCrossing3(world, x0 + (x1 - x0) * u, y0 - 10, zA, x0 + (x1 - x0) * (1 - u), y1 + 10, zB, out)
    }
    best = Math.min(best, (1000 * (globalThis.performance.now() - t0)) / lines)
  }
  return Math.round(best * 100) / 100
}
