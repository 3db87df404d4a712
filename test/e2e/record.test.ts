// The referee record in a real browser: "Rule on this" keeps the ruling in IndexedDB; the history
// survives a reload; the JSON export re-opens to the same result; the PNG export shows the table
// with its overlay; a corrupt file or a scene with unknown models gets a clear message and the
// table on screen is not lost.
import { readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PNG } from 'pngjs'
import { type Scene, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, RESULTS_DIR, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import { libraryMeshes } from '../setup/libraryMeshes.ts'

// demo scenes stand terrain files from models/ on the table (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()

warnIfNoChromium('test/e2e/record.test.ts (browser tests)')

const known = ruleSystems.map((s) => s.id)

async function select(page: Page, attacker: string, target: string, weapon: string): Promise<void> {
  await page.getByTestId(`attacker-${attacker}`).click()
  await page.getByTestId(`target-${target}`).click()
  await page.getByTestId(`weapon-${weapon}`).click()
  await page.locator(`[data-testid="card"][data-fresh="yes"][data-state="ruled"][data-attacker="${attacker}"][data-target="${target}"][data-weapon="${weapon}"]`).waitFor({ timeout: 20_000 })
}

describe.skipIf(!haveChromium)('referee record in Chromium', () => {
  let server: AppServer
  let session: BrowserSession
  let page: Page

  beforeAll(async () => {
    server = await startAppServer()
    session = await launchChromium()
    page = session.page
    await page.goto(server.url)
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    if ((await page.getByTestId('system-picker').inputValue()) !== 'narrative-skirmish') await page.getByTestId('system-picker').selectOption('narrative-skirmish')
  })
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })

  let exportedJson = ''

  it('rules on the table, keeps the ruling through a reload, exports JSON and PNG', async () => {
    await select(page, 'a1', 'b1', 'rifle')
    await page.getByTestId('rule-on-this').click()
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1)
    expect(await page.getByTestId('history-item').first().innerText()).toContain('a1 → b1 (rifle): allowed, 9/20 to hit')

    await page.reload()
    await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
    await expect.poll(() => page.getByTestId('history-item').count(), { timeout: 10_000 }).toBe(1)
    expect(await page.getByTestId('history-item').first().innerText()).toContain('a1 → b1 (rifle)')

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').first().click()])
    exportedJson = readFileSync((await json.path())!, 'utf8')
    const record = JSON.parse(exportedJson) as { scene: Scene; result: unknown; contentHash: string; engineVersion: string }
    // The saved result is exactly the CLI's eval of the saved scene.
    expect(record.result).toEqual(evaluateTable(loadScene(record.scene, findRuleSystem, known, { meshes })))
    expect(await page.getByTestId('history-item').first().getAttribute('data-hash')).toBe(record.contentHash)

    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').first().click()])
    const pngPath = join(RESULTS_DIR, 'ruling-export.png')
    await png.saveAs(pngPath)
    const image = PNG.sync.read(readFileSync(pngPath))
    expect(image.width).toBeGreaterThan(900)
    // The 3D view part is not blank: many distinct colours (table, terrain, models, overlay lines).
    const colours = new Set<number>()
    for (let y = 0; y < image.height; y += 7) for (let x = 0; x < Math.min(image.width - 640, 800); x += 7) {
      const i = (y * image.width + x) * 4
      colours.add((image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!)
    }
    expect(colours.size).toBeGreaterThan(50)
    await page.screenshot({ path: screenshotPath('record-history') })
  })

  it('re-opens an exported ruling: hash checks out, evaluated again, same result', async () => {
    const file = join(RESULTS_DIR, 'ruling-export.json')
    writeFileSync(file, exportedJson)
    await page.getByTestId('open-ruling-input').setInputFiles(file)
    const box = page.getByTestId('reopened')
    await box.waitFor()
    expect(await box.getAttribute('data-hash')).toBe('ok')
    expect(await box.getAttribute('data-same')).toBe('yes')
    expect(await page.getByTestId('reopened-verdict').innerText()).toContain('the same result')
  })

  it('flags an edited export, and refuses a corrupt file with a clear message', async () => {
    const edited = JSON.parse(exportedJson) as { result: { results: Array<{ allowed: boolean }> } }
    edited.result.results[0]!.allowed = false
    const file = join(RESULTS_DIR, 'ruling-edited.json')
    writeFileSync(file, JSON.stringify(edited))
    await page.getByTestId('open-ruling-input').setInputFiles(file)
    await expect.poll(() => page.getByTestId('reopened').getAttribute('data-hash')).toBe('mismatch')
    expect(await page.getByTestId('reopened').innerText()).toContain('differs at results[0].allowed')

    const corrupt = join(RESULTS_DIR, 'ruling-corrupt.json')
    writeFileSync(corrupt, exportedJson.slice(0, exportedJson.length / 2))
    await page.getByTestId('open-ruling-input').setInputFiles(corrupt)
    const alert = page.locator('[data-testid="messages"] [role="alert"]').last()
    await alert.waitFor()
    expect(await alert.innerText()).toMatch(/ruling-corrupt\.json cannot be opened: this file is not valid JSON/)
    expect(await page.getByTestId('history-item').count()).toBe(1)
    await page.screenshot({ path: screenshotPath('record-corrupt') })
  })

  it('refuses a scene with unknown models, keeping the table on screen', async () => {
    const before = await page.evaluate(() => window.__tabletop!.scene())
    const bad = structuredClone(before) as Scene
    bad.models[0] = { ...bad.models[0]!, profile: 'dragon' }
    const file = join(RESULTS_DIR, 'scene-unknown-model.json')
    writeFileSync(file, JSON.stringify(bad))
    await page.getByTestId('toggle-edit').click()
    await page.getByTestId('open-scene-input').setInputFiles(file)
    const alert = page.locator('[data-testid="messages"] [role="alert"]').last()
    await expect.poll(() => alert.innerText()).toContain('unknown profile "dragon"')
    expect(await alert.innerText()).toContain('Nothing changed on the table')
    expect(await page.evaluate(() => window.__tabletop!.scene())).toEqual(before)
  })
})
