// Open a game's demo table (the game picker, the kiosk's idle reset, "Open the demo instead").
import { useApp } from '../state/appStore.ts'
import { loadDemoScene, systemTitle } from '../state/systemLoader.ts'

/** A game's name short enough for a phone's top bar: its title up to a subtitle ("Halo: Breakpoint"). */
export function shortTitle(systemId: string): string {
  const title = systemTitle(systemId)
  return title ? title.split(/ \(| — /)[0]! : systemId
}

export async function loadDemo(systemId: string): Promise<void> {
  const demo = await loadDemoScene(systemId)
  if (!demo) return
  const s = useApp.getState()
  s.replaceScene(demo)
  s.clearSelection()
  s.notify({ level: 'info', text: `Opened the demo table of ${shortTitle(systemId)}.`, actions: [{ label: 'Undo', run: () => useApp.getState().undo() }] })
}
