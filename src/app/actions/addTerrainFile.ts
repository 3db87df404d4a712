// Add a terrain file the player has (STL, OBJ, glTF/GLB, tabletop-mesh/1) to the table: the engine
// worker reads, repairs and checks it (src/terrain, the code the CLI uses, under the worker's answer
// guard), then it stands at the table's centre as a mesh piece, resting on the table. A glTF's
// external buffers come along when picked with it (several files at once). A file that cannot be a
// solid, or is far off in size, is refused with its reason; the table stays as it was. How the file
// was read (several shells, area terrain, thin surfaces, images not read) is said with the notice.
import type { Scene } from '../../engine/index.ts'
import { MESH_FILE_EXTENSIONS, meshFileFormatOf } from '../../terrain/index.ts'
import { addMeshFile, removeMeshFile } from '../engine/meshFiles.ts'
import { useApp } from '../state/appStore.ts'
import { loadRuleSystem } from '../state/systemLoader.ts'

/** A scene mesh name from a file name: letters, digits, . _ - (the scene format's rule), extension kept. */
export function meshNameOf(fileName: string): string {
  const clean = fileName.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '')
  return clean || 'terrain.stl'
}

/** The scene with a mesh piece of `mesh` at the table's centre, resting on the table whatever its file's origin (a fresh id, the ruleset's first terrain type). */
export function addMeshTerrain(scene: Scene, mesh: string, type: string): Scene {
  const used = new Set((scene.terrain ?? []).map((t) => t.id))
  const stem = mesh.replace(/\.[a-z0-9]+$/, '') || 'terrain'
  let id = stem
  for (let n = 2; used.has(id); n++) id = `${stem}-${n}`
  return { ...scene, terrain: [...(scene.terrain ?? []), { id, type, name: mesh, mesh, position: [scene.table.width / 2, scene.table.depth / 2, 0], origin: 'bottom' }] }
}

/** Add the terrain file among `files`; the others (a glTF's .bin, its images) are kept beside it by their own names. */
export async function addTerrainFile(file: File, companions: readonly File[] = []): Promise<boolean> {
  const { notify } = useApp.getState()
  const name = meshNameOf(file.name)
  if (!meshFileFormatOf(name)) {
    notify({ level: 'error', text: `${file.name} is not a terrain file: expected one of ${MESH_FILE_EXTENSIONS.join(', ')}. Nothing changed on the table.` })
    return false
  }
  // side files keep their own names: a glTF names its buffers by their file names
  const sides = await Promise.all(companions.map(async (f) => [f.name, new Uint8Array(await f.arrayBuffer())] as const))
  try {
    addMeshFile(name, new Uint8Array(await file.arrayBuffer()))
    for (const [n, bytes] of sides) addMeshFile(n, bytes)
    const { preparedMesh } = await import('../engine/preparedMeshes.ts')
    const prepared = await preparedMesh(name, 1)
    if (!prepared.ok) throw new Error(prepared.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '))
    const system = await loadRuleSystem(useApp.getState().scene.system)
    const { scene, editScene } = useApp.getState()
    const type = system?.terrainTypes[0]?.id
    if (!type) throw new Error(`${scene.system} has no terrain types`)
    const next = addMeshTerrain(scene, name, type)
    editScene(() => next, { undoable: true })
    const r = prepared.value.report
    const size = [r.boundsMm[3] - r.boundsMm[0], r.boundsMm[4] - r.boundsMm[1], r.boundsMm[5] - r.boundsMm[2]].map((v) => Math.round(v)).join(' × ')
    notify({
      level: r.warnings.length ? 'warning' : 'info',
      text: `Added ${name}: ${size} mm, ${r.trianglesIn} triangles (${r.trianglesLos} for sight lines).`,
      details: [...r.warnings.map((x) => `read: ${x}`), ...r.repairs.filter((x) => !x.startsWith('welded ')).map((x) => `repaired: ${x}`)],
      actions: [{ label: 'Undo', run: () => useApp.getState().undo() }],
    })
    return true
  } catch (e) {
    removeMeshFile(name)
    for (const [n] of sides) removeMeshFile(n)
    notify({ level: 'error', text: `${file.name} cannot be added: ${e instanceof Error ? e.message : String(e)}. Nothing changed on the table.` })
    return false
  }
}

/** Several files picked at once: each terrain file is added, with every other file beside it (a glTF's .bin). */
export async function addTerrainFiles(files: readonly File[]): Promise<void> {
  const terrain = files.filter((f) => meshFileFormatOf(meshNameOf(f.name)))
  const sides = files.filter((f) => !terrain.includes(f))
  if (!terrain.length) {
    if (files[0]) await addTerrainFile(files[0])
    return
  }
  for (const f of terrain) await addTerrainFile(f, sides)
}
