// The project's own terrain pieces (models/), as closed meshes in mm, z up, origin at the piece's centre
// on the table. makeTerrainLibrary.ts writes them in the formats players bring; tests build the same
// pieces here to know the answers (where the windows are, where the courtyard is).
import { type Box, type BuiltMesh, buildBoxUnion, buildExtrusion, buildHeightfield, gridLines } from './buildSolids.ts'

/** The ruin's windows (x range, z range), in its south (y −75…−69) and north (y 69…75) walls, aligned. */
export const RUIN_WINDOW = { x: [-60, -30], z: [40, 70] } as const
/** The L-shaped ruin's courtyard: the corner its walls enclose on two sides (x 0…100, y 0…75). */
export const RUIN_COURTYARD = { x: [0, 100], y: [0, 75] } as const

/** An L-shaped ruined building, 200 × 150 mm, walls 6 mm thick and 60–110 mm high, windows and a door. */
export function ruinBoxes(): Box[] {
  const [wx0, wx1] = RUIN_WINDOW.x
  const [wz0, wz1] = RUIN_WINDOW.z
  return [
    // floor, 3 mm: the L (the courtyard corner x > 0, y > 0 left open)
    [-100, -75, 0, 100, 0, 3], [-100, 0, 0, 0, 75, 3],
    // south wall: the aligned window, a second window, a broken east end
    [-100, -75, 0, wx0, -69, 110], [wx0, -75, 0, wx1, -69, wz0], [wx0, -75, wz1, wx1, -69, 110], [wx1, -75, 0, 20, -69, 110],
    [20, -75, 0, 50, -69, 40], [20, -75, 70, 50, -69, 80], [50, -75, 0, 100, -69, 80],
    // west wall with a door (y −20…10, up to 60 mm)
    [-100, -75, 0, -94, -20, 110], [-100, -20, 60, -94, 10, 110], [-100, 10, 0, -94, 75, 110],
    // north wall with the window aligned with the south one
    [-100, 69, 0, wx0, 75, 110], [wx0, 69, 0, wx1, 75, wz0], [wx0, 69, wz1, wx1, 75, 110], [wx1, 69, 0, 0, 75, 110],
    // low broken walls along the courtyard, and the east end
    [-6, -6, 0, 0, 75, 60], [0, -6, 0, 100, 0, 50], [94, -75, 0, 100, 0, 80],
  ]
}

export function buildRuin(tessellateMm = 0): BuiltMesh {
  if (!tessellateMm) return buildBoxUnion(ruinBoxes())
  return buildBoxUnion(ruinBoxes(), [gridLines(-100, 100, tessellateMm), gridLines(-75, 75, tessellateMm), gridLines(0, 110, tessellateMm)])
}

/** An arch: two 30 × 20 × 120 mm pillars 60 mm apart under a 20 mm lintel; the gap is x −30…30 below z 100. */
export function buildArch(): BuiltMesh {
  return buildBoxUnion([[-60, -10, 0, -30, 10, 120], [30, -10, 0, 60, 10, 120], [-60, -10, 100, 60, 10, 120]])
}

/** A barricade: a 120 × 12 × 30 mm wall on a wider sandbag footing. */
export function buildBarricade(): BuiltMesh {
  return buildBoxUnion([[-60, -6, 0, 60, 6, 30], [-60, -9, 0, 60, 9, 12]])
}

/** A hill 240 × 160 mm with a ridge along x, 60 mm at its crest, 4 mm at its foot. */
export function buildHill(): BuiltMesh {
  return buildHeightfield(-120, -80, 120, 80, 48, 32, (x, y) => 4 + 56 * Math.exp(-((y / 30) ** 2)) * (1 - (x / 140) ** 2))
}

/** A forest base: an irregular 3 mm plate about 190 × 150 mm (trees are models' business, not sight's). */
export const FOREST_OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [-95, -20], [-70, -68], [-20, -75], [35, -62], [90, -40], [95, 15], [60, 65], [5, 75], [-50, 60], [-88, 35],
]
export function buildForestBase(): BuiltMesh {
  return buildExtrusion(FOREST_OUTLINE, 3)
}
