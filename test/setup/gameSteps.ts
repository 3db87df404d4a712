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
