// The planning layers in AR (issue 32), in Chromium with the IWER WebXR emulator (`?emulate-xr=scripted`,
// as the other AR tests): a player picks the Ranger sergeant in the planner, switches on Reach and
// Threat and taps a spot, then enters AR and places the table. In the session the layers' toggles are in
// the AR overlay, and the table placed in the world carries the same layers as the planner drew: the
// move's area tinted, the path to the pinned spot, a threat line per attacker the engine (run here in
// Node) lists for that spot; the exposure map comes on from the AR overlay's toggle.
// Screenshots: test-results/plan-xr-<size>.png.
import { describe, expect, it } from 'vitest'
import type { Scene } from '../../src/engine/index.ts'
import { haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { dismissMessages, sceneOf } from '../setup/demoTable.ts'
import { engineAnswer, onScreen } from '../setup/planChecks.ts'

warnIfNoChromium('test/e2e/planXr.test.ts (browser tests)')

type Threat = { points: Array<{ attackers: Array<{ model: string }> }> }
type State = { answers: { spot: { at: [number, number]; reach: { reachable: boolean } | null } | null; threat: { at: [number, number]; threat: unknown } | null; exposure: { result: unknown } | null } }

describe.skipIf(!haveChromium)('planning layers in AR (IWER emulator)', () => {
  const app = appInBrowser()

  it('the layers picked in the planner are on the table placed in AR, and toggle from the AR overlay', async () => {
    const page = app.session().page
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${app.server().url}?emulate-xr=scripted`)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await dismissMessages(page)
    await page.getByTestId('attacker-a1').click()
    await page.getByTestId('layer-reach').click()
    await page.getByTestId('layer-threat').click()
    // A tap on open ground 3.5" from a1 (at 320, 300), toward the table's edge, pins the spot.
    const at = await onScreen(page, 320, 210, 0)
    await page.mouse.click(at.x, at.y)
    const state = () => page.evaluate(() => window.__tabletopPlan!.state()) as Promise<State>
    await expect.poll(async () => {
      const s = await state()
      return s.answers.spot?.reach != null && s.answers.threat?.threat != null && s.answers.threat.at[0] === s.answers.spot.at[0]
    }, { timeout: 120_000, message: 'the pinned spot answered' }).toBe(true)
    const spot = (await state()).answers.spot!
    const scene: Scene = await sceneOf(page)
    const threat = engineAnswer<Threat>(scene, { type: 'threat', model: 'a1', at: spot.at }).points[0]!

    await page.getByTestId('mode-xr').click()
    await page.getByTestId('enter-ar').click({ timeout: 20_000 })
    const controls = page.getByTestId('xr-controls')
    await expect.poll(() => controls.getAttribute('data-xr-state'), { timeout: 20_000 }).toBe('in-session')
    await expect.poll(() => controls.getAttribute('data-hit'), { timeout: 20_000 }).toBe('yes')
    await page.getByTestId('place-table').click()
    await expect.poll(() => controls.getAttribute('data-placed')).toBe('yes')

    // The toggles ride in the AR overlay; the placed table draws what the planner drew.
    const bar = controls.getByTestId('plan-bar')
    expect(await bar.getByTestId('layer-reach').getAttribute('aria-pressed')).toBe('true')
    expect(await bar.getByTestId('layer-threat').getAttribute('aria-pressed')).toBe('true')
    await expect.poll(async () => {
      const d = await page.evaluate(() => window.__tabletopPlan!.drawn())
      return d && { tinted: d.tinted, path: d.path, pinned: d.pinned, attackers: [...new Set(d.attackers)].sort() }
    }, { timeout: 20_000 }).toEqual({ tinted: ['move'], path: true, pinned: true, attackers: [...new Set(threat.attackers.map((a) => a.model))].sort() })
    await page.waitForTimeout(800)
    await page.screenshot({ path: screenshotPath('plan-xr-desktop') })

    await bar.getByTestId('layer-exposure').click()
    await expect.poll(async () => (await state()).answers.exposure?.result != null, { timeout: 120_000 }).toBe(true)
    await expect.poll(async () => (await page.evaluate(() => window.__tabletopPlan!.drawn()))?.exposureGrid, { timeout: 20_000 }).toBe(true)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(1000)
    await page.screenshot({ path: screenshotPath('plan-xr-phone') })
    await page.getByTestId('exit-ar').click()
    expect(errors).toEqual([])
  }, 400_000)
})
