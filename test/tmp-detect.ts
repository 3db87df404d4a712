import { readFileSync } from 'node:fs'
import { launchChromium } from './setup/browser.ts'
import { startHandsRenderServer } from './e2e/handsRender/server.ts'
import { openHandPage } from './e2e/handsRender/handOverTable.ts'
const render = await startHandsRenderServer()
const session = await launchChromium()
try {
  await openHandPage(session.page, render.url)
  await session.page.evaluate(async () => {
    const { HandLandmarker } = await import('/tasks-vision/vision_bundle.mjs' as string)
    ;(window as any).__lm = await HandLandmarker.createFromOptions({ wasmLoaderPath: '/tasks-vision/wasm/vision_wasm_internal.js', wasmBinaryPath: '/tasks-vision/wasm/vision_wasm_internal.wasm' }, { baseOptions: { modelAssetPath: '/models/hand_landmarker.task', delegate: 'CPU' }, runningMode: 'IMAGE', numHands: 2 })
  })
  for (const f of process.argv.slice(2)) {
    const b64 = readFileSync(f).toString('base64')
    for (const scale of [1, 0.5, 0.75]) {
      const r = await session.page.evaluate(async ({ b64, scale }) => {
        const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob()
        const full = await createImageBitmap(blob)
        const bmp = await createImageBitmap(full, { resizeWidth: Math.round(full.width * scale), resizeHeight: Math.round(full.height * scale) })
        const res = (window as any).__lm.detect(bmp)
        return { w: bmp.width, h: bmp.height, n: res.landmarks.length, score: res.handedness.map((h: any) => h[0].score) }
      }, { b64, scale })
      console.log(f, scale, JSON.stringify(r))
    }
  }
} finally { await session.close(); await render.close() }
