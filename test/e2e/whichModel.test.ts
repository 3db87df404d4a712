// Teach by showing, in Chromium with a fake camera (the narrative-skirmish demo table rendered by the
// synthetic camera, b1 moved): the registry loaded lacks b1's marker, and gives b2 a marker (98) that
// is not on the table. The camera view asks "Which model is this?" about each marker it sees and does
// not know, and lists b2 as never seen; the player answers, and b1 is tracked from then on, where it
// really is.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AxeBuilder } from '@axe-core/playwright'
import { FrameTracker, loadOpenCv, type Registry } from '../../src/tracking/index.ts'
import type { TabletopScene } from '../tracking/synth/tabletopScene.ts'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { RESULTS_DIR, haveChromium, launchChromium, warnIfNoChromium } from '../setup/browser.ts'
import { MOVED_B1, TOLERANCE_MM, renderDemoTable, sceneOf } from '../setup/demoTable.ts'
import { shotsAtThreeSizes } from '../setup/threeSizes.ts'

warnIfNoChromium('test/e2e/whichModel.test.ts (browser tests)')


describe.skipIf(!haveChromium)('teach by showing (fake camera)', () => {
  let server: AppServer
  let synth: TabletopScene
  const dir = join(RESULTS_DIR, 'which-model')
  const videoPath = join(dir, 'demo-table.y4m')
  const registryPath = join(dir, 'registry-without-b1.json')
  let b1Id = -1, b2Id = -1
  let visible = new Set<number>()

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const rendered = await renderDemoTable(6, { width: 1280, height: 720 })
    synth = rendered.synth
    writeFileSync(videoPath, encodeY4m(rendered.frames, 10))
    const markerOf = (model: string) => synth.registry.markers.find((m) => m.role === 'model' && m.model === model)!.id
    b1Id = markerOf('b1')
    b2Id = markerOf('b2')
    const registry: Registry = {
      ...synth.registry,
      markers: synth.registry.markers.filter((m) => m.id !== b1Id).map((m) => (m.id === b2Id ? { ...m, id: 98 } : m)),
    }
    writeFileSync(registryPath, JSON.stringify(registry, null, 1))
    // Which markers the frames show (the detector on the first frame, with the full registry).
    const tracker = new FrameTracker(await loadOpenCv(), synth.registry)
    visible = new Set(tracker.track(rendered.frames[0]!).detections.map((d) => d.id))
    tracker.dispose()
    expect(visible.has(b1Id)).toBe(true)
    server = await startAppServer()
  }, 180_000)
  afterAll(async () => {
    await server?.close()
  })

  it('asks which model an unknown marker is, lists the model never seen, and tracks b1 once told', async () => {
    const session = await launchChromium({ fakeVideo: videoPath })
    try {
      const page = session.page
      await page.goto(server.url)
      await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await page.getByTestId('start-camera').click()
      await page.getByTestId('demo-keep').click() // the demo on screen: the registry is the demo table's, so it is the player's table
      await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 60_000 }).toBe('yes')

      const ask = page.getByTestId('which-model-ask')
      await ask.waitFor({ timeout: 30_000 })
      // Never seen: b2 (its registered 98 is not on the table) and every model the frames do not show.
      const unseen = synth.registry.markers.filter((m) => m.role === 'model' && m.model !== 'b1' && (m.model === 'b2' || !visible.has(m.id)))
      await expect.poll(() => page.getByTestId('never-seen').locator('summary').innerText(), { timeout: 20_000 }).toBe(`Not seen yet: ${unseen.length} model${unseen.length === 1 ? '' : 's'}`)
      await page.getByTestId('never-seen').locator('summary').click()
      expect(await page.getByTestId('never-seen').innerText()).toContain('marker 98')
      await shotsAtThreeSizes(page, 'which-model')
      const axe = await new AxeBuilder({ page }).include('[data-testid="which-model"], [data-testid="which-model-ask"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

      // Answer every question: b1's marker is b1's, b2's real marker is b2's.
      const answered = new Set<number>()
      for (let i = 0; i < (visible.has(b2Id) ? 2 : 1); i++) {
        await ask.waitFor({ timeout: 20_000 })
        const id = Number(await page.getByTestId('which-model-id').innerText())
        expect([b1Id, b2Id]).toContain(id)
        expect(answered.has(id)).toBe(false)
        // The model without a marker is offered first.
        if (id === b1Id) expect(await ask.locator('button').first().getAttribute('data-testid')).toBe('which-model-b1')
        await page.getByTestId(id === b1Id ? 'which-model-b1' : 'which-model-b2').click()
        answered.add(id)
      }
      await expect.poll(() => ask.count()).toBe(0)
      await expect.poll(() => page.getByTestId('registry-name').innerText()).toBe(`Markers: registry-without-b1.json (${synth.registry.markers.length})`)
      // b1 is tracked where it really is, with the registered tab.
      await expect.poll(async () => {
        const s = await sceneOf(page)
        const placed = (s.meta as { tracking?: { placed: string[] } } | undefined)?.tracking?.placed ?? []
        const b1 = s.models.find((m) => m.id === 'b1')!
        return placed.includes('b1') ? Math.hypot(b1.position[0] - MOVED_B1.position[0], b1.position[1] - MOVED_B1.position[1]) : Infinity
      }, { timeout: 30_000 }).toBeLessThan(TOLERANCE_MM)
      // Once told, only the models the frames do not show are still unseen.
      const still = unseen.filter((m) => !(m.role === 'model' && m.model === 'b2' && visible.has(b2Id))).length
      if (still === 0) await expect.poll(() => page.getByTestId('never-seen').count(), { timeout: 20_000 }).toBe(0)
      else await expect.poll(() => page.getByTestId('never-seen').locator('summary').innerText(), { timeout: 20_000 }).toBe(`Not seen yet: ${still} model${still === 1 ? '' : 's'}`)
      await page.getByTestId('stop-camera').click()
      expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
    } finally {
      await session.close()
    }
  }, 240_000)
})
