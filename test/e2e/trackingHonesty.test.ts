// Tracking honesty in Chromium (Photo mode on a synthetic photo of the demo table): when the
// positions ruled on are not from this photo, the card says so beside the verdict, and why.
//  - a registry whose models are not on this table: the table locks, no model is placed;
//  - a registry whose table markers are not in the photo: markers seen, none a table marker of this
//    registry, table not locked ("a wrong registry?").
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Registry } from '../../src/tracking/index.ts'
import { RESULTS_DIR, haveChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { appInBrowser } from '../setup/appInBrowser.ts'
import { dismissMessages, openAndSelect, writeDemoPhoto } from '../setup/demoTable.ts'

warnIfNoChromium('test/e2e/trackingHonesty.test.ts (browser tests)')

describe.skipIf(!haveChromium)('tracking honesty on the card (Photo mode)', () => {
  const app = appInBrowser()
  const photoPath = join(RESULTS_DIR, 'honesty-table.png')
  let registry: Registry

  beforeAll(async () => {
    registry = (await writeDemoPhoto(photoPath, join(RESULTS_DIR, 'honesty-registry.json'))).registry
  })

  /** Load the registry, open the photo, and wait until the warnings include `expected`. */
  async function photoWith(page: Page, name: string, reg: Registry, expected: string): Promise<string[]> {
    const path = join(RESULTS_DIR, name)
    writeFileSync(path, JSON.stringify(reg))
    await page.getByTestId('registry-input').setInputFiles(path)
    await expect.poll(() => page.getByTestId('registry-name').innerText()).toContain(name)
    await page.getByTestId('photo-input').setInputFiles(photoPath)
    await expect.poll(() => page.getByTestId('tracking-status').getAttribute('data-state'), { timeout: 60_000 }).toBe('running')
    const codes = async () => ((await page.locator('[data-testid="tracking-warnings"]').getAttribute('data-codes').catch(() => '')) ?? '').split(',')
    await expect.poll(codes, { timeout: 60_000 }).toContain(expected)
    return codes()
  }

  it('models of another table, and table markers not in the photo, each get a warning beside the verdict', async () => {
    const page = app.session().page
    await openAndSelect(page, app.server().url)
    await page.getByTestId('mode-photo').click()

    const otherModels: Registry = { ...registry, markers: registry.markers.map((m) => (m.role === 'model' ? { ...m, model: `other-${m.model}` } : m)) }
    const codes = await photoWith(page, 'honesty-other-models.json', otherModels, 'registry-not-on-table')
    expect(await page.getByTestId('tracking-status').getAttribute('data-locked')).toBe('yes')
    expect(codes).toEqual(expect.arrayContaining(['registry-not-on-table', 'not-seen']))
    expect(await page.getByTestId('not-from-view').innerText()).toMatch(/Positions not from this photo: Ranger sergeant, Raider/)
    await dismissMessages(page)
    await page.screenshot({ path: screenshotPath('honesty-other-models') })

    const used = new Set(registry.markers.map((m) => m.id))
    let spare = 0
    const wrongTable: Registry = {
      ...registry,
      markers: registry.markers.map((m) => {
        if (m.role !== 'table') return m
        while (used.has(spare)) spare++
        used.add(spare)
        return { ...m, id: spare }
      }),
    }
    const codes2 = await photoWith(page, 'honesty-wrong-table.json', wrongTable, 'not-locked')
    expect(await page.getByTestId('tracking-status').getAttribute('data-locked')).toBe('no')
    expect(codes2).toContain('not-locked')
    expect(await page.getByTestId('tracking-warnings').innerText()).toMatch(/markers? seen, none of them a table marker of this registry: the table is not locked\..*\(a wrong registry\?\)/)
    expect(await page.getByTestId('not-from-view').innerText()).toContain('Ranger sergeant, Raider')
    // The verdict is still on screen, next to the warning.
    expect(await page.getByTestId('verdict-strip').isVisible()).toBe(true)
    await dismissMessages(page)
    await page.screenshot({ path: screenshotPath('honesty-wrong-table') })
  })
})
