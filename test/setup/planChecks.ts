// Shared pieces of the planning layers' browser tests (issue 32): the engine's answer on a scene as the
// CLI gives it (the independent side of every comparison), a table point on screen, the distance to an
// area's rings, where terrain covers the screen, the four screenshot sizes, and the demo table filmed
// for the fake camera with a player starting the camera on it.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { type Scene, closestPointOnPolygon, convexHull, loadScene, runQuery } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { encodeY4m } from '../fixtures/tracking/writeY4m.ts'
import { libraryMeshes } from './libraryMeshes.ts'
import { renderDemoTable } from './demoTable.ts'
import type { ScreenPoint } from './canvasPixels.ts'
import { type AppServer, startAppServer } from './appServer.ts'
import { type BrowserSession, RESULTS_DIR, launchChromium } from './browser.ts'

const meshes = await libraryMeshes()
const known = ruleSystems.map((s) => s.id)

/** The engine's answer to one query on a scene, as the CLI's `eval` gives it. */
export function engineAnswer<T>(scene: Scene, q: Record<string, unknown>): T {
  return runQuery(loadScene({ ...scene, queries: [] }, findRuleSystem, known, { meshes }), { id: 'q', ...q } as never) as T
}

/** Screenshots: a phone upright and on its side, a tablet, a desktop. */
export const PLAN_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'phone-landscape', width: 844, height: 390 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

/** A table point (mm) in client px, through the 3D view on screen now. */
export function onScreen(page: Page, x: number, y: number, z = 0): Promise<ScreenPoint> {
  return page.evaluate(([px, py, pz]) => window.__tabletop!.project(px!, py!, pz!), [x, y, z])
}

/** Distance (mm) from a point to the nearest edge of any of the rings, inside or out. */
export function distanceToRings(rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>, x: number, y: number): number {
  let best = Infinity
  for (const ring of rings) for (let i = 0; i < ring.length; i++) best = Math.min(best, closestPointOnPolygon([ring[i]!, ring[(i + 1) % ring.length]!], x, y).distanceMm)
  return best
}

/** Where each terrain prism covers the screen (the hull of its base and top corners): the ground behind a tall piece is hidden. */
export async function terrainOnScreen(page: Page, scene: Scene): Promise<Array<Array<[number, number]>>> {
  const out: Array<Array<[number, number]>> = []
  for (const t of scene.terrain ?? []) {
    if (!('footprint' in t) || !t.footprint) continue
    const z0 = t.z ?? 0
    const corners = t.footprint.flatMap(([x, y]) => [[x, y, z0], [x, y, z0 + t.height]] as Array<[number, number, number]>)
    out.push(convexHull((await Promise.all(corners.map(([x, y, z]) => onScreen(page, x, y, z)))).map((p) => [p.x, p.y] as [number, number])))
  }
  return out
}

/** A screen point on a terrain piece's hull or within `marginPx` of it. */
export const onPiece = (p: ScreenPoint, pieces: ReadonlyArray<Array<[number, number]>>, marginPx: number): boolean =>
  pieces.some((h) => closestPointOnPolygon(h, p.x, p.y).distanceMm < marginPx)

/** The demo table (b1 moved) filmed for Chromium's fake camera, and its marker registry, written into `dir`. */
export async function writeDemoCamera(dir: string): Promise<{ videoPath: string; registryPath: string }> {
  mkdirSync(dir, { recursive: true })
  const videoPath = join(dir, 'demo-table.y4m')
  const registryPath = join(dir, 'registry.json')
  const rendered = await renderDemoTable(6, { width: 1280, height: 720 })
  writeFileSync(videoPath, encodeY4m(rendered.frames, 10))
  writeFileSync(registryPath, JSON.stringify(rendered.synth.registry, null, 1))
  return { videoPath, registryPath }
}

/** The demo camera's files, the app served and Chromium with that video as its camera: what a browser test on the live camera starts from. */
export type DemoCameraSession = { server: AppServer; session: BrowserSession; registryPath: string; close: () => Promise<void> }

/** Writes the demo camera into test-results/`dir`, starts the app and Chromium on it. */
export async function startDemoCameraSession(dir: string): Promise<DemoCameraSession> {
  const demo = await writeDemoCamera(join(RESULTS_DIR, dir))
  const server = await startAppServer()
  const session = await launchChromium({ fakeVideo: demo.videoPath })
  return { server, session, registryPath: demo.registryPath, close: async () => { await session.close(); await server.close() } }
}

/** A player opens Camera, loads the registry, keeps the demo as the table, starts the camera: until the table locks. */
export async function startDemoCamera(page: Page, url: string, registryPath: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
  await page.getByTestId('mode-camera').click()
  await page.getByTestId('registry-input').setInputFiles(registryPath)
  await page.getByTestId('demo-question').waitFor({ timeout: 20_000 })
  await page.getByTestId('demo-keep').click()
  await page.getByTestId('start-camera').click()
  await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-locked'), { timeout: 90_000 }).toBe('yes')
}
