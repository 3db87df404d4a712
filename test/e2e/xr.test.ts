// AR mode in Chromium with the IWER WebXR emulator (stack-probe §4c: native navigator.xr hidden by
// --disable-blink-features=WebXR so IWER installs; controllers and hands are not drawn, so nothing
// is fetched from a CDN): enter immersive-ar, get hit-test results, place the table. Without the
// emulator the same browser has no WebXR at all: the mode says so and offers the planner.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { Matrix4, PerspectiveCamera, Vector3 } from 'three'
import { loadOpenCv } from '../../src/tracking/index.ts'
import type { Matrix3 } from '../../src/tracking/types.ts'
import { buildSceneFrame, type TabletopScene } from '../tracking/synth/tabletopScene.ts'
import { renderTableFrame } from '../tracking/synth/renderTableFrame.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { MOVED_B1, TOLERANCE_MM, demoScene, truthRuling, worstTrackedErrorMm } from '../setup/demoTable.ts'
import { type HandCutout, encodePng, layHandOnTable, renderOpenHand } from './handsRender/handOverTable.ts'

warnIfNoChromium('test/e2e/xr.test.ts (browser tests)')

describe.skipIf(!haveChromium)('AR mode in Chromium (IWER emulator)', () => {
  let server: AppServer
  let session: BrowserSession
  const external: string[] = []

  beforeAll(async () => {
    server = await startAppServer()
    session = await launchChromium({ webxrEmulation: true })
    session.page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.hostname !== '127.0.0.1' && url.protocol.startsWith('http')) external.push(r.url())
    })
  })
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })

  it('without WebXR: a clear message and the way back to the planner', async () => {
    const page = session.page
    await page.goto(server.url)
    await page.getByTestId('mode-xr').click()
    const note = page.getByTestId('xr-mode')
    await expect.poll(() => note.innerText(), { timeout: 10_000 }).toContain('does not offer WebXR')
    await note.getByRole('button', { name: 'Back to the planner' }).click()
    await page.getByTestId('table-view').waitFor()
  })

  it('enters immersive-ar, sees hit-test results and places the table', async () => {
    const page = session.page
    await page.goto(`${server.url}?emulate-xr`)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await page.getByTestId('attacker-a1').click()
    await page.getByTestId('target-b1').click()
    await page.getByTestId('mode-xr').click()
    await page.getByTestId('enter-ar').click({ timeout: 20_000 })
    const controls = page.getByTestId('xr-controls')
    await expect.poll(() => controls.getAttribute('data-xr-state'), { timeout: 20_000 }).toBe('in-session')
    const mode = await page.evaluate(() => (navigator as Navigator & { xr?: unknown }).xr !== undefined)
    expect(mode).toBe(true)
    await expect.poll(() => controls.getAttribute('data-hit'), { timeout: 20_000 }).toBe('yes')
    await page.getByTestId('place-table').click()
    await expect.poll(() => controls.getAttribute('data-placed')).toBe('yes')
    await expect.poll(() => controls.getAttribute('data-anchored'), { timeout: 10_000 }).toBe('yes')
    expect(await page.getByTestId('xr-card').innerText()).toContain('9/20 to hit')

    // Two-corner alignment gives a placement too (both corners on the same hit point in a still
    // emulator: the measured edge is then ~0 mm, which the overlay reports honestly).
    await page.getByTestId('align-corner').click()
    await page.getByTestId('align-corner').click()
    await expect.poll(() => page.getByTestId('xr-edge').innerText()).toMatch(/Corners \d+ mm apart/)
    await page.getByTestId('place-table').click()
    await page.waitForTimeout(1000)
    await page.screenshot({ path: screenshotPath('xr-placed') })
    expect(external).toEqual([])
    expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
  })
})

// Markers from the XR camera. IWER has no Raw Camera Access, so test/setup/xrCameraAccessShim.js
// adds the spec's XRView.camera and XRWebGLBinding.getCameraImage, whose image the synthetic frame
// renderer draws here in Node: the demo table (b1 moved), standing at a known place in the XR world,
// seen from the emulated headset's pose with the view's field of view. Everything after the image
// is the app's: readback, the real OpenCV tracker in its worker, the lock → world placement, the
// averaging, the models put on the table. Truth: the table's world placement and the models' poses.
describe.skipIf(!haveChromium)('AR mode: table and models from the XR camera (camera-access)', () => {
  let server: AppServer
  let session: BrowserSession
  let synth: TabletopScene
  const dir = join(RESULTS_DIR, 'xr-camera')
  const registryPath = join(dir, 'registry.json')
  /** Vertical field of view of the emulated device: a phone-like 60° across a 16:10 view. */
  const FOVY = 2 * Math.atan(Math.tan(Math.PI / 6) / 1.6)
  /** Where the table really is in the XR world (metres, y up), and its turn about world up. */
  const CENTRE = new Vector3(0.05, 0.72, -0.55)
  const YAW = 0.3
  const ex = new Vector3(Math.cos(YAW), 0, -Math.sin(YAW))
  const ez = new Vector3(0, 1, 0)
  const ey = new Vector3().crossVectors(ez, ex)
  let origin: Vector3
  /** When set, the XR camera's image has this rendered hand resting on the table beside b1 (hands test). */
  let handInCamera: HandCutout | null = null
  let openHand: HandCutout

  /** Camera (OpenCV axes, mm) ← table, for a view whose world ← camera (GL axes) matrix is given. */
  function cameraFromTable(viewMatrix: number[]): { rotation: Matrix3; translation: [number, number, number] } {
    const view = new Matrix4().fromArray(viewMatrix)
    const toCamera = view.clone().invert()
    const axis = (v: Vector3) => v.clone().transformDirection(toCamera)
    const [cx, cy, cz] = [axis(ex), axis(ey), axis(ez)]
    const o = origin.clone().applyMatrix4(toCamera).multiplyScalar(1000)
    // GL camera → OpenCV camera: y and z flip.
    return {
      rotation: [cx.x, cy.x, cz.x, -cx.y, -cy.y, -cz.y, -cx.z, -cy.z, -cz.z],
      translation: [o.x, -o.y, -o.z],
    }
  }

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    const table = demoScene().table
    origin = CENTRE.clone().addScaledVector(ex, -table.width / 2000).addScaledVector(ey, -table.depth / 2000)
    const cv = await loadOpenCv()
    synth = buildSceneFrame(cv, demoScene(), { seed: 7, moves: { b1: MOVED_B1 }, camera: { width: 1280, height: 800 } })
    writeFileSync(registryPath, JSON.stringify(synth.registry, null, 1))
    server = await startAppServer()
    openHand = await renderOpenHand()
    session = await launchChromium({ webxrEmulation: true })
    await session.page.exposeFunction('__renderXrCamera', ({ matrix, width, height }: { matrix: number[]; width: number; height: number }) => {
      const fy = height / 2 / Math.tan(FOVY / 2)
      const intrinsics = { width, height, fx: fy, fy, cx: (width - 1) / 2, cy: (height - 1) / 2, source: 'calibration' as const }
      const pose = cameraFromTable(matrix)
      const table = renderTableFrame({ ...synth.spec, width, height, intrinsics, pose }).frame
      const frame = handInCamera ? layHandOnTable(table, handInCamera, { intrinsics, pose }, [MOVED_B1.position[0] - 80, MOVED_B1.position[1] + 40]).frame : table
      if (handInCamera) writeFileSync(join(dir, 'xr-camera-hand-frame.png'), encodePng(frame))
      return Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength).toString('base64')
    })
  }, 180_000)
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })

  /** Put the emulated headset at `eye` (world, m) looking at the table's centre. */
  async function moveHeadset(page: Page, eye: Vector3): Promise<void> {
    const look = new PerspectiveCamera()
    look.position.copy(eye)
    look.lookAt(CENTRE)
    const q = look.quaternion
    await page.evaluate(({ p, q, fovy }) => {
      const device = window.__tabletopXrDevice?.() as { fovy: number; position: { set: (...v: number[]) => void }; quaternion: { set: (...v: number[]) => void } }
      device.fovy = fovy
      device.position.set(p[0]!, p[1]!, p[2]!)
      device.quaternion.set(q[0]!, q[1]!, q[2]!, q[3]!)
    }, { p: eye.toArray(), q: [q.x, q.y, q.z, q.w], fovy: FOVY })
  }

  /**
   * The app in AR mode with the registry loaded, the headset over the table's near edge and the
   * camera-access shim installed, then in the session (`beforeAr` runs on the planner first).
   */
  async function enterArWithCamera(page: Page, beforeAr?: () => Promise<void>): Promise<void> {
    await page.goto(`${server.url}?emulate-xr=scripted`)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await beforeAr?.()
    await page.getByTestId('mode-xr').click()
    await page.getByTestId('registry-input').setInputFiles(registryPath)
    await page.waitForFunction(() => window.__tabletopXrDevice?.() != null, null, { timeout: 20_000 })
    await moveHeadset(page, CENTRE.clone().add(new Vector3(0, 1.065, 0.745)))
    await page.evaluate(readFileSync(join(process.cwd(), 'test/setup/xrCameraAccessShim.js'), 'utf8'))
    await page.getByTestId('enter-ar').click({ timeout: 20_000 })
  }

  /** The app's placement of the table: origin error (mm) and turn error (degrees) against the truth. */
  async function placementError(page: Page): Promise<{ originMm: number; yawDeg: number }> {
    const el = page.getByTestId('xr-anchor')
    const o = (await el.getAttribute('data-origin'))!.split(',').map(Number)
    const yaw = Number(await el.getAttribute('data-yaw'))
    const dyaw = Math.atan2(Math.sin(yaw - YAW), Math.cos(yaw - YAW))
    return { originMm: new Vector3(o[0], o[1], o[2]).distanceTo(origin) * 1000, yawDeg: (Math.abs(dyaw) * 180) / Math.PI }
  }

  it('finds the table by its markers, places it where it really is, and puts the models on it', async () => {
    const page = session.page
    await enterArWithCamera(page, async () => {
      await page.getByTestId('attacker-a1').click()
      await page.getByTestId('target-b1').click()
    })

    const controls = page.getByTestId('xr-controls')
    const markers = page.getByTestId('xr-markers')
    await expect.poll(() => markers.getAttribute('data-camera'), { timeout: 60_000 }).toBe('running')
    await expect.poll(() => controls.getAttribute('data-placed-by'), { timeout: 90_000 }).toBe('markers')
    const first = await placementError(page)
    expect(first.originMm).toBeLessThan(10)
    expect(first.yawDeg).toBeLessThan(0.5)

    // The models the XR camera saw are on the table within the tracking tolerance.
    await expect.poll(() => worstTrackedErrorMm(page, synth.truth), { timeout: 30_000, message: 'tracked positions within tolerance' }).toBeLessThan(TOLERANCE_MM)
    await expect.poll(() => page.getByTestId('xr-card').innerText(), { timeout: 20_000 }).toContain(`${truthRuling().probability!.hitExact} to hit`)
    await page.screenshot({ path: screenshotPath('xr-camera-placed') })

    // Walk round the table: locks from the new pose agree with the old (the view pose is composed
    // with each frame's lock), and placing again from the markers still finds the true table.
    await moveHeadset(page, CENTRE.clone().add(new Vector3(0.55, 1.0, 0.55)))
    await page.waitForTimeout(500)
    await expect.poll(async () => Number(await markers.getAttribute('data-samples')), { timeout: 60_000 }).toBeGreaterThanOrEqual(20)
    await page.waitForTimeout(4000)
    const text = await markers.innerText()
    const spread = Number(/spread (\d+\.\d) mm/.exec(text)?.[1])
    expect(spread).toBeLessThan(15)
    await page.getByTestId('place-from-markers').click()
    const second = await placementError(page)
    expect(second.originMm).toBeLessThan(10)
    expect(second.yawDeg).toBeLessThan(0.5)
    console.log(`XR camera placement: origin off by ${first.originMm.toFixed(1)} / ${second.originMm.toFixed(1)} mm, turn by ${first.yawDeg.toFixed(2)}° / ${second.yawDeg.toFixed(2)}° (two headset poses); ${text}`)
    await page.screenshot({ path: screenshotPath('xr-camera-walked') })
    // The tracker was loaded here (so its absence below, without camera access, means something).
    expect((await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name))).some((n) => /trackingWorker/.test(n))).toBe(true)
    expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
  }, 240_000)

  // A phone in AR has no WebXR hand input: MediaPipe reads the hands from the same XR camera image.
  // The image shows a rendered hand resting on the table beside b1 (as in hands.test.ts): the real
  // model finds it, and the models under or next to it are held ("hand over the table: holding …").
  it('hands on the XR camera image (no hand input): found by MediaPipe, the models beside the hand are held', async () => {
    const page = session.page
    handInCamera = openHand
    const requests: string[] = []
    const onRequest = (r: { url: () => string }) => { requests.push(r.url()) }
    page.on('request', onRequest)
    try {
      await enterArWithCamera(page)
      await expect.poll(() => page.getByTestId('xr-markers').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
      // The hand worker, tasks-vision's wasm and the model are not loaded before they are asked for
      // (the panel that offers them is a small lazy chunk).
      expect(requests.filter((u) => /hand_landmarker|vision_wasm|hands\.worker/.test(u))).toEqual([])
      expect(await page.getByTestId('xr-hands-held').count()).toBe(0)
      await page.getByTestId('hands-start').click({ timeout: 30_000 })
      await expect.poll(() => page.getByTestId('hands-status').innerText(), { timeout: 120_000 }).toMatch(/hands \d+\.\d fps · 1 in view/)
      await expect.poll(() => page.getByTestId('xr-hands-held').innerText(), { timeout: 30_000 }).toMatch(/^hand over the table: holding \d+ models?$/)
      // The worker, tasks-vision's wasm and the model came from the app's own origin, nothing from elsewhere.
      const origin = new URL(server.url).origin
      expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([])
      for (const part of ['hands.worker', 'vision_wasm_module_internal', 'hand_landmarker']) expect(requests.some((u) => u.startsWith(origin) && u.includes(part))).toBe(true)
      // And it stays held while the hand stays, however slowly the hand results come.
      for (let k = 0; k < 4; k++) {
        await page.waitForTimeout(750)
        expect(await page.getByTestId('xr-hands-held').innerText()).toMatch(/^hand over the table: holding \d+ models?$/)
      }
      await page.screenshot({ path: screenshotPath('xr-camera-hand-held') })
      const stats = await page.evaluate(() => window.__tabletopHands!.stats())
      console.log(`XR camera hands: ${stats.fps?.toFixed(1)} fps, inference ${stats.inferMs?.toFixed(0)} ms, ${stats.hands} in view`)
      // Hands off: nothing holds the models any more.
      await page.getByTestId('hands-stop').click()
      await expect.poll(() => page.getByTestId('xr-hands-held').count(), { timeout: 30_000 }).toBe(0)
      await page.getByTestId('exit-ar').click()
      // MediaPipe writes its start-up INFO lines to console.error; anything else is a real error.
      expect(session.consoleErrors.filter((e) => !/favicon/.test(e) && !/^INFO: Created TensorFlow Lite XNNPACK delegate/.test(e))).toEqual([])
    } finally {
      handInCamera = null
      page.off('request', onRequest)
    }
  }, 300_000)

  it('without camera access: says so, places by hand, and never loads the tracker', async () => {
    const page = session.page
    await page.goto(`${server.url}?emulate-xr=scripted`)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await page.getByTestId('mode-xr').click()
    await page.getByTestId('registry-input').setInputFiles(registryPath)
    await page.getByTestId('enter-ar').click({ timeout: 20_000 })
    const markers = page.getByTestId('xr-markers')
    await expect.poll(() => markers.getAttribute('data-camera'), { timeout: 20_000 }).toBe('none')
    expect(await markers.innerText()).toContain('gives the page no camera image')
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name))
    expect(loaded.filter((n) => /trackingWorker|opencv/i.test(n))).toEqual([])
    await page.getByTestId('exit-ar').click()
  })
})
