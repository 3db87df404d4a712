// The table survey step in Chromium, as a player uses it from the Camera mode:
// 1. A live sweep: the fake camera plays a rendered sweep around a table (8 table markers, 4 in the
//    corners, each view held 2 s); the player loads the registry whose table markers have no position,
//    sweeps, measures, reads the residuals and uses the survey; the camera mode then starts on the same
//    camera and locks the table with the surveyed registry.
// 2. Photos without corner markers: the survey asks for the table's corners, the player taps two on the
//    picture, the positions come out right. Then a photo set that does not close (too few) is refused.
// Screenshots at phone, tablet and desktop sizes in test-results/.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { projectPoint } from '../../src/tracking/math/camera.ts'
import { writePng } from '../../src/cli/tracking/readImage.ts'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { openCv } from '../tracking/helpers.ts'
import { afterRigidFit, renderAll } from '../tracking/surveyScore.ts'
import { similarityScale } from '../tracking/similarityScale.ts'
import { buildSurveySweep, cornerPoint, type SurveySweep } from '../tracking/synth/surveySweep.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { dismissMessages } from '../setup/demoTable.ts'

warnIfNoChromium('test/e2e/survey.test.ts (browser tests)')

const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'tablet', width: 820, height: 1180 }, { name: 'desktop', width: 1440, height: 900 }] as const
const dir = join(RESULTS_DIR, 'survey')

async function shots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.waitForTimeout(300)
    await page.screenshot({ path: screenshotPath(`survey-${name}-${size.name}`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** The surveyed positions as the result table shows them (mm, 0.1). */
async function shownPositions(page: Page): Promise<Map<number, [number, number]>> {
  const rows = await page.getByTestId('survey-row').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-id'), tr.getAttribute('data-x'), tr.getAttribute('data-y')]))
  return new Map(rows.map((r) => [Number(r[0]), [Number(r[1]), Number(r[2])] as [number, number]]))
}

/** The worst marker error after a rigid fit (turn and shift, no scale) of the shown positions to the truth: the map's own accuracy. */
function worstAfterFit(shown: Map<number, [number, number]>, sweep: SurveySweep): number {
  const ids = [...sweep.truthTable.keys()].filter((id) => shown.has(id))
  return Math.max(...afterRigidFit(ids.map((id) => shown.get(id)!), ids.map((id) => sweep.truthTable.get(id)!.position)).errorsMm)
}

/** The scale a similarity fit of the shown positions onto the truth reads (1 = exact). */
function shownScale(shown: Map<number, [number, number]>, sweep: SurveySweep): number {
  const ids = [...sweep.truthTable.keys()].filter((id) => shown.has(id))
  return similarityScale(ids.map((id) => shown.get(id)!), ids.map((id) => sweep.truthTable.get(id)!.position))
}

function worstError(shown: Map<number, [number, number]>, sweep: SurveySweep): number {
  return Math.max(...[...sweep.truthTable].map(([id, t]) => {
    const p = shown.get(id)
    return p ? Math.hypot(p[0] - t.position[0], p[1] - t.position[1]) : Infinity
  }))
}

describe.skipIf(!haveChromium)('the table survey step in Chromium', () => {
  let server: AppServer
  let live: SurveySweep
  let photos: SurveySweep
  const videoPath = join(dir, 'sweep.y4m')

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const cv = await openCv()
    live = buildSurveySweep(cv, { seed: 51, views: 8, heldOut: 0, models: 10, width: 1280, height: 720 })
    // Each view held 2 s (4 frames at 2 fps): the step keeps a frame once the camera is still.
    const frames = renderAll(live.views).flatMap((f) => [f.frame, f.frame, f.frame, f.frame])
    writeFileSync(videoPath, encodeY4m(frames, 2))
    writeFileSync(join(dir, 'registry.json'), JSON.stringify(live.input, null, 1))
    photos = buildSurveySweep(cv, { seed: 52, views: 6, heldOut: 0, models: 8, width: 1280, height: 720, cornerMarkers: 0 })
    renderAll(photos.views).forEach((f, i) => writePng(join(dir, `photo-${i + 1}.png`), f.frame))
    writeFileSync(join(dir, 'registry-no-corners.json'), JSON.stringify(photos.input, null, 1))
    writeFileSync(join(dir, 'registry-extra.json'), JSON.stringify({ ...photos.input, markers: [...photos.input.markers, { id: 9, role: 'table', size: 70 }] }, null, 1))
    server = await startAppServer()
  }, 300_000)
  afterAll(async () => {
    await server?.close()
  })

  it('a live sweep with corner markers: progress per marker, residuals, then the camera mode locks the table with the surveyed registry', async () => {
    const session = await launchChromium({ fakeVideo: videoPath })
    try {
      const page = session.page
      await page.goto(server.url)
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('open-survey').click()
      await page.getByTestId('survey-registry-input').setInputFiles(join(dir, 'registry.json'))
      await expect.poll(() => page.getByTestId('survey-source').innerText()).toContain('8 table markers (0, 1, 2, 3, 4, 5, 6, 7)')
      await shots(page, 'intro')
      await page.getByTestId('survey-start-sweep').click()
      // Every marker in two or more views (the chips say so), then measure.
      await expect.poll(() => page.getByTestId('survey-progress').innerText(), { timeout: 150_000, interval: 1000 }).toContain('every marker seen enough')
      expect(await page.getByTestId('survey-measure').isEnabled()).toBe(true)
      // The player sweeps the whole table before measuring ("measure, or add views to be surer"): on to all
      // 8 views, or until a whole loop of the video (16 s) adds none. (In CI a loaded machine kept fewer views
      // by the time "enough" showed, and the table measured from them was 2.2 mm off at one corner.)
      const viewsNow = async () => Number(await page.getByTestId('survey-progress').getAttribute('data-views'))
      for (let last = await viewsNow(), since = Date.now(); last < 8 && Date.now() - since < 30_000;) {
        await page.waitForTimeout(1000)
        const n = await viewsNow()
        if (n !== last) { last = n; since = Date.now() }
      }
      const views = await viewsNow()
      await shots(page, 'sweep')
      await page.getByTestId('survey-measure').click()
      await expect.poll(() => page.getByTestId('survey-step').getAttribute('data-phase'), { timeout: 60_000 }).toBe('result')
      const shown = await shownPositions(page)
      const worst = worstError(shown, live)
      const worstFit = worstAfterFit(shown, live)
      console.log(`live sweep: measured from ${views} views, worst table marker ${worst.toFixed(2)} mm from the truth on the table, ${worstFit.toFixed(2)} mm after a rigid fit`)
      // The map itself (after a rigid fit): 0.75 mm measured through the browser's video (4:2:0, 8 views),
      // 0.4 mm from the same renders as photos in node; bound 1.2 mm (issue 31's 1.0 is bench:survey's). On
      // the table, placed by its corner markers, two more errors add: each corner marker lies up to 0.5 mm
      // per axis off its spot (not pressed fully into the corner; the frame takes it as on its spot), and the
      // map's scale (−0.05 % from these renders in node: 0.6 mm across the table). 1.2 to 2.2 mm measured
      // here and in CI, so 2.5 mm.
      expect(worstFit, `from ${views} views, after a rigid fit`).toBeLessThan(1.2)
      expect(worst, `from ${views} views, on the table`).toBeLessThan(2.5)
      expect(Number(await page.getByTestId('survey-result').getAttribute('data-worst-residual'))).toBeLessThan(0.5)
      await expect.poll(() => page.getByTestId('survey-result').innerText()).toContain('from the corner markers')
      // The scale as the step states it (scaleNote.ts): its 1σ in % and in mm, and, with no camera file in
      // this browser, that it may be off by more (up to 0.1 %) and what to do. The scale the survey read (a
      // similarity fit of the shown map to the truth) is within what the step says: 3σ, or that 0.1 %.
      const sigmaRel = Number(await page.getByTestId('survey-scale').getAttribute('data-sigma-rel'))
      expect(sigmaRel).toBeGreaterThan(0)
      expect(sigmaRel).toBeLessThan(0.002)
      expect(await page.getByTestId('survey-scale').innerText()).toMatch(/^Scale ±[\d.]+ % \(1σ\): ±[\d.]+ mm across the \d+ mm between the farthest table markers\.$/)
      await expect.poll(() => page.getByTestId('survey-scale-warning').innerText()).toContain('No camera file')
      const scaleOff = Math.abs(shownScale(shown, live) - 1)
      console.log(`live sweep: scale ${(scaleOff * 100).toFixed(3)} % off, the survey's σ ${(sigmaRel * 100).toFixed(3)} %`)
      expect(scaleOff).toBeLessThan(Math.max(3 * sigmaRel, 0.001))
      await shots(page, 'result')
      await page.getByTestId('survey-use').click()
      // The step closes; the camera mode starts with the surveyed registry and locks the table.
      await expect.poll(() => page.getByTestId('survey-step').count()).toBe(0)
      await expect.poll(() => page.getByTestId('registry-name').innerText()).toContain('(surveyed)')
      await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
      await dismissMessages(page)
      await page.screenshot({ path: screenshotPath('survey-then-camera-locked') })
      expect(session.consoleErrors.filter((e) => !/favicon|Failed to load resource/.test(e))).toEqual([])
    } finally {
      await session.close()
    }
  }, 420_000)

  it('photos: a marker not on the table is named; without corner markers two tapped corners give the table', async () => {
    const session = await launchChromium()
    try {
      const page = session.page
      await page.goto(server.url)
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('open-survey').click()
      // A registry naming a table marker that is not on the table: the survey is refused, naming it.
      await page.getByTestId('survey-registry-input').setInputFiles(join(dir, 'registry-extra.json'))
      // As a player: photos once the registry is read (it is named, and 'Use photos…' is offered then).
      await expect.poll(() => page.getByTestId('survey-source').innerText(), { timeout: 30_000 }).toContain('registry-extra.json')
      await page.getByTestId('survey-photo-input').setInputFiles([1, 2, 3].map((i) => join(dir, `photo-${i}.png`)))
      await expect.poll(() => page.getByTestId('survey-progress').getAttribute('data-views'), { timeout: 60_000 }).toBe('3')
      await page.getByTestId('survey-measure').click()
      await expect.poll(() => page.getByTestId('survey-refusal').getAttribute('data-markers'), { timeout: 60_000 }).toBe('9')
      expect(await page.getByTestId('survey-refusal').innerText()).toContain('table marker 9 was never seen')
      await shots(page, 'refused')
      await page.getByTestId('survey-close').click()
      await page.getByTestId('open-survey').click()
      await page.getByTestId('survey-registry-input').setInputFiles(join(dir, 'registry-no-corners.json'))
      await expect.poll(() => page.getByTestId('survey-source').innerText(), { timeout: 30_000 }).toContain('registry-no-corners.json')
      // Two photos are not enough to measure.
      await page.getByTestId('survey-photo-input').setInputFiles([join(dir, 'photo-1.png'), join(dir, 'photo-2.png')])
      await expect.poll(() => page.getByTestId('survey-progress').getAttribute('data-views'), { timeout: 60_000 }).toBe('2')
      expect(await page.getByTestId('survey-measure').isEnabled()).toBe(false)
      await page.getByTestId('survey-more-photos').waitFor()
      await page.getByTestId('survey-photo-input').setInputFiles([3, 4, 5, 6].map((i) => join(dir, `photo-${i}.png`)))
      await expect.poll(() => page.getByTestId('survey-progress').getAttribute('data-views'), { timeout: 60_000 }).toBe('6')
      await page.getByTestId('survey-measure').click()
      await expect.poll(() => page.getByTestId('survey-step').getAttribute('data-phase'), { timeout: 60_000 }).toBe('corners')
      // Tap the origin and the next corner along y = 0, where the picture shows them.
      const still = page.getByTestId('survey-still')
      const view = photos.views[Number(await still.getAttribute('data-view')) - 1]!
      const box = (await still.boundingBox())!
      for (const corner of ['x0y0', 'x1y0'] as const) {
        const [u, v] = projectPoint(view.intrinsics, view.pose, [...cornerPoint(corner), 0])!
        await page.mouse.click(box.x + ((u + 0.5) / view.width) * box.width, box.y + ((v + 0.5) / view.height) * box.height)
      }
      await shots(page, 'corners')
      await page.getByTestId('survey-use-corners').click()
      await expect.poll(() => page.getByTestId('survey-step').getAttribute('data-phase'), { timeout: 60_000 }).toBe('result')
      await expect.poll(() => page.getByTestId('survey-result').innerText()).toContain('from the corners you tapped')
      // A tap on a phone-sized picture is a few mm on the table.
      expect(worstError(await shownPositions(page), photos)).toBeLessThan(8)
    } finally {
      await session.close()
    }
  }, 300_000)
})
