import { buildRuin } from './src/terrain/build/terrainLibrary.ts'
import { writeBinaryStl } from './src/terrain/build/writeMeshFiles.ts'
import { readMeshFile } from './src/terrain/readMeshFile.ts'
import { repairMesh } from './src/terrain/repairMesh.ts'
import { simplifyMesh } from './src/terrain/simplifyMesh.ts'
import { checkMesh } from './src/engine/index.ts'
const b = writeBinaryStl(buildRuin(2))
for (let i = 0; i < 2; i++) {
let t = performance.now(); const r = await readMeshFile('h.stl', b); console.log('read', performance.now() - t)
t = performance.now(); const c0 = checkMesh(r.positions, r.indices); console.log('check raw', performance.now() - t)
t = performance.now(); const q = repairMesh(r.positions, r.indices); console.log('repair', performance.now() - t)
t = performance.now(); checkMesh(q.positions, q.indices); console.log('check', performance.now() - t)
t = performance.now(); await simplifyMesh(q.positions, q.indices); console.log('simplify', performance.now() - t)
}
