// The camera view first (issue 24), in Chromium, in camera mode (Chromium's fake camera fed a Y4M of
// the narrative-skirmish demo table, b1 moved) and in photo mode (one frame of it as a PNG), at
// 390×844 (phone upright), 844×390 (phone on its side), 820×1180 (tablet) and 1440×900 (desktop):
// - on phone and tablet the image covers ≥ 70 % of the screen's height; the verdict strip is inside
//   the screen without scrolling; the status line is one line and not clipped; nothing is wider than
//   the screen (the bottom sheet open too); the controls are in the sheet;
// - the demo on screen is asked about: camera mode takes it as the player's table ("set up as the
//   demo": its models appear as they are seen), photo mode clears it (its unmarked terrain and
//   unseen models go); models not seen are "not on the table yet", never at the demo's places;
// - attacker and target are picked by tapping the models in the image, and the card rules on them
//   without contradicting itself (strip, target chip, matrix line), in names;
// - a desktop keeps image and panel side by side.
// Screenshots: test-results/view-first-<mode>-<size>.png (and -sheet.png with the sheet open).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'

import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { dismissMessages, renderDemoTable, sceneOf, writeDemoPhoto } from '../setup/demoTable.ts'
import { contradictions } from '../setup/verdictChecks.ts'
import { tapModel } from '../setup/tapModel.ts'
import { pickedNamesUnderToggles } from '../setup/namesUnderToggles.ts'

warnIfNoChromium('test/e2e/viewFirst.test.ts (browser tests)')

const SIZES = [
  { name: 'phone-portrait', width: 390, height: 844, viewFirst: true },
  { name: 'phone-landscape', width: 844, height: 390, viewFirst: true },
  { name: 'tablet', width: 820, height: 1180, viewFirst: true },
  { name: 'desktop', width: 1440, height: 900, viewFirst: false },
] as const

type Box = { x: number; y: number; width: number; height: number }

/** What the test measures on the page, in CSS px. */
async function layoutFacts(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect()
      return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null
    }
    const status = document.querySelector<HTMLElement>('[data-testid="tracking-status"]')
    // Every drawn element whose visible part (what its clipping boxes let show) reaches past the
    // screen's left or right edge.
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      let left = r.left
      let right = r.right
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX
        if (o !== 'visible' || a.tagName.toLowerCase() === 'svg') {
          const c = a.getBoundingClientRect()
          left = Math.max(left, c.left)
          right = Math.min(right, c.right)
        }
      }
      return { left, right }
    }
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ el, r: visible(el) }))
      .filter(({ r }) => r.right > r.left && (r.left < -0.5 || r.right > window.innerWidth + 0.5))
      .map(({ el, r }) => `${el.tagName.toLowerCase()}${el.dataset?.testid ? `[${el.dataset.testid}]` : ''}.${String(el.className)} ${r.left.toFixed(0)}..${r.right.toFixed(0)}`)
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scrolled: { x: window.scrollX, y: window.scrollY, pageWidth: document.documentElement.scrollWidth, pageHeight: document.documentElement.scrollHeight },
      image: box(document.querySelector('[data-testid="camera-image"]')),
      strip: box(document.querySelector('[data-testid="verdict-strip"]')),
      card: box(document.querySelector('[data-testid="card"]')),
      floating: document.querySelector('[data-testid="card"]')?.classList.contains('floating') ?? false,
      panel: box(document.querySelector('.panel')),
      status: status ? { box: box(status), scrollWidth: status.scrollWidth, clientWidth: status.clientWidth, lines: Math.round(status.getBoundingClientRect().height / parseFloat(getComputedStyle(status).lineHeight)) } : null,
      wide,
    }
  })
}

function expectInside(box: Box | null, viewport: { width: number; height: number }, what: string): void {
  expect(box, `${what} on the page`).not.toBeNull()
  expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(-0.5)
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(-0.5)
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height + 0.5)
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(viewport.width + 0.5)
}

/** The facts contradictions() checks, read from what the page shows. */
async function shownRuling(page: Page, where: string) {
  const facts = await page.evaluate(() => {
    const q = (s: string) => document.querySelector<HTMLElement>(s)
    const card = q('[data-testid="card"]')!
    const cell = (id: string) => q(`[data-testid="${id}"] .strip-value`)?.innerText.replace(/\s+/g, ' ').trim() ?? null
    const target = card.dataset.target ?? ''
    const m = q('[data-testid="matrix"]')
    return {
      display: q('[data-testid="strip-los"] .los-badge')?.dataset.los ?? null,
      because: q('[data-testid="strip-because"]') !== null,
      coverText: cell('strip-cover') ?? '',
      chanceText: cell('strip-chance'),
      allowed: q('[data-testid="card-verdict"]') ? q('[data-testid="card-verdict"]')!.classList.contains('ok') : null,
      json: q('[data-testid="card-json"]')?.textContent ?? 'null',
      chip: q(`[data-testid="target-${target}"] .los-chip`)?.dataset.los ?? null,
      matrix: m ? { clear: Number(m.dataset.clear), partial: Number(m.dataset.partial), blocked: Number(m.dataset.blocked) } : null,
      texts: [q('[data-testid="card-title"]')!.innerText, q('[data-testid="verdict-strip"]')!.innerText, m?.innerText ?? '', q('[data-testid="tracking-warnings"]')?.innerText ?? ''],
      names: window.__tabletop!.names(),
    }
  })
  const result = JSON.parse(facts.json) as { los?: { sight?: { because?: { overridesGeometry?: boolean } } }; probability?: { hit?: number } } | null
  return {
    where,
    strip: { display: facts.display, because: facts.because, coverText: facts.coverText, chanceText: facts.chanceText, allowed: facts.allowed },
    engine: { overridesGeometry: result?.los?.sight?.because?.overridesGeometry === true, hit: typeof result?.probability?.hit === 'number' ? result.probability.hit : null },
    chip: facts.chip,
    matrix: facts.matrix,
    texts: facts.texts,
    names: facts.names,
    // The demo's models all have names (scene or profile): none may be shown by its id.
    own: Object.fromEntries(Object.entries(facts.names).map(([id, n]) => [id, n === id ? 'a name' : n])),
  }
}

describe.skipIf(!haveChromium)('camera and photo modes, view first, at four sizes', () => {
  let server: AppServer
  let session: BrowserSession
  const dir = join(RESULTS_DIR, 'view-first')
  const videoPath = join(dir, 'demo-table.y4m')
  const registryPath = join(dir, 'registry.json')
  const photoPath = join(dir, 'photo.png')
  const photoRegistryPath = join(dir, 'photo-registry.json')

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const rendered = await renderDemoTable(6, { width: 1280, height: 720 })
    writeFileSync(videoPath, encodeY4m(rendered.frames, 10))
    writeFileSync(registryPath, JSON.stringify(rendered.synth.registry, null, 1))
    await writeDemoPhoto(photoPath, photoRegistryPath)
    server = await startAppServer()
    session = await launchChromium({ fakeVideo: videoPath })
  }, 240_000)
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })

  for (const size of SIZES) {
    for (const mode of ['camera', 'photo'] as const) {
      it(`${mode} at ${size.name} ${size.width}×${size.height}`, async () => {
        const where = `${mode} at ${size.width}×${size.height}`
        const context = await session.browser.newContext({ viewport: { width: size.width, height: size.height } })
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        try {
          await page.goto(server.url)
          await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
          if (await page.getByTestId('menu-toggle').isVisible()) await page.getByTestId('menu-toggle').click()
          await page.getByTestId(`mode-${mode}`).click()
          await page.getByTestId(`${mode}-mode`).waitFor()
          if (size.viewFirst) {
            // Nothing to look at yet: the sheet is open with the mode's controls.
            await page.locator('[data-testid="bottom-sheet"][data-open="yes"]').waitFor()
            expect(await page.locator('[data-testid="sheet-mode-controls"] [data-testid="registry-name"]').count(), `${where}: the registry control is in the sheet`).toBe(1)
          }
          await page.getByTestId('registry-input').setInputFiles(mode === 'camera' ? registryPath : photoRegistryPath)
          // The demo is on screen: the app asks. The camera takes it as the player's table, the photo clears it.
          await page.getByTestId('demo-question').waitFor({ timeout: 20_000 })
          await page.getByTestId(mode === 'camera' ? 'demo-keep' : 'demo-clear').click()
          await page.getByTestId('demo-question').waitFor({ state: 'detached' })
          const cleared = await sceneOf(page)
          expect(cleared.models, `${where}: a real table starts empty`).toEqual([])
          const arch = (cleared.terrain ?? []).some((t) => t.id === 'stone-arch')
          expect(arch, `${where}: the demo's unmarked arch ${mode === 'camera' ? 'stays (set up as the demo)' : 'goes (cleared)'}`).toBe(mode === 'camera')

          if (mode === 'camera') await page.getByTestId('start-camera').click()
          else await page.getByTestId('photo-input').setInputFiles(photoPath)
          await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
          await expect.poll(async () => (await sceneOf(page)).models.map((m) => m.id).sort().join(','), { timeout: 30_000 }).toMatch(/a1.*b1/)
          await dismissMessages(page)
          if (size.viewFirst) await page.locator('[data-testid="bottom-sheet"][data-open="no"]').waitFor({ timeout: 10_000 })

          // Models not seen are not on the table yet, and never ruled at the demo's places.
          const tracked = await sceneOf(page)
          const waiting = ((tracked.meta as { notOnTable?: { models: Array<{ id: string }> } }).notOnTable?.models ?? []).map((m) => m.id)
          expect([...tracked.models.map((m) => m.id), ...waiting].sort(), `${where}: every registry model is on the table or waiting`).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3'])
          if (waiting.length > 0) await expect.poll(() => page.getByTestId('not-on-table').innerText()).toMatch(/^Not on the table yet: /)

          // Pick by tapping the models in the image: the attacker, then the target.
          await tapModel(page, 'a1')
          await expect.poll(() => page.evaluate(() => window.__tabletop!.selection().attackerId)).toBe('a1')
          await page.waitForTimeout(600) // the picture re-aims on the pick (at human pace)
          await tapModel(page, 'b1')
          await page.locator('[data-testid="card"][data-fresh="yes"][data-state="ruled"][data-attacker="a1"][data-target="b1"]').waitFor({ timeout: 30_000 })
          await page.waitForTimeout(1200)
          expect(await page.getByTestId('card-title').innerText()).toMatch(/^Ranger sergeant → Raider/)

          // As the app aims the picture at the picks, the planning toggles lie over neither picked model's name
          // (on a phone held upright they stand in a row above the status line; in a column at the picture's
          // edge they covered the target's).
          if (size.viewFirst) expect(await pickedNamesUnderToggles(page), `${where}: picked models' names under a planning toggle`).toEqual([])
          // Back to the filled screen (a tap may have asked for the whole picture), aimed at the pick.
          if (size.viewFirst && (await page.getByTestId('camera-image').getAttribute('data-fit')) === 'contain') await page.getByTestId('fit-toggle').click()
          await page.waitForTimeout(900)
          const facts = await layoutFacts(page)
          const vp = facts.viewport
          expect(facts.scrolled.x + facts.scrolled.y, `${where}: the page is not scrolled`).toBe(0)
          expect(facts.scrolled.pageWidth, `${where}: no sideways scroll`).toBeLessThanOrEqual(vp.width)
          expect(facts.wide, `${where}: elements wider than the screen`).toEqual([])
          expectInside(facts.strip, vp, `${where}: verdict strip`)
          expect(facts.status, `${where}: status line`).not.toBeNull()
          expectInside(facts.status!.box, vp, `${where}: status line`)
          expect(facts.status!.scrollWidth, `${where}: status line clipped`).toBeLessThanOrEqual(facts.status!.clientWidth + 1)
          if (size.viewFirst) {
            expect(facts.status!.lines, `${where}: status on one line`).toBe(1)
            const shown = Math.min(vp.height, facts.image!.y + facts.image!.height) - Math.max(0, facts.image!.y)
            expect(shown / vp.height, `${where}: the image covers at least 70 % of the screen's height`).toBeGreaterThanOrEqual(0.7)
            expect(facts.floating, `${where}: the verdict floats over the image`).toBe(true)
            expect(facts.panel, `${where}: no side panel`).toBeNull()
          } else {
            expect(facts.floating, `${where}: the verdict is in the side panel`).toBe(false)
            expect(facts.panel!.x, `${where}: panel beside the image`).toBeGreaterThanOrEqual(facts.image!.x + facts.image!.width - 1)
          }
          expect(contradictions(await shownRuling(page, where))).toEqual([])
          await page.screenshot({ path: screenshotPath(`view-first-${mode}-${size.name}`) })

          if (size.viewFirst) {
            // The sheet: open it; everything in it fits the screen; Escape closes it.
            await page.getByTestId('sheet-toggle').click()
            await page.locator('[data-testid="bottom-sheet"][data-open="yes"]').waitFor()
            if (mode === 'camera') await page.getByTestId('hands-panel').waitFor()
            const open = await layoutFacts(page)
            expect(open.wide, `${where}: elements wider than the screen, sheet open`).toEqual([])
            expect(open.scrolled.pageWidth).toBeLessThanOrEqual(vp.width)
            await page.screenshot({ path: screenshotPath(`view-first-${mode}-${size.name}-sheet`) })
            await page.keyboard.press('Escape')
            await page.locator('[data-testid="bottom-sheet"][data-open="no"]').waitFor()
          }
          if (mode === 'camera') await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="stop-camera"]')?.click())
          expect(errors).toEqual([])
        } finally {
          await context.close()
        }
      }, 240_000)
    }
  }
})

