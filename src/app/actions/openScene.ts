// Open a scene file (tabletop-scene/1) into the planner. It is validated by the engine first: a
// file with unknown models, systems or fields is refused with its problems listed, and the table
// on screen stays as it was.
import type { Scene } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { engine } from '../engine/engineHandle.ts'
import { readFileText } from './download.ts'

const EMPTY_SELECTION = { attackerId: null, weaponId: null, targetId: null, rays: false }

export async function openSceneText(text: string, name: string): Promise<boolean> {
  const { notify } = useApp.getState()
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    notify({ level: 'error', text: `${name} is not valid JSON, so it cannot be a scene. Nothing changed on the table.`, details: [e instanceof Error ? e.message : String(e)] })
    return false
  }
  if (typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === 'tabletop-ruling/1') {
    notify({ level: 'error', text: `${name} is a saved ruling, not a scene: open it with "Open ruling file". Nothing changed on the table.` })
    return false
  }
  const r = await engine().evaluate(raw as Scene, EMPTY_SELECTION)
  if (!r.ok) {
    notify({
      level: 'error',
      text: `${name} cannot be opened: the scene has ${r.issues.length} problem${r.issues.length > 1 ? 's' : ''}. Nothing changed on the table.`,
      details: r.issues.slice(0, 8).map((i) => `${i.path || '(scene)'}: ${i.message}`).concat(r.issues.length > 8 ? [`… and ${r.issues.length - 8} more`] : []),
    })
    return false
  }
  const s = useApp.getState()
  s.replaceScene(raw as Scene)
  s.clearSelection()
  notify({ level: 'info', text: `Opened ${name} (${r.value.systemId}, ${r.value.models.length} models).`, actions: [{ label: 'Undo', run: () => useApp.getState().undo() }] })
  return true
}

export async function openSceneFile(file: File): Promise<boolean> {
  try {
    return await openSceneText(await readFileText(file), file.name)
  } catch (e) {
    useApp.getState().notify({ level: 'error', text: e instanceof Error ? e.message : String(e) })
    return false
  }
}
