// The device's motion sensor with the live camera (issue 31, motion), in Chromium with a fake camera:
// the demo table, filmed still (test/setup/planChecks.ts). Headless Chromium has no motion sensor, so
// the camera line says "motion sensor not offered"; then the page receives DeviceMotion events as a
// phone's browser sends them (rotationRate, °/s, every 16 ms), and the app sends each frame's turn
// rate to the tracker. The truth is the tracker's "moving" speed, 0.12 of the longer side per second
// (153.6 px/s on 1280 px), and the demo camera's focal length (66° across 1280 px: 985.5 px): a turn
// of 5°/s is 86 px/s, under it ("Hold still" stays off); 40°/s is 688 px/s, over it ("Hold still"
// comes on, with nothing in the image moving); held again at 0.5°/s it goes.
// Screenshots: test-results/turn-sensor-hold-still-{phone,tablet,desktop}.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREEN_SIZES, haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { dismissMessages } from '../setup/demoTable.ts'
import { type DemoCameraSession, startDemoCamera, startDemoCameraSession } from '../setup/planChecks.ts'

warnIfNoChromium('test/e2e/turnSensor.test.ts (browser tests)')

describe.skipIf(!haveChromium)('the motion sensor with the live camera (fake camera, DeviceMotion events)', () => {
  let demo: DemoCameraSession

  beforeAll(async () => {
    demo = await startDemoCameraSession('turn-sensor')
  }, 240_000)
  afterAll(async () => {
    await demo?.close()
  })

  it('a turn faster than the tracker\'s "moving" speed says "Hold still" with the image still; a slow turn does not; held again it goes', async () => {
    const page = demo.session.page
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.setViewportSize({ width: 1440, height: 900 })
    await startDemoCamera(page, demo.server.url, demo.registryPath)
    await expect.poll(() => page.evaluate(() => (window.__tabletop!.scene() as { models: Array<{ id: string }> }).models.map((m) => m.id).sort().join(',')), { timeout: 30_000 }).toMatch(/a1.*b1/)
    const sensor = page.getByTestId('turn-sensor')
    await expect.poll(() => sensor.getAttribute('data-state'), { timeout: 15_000, message: 'no sensor in headless Chromium' }).toBe('not offered')
    expect(await sensor.textContent()).toMatch(/motion sensor not offered/)
    const hold = () => page.getByTestId('capture-status').getAttribute('data-hold')
    await expect.poll(hold, { timeout: 30_000 }).toBe('no')

    // A phone's browser: DeviceMotion every 16 ms, the turn rate split over its three axes.
    await page.evaluate(() => {
      const w = window as unknown as { __turnRate: number }
      w.__turnRate = 5
      setInterval(() => {
        const r = w.__turnRate
        window.dispatchEvent(new DeviceMotionEvent('devicemotion', { rotationRate: { alpha: r * 0.6, beta: r * 0.64, gamma: r * 0.48 }, interval: 16 }))
      }, 16)
    })
    await expect.poll(() => sensor.getAttribute('data-state'), { timeout: 5_000 }).toBe('on')
    expect(await sensor.textContent()).toMatch(/motion sensor on/)
    // 5°/s for 3 s: never "Hold still" (the status is read four times a second).
    for (let i = 0; i < 15; i++) {
      expect(await hold(), `5°/s, ${i * 0.2} s in`).toBe('no')
      await page.waitForTimeout(200)
    }

    await page.evaluate(() => { (window as unknown as { __turnRate: number }).__turnRate = 40 })
    await expect.poll(hold, { timeout: 10_000, message: '"Hold still" at 40°/s' }).toBe('yes')
    expect(await page.getByTestId('hold-still').textContent()).toContain('Hold still')
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.waitForTimeout(800)
      await dismissMessages(page)
      await page.getByTestId('capture-status').scrollIntoViewIfNeeded()
      expect(await hold(), `still turning at ${size.name} size`).toBe('yes')
      expect(await page.getByTestId('hold-still').isVisible()).toBe(true)
      await page.screenshot({ path: screenshotPath(`turn-sensor-hold-still-${size.name}`) })
    }

    await page.evaluate(() => { (window as unknown as { __turnRate: number }).__turnRate = 0.5 })
    await expect.poll(hold, { timeout: 10_000, message: 'held again at 0.5°/s' }).toBe('no')
    expect(await sensor.textContent()).toMatch(/motion sensor on/)
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="stop-camera"]')?.click())
    expect(errors).toEqual([])
  }, 300_000)
})
