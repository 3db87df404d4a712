// Sharing that works from any URL (issue 24), with the app as `npm start` serves it (src/server).
// The server listens on 127.0.0.1 only; its "LAN address" is the name tabletop.lan, which this
// test's Chromium resolves to 127.0.0.1 (--host-resolver-rules), so no port opens beyond loopback.
// - From http://127.0.0.1 and from the LAN URL, Share shows both links, on the LAN address, and each
//   opens the table on another device with its role (the sharing device stays on its own address).
// - A server whose links name only this machine: both links shown, and the panel says no other
//   device can open them and what to do.
// - On the view link, a drag moves nothing and says "View only"; no edit tools, no "Rule on this".
// - https with a certificate from a throwaway authority the browser trusts (as a device that
//   installed it would: --ignore-certificate-errors-spki-list): the service worker registers and
//   the app says nothing about trust; a browser that does not trust it (it clicked through) is told.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { freePort } from '../setup/appServer.ts'
import { buildApp, startTabletopServer, type TabletopServer } from '../setup/tabletopServer.ts'
import { type BrowserSession, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { positionOf, openDevice } from '../setup/sharedTable.ts'
import { makeServerCertificate, makeTestAuthority, spkiHash } from '../setup/testCertificates.ts'
import { givenCertificate } from '../../src/server/httpsCertificate.ts'

warnIfNoChromium('test/e2e/sharing.test.ts (browser tests)')

const LAN = 'tabletop.lan'
const RESOLVE_LAN = `--host-resolver-rules=MAP ${LAN} 127.0.0.1`

/** Share from a page; returns the links the panel shows. */
async function share(page: Page): Promise<{ edit: string; view: string }> {
  await page.getByTestId('room-share').click()
  await page.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
  await page.getByTestId('room-view-link').waitFor()
  return { edit: (await page.getByTestId('room-edit-link').getAttribute('href'))!, view: (await page.getByTestId('room-view-link').getAttribute('href'))! }
}

describe.skipIf(!haveChromium)('sharing from any URL, in Chromium', () => {
  let dist: Awaited<ReturnType<typeof buildApp>>
  let server: TabletopServer
  let bare: TabletopServer
  let session: BrowserSession
  const contexts: BrowserContext[] = []
  const open = (url: string, viewport?: { width: number; height: number }) => openDevice(session.browser, contexts, url, viewport)

  beforeAll(async () => {
    dist = await buildApp()
    const port = await freePort()
    // As `npm start -- --lan` on a machine whose LAN address is tabletop.lan (main.ts gives publicUrl so).
    server = await startTabletopServer({ distDir: dist.distDir, port, publicUrl: `http://${LAN}:${port}/` })
    // As plain `npm start`: this machine only.
    bare = await startTabletopServer({ distDir: dist.distDir })
    session = await launchChromium({ extraArgs: [RESOLVE_LAN] })
  }, 240_000)
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await session?.close()
    await server?.stop()
    await bare?.stop()
    dist?.remove()
  })

  for (const from of ['127.0.0.1', LAN] as const) {
    it(`from ${from}: both links on the LAN address, each opens the table with its role`, async () => {
      const origin = `http://${from}:${server.port}`
      const a = await open(`${origin}/`)
      const links = await share(a)
      expect(new URL(a.url()).origin, 'the sharing device stays on its address').toBe(origin)
      for (const link of [links.edit, links.view]) expect(new URL(link).host).toBe(`${LAN}:${server.port}`)
      expect(links.edit).not.toBe(links.view)
      expect(await a.getByTestId('room-unreachable').count()).toBe(0)
      const edit = await open(links.edit)
      await edit.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
      const view = await open(links.view)
      await view.locator('[data-testid="room-panel"][data-status="connected"][data-role="view"]').waitFor({ timeout: 30_000 })
      // The second editor shows both links too (the view link comes through the room).
      await edit.getByTestId('room-view-link').waitFor({ timeout: 20_000 })
      expect(new URL((await edit.getByTestId('room-edit-link').getAttribute('href'))!).host).toBe(`${LAN}:${server.port}`)
      await a.getByTestId('room-panel').scrollIntoViewIfNeeded()
      await a.screenshot({ path: screenshotPath(`sharing-from-${from === LAN ? 'lan' : 'loopback'}`) })
    }, 180_000)
  }

  it('a server only this machine reaches: both links shown, and the panel says why no other device can open them', async () => {
    const a = await open(bare.url)
    const links = await share(a)
    expect(new URL(links.edit).hostname).toBe('127.0.0.1')
    expect(new URL(links.view).hostname).toBe('127.0.0.1')
    const why = await a.getByTestId('room-unreachable').innerText()
    expect(why).toContain('No other device can open these links')
    expect(why).toContain('npm start -- --lan')
    await a.getByTestId('room-panel').scrollIntoViewIfNeeded()
    await a.screenshot({ path: screenshotPath('sharing-unreachable') })
  }, 120_000)

  it('on a view link a drag is refused visibly, and nothing offers to edit or rule', async () => {
    const a = await open(`http://${LAN}:${server.port}/`)
    const links = await share(a)
    const view = await open(links.view, { width: 390, height: 844 })
    await view.locator('[data-testid="room-panel"][data-status="connected"][data-role="view"]').waitFor({ timeout: 30_000 })
    const before = await positionOf(view, 'b1')
    const from = (await view.evaluate(() => window.__tabletop!.modelOnScreen('b1')))!
    await view.mouse.move(from.x, from.y)
    await view.mouse.down()
    for (let i = 1; i <= 10; i++) await view.mouse.move(from.x + 6 * i, from.y + 4 * i)
    await view.mouse.up()
    await expect.poll(() => view.getByTestId('messages').innerText()).toContain('View only')
    expect(await positionOf(view, 'b1')).toEqual(before)
    await a.waitForTimeout(500)
    expect(await positionOf(a, 'b1')).toEqual(before)
    for (const id of ['toggle-edit', 'rule-on-this', 'sheet-rule-on-this']) expect(await view.getByTestId(id).count(), `${id} on a view link`).toBe(0)
    expect(await view.getByTestId('system-picker').isDisabled()).toBe(true)
    await view.screenshot({ path: screenshotPath('sharing-view-drag-refused') })
  }, 120_000)

  describe('https with a certificate from an authority the device trusts', () => {
    let tls: TabletopServer
    let trusting: BrowserSession
    let doubting: BrowserSession
    const certDir = mkdtempSync(join(tmpdir(), 'tabletop-tls-'))

    beforeAll(async () => {
      const authority = await makeTestAuthority()
      const leaf = await makeServerCertificate(authority, [LAN, '127.0.0.1', 'localhost'])
      // Served as `npm start -- --cert c.pem --key k.pem` serves it: through --cert/--key's own reader.
      writeFileSync(join(certDir, 'c.pem'), leaf.cert)
      writeFileSync(join(certDir, 'k.pem'), leaf.key)
      const given = givenCertificate(join(certDir, 'c.pem'), join(certDir, 'k.pem'), [LAN, '127.0.0.1'])
      expect(given.uncovered).toEqual([])
      const port = await freePort()
      tls = await startTabletopServer({ distDir: dist.distDir, port, tls: given, publicUrl: `https://${LAN}:${port}/` })
      trusting = await launchChromium({ extraArgs: [RESOLVE_LAN, `--ignore-certificate-errors-spki-list=${spkiHash(leaf.cert)}`] })
      doubting = await launchChromium({ extraArgs: [RESOLVE_LAN] })
    }, 120_000)
    afterAll(async () => {
      await trusting?.close()
      await doubting?.close()
      await tls?.stop()
      rmSync(certDir, { recursive: true, force: true })
    })

    it('the service worker registers, the camera has a secure context, and the links are https on the LAN address', async () => {
      const context = await trusting.browser.newContext({ viewport: { width: 820, height: 1180 } })
      try {
        const page = await context.newPage()
        await page.goto(`https://${LAN}:${tls.port}/`)
        await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', null, { timeout: 120_000 })
        expect(await page.evaluate(() => window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function')).toBe(true)
        await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 60_000 })
        const links = await share(page)
        expect(links.edit.startsWith(`https://${LAN}:${tls.port}/`)).toBe(true)
        expect(await page.getByTestId('room-untrusted').count()).toBe(0)
        await page.getByTestId('room-panel').scrollIntoViewIfNeeded()
        await page.screenshot({ path: screenshotPath('sharing-https-trusted') })
      } finally {
        await context.close()
      }
    }, 240_000)

    it('a device that does not trust the certificate (clicked through) is told so', async () => {
      const context = await doubting.browser.newContext({ viewport: { width: 820, height: 1180 }, ignoreHTTPSErrors: true })
      try {
        const page = await context.newPage()
        await page.goto(`https://${LAN}:${tls.port}/`)
        await page.waitForFunction(() => (window.__tabletop?.frames() ?? 0) > 2, null, { timeout: 60_000 })
        await expect.poll(() => page.getByTestId('messages').innerText(), { timeout: 30_000 }).toContain('does not trust the server’s https certificate')
        await expect.poll(() => page.getByTestId('room-untrusted').count()).toBe(1)
        await page.screenshot({ path: screenshotPath('sharing-https-untrusted') })
      } finally {
        await context.close()
      }
    }, 120_000)
  })
})
