// A terrain file's format from its name, with no loader attached: the app's main thread checks a
// file's name before it loads the readers (readMeshFile.ts and its loaders load only when a file is read).
export type MeshFileFormat = 'stl' | 'obj' | 'gltf' | 'glb' | 'tabletop-mesh'

/** File extensions a terrain mesh may have. */
export const MESH_FILE_EXTENSIONS = ['.json', '.stl', '.obj', '.glb', '.gltf'] as const

export function meshFileFormatOf(name: string): MeshFileFormat | null {
  const ext = name.slice(name.lastIndexOf('.')).toLowerCase()
  return ext === '.stl' ? 'stl' : ext === '.obj' ? 'obj' : ext === '.glb' ? 'glb' : ext === '.gltf' ? 'gltf' : ext === '.json' ? 'tabletop-mesh' : null
}

/** A reader's way to refuse a file: throws the file's one-line message (the reader names no file). */
export type MeshReadError = (message: string) => never
