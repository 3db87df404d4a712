// A game's first steps as a player takes them in the game panel (issue 33's browser tests): start a
// game on the table as it is, round 1 with a side first, that side's turn, one model activates; each
// step waits for the panel's turn line to say it.
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

export const turnLine = (page: Page) => page.getByTestId('turn-line').innerText()

/** Start a game and play to `model`'s activation in `side`'s first turn; `name` is how the app names the model. */
export async function playToActivation(page: Page, side: string, model: string, name: string): Promise<void> {
  await page.getByTestId('game-start').click()
  await expect.poll(() => turnLine(page), { timeout: 20_000 }).toBe('Before the first round')
  await page.getByTestId('initiative-first').selectOption(side)
  await page.getByTestId('step-round-start').click()
  await expect.poll(() => turnLine(page)).toBe('Round 1')
  await page.getByTestId('step-turn-start').first().click()
  await expect.poll(() => turnLine(page)).toBe(`Round 1 · ${side}'s turn`)
  await page.getByTestId('activate-model').selectOption(model)
  await page.getByTestId('activate').click()
  await expect.poll(() => turnLine(page)).toBe(`Round 1 · ${side}'s turn · ${name} acting`)
}

/** The sizes issue 33's screenshots are taken at: a phone upright and on its side, a tablet, a desktop (CSS px). */
export const GAME_SHOT_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'phone-landscape', width: 844, height: 390 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

/**
 * What a crowded view-first screen cuts off, in CSS px (0: nothing), read from the page's boxes, not from
 * the app's styles: `cardHead`, how much of the ruling card's title row (the title and the verdict) lies
 * outside the card's visible box; `underBar`, how far the game's turn line, its move flag or the
 * tracking status reaches under the bottom sheet's bar (its Controls button).
 */
export async function viewCutsPx(page: Page): Promise<{ cardHead: number; underBar: number }> {
  return page.evaluate(() => {
    const shown = (e: Element | null | undefined): e is HTMLElement => !!e && e.getClientRects().length > 0
    let cardHead = 0
    const card = document.querySelector<HTMLElement>('[data-testid="card"]')
    const title = card?.querySelector<HTMLElement>('[data-testid="card-title"]')
    if (shown(card) && shown(title)) {
      const box = card.getBoundingClientRect()
      const inner = { top: box.top + card.clientTop, bottom: box.top + card.clientTop + card.clientHeight }
      const parts = [title, ...card.querySelectorAll<HTMLElement>('[data-testid="card-verdict"]')].map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0)
      cardHead = Math.max(0, ...parts.map((r) => Math.max(inner.top - r.top, r.bottom - inner.bottom)))
    }
    let underBar = 0
    const bar = document.querySelector('[data-testid="sheet-toggle"]')
    if (shown(bar)) {
      const top = bar.getBoundingClientRect().top
      for (const id of ['game-turn', 'move-flag', 'tracking-status']) {
        const e = document.querySelector(`[data-testid="view-overlay"] [data-testid="${id}"]`)
        if (shown(e)) underBar = Math.max(underBar, e.getBoundingClientRect().bottom - top)
      }
    }
    return { cardHead, underBar: Math.max(0, underBar) }
  })
}
