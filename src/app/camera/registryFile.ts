// The marker registry (tabletop-markers/1): loaded from a file, validated by the tracking layer,
// kept across reloads (localStorage). A bad file is refused with its problems; the one in force stays.
import { SceneError } from '../../engine/index.ts'
import { parseRegistry } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { readFileText } from '../actions/download.ts'

const KEY = 'tabletop-ar/marker-registry'

/** Bring back the registry of the last session (the camera modes call this when they open). */
export function restoreRegistry(): void {
  if (useApp.getState().registry) return
  try {
    const text = localStorage.getItem(KEY)
    if (!text) return
    const { name, registry } = JSON.parse(text) as { name: string; registry: unknown }
    useApp.getState().setRegistry({ name, registry: parseRegistry(registry) })
  } catch {
    localStorage.removeItem(KEY)
  }
}

export async function loadRegistryFile(file: File): Promise<boolean> {
  const { notify, setRegistry } = useApp.getState()
  let raw: unknown
  try {
    raw = JSON.parse(await readFileText(file))
  } catch (e) {
    notify({ level: 'error', text: `${file.name} is not valid JSON, so it cannot be a marker registry. The registry in force is unchanged.`, details: [e instanceof Error ? e.message : String(e)] })
    return false
  }
  try {
    const registry = parseRegistry(raw)
    setRegistry({ name: file.name, registry })
    try {
      localStorage.setItem(KEY, JSON.stringify({ name: file.name, registry }))
    } catch {
      // Not kept across reloads; it still works now.
    }
    notify({ level: 'info', text: `Marker registry ${file.name}: ${registry.markers.length} markers.` })
    return true
  } catch (e) {
    const details = e instanceof SceneError ? e.issues.slice(0, 8).map((i) => `${i.path || '(file)'}: ${i.message}`) : [String(e)]
    notify({ level: 'error', text: `${file.name} is not a valid marker registry (tabletop-markers/1). The registry in force is unchanged.`, details })
    return false
  }
}
