// The planner in a real browser, for every registered rule system: open its demo table, pick the
// attacker and target by clicking the models in the 3D view and the weapon on the panel, and check
// that the ruling card shows exactly what the engine's evaluateTable (the CLI's `eval`) gives for
// the same scene; then drag the target out to the far corner and see the ruling change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type QueryResult, type Scene, evaluateTable, loadScene } from '../../src/engine/index.ts'
import { readAttack } from '../../src/app/format/readAttack.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { type AppServer, startAppServer } from '../setup/appServer.ts'
import { type BrowserSession, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { type Page } from 'playwright-core'
import { type Pick, cardFor, pickFor } from '../setup/demoPick.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'
import { withNames } from '../../src/app/format/names.ts'

// demo scenes stand terrain files from models/ on the table (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()


warnIfNoChromium('test/e2e/planner.test.ts (browser tests)')

const known = ruleSystems.map((s) => s.id)

function expectedAttack(scene: Scene, pick: Pick): QueryResult {
  const query = { id: 'attack', type: 'attack' as const, attacker: pick.attacker, target: pick.target, ...(pick.weapon ? { weapon: pick.weapon } : {}) }
  return evaluateTable(loadScene({ ...scene, queries: [query] }, findRuleSystem, known, { meshes })).results[0]!
}

async function clickModel(page: Page, id: string): Promise<void> {
  const p = await page.evaluate((mid) => window.__tabletop!.modelOnScreen(mid), id)
  expect(p, `model ${id} on screen`).not.toBeNull()
  await page.mouse.click(p!.x, p!.y)
}

async function waitForCard(page: Page, pick: Pick): Promise<void> {
  await page.locator(cardFor(pick)).waitFor({ timeout: 20_000 })
}

async function cardResult(page: Page): Promise<QueryResult> {
  return JSON.parse((await page.locator('[data-testid="card-json"]').textContent()) ?? 'null') as QueryResult
}

/** What a player reads on the card must be the engine's own figures, field by field. */
async function expectCardText(page: Page, expected: QueryResult): Promise<void> {
  const v = readAttack(expected)
  // The details are folded under the picks: open them to read them.
  if ((await page.getByTestId('card-details').getAttribute('open')) === null) await page.getByTestId('card-details-toggle').click()
  if (v.allowed !== null) expect((await page.getByTestId('card-verdict').innerText()).replace(/^[✓✗]\s*/, '')).toBe(v.allowed ? 'Allowed' : 'Not allowed')
  // The card writes model names where the engine's text has ids.
  const names = await page.evaluate(() => window.__tabletop!.names())
  for (const r of v.reasons) {
    await expect.poll(() => page.getByTestId('card-reasons').innerText()).toContain(withNames(r.message, names))
    expect(await page.getByTestId('card-reasons').innerText()).toContain(r.rule)
  }
  for (const n of v.need) expect(await page.getByTestId('card-need').innerText()).toContain(n)
  if (v.probability) {
    expect(await page.getByTestId('card-hit').innerText()).toContain(v.probability.hitExact)
    expect(await page.getByTestId('card-effect').innerText()).toContain(v.probability.effectExact)
  }
  const modText = await page.getByTestId('card-modifiers').innerText()
  for (const m of v.modifiers) {
    expect(modText).toContain(m.source)
    expect(modText).toContain(m.rule)
    if (typeof m.value === 'number') expect(modText).toContain(m.value > 0 ? `+${m.value}` : `${m.value}`)
  }
  if (v.distanceInches !== null) expect(await page.getByTestId('card-distance').innerText()).toContain(`${v.distanceInches.toFixed(Math.abs(v.distanceInches) < 1 ? 2 : 1)}″`)
  if (v.cover) expect(await page.getByTestId('card-cover').innerText()).toContain(v.cover.level)
}

describe.skipIf(!haveChromium)('planner in Chromium', () => {
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

  for (const system of ruleSystems) {
    it(`${system.id}: the card shows what evaluateTable says, and follows a drag out of range`, async () => {
      const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      try {
        await page.goto(server.url)
        await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 30_000 })
        if (system.id !== (await page.getByTestId('system-picker').inputValue())) {
          await page.getByTestId('system-picker').selectOption(system.id)
        }
        await expect.poll(() => page.evaluate(() => (window.__tabletop!.scene() as { system: string }).system)).toBe(system.id)
        const scene = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
        const pick = pickFor(scene)

        await clickModel(page, pick.attacker)
        await expect.poll(() => page.getByTestId(`attacker-${pick.attacker}`).getAttribute('aria-pressed')).toBe('true')
        await clickModel(page, pick.target)
        await expect.poll(() => page.getByTestId(`target-${pick.target}`).getAttribute('aria-pressed')).toBe('true')
        if (pick.weapon) await page.getByTestId(`weapon-${pick.weapon}`).click()
        await waitForCard(page, pick)
        // The page itself never scrolls (the panel does): a page scrollbar narrowed the table view under the pointer.
        expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight && document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true)

        const expected = expectedAttack(scene, pick)
        expect(await cardResult(page)).toEqual(expected)
        await expectCardText(page, expected)
        await page.screenshot({ path: screenshotPath(`planner-${system.id.replace(/\//g, '-')}`) })

        // Drag the target to the table corner farthest from the attacker.
        const attacker = scene.models.find((m) => m.id === pick.attacker)!
        const target = scene.models.find((m) => m.id === pick.target)!
        const inset = 60
        const corners: Array<[number, number]> = [[inset, inset], [scene.table.width - inset, inset], [inset, scene.table.depth - inset], [scene.table.width - inset, scene.table.depth - inset]]
        const far = corners.sort((a, b) => Math.hypot(b[0] - attacker.position[0], b[1] - attacker.position[1]) - Math.hypot(a[0] - attacker.position[0], a[1] - attacker.position[1]))[0]!
        const from = await page.evaluate((id) => window.__tabletop!.modelOnScreen(id), pick.target)
        const to = await page.evaluate(([x, y, z]) => window.__tabletop!.project(x!, y!, z!), [far[0], far[1], (target.z ?? 0) + target.height / 2])
        await page.mouse.move(from!.x, from!.y)
        await page.mouse.down()
        for (let i = 1; i <= 12; i++) await page.mouse.move(from!.x + ((to.x - from!.x) * i) / 12, from!.y + ((to.y - from!.y) * i) / 12)
        await page.mouse.up()

        await expect.poll(async () => {
          const s = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
          const m = s.models.find((x) => x.id === pick.target)!
          return Math.hypot(m.position[0] - far[0], m.position[1] - far[1])
        }, { message: 'the target followed the drag' }).toBeLessThan(80)
        await waitForCard(page, pick)
        const moved = (await page.evaluate(() => window.__tabletop!.scene())) as Scene
        const after = expectedAttack(moved, pick)
        await expect.poll(() => cardResult(page)).toEqual(after)
        await expectCardText(page, after)
        // Systems that measure to a unit's nearest model only see the change when the target is alone.
        const unitOf = (m: Scene['models'][number]) => m.unit ?? m.id
        if (scene.models.filter((m) => unitOf(m) === unitOf(target)).length === 1) {
          expect(readAttack(after).distanceMm!).toBeGreaterThan(readAttack(expected).distanceMm!)
        }
        const margin = readAttack(after).margin
        if (margin && margin.marginMm < 0) {
          expect(await page.getByTestId('card-distance').innerText()).toContain('out of range by')
          expect((await page.getByTestId('card-verdict').innerText()).replace(/^[✓✗]\s*/, '')).toBe('Not allowed')
        }

        // Millimetres on the toggle: the same distance, in mm.
        await page.getByTestId('units-mm').click()
        expect(await page.getByTestId('card-distance').innerText()).toContain(`${Math.round(readAttack(after).distanceMm!)} mm`)
        await page.screenshot({ path: screenshotPath(`planner-${system.id.replace(/\//g, '-')}-moved`) })
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    })
  }
})
