// The planning benchmark's reference table (issue 32): the bench's 4'×4' table with 25 terrain pieces and
// 30 models (benchTable.ts, seed 42), five of its pieces replaced by meshes of the terrain library where
// they stood. Shared by planning.bench.ts and the tests that need a table as big as a real one.
import type { Scene } from '../../src/engine/index.ts'
import { generateTable, rng } from './benchTable.ts'

const MESHES = [
  { mesh: 'ruined-building.stl', type: 'solid' },
  { mesh: 'kit-house.stl', type: 'solid' },
  { mesh: 'hill-ridge.obj', type: 'area' },
  { mesh: 'ruined-arch.json', type: 'solid' },
  { mesh: 'barricade.stl', type: 'solid' },
] as const

/** The reference table: the bench's 30 × 25 table with five of its pieces swapped for library meshes standing where they stood. */
export function referenceTable(): Scene {
  const scene = generateTable(42, 30, 25)
  const r = rng(7)
  MESHES.forEach((m, i) => {
    const k = 3 + 5 * i
    const old = scene.terrain![k]!
    if (!('footprint' in old)) return
    const cx = old.footprint.reduce((s, p) => s + p[0], 0) / old.footprint.length
    const cy = old.footprint.reduce((s, p) => s + p[1], 0) / old.footprint.length
    scene.terrain![k] = { id: old.id, type: m.type, mesh: m.mesh, position: [cx, cy, 0], rotation: Math.round(r() * 360), origin: 'bottom' }
  })
  return scene
}

