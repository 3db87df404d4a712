// Writes the project's terrain library into models/ (npm run models:terrain): each piece in one of the
// formats players bring, so the app and the tests exercise every loader on real files.
//   ruined-building.stl  binary STL (mm, z up)       L-shaped ruin with windows and a door
//   barricade.stl        ASCII STL                    wall on a sandbag footing
//   hill-ridge.obj       OBJ (mm, z up)               hill with a ridge
//   forest-base.glb      GLB (m, y up), textured      forest base
//   arch.gltf            glTF, buffer embedded        arch with a lintel
// and pieces as the community makes them (several closed shells touching and overlapping, open
// surfaces), each in a format exported in the wild:
//   kit-house.stl        binary STL, "solid" header   kitbashed house: doorway, window from four boxes, gable roof, chimney
//   window-wall.obj      OBJ, one object per box      wall with a window from four boxes touching face to face
//   doorway.gltf + .bin  glTF with an external buffer two pillars and a lintel overlapping them
//   hill-mound.glb       GLB, Draco-compressed         round hill, its surface only (open underneath)
//   tree-cards.glb       GLB, meshopt-compressed       two crossed tree cards (surfaces, not solids)
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { buildArch, buildBarricade, buildDoorway, buildForestBase, buildHill, buildHillMound, buildKitHouse, buildRuin, buildTreeCards, windowWallParts } from './terrainLibrary.ts'
import { writeAsciiStl, writeBinaryStl, writeCompressedGlb, writeGlb, writeGltf, writeGltfWithBin, writeObj, writeObjObjects } from './writeMeshFiles.ts'

/** A 64 × 64 mottled green ground texture (deterministic: a small LCG, no Math.random). */
function forestTexture(): Uint8Array {
  const png = new PNG({ width: 64, height: 64 })
  let seed = 12345
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
  for (let i = 0; i < 64 * 64; i++) {
    const r = rand()
    png.data[4 * i] = 40 + r * 40
    png.data[4 * i + 1] = 90 + r * 70
    png.data[4 * i + 2] = 30 + r * 25
    png.data[4 * i + 3] = 255
  }
  return new Uint8Array(PNG.sync.write(png))
}

export async function makeTerrainLibrary(dir: string): Promise<string[]> {
  const files: Array<[string, Uint8Array]> = [
    ['ruined-building.stl', writeBinaryStl(buildRuin())],
    ['barricade.stl', writeAsciiStl(buildBarricade(), 'barricade')],
    ['hill-ridge.obj', writeObj(buildHill())],
    ['forest-base.glb', await writeGlb(buildForestBase(), forestTexture())],
    ['arch.gltf', await writeGltf(buildArch(), [0.55, 0.5, 0.45, 1])],
    ['kit-house.stl', writeBinaryStl(buildKitHouse(), 'solid kit-house exported by tabletop-ar (binary, mm)')],
    ['window-wall.obj', writeObjObjects(windowWallParts())],
    ['hill-mound.glb', await writeCompressedGlb(buildHillMound(), 'draco')],
    ['tree-cards.glb', await writeCompressedGlb(buildTreeCards(), 'meshopt')],
  ]
  const doorway = await writeGltfWithBin(buildDoorway(), 'doorway.bin')
  files.push(['doorway.gltf', doorway.gltf], ['doorway.bin', doorway.bin])
  for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes)
  return files.map(([n]) => n)
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!)
if (isEntry) {
  const dir = join(import.meta.dirname, '..', '..', '..', 'models')
  makeTerrainLibrary(dir).then((names) => process.stdout.write(`wrote ${names.join(', ')} to models/\n`))
}
