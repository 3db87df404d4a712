// A rendered hand laid over a rendered table photo: the hand page (page.js) draws the posed generic
// hand on a transparent background; here it is scaled and alpha-blended into an RGBA frame so that
// its middle knuckle lands on a chosen image point. Returns the frame and where the hand's 21
// landmark joints landed (image px), for tests and the hands benchmark.
import type { Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { XR_FOR_LANDMARK } from '../../../src/tracking/index.ts'
import { type CameraPose, projectPoint } from '../../tracking/synth/projection.ts'
import type { CameraIntrinsics, RgbaFrame } from '../../../src/tracking/types.ts'
import { launchChromium } from '../../setup/browser.ts'
import { startHandsRenderServer } from './server.ts'

export type HandCutoutOptions = { side: 'left' | 'right'; rx?: number; ry?: number; rz?: number; curl?: number[]; thumb?: 'pinch' | 'tuck' }

/** Open the hand page in `page` (served by startHandsRenderServer) and wait until it is ready. */
export async function openHandPage(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => (window as unknown as { handsRenderReady?: boolean }).handsRenderReady, null, { timeout: 60_000 })
}

export async function renderHandCutout(page: Page, opts: HandCutoutOptions): Promise<{ png: PNG; jointsPx: number[][] }> {
  type W = { renderHand: (o: HandCutoutOptions & { cutout: boolean }) => number[][]; snapshot: () => string }
  const joints = await page.evaluate((o) => (window as unknown as W).renderHand({ ...o, cutout: true }), opts)
  const data = await page.evaluate(() => (window as unknown as W).snapshot())
  return { png: PNG.sync.read(Buffer.from(data.split(',')[1]!, 'base64')), jointsPx: XR_FOR_LANDMARK.map((j) => joints[j]!) }
}

/**
 * Blend the cutout into a copy of `frame`, scaled by `scale` (bilinear), its middle knuckle (landmark 9)
 * at `atPx`. Returns the new frame and the 21 landmark joints in the frame's px.
 */
export function layHandOver(frame: RgbaFrame, cutout: { png: PNG; jointsPx: number[][] }, atPx: readonly [number, number], scale: number): { frame: RgbaFrame; landmarksPx: number[][] } {
  const { png, jointsPx } = cutout
  const anchor = jointsPx[9]!
  // frame px = atPx + (cutout px − anchor) · scale
  const toFrame = (p: readonly number[]): [number, number] => [atPx[0] + (p[0]! - anchor[0]!) * scale, atPx[1] + (p[1]! - anchor[1]!) * scale]
  const out = new Uint8ClampedArray(frame.data)
  const [x0, y0] = toFrame([0, 0]), [x1, y1] = toFrame([png.width - 1, png.height - 1])
  const sample = (x: number, y: number, c: number) => {
    const xi = Math.max(0, Math.min(png.width - 2, Math.floor(x))), yi = Math.max(0, Math.min(png.height - 2, Math.floor(y)))
    const fx = Math.min(1, Math.max(0, x - xi)), fy = Math.min(1, Math.max(0, y - yi))
    // Colours premultiplied by alpha (transparent pixels carry no colour into the blend).
    const at = (xx: number, yy: number) => { const j = (yy * png.width + xx) * 4; return c === 3 ? png.data[j + 3]! : (png.data[j + c]! * png.data[j + 3]!) / 255 }
    return (at(xi, yi) * (1 - fx) + at(xi + 1, yi) * fx) * (1 - fy) + (at(xi, yi + 1) * (1 - fx) + at(xi + 1, yi + 1) * fx) * fy
  }
  for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(frame.height - 1, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(frame.width - 1, Math.ceil(x1)); x++) {
      const sx = (x - atPx[0]) / scale + anchor[0]!, sy = (y - atPx[1]) / scale + anchor[1]!
      if (sx < 0 || sy < 0 || sx > png.width - 1 || sy > png.height - 1) continue
      const a = sample(sx, sy, 3) / 255
      if (a <= 0) continue
      const i = (y * frame.width + x) * 4
      for (let c = 0; c < 3; c++) out[i + c] = out[i + c]! * (1 - a) + sample(sx, sy, c)
    }
  }
  return { frame: { width: frame.width, height: frame.height, data: out }, landmarksPx: jointsPx.map(toFrame) }
}

export type HandCutout = { png: PNG; jointsPx: number[][] }

/** An open hand (right unless asked), back to the camera, rendered once (its own page server and browser, both stopped). */
export async function renderOpenHand(side: 'left' | 'right' = 'right'): Promise<HandCutout> {
  const render = await startHandsRenderServer()
  const session = await launchChromium()
  try {
    await openHandPage(session.page, render.url)
    return await renderHandCutout(session.page, { side, ry: -90, rz: 180 })
  } finally {
    await session.close()
    await render.close()
  }
}

/**
 * `layHandOver` with the hand's middle knuckle over the table point `atMm` (z = 0) of a rendered table
 * frame (its camera), sized so that wrist → middle fingertip spans `lengthMm` of table there.
 */
export function layHandOnTable(frame: RgbaFrame, cutout: HandCutout, camera: { intrinsics: CameraIntrinsics; pose: CameraPose }, atMm: readonly [number, number], lengthMm = 190): { frame: RgbaFrame; landmarksPx: number[][] } {
  const at = projectPoint(camera.intrinsics, camera.pose, [atMm[0], atMm[1], 0])!
  const ahead = projectPoint(camera.intrinsics, camera.pose, [atMm[0] + 100, atMm[1], 0])!
  const j = cutout.jointsPx
  const lengthPx = Math.hypot(j[12]![0]! - j[0]![0]!, j[12]![1]! - j[0]![1]!)
  return layHandOver(frame, cutout, at, (lengthMm * Math.hypot(ahead[0] - at[0], ahead[1] - at[1])) / 100 / lengthPx)
}

export function encodePng(frame: RgbaFrame): Buffer {
  const png = new PNG({ width: frame.width, height: frame.height })
  png.data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength)
  return PNG.sync.write(png)
}
