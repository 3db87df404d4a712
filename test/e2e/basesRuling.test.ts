// Models without markers, in Chromium (issue 34): a player's table with only its four corner markers
// printed, twelve painted models on their bases (an army of 25 and 40 mm squares and 25 mm rounds), a
// phone's picture made the way a camera makes one (test/tracking/camera: linear light, blur, noise, the
// tone curve, sharpening, JPEG; the renderer knows nothing of the tracker). The table's saved positions
// are last game's: every model where it stands now but one, which the player has moved 60 mm since.
// In the camera mode (Chromium's fake camera playing that picture) with the table's surveyed registry
// (corner markers only):
// - every model is placed from its base, the moved one where it really stands now (not where it was
//   saved), each within 2 mm of the truth;
// - tap an attacker and a target where the picture shows them: the verdict;
// - screenshots at phone, tablet and desktop (test-results/bases-ruling-*.png).
// The same picture opened in Photo mode places them the same way (each base counts in the photo it
// is found in). And from the survey, as a player who printed only the four corner markers starts: the
// registry names them and their corners, with no positions; six photos of the table from around the
// player's side (the same renderer, other places and noise) are surveyed in the camera mode's survey
// step, each marker within 0.5 mm of where it lies; "Use this survey" starts the camera with it, and
// every model is placed from its base and the ruling follows (screenshots
// test-results/bases-survey-{result,ruling}-*.png). Not here: the questions a tangle asks
// (identifyBases.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs'
import { afterAll } from 'vitest'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Scene } from '../../src/engine/index.ts'
import { loadOpenCv } from '../../src/tracking/index.ts'
import { RESULTS_DIR, haveChromium, launchChromium, warnIfNoChromium } from '../setup/browser.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { chooseMode } from '../setup/photoMode.ts'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { dismissMessages, sceneOf } from '../setup/demoTable.ts'
import { tapModel } from '../setup/tapModel.ts'
import { shotsAtThreeSizes } from '../setup/threeSizes.ts'
import { writePng } from '../setup/grazingTable.ts'
import { renderCameraOrder } from '../tracking/camera/renderCameraOrder.ts'
import type { OpenCvForPatterns } from '../tracking/camera/arucoPattern.ts'
import { type VariantScene, variantScene } from '../tracking/bases/baseVariants.ts'
import { cameraLookingAt, eyeAround } from '../tracking/camera/cameraProjection.ts'

warnIfNoChromium('test/e2e/basesRuling.test.ts (browser tests)')

const MOVED = 'm3'
const MOVED_BY: [number, number] = [60, 0]

describe.skipIf(!haveChromium)('models without markers: from the surveyed table to a ruling (fake camera)', () => {
  let server: AppServer
  const dir = join(RESULTS_DIR, 'bases-ruling')
  const photoPath = join(dir, 'table.png')
  const videoPath = join(dir, 'table.y4m')
  const registryPath = join(dir, 'registry.json')
  const scenePath = join(dir, 'table.json')
  const surveyRegistryPath = join(dir, 'registry-to-survey.json')
  const surveyPhotos = [1, 2, 3, 4, 5, 6].map((k) => join(dir, `survey-${k}.png`))
  let v: VariantScene

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const cv = (await loadOpenCv()).cv as unknown as OpenCvForPatterns
    v = variantScene(cv, 'phone', 3, 1280)
    expect(v.marked.size).toBe(0)
    const frame = renderCameraOrder(v.scene, v.lens, v.placement, v.pipeline)
    writePng(photoPath, frame)
    // a phone held still on the table: the same picture, over and over
    writeFileSync(videoPath, encodeY4m([frame, frame], 10))
    writeFileSync(registryPath, JSON.stringify({ format: 'tabletop-markers/1', ...v.registry }, null, 1))
    // What the player's registry says before a survey: four table markers of 70 mm, each in its
    // corner (the sheet's order: 0 at the origin, then round the table), no positions.
    const corners = ['x0y0', 'x1y0', 'x1y1', 'x0y1'] as const
    writeFileSync(surveyRegistryPath, JSON.stringify({ format: 'tabletop-markers/1', markers: v.registry.markers.map((m, i) => ({ id: m.id, role: 'table', size: m.size, corner: corners[i] })) }, null, 1))
    // Six photos from the player's side, 0.9–0.96 m away, 50–58° up, −50° … 50° round the table.
    surveyPhotos.forEach((path, k) => {
      const placement = cameraLookingAt(eyeAround([350, 300], 900 + 60 * (k % 2), 50 + 8 * ((k + 1) % 2), -50 + 20 * k), [350, 300, 0], ((k % 3) - 1) * 2)
      writePng(path, renderCameraOrder(v.scene, v.lens, placement, { ...v.pipeline, seed: 100 + k }))
    })
    // The player's table as saved: each model of the army, side A the first six, where it stood (m3
    // 60 mm from where it stands now).
    const scene: Scene = {
      format: 'tabletop-scene/1',
      system: 'narrative-skirmish',
      meta: { title: 'No markers on my models' },
      table: { width: 700, depth: 600 },
      models: v.models.map((m, i) => ({
        id: m.id, side: i < 6 ? 'A' : 'B', name: `${i < 6 ? 'Ranger' : 'Raider'} ${m.id}`, profile: 'small-model', weapons: ['rifle'],
        base: m.base, height: 40, facing: m.facingDeg,
        position: m.id === MOVED ? [m.position[0] + MOVED_BY[0], m.position[1] + MOVED_BY[1]] : [m.position[0], m.position[1]],
      })) as Scene['models'],
    }
    writeFileSync(scenePath, JSON.stringify(scene, null, 1))
    server = await startAppServer()
  }, 180_000)
  afterAll(async () => {
    await server?.close()
  })

  /** The app with the player's table opened (as My table or a file would give it). */
  async function openTable(page: Page): Promise<void> {
    await page.goto(server.url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await page.getByTestId('toggle-edit').click()
    await page.getByTestId('open-scene-input').setInputFiles(scenePath)
    await expect.poll(async () => (await sceneOf(page)).models.length, { timeout: 20_000 }).toBe(12)
  }

  /** The table locked, then every model placed from its base within 2 mm of where it stands (m3 too: 60 mm from its saved spot). */
  async function expectEveryModelWhereItStands(page: Page): Promise<void> {
    await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
    const placedOf = (s: Scene) => (s.meta as { tracking?: { placed?: string[] } } | undefined)?.tracking?.placed ?? []
    await expect.poll(async () => placedOf(await sceneOf(page)).length, { timeout: 60_000 }).toBe(12)
    const scene = await sceneOf(page)
    for (const m of v.models) {
      const at = scene.models.find((x) => x.id === m.id)!
      expect(Math.hypot(at.position[0] - m.position[0], at.position[1] - m.position[1]), `${m.id} from where it stands`).toBeLessThan(2)
    }
    // A registry of table markers alone is no sign of a wrong registry here: no warning says so.
    expect(await page.locator('body').innerText()).not.toContain('is the registry for another table')
  }

  /** A Chromium session on the player's table in `mode` (the camera playing the table's video), `body`, then no console error. */
  async function onTheTable(mode: 'camera' | 'photo', body: (page: Page) => Promise<void>): Promise<void> {
    const session = await launchChromium(mode === 'camera' ? { fakeVideo: videoPath } : {})
    try {
      await openTable(session.page)
      await chooseMode(session.page, mode)
      await body(session.page)
      expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
    } finally {
      await session.close()
    }
  }

  /** Tap the attacker, then the target, where the picture shows them: the verdict on the card; screenshots; the camera stopped. */
  async function ruleOnTwoTaps(page: Page, attacker: string, target: string, shots: string): Promise<void> {
    await dismissMessages(page)
    await tapModel(page, attacker)
    await expect.poll(() => page.evaluate(() => window.__tabletop!.selection().attackerId)).toBe(attacker)
    await tapModel(page, target)
    await page.locator(`[data-testid="card"][data-state="ruled"][data-attacker="${attacker}"][data-target="${target}"]`).waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('card').innerText()).toMatch(/Allowed|Not allowed|Out of range|No line of sight/)
    // On a phone the card floats over the picture: no model's label is drawn under it.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(900)
    const under = await page.evaluate(() => {
      const canvas = document.querySelector('canvas')!.getBoundingClientRect()
      const card = document.querySelector('[data-testid="card"]')!.getBoundingClientRect()
      return window.__tabletop!.labels().filter((l) => l.shown && l.x < card.right - canvas.left && card.left - canvas.left < l.x + l.width && l.y < card.bottom - canvas.top && card.top - canvas.top < l.y + l.height).map((l) => l.text)
    })
    expect(under, 'labels under the card').toEqual([])
    await page.waitForTimeout(800)
    await shotsAtThreeSizes(page, shots)
    // On a desktop the picture is fitted whole into a wider box: the overlay is drawn over the picture
    // and nowhere beside it (the range ring round the attacker ran into the bar).
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.waitForTimeout(900)
    const drawn = await page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('.camera-frame > video')!
      const canvas = document.querySelector<HTMLCanvasElement>('.registered-overlay canvas')!
      const box = video.getBoundingClientRect(), c = canvas.getBoundingClientRect()
      // object-fit: contain, centred.
      const scale = Math.min(box.width / video.videoWidth, box.height / video.videoHeight)
      const pic = { left: box.left + (box.width - video.videoWidth * scale) / 2, top: box.top + (box.height - video.videoHeight * scale) / 2, w: video.videoWidth * scale, h: video.videoHeight * scale }
      const copy = document.createElement('canvas')
      copy.width = canvas.width
      copy.height = canvas.height
      const ctx = copy.getContext('2d', { willReadFrequently: true })!
      ctx.drawImage(canvas, 0, 0)
      const data = ctx.getImageData(0, 0, copy.width, copy.height).data
      let inside = 0, beside = 0
      for (let y = 0; y < copy.height; y++) for (let x = 0; x < copy.width; x++) {
        if (data[(y * copy.width + x) * 4 + 3]! === 0) continue
        const cx = c.left + ((x + 0.5) * c.width) / copy.width, cy = c.top + ((y + 0.5) * c.height) / copy.height
        if (cx >= pic.left - 1 && cx <= pic.left + pic.w + 1 && cy >= pic.top - 1 && cy <= pic.top + pic.h + 1) inside++
        else beside++
      }
      return { inside, beside, bars: Math.round(box.width - pic.w) }
    })
    expect(drawn.bars, 'the desktop box is wider than the picture').toBeGreaterThan(40)
    expect(drawn.inside, 'overlay pixels over the picture').toBeGreaterThan(1000)
    expect(drawn.beside, 'overlay pixels beside the picture').toBe(0)
    await page.getByTestId('stop-camera').click()
  }

  it('places every model from its base, the moved one where it stands; two taps give the verdict', async () => {
    await onTheTable('camera', async (page) => {
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await page.getByTestId('start-camera').click()
      await expectEveryModelWhereItStands(page)
      const warnings = page.getByTestId('tracking-warnings')
      if (await warnings.count()) expect(await warnings.getAttribute('data-codes')).not.toContain('registry-not-on-table')

      // The ruling: an attacker of side A and a target of side B, tapped where the picture shows them.
      await ruleOnTwoTaps(page, 'm1', 'm9', 'bases-ruling')
    })
  }, 240_000)

  it('from the survey of the four corner markers: the survey, then every model placed from its base, then the verdict', async () => {
    await onTheTable('camera', async (page) => {
      await page.getByTestId('open-survey').click()
      await page.getByTestId('survey-registry-input').setInputFiles(surveyRegistryPath)
      await expect.poll(() => page.getByTestId('survey-source').innerText(), { timeout: 30_000 }).toContain('registry-to-survey.json')
      await page.getByTestId('survey-photo-input').setInputFiles(surveyPhotos)
      await expect.poll(() => page.getByTestId('survey-progress').getAttribute('data-views'), { timeout: 90_000 }).toBe('6')
      await page.getByTestId('survey-measure').click()
      await expect.poll(() => page.getByTestId('survey-step').getAttribute('data-phase'), { timeout: 90_000 }).toBe('result')
      await expect.poll(() => page.getByTestId('survey-result').innerText()).toContain('from the corner markers')
      // Each marker where it lies (the renderer's truth), the table's frame from the corners themselves.
      const rows = await page.getByTestId('survey-row').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-id'), tr.getAttribute('data-x'), tr.getAttribute('data-y')]))
      expect(rows.length).toBe(4)
      for (const [id, x, y] of rows) {
        const truth = v.registry.markers.find((m) => m.id === Number(id))!
        expect(Math.hypot(Number(x) - truth.position![0], Number(y) - truth.position![1]), `marker ${id}`).toBeLessThan(0.5)
      }
      await shotsAtThreeSizes(page, 'bases-survey-result')
      await page.getByTestId('survey-use').click()
      await expect.poll(() => page.getByTestId('survey-step').count()).toBe(0)
      await expect.poll(() => page.getByTestId('registry-name').innerText()).toContain('(surveyed)')
      // The camera starts with the surveyed registry: the table locks, every model from its base.
      await expectEveryModelWhereItStands(page)
      await ruleOnTwoTaps(page, 'm2', 'm8', 'bases-survey-ruling')
    })
  }, 300_000)

  it('the same picture opened in Photo mode: every model placed from its base, the moved one where it stands', async () => {
    await onTheTable('photo', async (page) => {
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await page.getByTestId('photo-input').setInputFiles(photoPath)
      await expectEveryModelWhereItStands(page)
    })
  }, 240_000)
})
