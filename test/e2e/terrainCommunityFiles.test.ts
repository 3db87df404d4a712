// Community-shaped terrain files in the planner (issue #25), in Chromium: the regression files the CLI
// tests read (test/terrain/regressionFiles.ts) are added with "Add terrain file…" (a glTF with its .bin
// picked together), each stands at the table's centre between a shooter and a target, and the card rules
// exactly as `eval` does with the CLI's loader; the file refused at its wrong scale gives the CLI's line.
// Damaged files (cut short, NaN, noise) each get an answer from the engine worker within a time limit
// — the test fails if the worker never answers — and the app goes on ruling afterwards.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { type MeshLibrary, type Scene, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { loadSceneMeshes } from '../../src/cli/loadMeshes.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { RESULTS_DIR, SCREEN_SIZES, haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { cardOf, dismissMessages, sceneOf } from '../setup/demoTable.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'
import { type RegressionFile, largeNonManifoldFile, regressionFiles } from '../terrain/regressionFiles.ts'

warnIfNoChromium('test/e2e/terrainCommunityFiles.test.ts (browser tests)')

const known = ruleSystems.map((s) => s.id)
/** How long the engine worker may take to answer about one file (the large one included). */
const ANSWER_MS = 60_000
const ATTACK = { id: 'attack', type: 'attack' as const, attacker: 'a1', target: 'b1', weapon: 'rifle' }

/** A table with nothing on it but a shooter and a target either side of its centre, where added terrain stands. */
function duelScene(): Scene {
  const demo = structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene
  const keep = demo.models.filter((m) => m.id === 'a1' || m.id === 'b1')
  return {
    ...demo,
    terrain: [],
    models: keep.map((m) => (m.id === 'a1' ? { ...m, position: [609.6, 470] as [number, number], facing: 90 } : { ...m, position: [609.6, 760] as [number, number], facing: 270 })),
  }
}

async function openDuel(page: Page, dir: string): Promise<void> {
  const file = join(dir, 'duel.json')
  writeFileSync(file, JSON.stringify(duelScene()))
  await page.getByTestId('open-scene-input').setInputFiles(file)
  await expect.poll(async () => (await sceneOf(page)).terrain?.length ?? -1, { timeout: 20_000 }).toBe(0)
  await page.getByTestId('attacker-a1').click()
  await page.getByTestId('target-b1').click()
  await page.getByTestId('weapon-rifle').click()
  await dismissMessages(page)
}

/** The files of one regression case on disk (picked together in the file dialog). */
function onDisk(dir: string, f: RegressionFile): string[] {
  const own = join(dir, f.name.replace(/\.[a-z]+$/, ''))
  mkdirSync(own, { recursive: true })
  const paths = [join(own, f.name)]
  writeFileSync(paths[0]!, f.bytes)
  for (const [n, b] of Object.entries(f.beside ?? {})) { writeFileSync(join(own, n), b); paths.push(join(own, n)) }
  return paths
}

/** What `eval` says for the attack on the page's table, the file read by the CLI's loader from a folder. */
async function cliRuling(scene: Scene, folder: string): Promise<unknown> {
  const library = await libraryMeshes()
  const loaded = await loadSceneMeshes(folder, { terrain: scene.terrain }, { cacheDir: null })
  const meshes: MeshLibrary = { ...library, ...loaded.meshes }
  return evaluateTable(loadScene({ ...scene, queries: [ATTACK] }, findRuleSystem, known, { meshes })).results[0]
}

describe.skipIf(!haveChromium)('community terrain files in the planner, in Chromium', () => {
  const app = appInBrowser()
  const dir = mkdtempSync(join(tmpdir(), 'terrain-e2e-'))

  it('each regression file added in the planner rules as eval rules with it', async () => {
    const page = app.session().page
    await page.goto(app.server().url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await page.getByTestId('toggle-edit').click()
    const files = [...(await regressionFiles()), largeNonManifoldFile(1)]
    let compared = 0
    for (const f of files) {
      await openDuel(page, dir)
      const paths = onDisk(dir, f)
      await page.getByTestId('add-terrain-file-input').setInputFiles(paths)
      const name = f.name.toLowerCase()
      if (f.scale !== 1 && name.endsWith('.gltf')) {
        // far off at scale 1: the planner refuses it with the CLI's own line
        const folder = join(paths[0]!, '..')
        const cli = await loadSceneMeshes(folder, { terrain: [{ id: 'p', type: 'solid', mesh: f.name, position: [0, 0, 0] }] }, { cacheDir: null }).then(() => 'loaded', (e: Error) => e.message)
        expect(cli).toMatch(/set "scale": 0\.001 on the piece/)
        await expect.poll(() => page.getByText(`${f.name} cannot be added: ${cli}`, { exact: false }).count(), { timeout: ANSWER_MS }).toBe(1)
        expect((await sceneOf(page)).terrain).toEqual([])
        continue
      }
      await expect.poll(async () => ((await sceneOf(page)).terrain ?? []).map((t) => ('mesh' in t ? t.mesh : '')), { timeout: ANSWER_MS }).toEqual([name])
      const scene = await sceneOf(page)
      const cli = await cliRuling(scene, join(paths[0]!, '..'))
      await expect.poll(() => cardOf(page), { timeout: ANSWER_MS }).toEqual(cli)
      compared++
      if (f.name === 'house-meshopt.glb') {
        for (const size of SCREEN_SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height })
          await page.waitForTimeout(400)
          await page.screenshot({ path: screenshotPath(`terrain-community-house-${size.name}`) })
        }
        await page.setViewportSize({ width: 1440, height: 900 })
      }
    }
    expect(compared).toBe(files.length - 1)
    expect(app.session().consoleErrors.filter((e) => !/favicon|Failed to load resource|texture|image/i.test(e))).toEqual([])
  }, 600_000)

  it('damaged files each get an answer from the engine worker, and it goes on ruling', async () => {
    const page = app.session().page
    await openDuel(page, dir)
    const good = (await regressionFiles()).find((r) => r.name === 'window-four-boxes.stl')!
    const bad: Array<[string, Uint8Array]> = [
      ['cut-short.stl', good.bytes.slice(0, 300)],
      ['not-a-number.obj', new TextEncoder().encode('v 0 0 0\nv 10 0 NaN\nv 0 10 0\nf 1 2 3\n')],
      ['noise.glb', Uint8Array.from({ length: 4000 }, (_, i) => (i * 2654435761) % 256)],
      ['huge.stl', new TextEncoder().encode('solid h\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1e30 0 0\nvertex 0 1e30 0\nendloop\nendfacet\n')],
    ]
    for (const [name, bytes] of bad) {
      const path = join(dir, name)
      writeFileSync(path, bytes)
      await page.getByTestId('add-terrain-file-input').setInputFiles(path)
      await expect.poll(() => page.getByText(`${name} cannot be added:`, { exact: false }).count(), { timeout: ANSWER_MS }).toBe(1)
    }
    expect((await sceneOf(page)).terrain).toEqual([])
    // the worker still answers: a good file after the bad ones is added and ruled with
    const paths = onDisk(dir, good)
    await page.getByTestId('add-terrain-file-input').setInputFiles(paths)
    await expect.poll(async () => ((await sceneOf(page)).terrain ?? []).length, { timeout: ANSWER_MS }).toBe(1)
    const cli = await cliRuling(await sceneOf(page), join(paths[0]!, '..'))
    await expect.poll(() => cardOf(page), { timeout: ANSWER_MS }).toEqual(cli)
    await page.screenshot({ path: join(RESULTS_DIR, 'terrain-community-refusals.png') })
  }, 300_000)
})
