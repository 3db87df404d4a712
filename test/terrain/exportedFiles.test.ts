// Terrain files from a real exporter, not the project's writers (issue 35 item 4): three STL files of the
// Apache-2.0 CadQuery kit cqterrain as Open CASCADE wrote them (models/exported/, with their licence).
// Each loads through the CLI's loader as a player's file and measures sight lines derived by hand from
// the dimensions its maker's script gives (models/exported/README.md), the piece standing on the table
// at the origin. Mild damage done to the real bytes — one triangle cut out, a zero-area sliver added,
// the whole shell written twice — still loads (never a refusal), the last two with the same lines.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Scene, type TerrainMesh, buildTerrainWorld, checkMesh, measureTerrainCrossing3 } from '../../src/engine/index.ts'
import { loadSceneMeshes } from '../../src/cli/loadMeshes.ts'

const EXPORTED = join(import.meta.dirname, '../../models/exported')

type Line = { what: string; from: [number, number, number]; to: [number, number, number]; insideMm: number }
/** Lines across y (the pieces' thin axis) at (x, z), and one along x. */
const across = (what: string, x: number, z: number, insideMm: number): Line => ({ what, from: [x, -100, z], to: [x, 100, z], insideMm })

const FILES: Array<{ name: string; size: [number, number, number]; lines: Line[] }> = [
  {
    // 20 × 4 × 40 less 14 × 4 × 34, centred: standing on the table, the frame is x −10…10, z 0…40, the opening x −7…7, z 3…37
    name: 'window_frame.stl', size: [20, 4, 40],
    lines: [
      across('through the opening', 0, 20, 0),
      across('through a side of the frame (x 7…10)', 8.5, 20, 4),
      across('through the top bar (z 37…40)', 0, 38.5, 4),
      across('through the bottom bar (z 0…3)', -5, 1.5, 4),
      across('over the top', 0, 45, 0),
      { what: 'along the frame: both sides, 3 mm each', from: [-50, 0, 20], to: [50, 0, 20], insideMm: 6 },
    ],
  },
  {
    // 60 × 3 × 40, outer top corners chamfered 5 ((x − 25) + (z − 35) > 5 is gone); doorway |x| < 27, z < 37,
    // its top corners chamfered 3.5 (beyond x + z = 60.5 toward the corner stays solid)
    name: 'door_frame.stl', size: [60, 3, 40],
    lines: [
      across('through the doorway', 0, 20, 0),
      across('through a post (x 27…30)', 28.5, 20, 3),
      across('through the lintel (z 37…40)', 0, 38.5, 3),
      across('through the outer chamfer, cut away: (29 − 25) + (39 − 35) = 8 > 5', 29, 39, 0),
      across('through the doorway\'s chamfered corner, left solid: 26 + 36 = 62 > 60.5', 26, 36, 3),
      across('through the doorway under its flat top (x 22 < 23.5)', 22, 36, 0),
      { what: 'along the frame at 20 mm: both posts', from: [-50, 0, 20], to: [50, 0, 20], insideMm: 6 },
    ],
  },
  {
    // jersey profile across y: 12 wide at z 0…0.1, widening linearly to 20 at z 4.1, narrowing linearly to 2 at z 22
    name: 'barrier_alt.stl', size: [75, 20, 22],
    lines: [
      across('low, where it widens: 12 + 8 × (2.1 − 0.1) / 4 = 16', 0, 2.1, 16),
      across('half-way up the taper: 20 − 18 × (13.05 − 4.1) / 17.9 = 11', 0, 13.05, 11),
      across('over its top', 0, 23, 0),
      across('past its end (x 37.5)', 40, 10, 0),
      { what: 'along it at 10 mm', from: [-50, 0, 10], to: [50, 0, 10], insideMm: 75 },
    ],
  },
]

/** Length (mm) of a line inside the piece standing on the table at the origin ("origin": "bottom"). */
function insideMm(mesh: TerrainMesh, line: Line): number {
  const world = buildTerrainWorld([{ id: 'p', mesh, position: [0, 0, 0], rotationDeg: 0, scale: 1, origin: 'bottom' }])
  const out = new Float64Array(1)
  measureTerrainCrossing3(world, ...line.from, ...line.to, out)
  return out[0]!
}

/** Every hand-derived line of a file, measured on a loaded mesh. */
function expectLines(mesh: TerrainMesh, f: (typeof FILES)[number]): void {
  for (const line of f.lines) expect(insideMm(mesh, line), `${f.name}: ${line.what}`).toBeCloseTo(line.insideMm, 3)
}

/** Load STL bytes through the CLI's loader as a player's file in a folder of its own. */
async function load(name: string, bytes: Uint8Array) {
  const dir = mkdtempSync(join(tmpdir(), 'exported-'))
  writeFileSync(join(dir, name), bytes)
  const scene = { terrain: [{ id: 'p', type: 'solid', mesh: name, position: [0, 0, 0], origin: 'bottom' }] }
  const loaded = await loadSceneMeshes(dir, scene, { cacheDir: null })
  return { mesh: loaded.meshes[`${name}@1`]!, report: loaded.files[0]! }
}

/** A binary STL's triangle records (50 bytes each) and its header, edited at the byte level. */
const RECORD = 50
const records = (b: Uint8Array) => Array.from({ length: new DataView(b.buffer, b.byteOffset).getUint32(80, true) }, (_, i) => b.slice(84 + RECORD * i, 84 + RECORD * (i + 1)))
function stl(header: Uint8Array, recs: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(84 + RECORD * recs.length)
  out.set(header.slice(0, 80))
  new DataView(out.buffer).setUint32(80, recs.length, true)
  recs.forEach((r, i) => out.set(r, 84 + RECORD * i))
  return out
}
/** A zero-area triangle on the first edge of a record: its two corners and their midpoint. */
function sliverOf(r: Uint8Array): Uint8Array {
  const v = new DataView(r.buffer, r.byteOffset, RECORD)
  const out = new Uint8Array(RECORD)
  const w = new DataView(out.buffer)
  for (let k = 0; k < 3; k++) {
    const a = v.getFloat32(12 + 4 * k, true), b = v.getFloat32(24 + 4 * k, true)
    w.setFloat32(12 + 4 * k, a, true)
    w.setFloat32(24 + 4 * k, b, true)
    w.setFloat32(36 + 4 * k, (a + b) / 2, true)
  }
  return out
}

describe('files from a real exporter (cqterrain, Open CASCADE STL)', () => {
  for (const f of FILES) {
    const bytes = new Uint8Array(readFileSync(join(EXPORTED, f.name)))

    it(`${f.name}: loads as one closed solid of its maker's size and measures its hand-derived sight lines`, async () => {
      expect(new TextDecoder().decode(bytes.slice(0, 40))).toBe('STL Exported by Open CASCADE Technology ')
      const { mesh, report } = await load(f.name, bytes)
      const b = report.boundsMm
      expect([b[3] - b[0], b[4] - b[1], b[5] - b[2]].map((v) => Math.round(v * 1000) / 1000)).toEqual(f.size)
      expect(report.warnings).toEqual([])
      const c = checkMesh(mesh.positions, mesh.indices)
      expect([c.boundaryEdges, c.nonManifoldEdges, c.misorientedEdges]).toEqual([0, 0, 0])
      expectLines(mesh, f)
    })

    it(`${f.name}: mild damage to its bytes still loads — one triangle cut out (said), a sliver and a second copy of the shell (same lines)`, async () => {
      const recs = records(bytes)
      const holed = await load(f.name, stl(bytes, recs.filter((_, i) => i !== 1)))
      expect(`${holed.report.repairs.join('; ')} ${holed.report.warnings.join('; ')}`).toMatch(/closed \d+ small hole|thin surfaces|open underneath/)
      for (const damaged of [stl(bytes, [...recs, sliverOf(recs[0]!)]), stl(bytes, [...recs, ...recs])]) {
        expectLines((await load(f.name, damaged)).mesh, f)
      }
    })
  }

  it('the window frame is centred on its origin as exported: placed by its origin (the scene format\'s default) it sinks 20 mm and is said; "origin": "bottom" stands it on the table', async () => {
    const scene = (origin?: 'bottom') => ({ format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 600, depth: 600 }, models: [], terrain: [{ id: 'w', type: 'solid', mesh: 'window_frame.stl', position: [300, 300, 0], ...(origin ? { origin } : {}) }] }) as unknown as Scene
    const byOrigin = await loadSceneMeshes(EXPORTED, scene(), { cacheDir: null })
    expect(byOrigin.warnings.map((w) => w.code)).toEqual(['terrain-sinks'])
    expect(byOrigin.warnings[0]!.message).toMatch(/^window_frame\.stl sinks 20\.0 mm into the table: .*its lowest point is 20\.0 mm below it; "origin": "bottom" rests the piece/)
    expect((await loadSceneMeshes(EXPORTED, scene('bottom'), { cacheDir: null })).warnings).toEqual([])
  })
})
