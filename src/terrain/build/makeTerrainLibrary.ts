// Writes the project's terrain library into models/ (npm run models:terrain): each piece in one of the
// formats players bring, so the app and the tests exercise every loader on real files.
//   ruined-building.stl  binary STL (mm, z up)       L-shaped ruin with windows and a door
//   barricade.stl        ASCII STL                    wall on a sandbag footing
//   hill-ridge.obj       OBJ (mm, z up)               hill with a ridge
//   forest-base.glb      GLB (m, y up), textured      forest base
//   arch.gltf            glTF, buffer embedded        arch with a lintel
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { buildArch, buildBarricade, buildForestBase, buildHill, buildRuin } from './terrainLibrary.ts'
import { writeAsciiStl, writeBinaryStl, writeGlb, writeGltf, writeObj } from './writeMeshFiles.ts'

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
  ]
  for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes)
  return files.map(([n]) => n)
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!)
if (isEntry) {
  const dir = join(import.meta.dirname, '..', '..', '..', 'models')
  makeTerrainLibrary(dir).then((names) => process.stdout.write(`wrote ${names.join(', ')} to models/\n`))
}
