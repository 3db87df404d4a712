// Terrain from the files players have (issue #18): STL, OBJ, glTF/GLB and tabletop-mesh/1 give the same
// rulings; sight passes a window and not 1 mm beside it; the L-shaped ruin's footprint leaves out its
// courtyard; bad files each get their own line; a scene reads only the meshes it names.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MESH_FORMAT, buildTerrainWorld, lineOfSight, measureTerrainCrossing3, parseMeshLibrary, parseScene, polygonContains, prepareTable } from '../../src/engine/index.ts'
import { prepareMeshFile } from '../../src/terrain/prepareMeshFile.ts'
import { RUIN_COURTYARD, RUIN_WINDOW, buildArch, buildRuin } from '../../src/terrain/build/terrainLibrary.ts'
import { type BuiltMesh, buildBoxUnion } from '../../src/terrain/build/buildSolids.ts'
import { writeAsciiStl, writeBinaryStl, writeGlb, writeGltf, writeObj, writeTabletopMesh } from '../../src/terrain/build/writeMeshFiles.ts'
import { loadMeshFile, loadSceneMeshes } from '../../src/cli/loadMeshes.ts'
import { repairNotes } from '../../src/cli/terrainReport.ts'
import { runCli } from '../cli/runCli.ts'
import { model, scene, testSystem } from '../engine/sceneBuilder.ts'
import { sceneIssuesOf } from '../engine/sceneIssues.ts'

const ruin = buildRuin()

async function allFormats(m: BuiltMesh): Promise<Array<[string, Uint8Array]>> {
  return [
    ['piece.stl', writeBinaryStl(m)],
    ['piece-ascii.stl', writeAsciiStl(m)],
    ['piece.obj', writeObj(m)],
    ['piece.glb', await writeGlb(m)],
    ['piece.gltf', await writeGltf(m)],
    ['piece.json', writeTabletopMesh(m)],
  ]
}

/** Length (mm) of the segment inside the piece placed at the origin. */
function insideMm(mesh: { positions: number[]; indices: number[] }, a: [number, number, number], b: [number, number, number]): number {
  const world = buildTerrainWorld([{ id: 'p', mesh, position: [0, 0, 0], rotationDeg: 0, scale: 1 }])
  const out = new Float64Array(1)
  measureTerrainCrossing3(world, ...a, ...b, out)
  return out[0]!
}

async function messageOf(f: () => Promise<unknown>): Promise<string> {
  try {
    await f()
  } catch (e) {
    return (e as Error).message
  }
  return 'no error'
}

describe('the same piece in every format', () => {
  // a scene where the ruin stands between two models: some sight lines pass its windows, some its walls
  const s = scene([model('a', 'A', 455, 300, { z: 30 }), model('b', 'B', 470, 700, { z: 30 }), model('c', 'B', 600, 640)], [
    { id: 'ruin', type: 'wall', mesh: 'piece', position: [500, 500, 0], rotation: 0 },
  ])
  it('gives identical rulings and footprints as STL (binary and ASCII), OBJ, GLB, glTF and tabletop-mesh/1', async () => {
    const rulings: string[] = []
    for (const [name, bytes] of await allFormats(ruin)) {
      const prepared = await prepareMeshFile(name, bytes)
      expect(prepared.report.boundsMm, name).toEqual([-100, -75, 0, 100, 75, 110])
      const t = prepareTable(parseScene(s), testSystem, { piece: prepared.los })
      const ab = lineOfSight(t, t.model('a'), t.model('b'))
      const ac = lineOfSight(t, t.model('a'), t.model('c'))
      rulings.push(JSON.stringify({ ab, ac, footprint: t.terrain[0]!.solid.footprint }))
    }
    // the answers are not trivial: a → b partly through the windows, a → c behind a wall
    const first = JSON.parse(rulings[0]!)
    expect(first.ab.fraction).toBeGreaterThan(0)
    expect(first.ab.fraction).toBeLessThan(1)
    expect(first.ac.blockers).toEqual(['ruin'])
    for (const r of rulings) expect(r).toBe(rulings[0])
  })
})

describe('openings', () => {
  const [wx0, wx1] = RUIN_WINDOW.x
  const z = (RUIN_WINDOW.z[0] + RUIN_WINDOW.z[1]) / 2
  const through = (x: number): [[number, number, number], [number, number, number]] => [[x, -200, z], [x, 200, z]]
  it('a sight line through the ruin\'s aligned windows is clear, and 1 mm beside them it is blocked by both walls', async () => {
    const { los } = await prepareMeshFile('ruin.stl', writeBinaryStl(ruin))
    expect(insideMm(los, ...through((wx0 + wx1) / 2))).toBe(0)
    expect(insideMm(los, ...through(wx0 + 1))).toBe(0)
    // through two 6 mm walls
    expect(insideMm(los, ...through(wx0 - 1))).toBeCloseTo(12, 6)
    expect(insideMm(los, ...through(wx1 + 1))).toBeCloseTo(12, 6)
  })
  it('a finely tessellated print of the ruin (25 000 triangles) is simplified within 0.5 mm and keeps its windows', async () => {
    const fine = buildRuin(4)
    expect(fine.indices.length / 3).toBeGreaterThan(25_000)
    const { los, report } = await prepareMeshFile('ruin-fine.stl', writeBinaryStl(fine))
    expect(report.trianglesIn).toBe(fine.indices.length / 3)
    expect(report.trianglesLos).toBeLessThan(1000)
    expect(insideMm(los, ...through((wx0 + wx1) / 2))).toBe(0)
    expect(insideMm(los, ...through(wx0 + 1))).toBe(0)
    expect(insideMm(los, ...through(wx0 - 1))).toBeCloseTo(12, 3)
  })
  it('the arch\'s gap is open below its lintel and shut above', async () => {
    const { los } = await prepareMeshFile('arch.gltf', await writeGltf(buildArch()))
    expect(insideMm(los, [0, -100, 50], [0, 100, 50])).toBe(0)
    expect(insideMm(los, [0, -100, 110], [0, 100, 110])).toBeCloseTo(20, 6)
  })
})

describe('footprints are the outline at table height, not the convex hull', () => {
  it('the L-shaped ruin\'s footprint excludes its courtyard', async () => {
    const { los } = await prepareMeshFile('ruin.stl', writeBinaryStl(ruin))
    const t = prepareTable(parseScene(scene([], [{ id: 'ruin', type: 'wall', mesh: 'ruin', position: [500, 500, 0] }])), testSystem, { ruin: los })
    const { footprint, hullOnly } = t.terrain[0]!.solid
    expect(hullOnly).toBe(false)
    const cx = 500 + (RUIN_COURTYARD.x[0] + RUIN_COURTYARD.x[1]) / 2, cy = 500 + (RUIN_COURTYARD.y[0] + RUIN_COURTYARD.y[1]) / 2
    expect(polygonContains(footprint, cx, cy)).toBe(false) // the courtyard
    expect(polygonContains(footprint, 500 + 50, 500 - 40)).toBe(true) // the south wing's floor
    expect(polygonContains(footprint, 500 - 50, 500 + 40)).toBe(true) // the west wing's floor
  })
  it('the arch\'s footprint is its two pillars: the gap between them is not in it', async () => {
    const { los } = await prepareMeshFile('arch.gltf', await writeGltf(buildArch()))
    const t = prepareTable(parseScene(scene([], [{ id: 'arch', type: 'wall', mesh: 'arch', position: [300, 300, 0], rotation: 90 }])), testSystem, { arch: los })
    const { footprint } = t.terrain[0]!.solid
    // turned 90°: the pillars stand at y 300 ± 30…60
    expect(polygonContains(footprint, 300, 300)).toBe(false)
    expect(polygonContains(footprint, 300, 345)).toBe(true)
    expect(polygonContains(footprint, 300, 255)).toBe(true)
  })
})

describe('footprints with a hole', () => {
  it('a walled enclosure (a ring of walls on no floor) has the ring as footprint, its inside left out', async () => {
    const ring = buildBoxUnion([[-50, -50, 0, 50, -40, 30], [-50, 40, 0, 50, 50, 30], [-50, -40, 0, -40, 40, 30], [40, -40, 0, 50, 40, 30]])
    const { los } = await prepareMeshFile('pen.obj', writeObj(ring))
    const t = prepareTable(parseScene(scene([], [{ id: 'pen', type: 'wall', mesh: 'pen', position: [200, 200, 0] }])), testSystem, { pen: los })
    const { footprint } = t.terrain[0]!.solid
    expect(polygonContains(footprint, 200, 200)).toBe(false) // inside the pen
    expect(polygonContains(footprint, 200, 155)).toBe(true) // in the south wall
    expect(polygonContains(footprint, 245, 200)).toBe(true) // in the east wall
    expect(polygonContains(footprint, 200, 260)).toBe(false) // outside
  })
})

describe('bad files each say what is wrong', () => {
  const tetra = { positions: [0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10], indices: [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3] }
  const asMesh = (m: BuiltMesh | typeof tetra) => ({ format: MESH_FORMAT, ...m })
  const without = (m: BuiltMesh, drop: (t: number) => boolean): BuiltMesh => ({ positions: m.positions, indices: m.indices.filter((_, i) => !drop(Math.floor(i / 3))) })
  const inverted = (m: BuiltMesh): BuiltMesh => ({ positions: m.positions, indices: m.indices.map((_, i) => m.indices[i - (i % 3) + [0, 2, 1][i % 3]!]!) })

  it('unclosed: a missing wall face is too big to close: the mesh is read as thin surfaces and said; a small hole is closed and said', async () => {
    // the arch's first two triangles: its first quad, a face 30 × 120 mm
    const open = await prepareMeshFile('open.stl', writeBinaryStl(without(buildArch(), (t) => t < 2)))
    expect(open.report.warnings).toContain('1 open part(s): read as thin surfaces 1 mm thick (a sight line crossing one is blocked); close the mesh to make it a solid')
    // the gap still open, the lintel (now two 1 mm plates, top and bottom, crossed as a line descends through it) blocks
    expect(insideMm(open.los, [0, -100, 50], [0, 100, 50])).toBe(0)
    expect(insideMm(open.los, [0, -100, 110], [0, 100, 110])).toBeCloseTo(2, 6)
    // a 4 × 4 mm tessellated patch of the fine ruin removed
    const fine = buildRuin(4)
    const small = await prepareMeshFile('holed.stl', writeBinaryStl(without(fine, (t) => t === 7 || t === 6)))
    expect(small.report.repairs).toContain('closed 1 small hole(s) (≤ 5 mm across)')
    expect(sceneIssuesOf(() => parseMeshLibrary({ 'open.json': asMesh(without(buildArch(), (t) => t < 2)) }))).toEqual([
      'open.json: mesh is not closed (4 edge(s) on the rim of a hole): an open mesh would let sight lines through',
    ])
  })
  it('inverted: turned right way out and said (tabletop-mesh/1 strict: refused as inside out)', async () => {
    const { report } = await prepareMeshFile('inside-out.obj', writeObj(inverted(buildArch())))
    expect(report.repairs).toContain('turned the mesh right way out (its triangles faced inward)')
    expect(sceneIssuesOf(() => parseMeshLibrary({ 'inv.json': asMesh(inverted(tetra as BuiltMesh)) }))[0]).toMatch(/^inv\.json: mesh is inside out \(triangles face inward: signed volume -167 mm³\)/)
    // half the triangles turned: made to agree with their neighbours
    const mixed = { positions: buildArch().positions, indices: buildArch().indices.map((v, i, a) => (Math.floor(i / 3) % 2 ? a[i - (i % 3) + [0, 2, 1][i % 3]!]! : v)) }
    expect((await prepareMeshFile('mixed.stl', writeAsciiStl(mixed))).report.repairs.join('; ')).toMatch(/turned \d+ triangle\(s\) to agree with their neighbours/)
  })
  it('degenerate: zero-area triangles removed and said (strict tabletop-mesh/1: refused)', async () => {
    const arch = buildArch()
    // a triangle with a repeated corner
    const bad = { positions: arch.positions, indices: [...arch.indices, 0, 0, 1] }
    const { report } = await prepareMeshFile('sliver.glb', await writeGlb(bad))
    expect(report.repairs).toContain('removed 1 degenerate triangle(s)')
    expect(sceneIssuesOf(() => parseMeshLibrary({ 'deg.json': asMesh(bad) }))[0]).toMatch(/^deg\.json: mesh has 1 degenerate triangle\(s\)/)
  })
  it('wrongly scaled: a print file exported in metres is 100× too small; a glTF written in mm is far too big; a scene scale can fix or break it', async () => {
    const m = buildRuin()
    const inMetres = { positions: m.positions.map((v) => v / 1000), indices: m.indices }
    const dir = mkdtempSync(join(tmpdir(), 'terrain-'))
    writeFileSync(join(dir, 'ruin-m.stl'), writeBinaryStl(inMetres))
    writeFileSync(join(dir, 'ruin.stl'), writeBinaryStl(m))
    const piece = (mesh: string, scale?: number) => ({ format: 'tabletop-scene/1', system: 'test-system', table: { width: 1200, depth: 1200 }, models: [], terrain: [{ id: 'r', type: 'wall', mesh, position: [500, 500, 0], ...(scale ? { scale } : {}) }] })
    expect(await messageOf(() => loadSceneMeshes(dir, piece('ruin-m.stl'), { cacheDir: null })))
      .toBe('ruin-m.stl: is 0.200 × 0.150 × 0.110 mm at scale 1: 1000× too small for terrain (expected 3–3000 mm); set "scale": 1000 on the piece (STL and OBJ are read as mm: a file exported in metres reads 1000× too small)')
    const fixed = await loadSceneMeshes(dir, piece('ruin-m.stl', 1000), { cacheDir: null })
    expect(fixed.pieces[0]!.sizeMm.map((v) => Math.round(v * 1e3) / 1e3)).toEqual([200, 150, 110])
    expect(await messageOf(() => loadSceneMeshes(dir, piece('ruin.stl', 100), { cacheDir: null }))).toBe('ruin.stl: is 20.0 × 15.0 × 11.0 m at scale 100: 100× too big for terrain (expected 3–3000 mm); set "scale": 1 on the piece')
    const gltfInMm = { positions: m.positions.map((v) => v * 1000), indices: m.indices }
    const glb = await writeGlb(gltfInMm)
    expect(await messageOf(() => prepareMeshFile('big.glb', glb)))
      .toBe('big.glb: is 200 × 150 × 110 m at scale 1: 1000× too big for terrain (expected 3–3000 mm); set "scale": 0.001 on the piece (glTF counts in metres: a file drawn in mm reads 1000× too big)')
    // and that fix works: the glTF in mm at scale 0.001 is the ruin, 200 × 150 × 110 mm
    const atScale = await prepareMeshFile('big.glb', glb, { scale: 0.001 })
    expect(atScale.report.boundsMm.map((v) => Math.round(v * 1e3) / 1e3)).toEqual([-100, -75, 0, 100, 75, 110])
  })
  it('a file that is not what its name says gets one line naming it', async () => {
    expect(await messageOf(() => prepareMeshFile('junk.glb', new TextEncoder().encode('not a glb')))).toBe('junk.glb: is too short to be a GLB file')
    expect(await messageOf(() => prepareMeshFile('junk2.glb', new TextEncoder().encode('not a glb, and long enough to have a header')))).toBe('junk2.glb: is not a GLB file (its first bytes are not "glTF")')
    expect(await messageOf(() => prepareMeshFile('empty.stl', new Uint8Array(0)))).toMatch(/^empty\.stl: /)
    expect(await messageOf(() => prepareMeshFile('piece.ply', new Uint8Array(10)))).toBe('piece.ply: unknown mesh file type; expected one of .json, .stl, .obj, .glb, .gltf')
  })
})

describe('a scene reads only the meshes it names', () => {
  it('a broken unrelated file fails nothing; naming it gives its message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terrain-'))
    writeFileSync(join(dir, 'arch.gltf'), await writeGltf(buildArch()))
    writeFileSync(join(dir, 'broken.stl'), new TextEncoder().encode('solid x\n facet normal 0 0 1\n outer loop\n vertex 0 0 0\n'))
    writeFileSync(join(dir, 'broken.json'), '{"format": "tabletop-mesh/1", "positions": [0, 0')
    const named = (...meshes: string[]) => ({ terrain: meshes.map((mesh, i) => ({ id: `t${i}`, type: 'wall', mesh, position: [0, 0, 0] })) })
    const ok = await loadSceneMeshes(dir, named('arch.gltf'), { cacheDir: null })
    expect(Object.keys(ok.meshes)).toEqual(['arch.gltf@1', 'arch.gltf'])
    expect(await messageOf(() => loadSceneMeshes(dir, named('arch.gltf', 'broken.json'), { cacheDir: null }))).toMatch(/^broken\.json: cannot be read as tabletop-mesh\/1: not JSON /)
    expect(await messageOf(() => loadSceneMeshes(dir, named('nothing-here'), { cacheDir: null }))).toMatch(/^nothing-here: mesh not found in models\/ \(expected a file named nothing-here\.json/)
  })
  it('a big file is prepared once: the second load comes from the cache, a changed file is prepared again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terrain-'))
    const cacheDir = join(dir, 'cache')
    writeFileSync(join(dir, 'ruin-fine.stl'), writeBinaryStl(buildRuin(4)))
    const first = await loadMeshFile(dir, 'ruin-fine.stl', { cacheDir })
    expect(readdirSync(cacheDir)).toHaveLength(1)
    const second = await loadMeshFile(dir, 'ruin-fine.stl', { cacheDir })
    expect(second.report.notes).toContain('prepared earlier (cache)')
    expect(second.los).toEqual(first.los)
    // a changed file is prepared again
    writeFileSync(join(dir, 'ruin-fine.stl'), writeBinaryStl(buildRuin(3)))
    expect((await loadMeshFile(dir, 'ruin-fine.stl', { cacheDir })).report.notes).not.toContain('prepared earlier (cache)')
  })
})

describe('cli terrain and repair notes', () => {
  it('reports each mesh piece: file, size in mm at its scale, triangles before/after, LoS time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terrain-'))
    const file = join(dir, 'scene.json')
    writeFileSync(file, JSON.stringify({ format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 1200, depth: 1200 }, models: [], terrain: [
      { id: 'ruin', type: 'solid', mesh: 'ruined-building.stl', position: [600, 600, 0], scale: 0.5 },
      { id: 'hill', type: 'area', mesh: 'hill-ridge.obj', position: [300, 300, 0] },
    ] }))
    const { code, stdout } = await runCli(['terrain', file])
    expect(code).toBe(0)
    const { pieces } = JSON.parse(stdout) as { pieces: Array<Record<string, unknown>> }
    expect(pieces.map((p) => [p.id, p.format, p.sizeMm, p.trianglesIn])).toEqual([
      ['ruin', 'stl', [100, 75, 55], 848],
      ['hill', 'obj', [240, 160, 60], 6464],
    ])
    for (const p of pieces) expect(p.losMicrosPerLine as number).toBeGreaterThan(0)
  })
  it('says what was repaired (welding, routine for STL, is not a repair worth a line)', () => {
    const report = { file: 'x.stl', format: 'stl' as const, scale: 1, warnings: [], trianglesIn: 4, trianglesLos: 4, toleranceMm: 0.5, boundsMm: [0, 0, 0, 1, 1, 1] as [number, number, number, number, number, number], notes: [], prepareMs: 1 }
    expect(repairNotes([{ ...report, repairs: ['welded 8 duplicate vertices'] }])).toEqual([])
    expect(repairNotes([{ ...report, repairs: ['welded 8 duplicate vertices', 'turned the mesh right way out (its triangles faced inward)'] }]))
      .toEqual(['note: x.stl: repaired for sight lines: turned the mesh right way out (its triangles faced inward)'])
  })
})
