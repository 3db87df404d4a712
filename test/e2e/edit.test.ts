// Planner editing in Chromium: turn a model, add one from the catalogue and remove it, pick a
// terrain piece in the 3D view and raise it; the card follows the engine each time, and Undo
// brings the table back.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadMeshes } from '../../src/cli/loadMeshes.ts'
import { type Scene, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { ATTACK, cardOf, openAndSelect, sceneOf } from '../setup/demoTable.ts'
import { ARCH_AT, ARCH_TURN_DEG, withArchOnA1B1 } from '../setup/archScene.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'

// demo scenes stand terrain files from models/ on the table (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()

warnIfNoChromium('test/e2e/edit.test.ts (browser tests)')

const known = ruleSystems.map((s) => s.id)
const evalOf = (scene: Scene) => evaluateTable(loadScene({ ...scene, queries: [ATTACK] }, findRuleSystem, known, { meshes })).results[0]!

describe.skipIf(!haveChromium)('planner editing in Chromium', () => {
  let server: AppServer
  let session: BrowserSession

  beforeAll(async () => {
    server = await startAppServer()
    session = await launchChromium()
  })
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })

  it('turns, adds and removes models, raises terrain picked in 3D, and undoes', async () => {
    const page = session.page
    await openAndSelect(page, server.url)
    const fresh = page.locator('[data-testid="card"][data-fresh="yes"][data-state="ruled"][data-attacker="a1"][data-target="b1"]')
    await fresh.waitFor()
    const original = await sceneOf(page)
    await page.getByTestId('toggle-edit').click()

    // Turn the focused model (b1, the last picked) and type a facing.
    await page.getByTestId('rotate-left').click()
    await expect.poll(async () => (await sceneOf(page)).models.find((m) => m.id === 'b1')!.facing).toBe(285)
    await page.getByTestId('facing-input').fill('180')
    await expect.poll(async () => (await sceneOf(page)).models.find((m) => m.id === 'b1')!.facing).toBe(180)

    // A new model from the catalogue, then removed again.
    await page.getByTestId('add-profile').selectOption('big-model')
    await page.getByTestId('add-side').selectOption('B')
    await page.getByTestId('add-model').click()
    await expect.poll(async () => (await sceneOf(page)).models.map((m) => m.id)).toContain('b4')
    expect((await sceneOf(page)).models.find((m) => m.id === 'b4')).toMatchObject({ side: 'B', profile: 'big-model' })
    await page.getByTestId('remove-model').click()
    await expect.poll(async () => (await sceneOf(page)).models.map((m) => m.id)).not.toContain('b4')

    // Pick the low wall in the 3D view and make it tall: the card must follow the engine.
    await page.getByTestId('attacker-a1').click()
    await page.getByTestId('target-b1').click()
    await fresh.waitFor()
    const before = await cardOf(page)
    // near its west end: the middle of the wall lies within the Ranger's (a2, 46 mm away) touch target
    const wall = await page.evaluate(() => window.__tabletop!.project(270, 406, 30))
    await page.mouse.click(wall.x, wall.y)
    await page.getByTestId('terrain-height').waitFor()
    await page.getByTestId('terrain-height').fill('220')
    await expect.poll(async () => ((await sceneOf(page)).terrain ?? []).find((t) => t.id === 'wall-1')).toMatchObject({ height: 220 })
    await fresh.waitFor()
    const raised = await sceneOf(page)
    await expect.poll(() => cardOf(page)).toEqual(evalOf(raised))
    expect(await cardOf(page)).not.toEqual(before)
    await page.screenshot({ path: screenshotPath('edit-raised-wall') })

    // Undo, step by step, back to the demo table.
    for (let i = 0; i < 10 && !(await page.getByTestId('undo').isDisabled()); i++) await page.getByTestId('undo').click()
    await expect.poll(() => sceneOf(page)).toEqual(original)
  })

  it('opens a scene with mesh terrain from models/: drawn, and ruled as the CLI rules it', async () => {
    const page = session.page
    await openAndSelect(page, server.url)
    // The ruined arch across the a1 → b1 line, both pillars on it.
    const scene = withArchOnA1B1(await sceneOf(page))
    const file = join(RESULTS_DIR, 'scene-with-arch.json')
    writeFileSync(file, JSON.stringify(scene))
    await page.getByTestId('toggle-edit').click()
    await page.getByTestId('open-scene-input').setInputFiles(file)
    await expect.poll(async () => ((await sceneOf(page)).terrain ?? []).some((t) => t.id === 'arch')).toBe(true)
    await page.getByTestId('attacker-a1').click()
    await page.getByTestId('target-b1').click()
    await page.getByTestId('weapon-rifle').click()
    const cli = evaluateTable(loadScene({ ...scene, queries: [ATTACK] }, findRuleSystem, known, { meshes: await loadMeshes(join(process.cwd(), 'models')) })).results[0]!
    await expect.poll(() => cardOf(page), { timeout: 20_000 }).toEqual(cli)
    expect(cli.allowed).toBe(false)
    // The arch is on screen: a pixel at a pillar's middle is not the table's colour any more.
    const pillar = await page.evaluate(({ at, a }) => window.__tabletop!.project(at[0] + Math.cos(a) * 45, at[1] + Math.sin(a) * 45, 60), { at: ARCH_AT, a: (ARCH_TURN_DEG * Math.PI) / 180 })
    const shot = PNG.sync.read(await page.screenshot({ path: screenshotPath('edit-mesh-arch') }))
    const at = (x: number, y: number) => shot.data.readUInt32BE((Math.round(y) * shot.width + Math.round(x)) * 4)
    const tableSpot = await page.evaluate(() => window.__tabletop!.project(1000, 200, 0))
    expect(at(pillar.x, pillar.y)).not.toBe(at(tableSpot.x, tableSpot.y))
    expect(session.consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
  })
})
