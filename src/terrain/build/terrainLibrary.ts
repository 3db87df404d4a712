// The project's own terrain pieces (models/), as closed meshes in mm, z up, origin at the piece's centre
// on the table. makeTerrainLibrary.ts writes them in the formats players bring; tests build the same
// pieces here to know the answers (where the windows are, where the courtyard is).
import { type Box, type BuiltMesh, buildBox, buildBoxUnion, buildExtrusion, buildHeightfield, buildPrismAlongX, gridLines, joinShells } from './buildSolids.ts'

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

// ---- Pieces as the community makes them: several closed shells touching and overlapping (a kitbash,
// a CAD export), a hill open underneath, tree cards. The numbers below are what the scenario scenes'
// hand-checked sight lines are derived from (test/scenarios/terrain-library/).

/** The kitbashed house's doorway (south wall) and window (north wall), aligned: x range, z range. */
export const HOUSE_DOOR = { x: [-15, 15], z: [0, 58] } as const
export const HOUSE_WINDOW = { x: [-15, 15], z: [25, 55] } as const
/** Its walls: 4 mm thick, 70 mm high; the outside is x −60…60, y −40…40; the roof ridge is at z 100, the chimney's top at 110. */
export const HOUSE_WALL = { thickness: 4, height: 70, x: [-60, 60], y: [-40, 40], ridgeZ: 100, chimneyTopZ: 110 } as const

/** The parts of the kitbashed house, each its own closed box or prism, overlapping at the corners and under the roof. */
export function kitHouseParts(): Array<{ name: string; mesh: BuiltMesh }> {
  const [dx0, dx1] = HOUSE_DOOR.x, [, dz1] = HOUSE_DOOR.z
  const [wx0, wx1] = HOUSE_WINDOW.x, [wz0, wz1] = HOUSE_WINDOW.z
  const h = HOUSE_WALL.height
  const box = (name: string, b: Box) => ({ name, mesh: buildBox(b) })
  return [
    box('floor', [-60, -40, 0, 60, 40, 3]),
    // south wall with the doorway: two wall boxes and a lintel that overlaps them by 1 mm
    box('south-west', [-60, -40, 0, dx0, -36, h]), box('south-east', [dx1, -40, 0, 60, -36, h]), box('lintel', [dx0 - 1, -40, dz1, dx1 + 1, -36, h]),
    // north wall with the window from four boxes that touch (sill, head and the two sides)
    box('north-west', [-60, 36, 0, wx0, 40, h]), box('north-east', [wx1, 36, 0, 60, 40, h]), box('sill', [wx0, 36, 0, wx1, 40, wz0]), box('head', [wx0, 36, wz1, wx1, 40, h]),
    // end walls overlapping the long walls at the corners
    box('west', [-60, -40, 0, -56, 40, h]), box('east', [56, -40, 0, 60, 40, h]),
    // a gable roof resting 2 mm into the wall tops, overhanging 4 mm, and a chimney through it
    { name: 'roof', mesh: buildPrismAlongX(-64, 64, [[-44, h - 2], [44, h - 2], [0, HOUSE_WALL.ridgeZ]]) },
    box('chimney', [30, 10, 80, 40, 20, HOUSE_WALL.chimneyTopZ]),
  ]
}

export function buildKitHouse(): BuiltMesh {
  return joinShells(kitHouseParts().map((p) => p.mesh))
}

/** A wall 160 × 10 × 90 mm with a 40 × 30 mm window (x −20…20, z 40…70), from four boxes that touch face to face. */
export const WALL_WINDOW = { x: [-20, 20], z: [40, 70], wall: [-80, -5, 0, 80, 5, 90] } as const
export function windowWallParts(): Array<{ name: string; mesh: BuiltMesh }> {
  const [x0, x1] = WALL_WINDOW.x, [z0, z1] = WALL_WINDOW.z
  return [
    { name: 'left', mesh: buildBox([-80, -5, 0, x0, 5, 90]) },
    { name: 'right', mesh: buildBox([x1, -5, 0, 80, 5, 90]) },
    { name: 'sill', mesh: buildBox([x0, -5, 0, x1, 5, z0]) },
    { name: 'head', mesh: buildBox([x0, -5, z1, x1, 5, 90]) },
  ]
}

/** A doorway: two 20 × 20 mm pillars 50 mm apart (the opening x −25…25 under z 90) and a lintel overlapping their tops, to z 115. */
export const DOORWAY = { opening: { x: [-25, 25], z: [0, 90] }, topZ: 115 } as const
export function buildDoorway(): BuiltMesh {
  return joinShells([buildBox([-45, -10, 0, -25, 10, 100]), buildBox([25, -10, 0, 45, 10, 100]), buildBox([-50, -12, 90, 50, 12, DOORWAY.topZ])])
}

/** A round hill 180 mm across and 45 mm high, its surface only (open underneath, as sculpted hills are). */
export const HILL_MOUND = { radius: 90, height: 45 } as const
export function hillMoundHeight(r: number): number {
  return r >= HILL_MOUND.radius ? 0 : HILL_MOUND.height * Math.cos((Math.PI * r) / (2 * HILL_MOUND.radius)) ** 2
}
export function buildHillMound(rings = 18, sectors = 48): BuiltMesh {
  const positions: number[] = [0, 0, HILL_MOUND.height]
  for (let i = 1; i <= rings; i++) {
    const r = (HILL_MOUND.radius * i) / rings
    for (let j = 0; j < sectors; j++) {
      const a = (2 * Math.PI * j) / sectors
      positions.push(Math.round(r * Math.cos(a) * 1e4) / 1e4, Math.round(r * Math.sin(a) * 1e4) / 1e4, Math.round(hillMoundHeight(r) * 1e4) / 1e4)
    }
  }
  const at = (i: number, j: number) => 1 + (i - 1) * sectors + (j % sectors)
  const indices: number[] = []
  for (let j = 0; j < sectors; j++) indices.push(0, at(1, j), at(1, j + 1))
  for (let i = 1; i < rings; i++) {
    for (let j = 0; j < sectors; j++) indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1))
  }
  return { positions, indices }
}

/** Two crossed tree cards, 60 mm wide and 90 mm tall (one in the plane y = 0, one in x = 0): surfaces, not solids. */
export const TREE_CARDS = { halfWidth: 30, height: 90 } as const
export function buildTreeCards(): BuiltMesh {
  const w = TREE_CARDS.halfWidth, h = TREE_CARDS.height
  return {
    positions: [-w, 0, 0, w, 0, 0, w, 0, h, -w, 0, h, 0, -w, 0, 0, w, 0, 0, w, h, 0, -w, h],
    indices: [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7],
  }
}
