// The saved table in use: opening one puts its scene on the planner's table and its registry in force
// for the camera and photo modes (never the demo's), remembers it across reloads, and lets later steps
// (teaching a marker, the table survey) save their registry back into it.
import type { Registry } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { putRegistryInForce } from '../camera/registryFile.ts'
import { addMeshFile, meshFileOf } from '../engine/meshFiles.ts'
import { type SavedTable, getTable, isDamaged, putTable } from './tableDb.ts'
import { bytesOf } from './tableFile.ts'

const ACTIVE_KEY = 'tabletop-ar/active-table'

export function activeTableId(): string | null {
  try {
    return localStorage.getItem(ACTIVE_KEY)
  } catch {
    return null
  }
}

function setActiveTableId(id: string | null): void {
  try {
    if (id) localStorage.setItem(ACTIVE_KEY, id)
    else localStorage.removeItem(ACTIVE_KEY)
  } catch {
    // Not remembered across reloads; the table is open now.
  }
}

/** The registry's name in the camera modes' file line. */
export const registryNameOf = (tableName: string) => `My table: ${tableName}`

function registerFiles(files: Readonly<Record<string, string>> | undefined): void {
  for (const [name, b64] of Object.entries(files ?? {})) addMeshFile(name, bytesOf(b64))
}

/** Put a saved table on the app's table: its scene in the planner (undoable), its registry in force. */
export function openTableInApp(saved: SavedTable): void {
  registerFiles(saved.table.files)
  const s = useApp.getState()
  s.replaceScene(structuredClone(saved.table.scene))
  s.clearSelection()
  putRegistryInForce(registryNameOf(saved.table.name), saved.table.registry)
  setActiveTableId(saved.id)
}

/**
 * Save a registry into the table in use (a marker taught in the view, a survey's measured positions)
 * and put it in force. `from`: the name of the registry in force it was made from; then it is saved
 * only when that was the table in use's own (a survey of a registry file is not the table's). False
 * when nothing was saved: no saved table in use, another registry, or it cannot be written (said to
 * the player).
 */
export async function updateActiveTable(update: { registry: Registry; from?: string }): Promise<boolean> {
  const id = activeTableId()
  const s = useApp.getState()
  if (!id) return false
  try {
    const saved = await getTable(id)
    if (!saved || isDamaged(saved)) return false
    if (update.from !== undefined && update.from !== registryNameOf(saved.table.name)) return false
    const table = { ...saved.table, registry: update.registry, savedAt: new Date().toISOString() }
    await putTable(id, table)
    putRegistryInForce(registryNameOf(table.name), update.registry)
    return true
  } catch (e) {
    s.notify({ level: 'warning', text: `The table could not be saved (${e instanceof Error ? e.message : String(e)}); the change works until the page is closed.` })
    return false
  }
}

/** After a reload: the table in use's own terrain files, so its restored scene rules as before. */
export async function restoreActiveTableFiles(): Promise<void> {
  const id = activeTableId()
  if (!id) return
  const saved = await getTable(id).catch(() => null)
  if (!saved || isDamaged(saved)) return
  const missing = Object.fromEntries(Object.entries(saved.table.files ?? {}).filter(([name]) => !meshFileOf(name)))
  if (Object.keys(missing).length === 0) return
  registerFiles(missing)
  // The scene restored before the files were back is ruled again now (not an undo step).
  useApp.getState().editScene((scene) => ({ ...scene }), { undoable: false })
}
