// Terrain files as the main thread draws them: asked of the engine worker (which reads, repairs and
// simplifies them with src/terrain, under its answer guard), once per name and scale, forgotten when
// the file's bytes change. The readers never load on the main thread.
import { engine } from './engineHandle.ts'
import { onMeshFileChanged } from './meshFiles.ts'
import type { EngineOutcome } from './engineClient.ts'
import type { PreparedMeshReply } from './protocol.ts'

const asked = new Map<string, Promise<EngineOutcome<PreparedMeshReply>>>()
onMeshFileChanged((name) => {
  for (const key of [...asked.keys()]) if (key.startsWith(`${name}@`)) asked.delete(key)
})

/** The prepared file (or why it cannot be used), asked of the worker once per name and scale. */
export function preparedMesh(name: string, scale: number): Promise<EngineOutcome<PreparedMeshReply>> {
  const key = `${name}@${scale}`
  let p = asked.get(key)
  if (!p) {
    p = engine().prepareMesh(name, scale)
    p.then((r) => { if (!r.ok) asked.delete(key) }, () => asked.delete(key))
    asked.set(key, p)
  }
  return p
}
