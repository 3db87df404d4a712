// In-app camera calibration in Chromium with a fake camera: a Y4M of the printed ChArUco board seen
// from 6 known poses (1 frame per second, looping) is fed as the webcam. Camera mode → Calibrate
// camera → Capture view until ≥ 4 views are accepted → Solve: fx on screen within a few percent of
// the camera the frames were rendered with. After a reload the calibration of this camera is in
// force again without loading any file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { openCv } from '../tracking/helpers.ts'
import { renderTableFrame } from '../tracking/synth/renderTableFrame.ts'
import { charucoBoardFrame, charucoBoardMarkers, type BoardView } from '../tracking/synth/charucoBoard.ts'
import { buildTabletopScene } from '../tracking/synth/tabletopScene.ts'
import { dismissMessages } from '../setup/demoTable.ts'
import type { CameraIntrinsics } from '../../src/tracking/types.ts'

warnIfNoChromium('test/e2e/calibration.test.ts (browser tests)')

const WIDTH = 1280, HEIGHT = 720
const FX = (WIDTH / 2) / Math.tan((60 / 2) * (Math.PI / 180))
const TRUTH: CameraIntrinsics = { width: WIDTH, height: HEIGHT, fx: FX, fy: FX, cx: WIDTH / 2 - 0.5, cy: HEIGHT / 2 - 0.5, source: 'calibration' }
const VIEWS: BoardView[] = [
  { distanceMm: 380, elevationDeg: 62, azimuthDeg: -25, rollDeg: 5 },
  { distanceMm: 400, elevationDeg: 55, azimuthDeg: 30, rollDeg: -8 },
  { distanceMm: 360, elevationDeg: 70, azimuthDeg: 150, rollDeg: 10 },
  { distanceMm: 420, elevationDeg: 50, azimuthDeg: -120, rollDeg: -4 },
  { distanceMm: 390, elevationDeg: 58, azimuthDeg: 80, rollDeg: 3 },
  { distanceMm: 370, elevationDeg: 65, azimuthDeg: -70, rollDeg: -12 },
]

describe.skipIf(!haveChromium)('camera calibration in the app (fake camera showing the ChArUco board)', () => {
  let server: AppServer
  const dir = join(RESULTS_DIR, 'fake-camera')
  const videoPath = join(dir, 'charuco-board.y4m')
  const registryPath = join(dir, 'calibration-registry.json')

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const cv = await openCv()
    const markers = charucoBoardMarkers(cv)
    const frames = VIEWS.map((v, i) => renderTableFrame(charucoBoardFrame(markers, TRUTH, v, { noiseSigma: 2, blurSigmaPx: 0.5, seed: 3 + i })).frame)
    writeFileSync(videoPath, encodeY4m(frames, 1))
    // The camera mode starts with a marker registry (any valid one: calibration does not use it).
    writeFileSync(registryPath, JSON.stringify(buildTabletopScene(cv, { seed: 5, models: 2, hands: 0 }).registry))
    server = await startAppServer()
  }, 240_000)
  afterAll(async () => {
    await server?.close()
  })

  it('captures ≥ 4 views, solves, shows fx near the truth, and keeps it for the camera across a reload', async () => {
    const session: BrowserSession = await launchChromium({ fakeVideo: videoPath })
    try {
      const page = session.page
      await page.goto(server.url)
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('registry-input').setInputFiles(registryPath)
      await page.getByTestId('start-camera').click()
      await page.getByTestId('calibrate-camera').click({ timeout: 60_000 })
      const views = page.getByTestId('calibration-views')
      const capture = page.getByTestId('calibration-capture')
      for (let i = 0; i < 14 && Number(await views.getAttribute('data-views')) < 5; i++) {
        await capture.click()
        await expect.poll(() => capture.isEnabled(), { timeout: 20_000 }).toBe(true)
        await page.waitForTimeout(1100)
      }
      expect(Number(await views.getAttribute('data-views'))).toBeGreaterThanOrEqual(4)
      const corners = Number(await page.getByTestId('calibration-last').getAttribute('data-corners'))
      expect(corners).toBeGreaterThanOrEqual(12)
      const box = await capture.boundingBox()
      expect(box!.height).toBeGreaterThanOrEqual(44)

      await page.getByTestId('calibration-solve').click()
      const result = page.getByTestId('calibration-result')
      await result.waitFor({ timeout: 30_000 })
      const fx = Number(await result.getAttribute('data-fx'))
      const rms = Number(await result.getAttribute('data-rms'))
      const text = await result.innerText()
      console.log(`in-app calibration: ${text.split('\n')[0]} (truth fx ${FX.toFixed(1)})`)
      expect(text).toMatch(/fx \d+\.\d px, fy \d+\.\d px, cx \d+\.\d px, cy \d+\.\d px, RMS \d\.\d{3} px/)
      expect(Math.abs(fx / FX - 1)).toBeLessThan(0.05)
      expect(rms).toBeLessThan(1.5)
      await dismissMessages(page)
      await result.scrollIntoViewIfNeeded()
      await page.screenshot({ path: screenshotPath('camera-calibration') })

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('calibration-export').click()])
      const exported = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { format: string; fx: number; width: number }
      expect(exported).toMatchObject({ format: 'tabletop-camera/1', width: WIDTH })
      expect(exported.fx).toBeCloseTo(fx, 6)

      // Reload: the same camera's calibration is in force again without loading a file.
      await page.reload()
      await page.getByTestId('mode-camera').click()
      await page.getByTestId('start-camera').click()
      await expect.poll(() => page.getByTestId('camera-mode').innerText(), { timeout: 60_000 }).toContain('Camera: calibrated in the app')
    } finally {
      await session.close()
    }
  }, 300_000)
})
