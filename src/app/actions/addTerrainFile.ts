// Add a terrain file the player has (STL, OBJ, glTF/GLB, tabletop-mesh/1) to the table: read, repaired
// and checked on the spot by src/terrain (the same code the engine worker and the CLI use), then stood
// at the table's centre as a mesh piece. A file that cannot be a solid, or is 100× off in size, is
// refused with its reason; the table stays as it was.
import type { Scene } from '../../engine/index.ts'
import { MESH_FILE_EXTENSIONS, meshFileFormatOf } from '../../terrain/meshFileFormat.ts'
import { addMeshFile } from '../engine/meshFiles.ts'
import { useApp } from '../state/appStore.ts'
import { loadRuleSystem } from '../state/systemLoader.ts'

/** A scene mesh name from a file name: letters, digits, . _ - (the scene format's rule), extension kept. */
export function meshNameOf(fileName: string): string {
  const clean = fileName.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '')
  return clean || 'terrain.stl'
}

/** The scene with a mesh piece of `mesh` at the table's centre (a fresh id, the ruleset's first terrain type). */
export function addMeshTerrain(scene: Scene, mesh: string, type: string): Scene {
  const used = new Set((scene.terrain ?? []).map((t) => t.id))
  const stem = mesh.replace(/\.[a-z0-9]+$/, '') || 'terrain'
  let id = stem
  for (let n = 2; used.has(id); n++) id = `${stem}-${n}`
  return { ...scene, terrain: [...(scene.terrain ?? []), { id, type, name: mesh, mesh, position: [scene.table.width / 2, scene.table.depth / 2, 0] }] }
}

export async function addTerrainFile(file: File): Promise<boolean> {
  const { notify } = useApp.getState()
  const name = meshNameOf(file.name)
  if (!meshFileFormatOf(name)) {
    notify({ level: 'error', text: `${file.name} is not a terrain file: expected one of ${MESH_FILE_EXTENSIONS.join(', ')}. Nothing changed on the table.` })
    return false
  }
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    // the readers load with the first file added, not with the app
    const [{ prepareMeshFile }, { meshLibraryForScene }] = await Promise.all([import('../../terrain/prepareMeshFile.ts'), import('../../terrain/meshLibraryForScene.ts')])
    const prepared = await prepareMeshFile(name, bytes)
    const system = await loadRuleSystem(useApp.getState().scene.system)
    const { scene, editScene } = useApp.getState()
    const type = system?.terrainTypes[0]?.id
    if (!type) throw new Error(`${scene.system} has no terrain types`)
    const next = addMeshTerrain(scene, name, type)
    // the piece's size at scale 1 is checked before it goes on the table
    await meshLibraryForScene({ terrain: next.terrain!.slice(-1) }, async () => prepared)
    addMeshFile(name, bytes)
    editScene(() => next, { undoable: true })
    const r = prepared.report
    const size = [r.boundsMm[3] - r.boundsMm[0], r.boundsMm[4] - r.boundsMm[1], r.boundsMm[5] - r.boundsMm[2]].map((v) => Math.round(v)).join(' × ')
    notify({
      level: 'info',
      text: `Added ${name}: ${size} mm, ${r.trianglesIn} triangles (${r.trianglesLos} for sight lines).`,
      details: r.repairs.filter((x) => !x.startsWith('welded ')).map((x) => `repaired: ${x}`),
      actions: [{ label: 'Undo', run: () => useApp.getState().undo() }],
    })
    return true
  } catch (e) {
    notify({ level: 'error', text: `${file.name} cannot be added: ${e instanceof Error ? e.message : String(e)}. Nothing changed on the table.` })
    return false
  }
}
