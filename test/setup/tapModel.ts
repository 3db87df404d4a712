// Picking a model in a camera or photo mode as a player does: a tap where the overlay draws it in the
// image (view-first, issue 24).
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/**
 * Tap a model where the overlay draws it in the image (what is drawn at that point must be the
 * image's canvas). A model the filled screen crops away is brought in as a player would: the whole
 * picture, then the tap. Returns the player's taps before the model's (0, or 1 for the whole picture).
 */
export async function tapModel(page: Page, id: string): Promise<{ extraTaps: number; why?: string }> {
  // The overlay is drawing (the probe counts its frames).
  await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
  const look = () => page.evaluate((m) => {
    const at = window.__tabletop!.modelOnScreen(m)
    if (!at) return { at, free: false, over: 'nothing (not drawn)' }
    const el = document.elementFromPoint(at.x, at.y)
    const free = el?.tagName === 'CANVAS' && el.closest('[data-testid="camera-image"]') !== null
    return { at, free, over: el ? `${el.tagName.toLowerCase()}.${String(el.className)} ${el.textContent?.slice(0, 40) ?? ''}` : 'off the screen' }
  }, id)
  let seen = await look()
  let extraTaps = 0
  const why = seen.free ? undefined : `${id} at ${JSON.stringify(seen.at)}: ${seen.over}`
  if (!seen.free && (await page.getByTestId('fit-toggle').count()) > 0) {
    extraTaps++
    // Cropped away or under the card: a player shows the whole picture.
    await page.getByTestId('fit-toggle').click()
    await page.waitForTimeout(400)
    seen = await look()
  }
  expect(seen.free, `${id} at ${JSON.stringify(seen.at)} is covered by ${seen.over}`).toBe(true)
  await page.mouse.click(seen.at!.x, seen.at!.y)
  return { extraTaps, ...(why ? { why } : {}) }
}
