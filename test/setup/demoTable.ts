// The narrative-skirmish demo table as the camera tests see it: b1 moved to a known spot, rendered
// by the tracking layer's synthetic frame generator (with the marker registry a player would
// write), the attack the tests select, and what `eval` says on the true table.
import { mkdirSync, writeFileSync } from 'node:fs'
import { PNG } from 'pngjs'
import type { Page } from 'playwright-core'
import { type QueryResult, type Scene, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { loadOpenCv } from '../../src/tracking/index.ts'
import type { RgbaFrame } from '../../src/tracking/types.ts'
import { readAttack, type AttackView } from '../../src/app/format/readAttack.ts'
import { buildSceneFrame, type TabletopScene, type TruthPose } from '../tracking/synth/tabletopScene.ts'
import { renderTableFrame } from '../tracking/synth/renderTableFrame.ts'
import { libraryMeshes } from './libraryMeshes.ts'
import { RESULTS_DIR } from './browser.ts'

/** Position error allowed for a tracked model (the tracker's own tests see ~1–2 mm). */
export const TOLERANCE_MM = 5
export const MOVED_B1 = { position: [380, 600] as [number, number], facing: 80 }
export const ATTACK = { id: 'attack', type: 'attack' as const, attacker: 'a1', target: 'b1', weapon: 'rifle' }

// the demo stands an arch from models/ on the table (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()

export const demoScene = (): Scene => structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene

/** `count` frames of the demo table with b1 moved (image noise differs per frame), and the truth. */
export async function renderDemoTable(count: number, size?: { width: number; height: number }): Promise<{ frames: RgbaFrame[]; synth: TabletopScene }> {
  const cv = await loadOpenCv()
  const frames: RgbaFrame[] = []
  let synth: TabletopScene | null = null
  for (let i = 0; i < count; i++) {
    synth = buildSceneFrame(cv, demoScene(), { seed: 7, moves: { b1: MOVED_B1 }, ...(size ? { camera: size } : {}), effects: { seed: 100 + i } })
    frames.push(renderTableFrame(synth.spec).frame)
  }
  return { frames, synth: synth! }
}

/**
 * One frame of the demo table (b1 moved) written as the photo a player would pick, with the marker
 * registry beside it; returns the truth.
 */
export async function writeDemoPhoto(photoPath: string, registryPath: string): Promise<TabletopScene> {
  const { frames, synth } = await renderDemoTable(1)
  const frame = frames[0]!
  const png = new PNG({ width: frame.width, height: frame.height })
  png.data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength)
  mkdirSync(RESULTS_DIR, { recursive: true })
  writeFileSync(photoPath, PNG.sync.write(png))
  writeFileSync(registryPath, JSON.stringify(synth.registry, null, 1))
  return synth
}

/** The scene the app's table shows now (read through the test probe). */
export const sceneOf = async (page: Page): Promise<Scene> => (await page.evaluate(() => window.__tabletop!.scene())) as Scene

/** The result the ruling card shows now (its hidden JSON). */
export const cardOf = async (page: Page): Promise<QueryResult> => JSON.parse((await page.getByTestId('card-json').textContent()) ?? 'null') as QueryResult

/** What `eval` says for the test's attack on the true table (b1 where it really is). */
export function truthRuling(): AttackView {
  const scene = demoScene()
  scene.models = scene.models.map((m) => (m.id === 'b1' ? { ...m, position: MOVED_B1.position, facing: MOVED_B1.facing } : m))
  return readAttack(evaluateTable(loadScene({ ...scene, queries: [ATTACK] }, findRuleSystem, ruleSystems.map((s) => s.id), { meshes })).results[0]!)
}

/** Open the app's planner and pick a1 → b1 with the rifle on the panel. */
export async function openAndSelect(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
  await page.getByTestId('attacker-a1').click()
  await page.getByTestId('target-b1').click()
  await page.getByTestId('weapon-rifle').click()
}

export async function dismissMessages(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('[aria-label="Dismiss message"]').forEach((b) => b.click()))
}

/**
 * The largest distance (mm) between a tracked model on the app's table and its true position, once
 * a1 and b1 (the attack's models) have been placed by tracking; Infinity before that.
 */
export async function worstTrackedErrorMm(page: Page, truth: readonly TruthPose[]): Promise<number> {
  const s = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
  const placed = (s.meta as { tracking?: { placed: string[] } } | undefined)?.tracking?.placed ?? []
  if (!placed.includes('a1') || !placed.includes('b1')) return Infinity
  return Math.max(...truth.filter((t) => placed.includes(t.id)).map((t) => {
    const m = s.models.find((x) => x.id === t.id)!
    return Math.hypot(m.position[0] - t.position[0], m.position[1] - t.position[1])
  }))
}
