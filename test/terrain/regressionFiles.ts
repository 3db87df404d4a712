// The regression files of issue #25, as the project writes them (no file here comes from elsewhere):
// each is a terrain piece in the shape a community file has it, with the sight lines that check it —
// through an opening, through the solid part, over the top — and their lengths inside, derived by hand.
// Used by test/terrain/regressionFiles.test.ts (Node, as the CLI reads them) and by the browser test
// (the same files added in the planner).
import { type Box, type BuiltMesh, buildBox, buildBoxUnion, gridLines, joinShells } from '../../src/terrain/build/buildSolids.ts'
import { WALL_WINDOW, buildKitHouse, buildTreeCards, kitHouseParts, windowWallParts } from '../../src/terrain/build/terrainLibrary.ts'
import { writeAsciiStl, writeBinaryStl, writeCompressedGlb, writeGlbWithExternalImage, writeGltf, writeGltfWithBin, writeObj, writeObjObjects } from '../../src/terrain/build/writeMeshFiles.ts'

export type Point = [number, number, number]
/** A hand-checked line (mm, the piece at the origin resting on the table) and its length inside the piece (mm). */
export type CheckedLine = { what: 'opening' | 'solid' | 'top'; from: Point; to: Point; insideMm: number; why: string }

export type RegressionFile = {
  name: string
  /** What the file is, as a community file would be. */
  about: string
  bytes: Uint8Array
  /** Files beside it (a glTF's .bin). */
  beside?: Record<string, Uint8Array>
  /** The scene scale that reads it right (its units). */
  scale: number
  lines: CheckedLine[]
  /** What the reading must say (repairs or warnings), as substrings. */
  says: string[]
}

/** The wall with a window from four boxes (WALL_WINDOW): 160 × 10 × 90 mm, window x −20…20, z 40…70. */
export const WINDOW_LINES: CheckedLine[] = [
  { what: 'opening', from: [0, -100, 55], to: [0, 100, 55], insideMm: 0, why: 'through the window (x 0, z 55: inside x −20…20, z 40…70)' },
  { what: 'solid', from: [50, -100, 55], to: [50, 100, 55], insideMm: 10, why: 'through the right-hand box (x 20…80): the wall is 10 mm thick' },
  { what: 'top', from: [0, -100, 95], to: [0, 100, 95], insideMm: 0, why: 'over the wall (90 mm high) at z 95' },
]

/** A closed union mesh with zero-area slivers: every third triangle (a, b, c) split at the middle m of a–b into (a, m, c), (m, b, c) and the sliver (a, b, m), as exporters leave them. */
export function withSlivers(m: BuiltMesh): BuiltMesh {
  const positions = [...m.positions]
  const indices: number[] = []
  for (let t = 0; t < m.indices.length; t += 3) {
    const [a, b, c] = [m.indices[t]!, m.indices[t + 1]!, m.indices[t + 2]!]
    if ((t / 3) % 3 !== 0) { indices.push(a, b, c); continue }
    const mid = positions.length / 3
    positions.push((positions[3 * a]! + positions[3 * b]!) / 2, (positions[3 * a + 1]! + positions[3 * b + 1]!) / 2, (positions[3 * a + 2]! + positions[3 * b + 2]!) / 2)
    indices.push(a, mid, c, mid, b, c, a, b, mid)
  }
  return { positions, indices }
}

const wallBoxes: Box[] = [[-80, -5, 0, WALL_WINDOW.x[0], 5, 90], [WALL_WINDOW.x[1], -5, 0, 80, 5, 90], [WALL_WINDOW.x[0], -5, 0, WALL_WINDOW.x[1], 5, WALL_WINDOW.z[0]], [WALL_WINDOW.x[0], -5, WALL_WINDOW.z[1], WALL_WINDOW.x[1], 5, 90]]

/** The kitbashed house tessellated finely (each part's faces cut every `stepMm`), with small holes left where triangles were lost: a large file with non-manifold edges and holes (the one that hung). */
export function largeNonManifoldHouse(stepMm: number): BuiltMesh {
  const parts = kitHouseParts().map(({ mesh }) => {
    const xs = [...new Set(mesh.positions.filter((_, i) => i % 3 === 0))], ys = [...new Set(mesh.positions.filter((_, i) => i % 3 === 1))], zs = [...new Set(mesh.positions.filter((_, i) => i % 3 === 2))]
    const box: Box = [Math.min(...xs), Math.min(...ys), Math.min(...zs), Math.max(...xs), Math.max(...ys), Math.max(...zs)]
    // the roof is a prism, kept as it is; boxes are tessellated
    if (mesh.indices.length !== 36) return mesh
    return buildBoxUnion([box], [gridLines(box[0], box[3], stepMm), gridLines(box[1], box[4], stepMm), gridLines(box[2], box[5], stepMm)])
  })
  const all = joinShells(parts)
  // lose every 997th triangle (a hole of one triangle: three rim edges, closed again), 300 holes or so in a big file
  return { positions: all.positions, indices: all.indices.filter((_, i) => Math.floor(i / 3) % 997 !== 500) }
}

export const HOUSE_LINES: CheckedLine[] = [
  { what: 'opening', from: [0, -100, 40], to: [0, 100, 40], insideMm: 0, why: 'through the doorway (x −15…15 under z 58) and the window behind it (x −15…15, z 25…55)' },
  { what: 'solid', from: [40, -100, 40], to: [40, 100, 40], insideMm: 8, why: 'through the south and north walls (4 mm each) at x 40' },
  { what: 'top', from: [0, -100, 112], to: [0, 100, 112], insideMm: 0, why: 'over the chimney (110) and the ridge (100)' },
]

/** A window wall in cm with a finely cut corner (cuts 0.0008 cm apart: 8 µm, 80 µm at scale 10): welded at 1 µm in file units, the cuts merged and it opened. */
function smallUnitWall(): BuiltMesh {
  const fine = (a: number) => Array.from({ length: 6 }, (_, i) => Math.round((a + 0.0008 * (i + 1)) * 1e5) / 1e5)
  const cm = wallBoxes.map((b) => b.map((v) => v / 10) as unknown as Box)
  return buildBoxUnion(cm, [fine(-8), fine(-0.5), fine(0)])
}

/** Two crossed cards 60 × 90 mm (one in y = 0, one in x = 0): open surfaces. */
export const TREE_LINES: CheckedLine[] = [
  { what: 'opening', from: [60, -10, 45], to: [-10, 60, 45], insideMm: 0, why: 'between the arms: x + y = 50 meets y = 0 at x 50 and x = 0 at y 50, both beyond the 30 mm arms' },
  { what: 'solid', from: [10, -60, 45], to: [10, 60, 45], insideMm: 1, why: 'through the card in y = 0: a plate 1 mm thick crossed square on' },
  { what: 'top', from: [10, -60, 95], to: [10, 60, 95], insideMm: 0, why: 'over the cards (90 mm)' },
]

export async function regressionFiles(): Promise<RegressionFile[]> {
  const wall = joinShells(windowWallParts().map((p) => p.mesh))
  const wallMm = (scale: number): BuiltMesh => ({ positions: wall.positions.map((v) => v / scale), indices: wall.indices })
  const separate = await writeGltfWithBin(wall, 'window-wall-separate.bin')
  return [
    {
      name: 'window-four-boxes.stl', about: 'a wall with a window from four closed boxes touching face to face (binary STL, "solid" header)', scale: 1,
      bytes: writeBinaryStl(wall, 'solid window exported as binary'), lines: WINDOW_LINES, says: [],
    },
    {
      name: 'corner-walls.obj', about: 'two walls overlapping at a corner and a roof slab resting into them (multi-object OBJ)', scale: 1,
      bytes: writeObjObjects([{ name: 'wall-x', mesh: buildBox([0, 0, 0, 100, 10, 50]) }, { name: 'wall-y', mesh: buildBox([0, 0, 0, 10, 100, 50]) }, { name: 'roof', mesh: buildBox([-5, -5, 45, 105, 105, 55]) }]),
      lines: [
        { what: 'opening', from: [60, 60, -1], to: [60, 60, 40], insideMm: 0, why: 'down into the corner the two walls enclose (x 60, y 60 is in neither wall) stopping under the roof slab (z 45)' },
        { what: 'solid', from: [5, -50, 20], to: [5, 150, 20], insideMm: 100, why: 'along the wall in x 0…10 (y 0…100), through the overlap at the corner: one solid, 100 mm' },
        { what: 'top', from: [-50, 50, 60], to: [150, 50, 60], insideMm: 0, why: 'over the roof slab (top z 55)' },
      ],
      says: [],
    },
    {
      name: 'container-slivers.stl', about: 'a closed container whose faces carry zero-area sliver triangles (ASCII STL)', scale: 1,
      bytes: writeAsciiStl(withSlivers(buildBoxUnion(wallBoxes)), 'container'), lines: WINDOW_LINES, says: ['degenerate triangle(s)', 'stitched'],
    },
    {
      name: 'small-units.obj', about: 'the window wall modelled in cm, a corner cut finely (8 µm in file units): read at scale 10', scale: 10,
      bytes: writeObj(smallUnitWall()), lines: WINDOW_LINES, says: [],
    },
    {
      name: 'millimetre.gltf', about: 'the window wall written in mm into a glTF (which counts in metres): read at scale 0.001', scale: 0.001,
      bytes: await writeGltf(wallMm(0.001)), lines: WINDOW_LINES, says: [],
    },
    {
      name: 'external-image.glb', about: 'the window wall as a GLB whose texture is an image file beside it (not there)', scale: 1,
      bytes: await writeGlbWithExternalImage(wall, 'textures/stone.png'), lines: WINDOW_LINES, says: ['external image'],
    },
    {
      name: 'window-wall-separate.gltf', about: 'the window wall as glTF with its buffer in a .bin beside it', scale: 1,
      bytes: separate.gltf, beside: { 'window-wall-separate.bin': separate.bin }, lines: WINDOW_LINES, says: [],
    },
    {
      name: 'window-draco.glb', about: 'the window wall as a Draco-compressed GLB', scale: 1,
      bytes: await writeCompressedGlb(wall, 'draco'), lines: WINDOW_LINES, says: [],
    },
    {
      name: 'house-meshopt.glb', about: 'the kitbashed house as a meshopt-compressed GLB', scale: 1,
      bytes: await writeCompressedGlb(buildKitHouse(), 'meshopt'), lines: HOUSE_LINES, says: [],
    },
    {
      name: 'tree-card.stl', about: 'two crossed tree cards: surfaces, not a solid (binary STL)', scale: 1,
      bytes: writeBinaryStl(buildTreeCards()), lines: TREE_LINES, says: ['thin surfaces'],
    },
  ]
}

/** The large non-manifold file (binary STL): the house at stepMm (1 mm: ~280,000 triangles). */
export function largeNonManifoldFile(stepMm = 1): RegressionFile {
  return {
    name: 'house-large-non-manifold.stl', about: `the kitbashed house tessellated every ${stepMm} mm, with holes where triangles were lost`, scale: 1,
    bytes: writeBinaryStl(largeNonManifoldHouse(stepMm)), lines: HOUSE_LINES, says: ['closed'],
  }
}
