// A player's own terrain file in Chromium (issue #18): "Add terrain file…" takes a print file (binary
// STL), the main thread checks it with src/terrain, the engine worker reads the same bytes and rules
// with it exactly as the CLI does; a file that cannot be a solid is refused with its reason.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { prepareMeshFile } from '../../src/terrain/index.ts'
import { buildArch, buildRuin } from '../../src/terrain/build/terrainLibrary.ts'
import { writeBinaryStl } from '../../src/terrain/build/writeMeshFiles.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { RESULTS_DIR, haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { ATTACK, cardOf, openAndSelect, sceneOf } from '../setup/demoTable.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'

warnIfNoChromium('test/e2e/terrainFile.test.ts (browser tests)')

const known = ruleSystems.map((s) => s.id)

describe.skipIf(!haveChromium)('a terrain file from the player, in Chromium', () => {
  const app = appInBrowser()

  it('adds a binary STL print of the ruin at the table centre, and the card rules with it as eval does', async () => {
    const page = app.session().page
    await openAndSelect(page, app.server().url)
    const bytes = writeBinaryStl(buildRuin())
    const file = join(RESULTS_DIR, 'Ruin Print.stl')
    writeFileSync(file, bytes)
    await page.getByTestId('toggle-edit').click()
    await page.getByTestId('add-terrain-file-input').setInputFiles(file)
    await expect.poll(async () => ((await sceneOf(page)).terrain ?? []).find((t) => 'mesh' in t && t.mesh === 'ruin-print.stl')).toMatchObject({ id: 'ruin-print', position: [609.6, 609.6, 0] })
    await expect.poll(() => page.getByText('Added ruin-print.stl: 200 × 150 × 110 mm, 848 triangles').count()).toBe(1)
    // the worker must have read the player's file too: a scene naming a mesh it cannot read is refused, not ruled
    const scene = await sceneOf(page)
    const meshes = { ...(await libraryMeshes()), 'ruin-print.stl': (await prepareMeshFile('ruin-print.stl', bytes)).los }
    const cli = evaluateTable(loadScene({ ...scene, queries: [ATTACK] }, findRuleSystem, known, { meshes })).results[0]!
    await expect.poll(() => cardOf(page), { timeout: 20_000 }).toEqual(cli)
    await page.screenshot({ path: screenshotPath('terrain-file-added') })
    expect(app.session().consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
  })

  it('reads an open mesh as thin surfaces and says so; refuses a file that is not terrain with its reason, and the table stays as it was', async () => {
    const page = app.session().page
    const before = (await sceneOf(page)).terrain?.length ?? 0
    const arch = buildArch()
    const file = join(RESULTS_DIR, 'open-arch.stl')
    writeFileSync(file, writeBinaryStl({ positions: arch.positions, indices: arch.indices.slice(6) }))
    await page.getByTestId('add-terrain-file-input').setInputFiles(file)
    await expect.poll(() => page.getByText(/read: 1 open part\(s\): read as thin surfaces 1 mm thick/).count(), { timeout: 20_000 }).toBe(1)
    expect((await sceneOf(page)).terrain?.length).toBe(before + 1)
    const cut = join(RESULTS_DIR, 'cut-arch.stl')
    writeFileSync(cut, writeBinaryStl(arch).slice(0, 200))
    await page.getByTestId('add-terrain-file-input').setInputFiles(cut)
    await expect.poll(() => page.getByText(/cut-arch\.stl cannot be added: cut-arch\.stl: is a truncated binary STL/).count(), { timeout: 20_000 }).toBe(1)
    expect((await sceneOf(page)).terrain?.length).toBe(before + 1)
  })
})
