// The picked models' names that lie under a planning-layer toggle on screen, over a camera image: the
// names' boxes as the app laid them out last (window.__tabletop.labels(), canvas-relative CSS px) against
// the toggles' buttons. A player must read whom the verdict is about without moving a button.
import type { Page } from 'playwright-core'

export async function pickedNamesUnderToggles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = window.__tabletop!
    const { attackerId, targetId } = probe.selection()
    const names = probe.names()
    const picked = new Set([attackerId, targetId].flatMap((id) => (id && names[id] ? [names[id]] : [])))
    const canvas = document.querySelector('.registered-overlay canvas')
    if (!canvas) throw new Error('no camera overlay on the page')
    const at = canvas.getBoundingClientRect()
    const buttons = [...document.querySelectorAll('.plan-toggles > button')].map((b) => b.getBoundingClientRect()).filter((b) => b.width > 0)
    return probe.labels().filter((l) => l.shown && l.kind === 'model' && picked.has(l.text)).flatMap((l) => {
      const left = at.left + l.x, top = at.top + l.y
      return buttons.some((b) => left < b.right && left + l.width > b.left && top < b.bottom && top + l.height > b.top) ? [l.text] : []
    })
  })
}
