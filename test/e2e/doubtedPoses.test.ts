// A doubted pose is never a fact (issue 31, item 4), in Chromium, Photo mode, on a grazing-lock view of
// the demo table (test/setup/grazingTable.ts: the camera low over the near edge, only the two far
// table markers in the picture; the tracker locks on them and doubts the models it places, whose
// predicted error there is over the 2 mm a sure place is held to):
// - the doubted models show as ghosts (not placed), their reason in words on the card;
// - no sight line reaches them; a ghost tapped as the target makes the card wait and say why;
// - a reload does not bring them back as placed;
// - with the table placed from a sure photo first, a later grazing photo moves nobody: the sight lines
//   aim at the sure places, never at a ghost.
// Screenshots at phone (upright and sideways), tablet and desktop: test-results/doubted-<size>.png.
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Scene } from '../../src/engine/index.ts'
import { RESULTS_DIR, haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { dismissMessages, sceneOf } from '../setup/demoTable.ts'
import { renderGrazingView, renderSureView, writePng } from '../setup/grazingTable.ts'
import { tapModel } from '../setup/tapModel.ts'
import { openPhotoMode } from '../setup/photoMode.ts'
import type { TruthPose } from '../tracking/synth/tabletopScene.ts'
import { writeFileSync } from 'node:fs'

warnIfNoChromium('test/e2e/doubtedPoses.test.ts (browser tests)')

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'phone-landscape', width: 844, height: 390 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

type Ghost = { id: string; position: [number, number]; code: string; reason: string }
const ghostsOf = (page: Page) => page.evaluate(() => window.__tabletop!.ghosts()) as Promise<Ghost[]>
const linesOf = (page: Page) => page.evaluate(() => window.__tabletop!.sightLines())
const waitingOf = (s: Scene) => ((s.meta as { notOnTable?: { models: Array<{ id: string }> } } | undefined)?.notOnTable?.models ?? []).map((m) => m.id)

describe.skipIf(!haveChromium)('doubted poses are ghosts, never facts (Photo mode, a grazing-lock view)', () => {
  const app = appInBrowser()
  const grazingPath = join(RESULTS_DIR, 'doubted-grazing.png')
  const surePath = join(RESULTS_DIR, 'doubted-sure.png')
  const registryPath = join(RESULTS_DIR, 'doubted-registry.json')
  let truth: TruthPose[]

  beforeAll(async () => {
    const grazing = await renderGrazingView()
    const sure = await renderSureView()
    writePng(grazingPath, grazing.frame)
    writePng(surePath, sure.frame)
    writeFileSync(registryPath, JSON.stringify(grazing.synth.registry, null, 1))
    truth = sure.synth.truth
  }, 120_000)

  /** A fresh page at this size in Photo mode with the registry loaded and the demo cleared. */
  const photoMode = (size: { width: number; height: number }) => openPhotoMode(app.session().browser, app.server().url, size, registryPath, 'clear')

  async function openPhoto(page: Page, path: string): Promise<void> {
    await page.getByTestId('photo-input').setInputFiles(path)
    await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
  }

  for (const size of SIZES) {
    it(`at ${size.name} ${size.width}×${size.height}: ghosts with their reason, no sight line to them, a ghost picked makes the ruling wait`, async () => {
      const { page, close } = await photoMode(size)
      try {
        await openPhoto(page, grazingPath)
        await expect.poll(async () => (await ghostsOf(page)).length, { timeout: 30_000 }).toBeGreaterThan(0)
        const ghosts = await ghostsOf(page)
        const ids = ghosts.map((g) => g.id)
        // Doubted, so not placed: they wait, with their reason in words.
        const scene = await sceneOf(page)
        expect(scene.models.map((m) => m.id).filter((id) => ids.includes(id))).toEqual([])
        expect(waitingOf(scene)).toEqual(expect.arrayContaining(ids))
        for (const g of ghosts) expect(g.reason).toMatch(/table marker/)
        await dismissMessages(page)
        const warnings = page.getByTestId('tracking-warnings')
        await expect.poll(() => warnings.getAttribute('data-codes')).toContain('doubted')
        expect(await warnings.innerText()).toMatch(/Doubted, so not placed \(drawn as ghosts\): Ranger/)
        // Each ghost is drawn with its label ("? name: doubted"), in view (the picture aims at them).
        await expect.poll(async () => (await page.evaluate(() => window.__tabletop!.labels())).filter((l) => l.kind === 'ghost' && l.shown).length, { timeout: 10_000 }).toBe(ghosts.length)

        // The ghost tapped as a player taps a model: the card names it and says why the ruling waits.
        const picked = ids.includes('a1') ? 'a1' : ids[0]!
        await tapModel(page, picked)
        await page.locator('[data-testid="card"][data-state="doubted"]').waitFor({ timeout: 10_000 })
        expect(await page.getByTestId('card-doubted').getAttribute('data-doubted')).toBe(picked)
        expect(await page.getByTestId('card-doubted').innerText()).toMatch(/^Ranger[a-z ]*'s place is doubted: .*table markers.*The ruling waits until the camera sees it surely\.$/s)
        const rule = page.getByTestId(size.width < 1280 ? 'sheet-rule-on-this' : 'rule-on-this')
        expect(await rule.isDisabled()).toBe(true)
        expect(await linesOf(page)).toEqual([])
        await page.waitForTimeout(500)
        await page.screenshot({ path: screenshotPath(`doubted-${size.name}`) })

        if (size.name === 'desktop') {
          // A reload keeps the table as it was saved: the doubted models are still not on it.
          await page.waitForTimeout(800)
          await page.reload()
          await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
          const reloaded = await sceneOf(page)
          expect(reloaded.models.map((m) => m.id).filter((id) => ids.includes(id)), 'doubted models placed after a reload').toEqual([])
          expect(waitingOf(reloaded)).toEqual(expect.arrayContaining(ids))
        }
      } finally {
        await close()
      }
    }, 240_000)
  }

  it('a table placed from a sure photo: a later grazing photo moves nobody, and the sight lines aim at the sure places', async () => {
    const { page, close } = await photoMode({ width: 1440, height: 900 })
    try {
      await openPhoto(page, surePath)
      // The tracker finds a1, a2, a3 and b1 in the sure view (not b2 and b3: too far and small in it).
      await expect.poll(async () => (await sceneOf(page)).models.map((m) => m.id).sort().join(','), { timeout: 30_000 }).toBe('a1,a2,a3,b1')
      const before = await sceneOf(page)
      await page.getByTestId('photo-input').setInputFiles(grazingPath)
      await expect.poll(async () => (await ghostsOf(page)).length, { timeout: 90_000 }).toBeGreaterThan(0)
      const ghosts = await ghostsOf(page)
      const after = await sceneOf(page)
      for (const g of ghosts) {
        const was = before.models.find((m) => m.id === g.id)!
        const now = after.models.find((m) => m.id === g.id)!
        expect(now.position, `${g.id} moved by a doubted view`).toEqual(was.position)
        const t = truth.find((x) => x.id === g.id)!
        expect(Math.hypot(now.position[0] - t.position[0], now.position[1] - t.position[1])).toBeLessThan(5)
      }
      // b1 (not in the grazing view, sure) against the doubted ones: its lines reach their sure places.
      await dismissMessages(page)
      await page.getByTestId('attacker-b1').click()
      await expect.poll(async () => (await linesOf(page)).length, { timeout: 30_000 }).toBeGreaterThan(0)
      const lines = await linesOf(page)
      expect(lines.map((l) => l.to), 'b1 has sight lines to the models the grazing view doubts').toEqual(expect.arrayContaining(ghosts.map((g) => g.id)))
      // A sight line aims at its target's centre: here the sure place, never the ghost, which the
      // grazing view put more than the 2 mm a sure place is held to away from it.
      for (const g of ghosts) {
        const line = lines.find((l) => l.to === g.id)!
        const sure = after.models.find((m) => m.id === g.id)!.position
        expect(Math.hypot(g.position[0] - sure[0], g.position[1] - sure[1]), `${g.id}'s ghost lies off its sure place`).toBeGreaterThan(2)
        expect(Math.hypot(line.aim[0] - sure[0], line.aim[1] - sure[1]), `the line to ${g.id} aims at its sure place`).toBeLessThan(0.01)
      }
      await page.screenshot({ path: screenshotPath('doubted-after-sure-desktop') })
    } finally {
      await close()
    }
  }, 240_000)
})
