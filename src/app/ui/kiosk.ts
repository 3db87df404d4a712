// Convention kiosk mode (`?kiosk`, or `?kiosk=SECONDS` for the idle time): a tablet on a stand.
// Large type and labels; full screen from the first touch; after a spell with nobody touching it,
// back to the demo table of the game on screen with nothing selected; and nothing that leaves the
// app by accident: no file pickers (none is drawn, and a file input's activation is cancelled), no
// downloads (hidden by app.css), no sharing (no room panel, no links), no link that navigates away,
// no long-press menu, no "back" out of the page, no pinch zoom of the page.
import { useApp } from '../state/appStore.ts'
import { setLabelBoxPx, LABEL_BOX_PX_KIOSK } from '../scene/labelLayout.ts'
import { loadDemo } from '../actions/loadDemo.ts'

export const KIOSK_IDLE_S_DEFAULT = 90

/** The kiosk's idle time in seconds when the URL asks for kiosk mode, else null. */
export function kioskIdleSeconds(search: string): number | null {
  const params = new URLSearchParams(search)
  if (!params.has('kiosk')) return null
  const s = Number(params.get('kiosk'))
  return params.get('kiosk') !== '' && Number.isFinite(s) && s >= 1 ? s : KIOSK_IDLE_S_DEFAULT
}

export function isKiosk(): boolean {
  return kioskIdleSeconds(window.location.search) !== null
}

/** Start kiosk mode if the URL asks for it (main.tsx, before the first render). */
export function installKiosk(): void {
  const idleS = kioskIdleSeconds(window.location.search)
  if (idleS === null) return
  document.documentElement.classList.add('kiosk')
  setLabelBoxPx(LABEL_BOX_PX_KIOSK)
  let timer = 0
  const backToDemo = async () => {
    const s = useApp.getState()
    if (s.mode !== 'planner') s.setMode('planner')
    await loadDemo(s.scene.system)
    useApp.getState().clearSelection()
    document.documentElement.dataset.kioskReset = String(Number(document.documentElement.dataset.kioskReset ?? '0') + 1)
  }
  const touched = () => {
    window.clearTimeout(timer)
    timer = window.setTimeout(backToDemo, idleS * 1000)
    if (!document.fullscreenElement && document.fullscreenEnabled) void document.documentElement.requestFullscreen().catch(() => undefined)
  }
  for (const type of ['pointerdown', 'keydown', 'wheel'] as const) window.addEventListener(type, touched, { capture: true, passive: true })
  timer = window.setTimeout(backToDemo, idleS * 1000)
  // No file chooser and no link out, whatever is clicked (a file input's or a link's default action is cancelled).
  document.addEventListener('click', (e) => {
    const t = e.target instanceof Element ? e.target : null
    if (t?.closest('input[type="file"], a[href]')) e.preventDefault()
  }, true)
  // A long press opens no menu; "back" stays in the app.
  window.addEventListener('contextmenu', (e) => e.preventDefault())
  history.pushState({ kiosk: true }, '')
  window.addEventListener('popstate', () => history.pushState({ kiosk: true }, ''))
}
