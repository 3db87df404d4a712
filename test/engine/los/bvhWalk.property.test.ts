// The sight lines' own walk through each big mesh's BVH (castSegment's walkNodes, reading three-mesh-bvh's
// serialized node layout) measures every segment exactly as the library's shapecast through the
// world's BVH does: the
// terrain library's meshes laid out on a table with prisms between them, one world built each way,
// random segments (many aimed through a mesh's box, so that most meet triangles), every piece's
// length compared. Were the walk to skip a child, misread a leaf or test a box wrongly, lengths differ.
import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { MeshLibrary } from '../../../src/engine/index.ts'
import { DIRECT_MAX_TRIANGLES, type MeshInput, type PrismInput, type TerrainWorld, buildTerrainWorld } from '../../../src/engine/los/terrainWorld.ts'
import { measureTerrainCrossing3 } from '../../../src/engine/los/castSegment.ts'
import { libraryMeshes } from '../../setup/libraryMeshes.ts'

let own: TerrainWorld
let library: TerrainWorld
let meshPieces: number[]

beforeAll(async () => {
  const meshes: MeshLibrary = await libraryMeshes()
  const names = Object.keys(meshes).sort()
  const pieces: Array<MeshInput | PrismInput> = []
  // The meshes on a 4-wide grid of 300 mm cells, turned; a small prism beside each.
  names.forEach((name, i) => {
    const cx = 150 + 300 * (i % 4), cy = 150 + 300 * Math.floor(i / 4)
    pieces.push({ id: `mesh-${name}`, mesh: meshes[name]!, position: [cx, cy, 0], rotationDeg: 37 * i, scale: 1, origin: 'bottom' })
    pieces.push({ id: `wall-${i}`, footprint: [[cx + 100, cy - 60], [cx + 120, cy - 60], [cx + 120, cy + 60], [cx + 100, cy + 60]], bottomZ: 0, heightMm: 80 })
  })
  own = buildTerrainWorld(pieces)
  library = buildTerrainWorld(pieces, { libraryWalk: true })
  meshPieces = pieces.flatMap((p, k) => ('mesh' in p ? [k] : []))
}, 60_000)

describe("the sight lines' walk through the terrain BVH", () => {
  it('is used for every big mesh of the terrain library (its node format is the one it reads)', () => {
    const big = meshPieces.filter((k) => own.pieceTriangleStart[k + 1]! - own.pieceTriangleStart[k]! > DIRECT_MAX_TRIANGLES)
    expect(big.length).toBeGreaterThanOrEqual(3)
    expect(own.pieceNodes.flatMap((n, k) => (n ? [k] : []))).toEqual(big)
    expect(library.pieceNodes.every((n) => n === null)).toBe(true)
  })

  it('measures every piece as three-mesh-bvh\'s shapecast does, on random segments', () => {
    const a = new Float64Array(own.solids.length)
    const b = new Float64Array(own.solids.length)
    let inside = 0
    let tried = 0
    // (integers scaled: fast-check's doubles lean to their bounds and to tiny values)
    const unit = fc.integer({ min: 0, max: 10_000 }).map((v) => v / 10_000)
    const end = fc.tuple(unit, unit, unit)
    fc.assert(
      fc.property(fc.nat(), end, end, fc.boolean(), (pick, p, q, aimed) => {
        // aimed: from a point in one mesh's box (or just round it) through the box's middle third, on
        // to the far side; otherwise anywhere over the whole grid
        let x0: number, y0: number, x1: number, y1: number, z0: number, z1: number
        if (aimed) {
          const o = 6 * meshPieces[pick % meshPieces.length]!
          const box = own.pieceBounds
          const w = box[o + 3]! - box[o]!, d = box[o + 4]! - box[o + 1]!, h = box[o + 5]! - box[o + 2]!
          x0 = box[o]! - 0.2 * w + 1.4 * w * p[0]; y0 = box[o + 1]! - 0.2 * d + 1.4 * d * p[1]; z0 = box[o + 2]! + 1.2 * h * p[2]
          const mx = box[o]! + w * (1 + q[0]) / 3, my = box[o + 1]! + d * (1 + q[1]) / 3, mz = box[o + 2]! + h * q[2] / 2
          x1 = 2 * mx - x0; y1 = 2 * my - y0; z1 = 2 * mz - z0
        } else {
          x0 = 1200 * p[0]; y0 = 1200 * p[1]; z0 = 150 * p[2]
          x1 = 1200 * q[0]; y1 = 1200 * q[1]; z1 = 150 * q[2]
        }
        measureTerrainCrossing3(own, x0, y0, z0, x1, y1, z1, a)
        measureTerrainCrossing3(library, x0, y0, z0, x1, y1, z1, b)
        expect(Array.from(a)).toEqual(Array.from(b))
        tried++
        if (meshPieces.some((k) => a[k]! > 0)) inside++
      }),
      { numRuns: 3000, seed: 20261129 },
    )
    // not vacuous: a good share of the segments ran inside a mesh
    expect(inside).toBeGreaterThan(0.3 * tried)
  })
})
