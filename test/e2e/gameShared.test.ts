// A game shared in a room (issue 33), with the app as `npm start` ships it (src/server, Hocuspocus):
//  - a desktop shares its table and starts a game; a phone on the edit link sees the same turn and
//    activates a model; the desktop sees it; the desktop rules a shot with the dice entered, the phone
//    confirms the result, and both hold the same log (every event, by number) and the same badges;
//  - a tablet on the view link watches: the same turn and log, no game controls, nothing to confirm;
//  - the spectator overlay (the view link with &overlay): a transparent page with the turn, the scores
//    and the verdict.
// Screenshots: the phone (390×844 and 844×390), the tablet, the desktop and the overlay.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GameEvent } from '../../src/engine/index.ts'
import { type TabletopServer, startBuiltApp } from '../setup/tabletopServer.ts'
import { type BrowserSession, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { dismissMessages } from '../setup/demoTable.ts'
import { openDevice } from '../setup/sharedTable.ts'
import { turnLine } from '../setup/gameSteps.ts'

warnIfNoChromium('test/e2e/gameShared.test.ts (browser tests)')

const events = async (page: Page) => ((await page.evaluate(() => window.__tabletopGame!.view())) as { events: GameEvent[] } | null)?.events ?? []
const badgesOf = (page: Page) => page.evaluate(() => window.__tabletop!.labels().filter((l) => l.kind === 'badge' && l.shown).map((l) => l.text).sort())

describe.skipIf(!haveChromium)('a game shared in a room', () => {
  let server: TabletopServer
  let session: BrowserSession
  const contexts: BrowserContext[] = []
  const open = (url: string, viewport?: { width: number; height: number }) => openDevice(session.browser, contexts, url, viewport)

  beforeAll(async () => {
    server = await startBuiltApp()
    session = await launchChromium()
  }, 240_000)
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await session?.close()
    await server?.stop()
  })

  it('two devices share the turn, the log and the badges; a view link and the spectator overlay only watch', { timeout: 400_000 }, async () => {
    const desk = await open(server.url, { width: 1440, height: 900 })
    await desk.getByTestId('room-share').click()
    await desk.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
    await desk.getByTestId('room-view').waitFor()
    const editLink = desk.url()
    const viewLink = (await desk.getByTestId('room-view-link').getAttribute('href'))!
    const overlayLink = (await desk.getByTestId('room-overlay-link').getAttribute('href'))!
    expect(new URL(overlayLink).searchParams.has('overlay')).toBe(true)
    expect(new URL(overlayLink).searchParams.get('room')).toBe(new URL(viewLink).searchParams.get('room'))

    // The desktop starts a game: round 1, A's turn.
    await desk.getByTestId('game-start').click()
    await desk.getByTestId('step-round-start').click({ timeout: 20_000 })
    await expect.poll(() => turnLine(desk)).toBe('Round 1')
    await desk.getByTestId('step-turn-start').first().click()
    await expect.poll(() => turnLine(desk)).toBe("Round 1 · A's turn")

    // The phone on the edit link: the same turn; it activates the Ranger sergeant; the desktop sees it.
    const phone = await open(editLink, { width: 390, height: 844 })
    await phone.locator('[data-testid="room-panel"][data-status="connected"][data-role="edit"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => turnLine(phone), { timeout: 30_000 }).toBe("Round 1 · A's turn")
    await phone.getByTestId('activate-model').selectOption('a1')
    await phone.getByTestId('activate').click()
    await expect.poll(() => turnLine(desk), { timeout: 20_000 }).toBe("Round 1 · A's turn · Ranger sergeant acting")

    // The desktop rules the shot with the dice entered; the phone confirms the result.
    await desk.getByTestId('attacker-a1').click()
    await desk.getByTestId('target-b1').click()
    await desk.getByTestId('weapon-rifle').click()
    await desk.locator('[data-testid="card"][data-fresh="yes"][data-attacker="a1"][data-target="b1"]').waitFor({ timeout: 30_000 })
    await desk.getByTestId('rule-on-this').click()
    await desk.getByTestId('proposal-dice-input').fill('10 1', { timeout: 20_000 })
    await desk.getByTestId('proposal-enter-dice').click()
    await expect.poll(() => phone.getByTestId('proposal-effects').innerText(), { timeout: 30_000 }).toBe('Proposed: Raider down')
    await phone.getByTestId('proposal-confirm').click()
    await expect.poll(async () => (await events(desk)).at(-1), { timeout: 20_000 }).toMatchObject({ type: 'effect', effects: [{ kind: 'status', model: 'b1', status: 'down', set: true }], decision: { kind: 'confirm' }, roll: { source: 'entered', dice: [10, 1] } })
    // One log: every event, by number, the same on both devices.
    await expect.poll(async () => JSON.stringify(await events(phone)), { timeout: 20_000 }).toBe(JSON.stringify(await events(desk)))
    expect((await events(desk)).map((e) => e.type)).toEqual(['round-start', 'turn-start', 'activation', 'ruling', 'effect'])
    await expect.poll(() => badgesOf(phone)).toEqual(await badgesOf(desk))
    expect(await badgesOf(desk)).toEqual(expect.arrayContaining(['▶ acting', 'down']))

    // The view link watches: the same turn and log, no game controls.
    const tablet = await open(viewLink, { width: 1024, height: 768 })
    await tablet.locator('[data-testid="room-panel"][data-status="connected"][data-role="view"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => turnLine(tablet), { timeout: 30_000 }).toBe("Round 1 · A's turn · Ranger sergeant acting")
    await expect.poll(async () => JSON.stringify(await events(tablet)), { timeout: 20_000 }).toBe(JSON.stringify(await events(desk)))
    for (const id of ['step-round-end', 'activate', 'game-close', 'by-hand', 'proposal-confirm']) expect(await tablet.getByTestId(id).count(), id).toBe(0)
    expect(await tablet.locator('[data-testid^="undo-"]').count()).toBe(0)

    // The spectator overlay: transparent, the turn, the scores, the verdict.
    const overlay = await session.browser.newContext({ viewport: { width: 1280, height: 720 } }).then(async (c) => { contexts.push(c); const p = await c.newPage(); await p.goto(overlayLink); return p })
    await expect.poll(() => overlay.getByTestId('spectator-turn').innerText().catch(() => ''), { timeout: 60_000 }).toBe("Round 1 · A's turn · Ranger sergeant acting")
    expect(await overlay.getByTestId('spectator-scores').innerText()).toMatch(/A\s*0\s*B\s*0/)
    await expect.poll(() => overlay.getByTestId('spectator-verdict').innerText().catch(() => ''), { timeout: 30_000 }).toMatch(/^Ranger sergeant → Raider \(Rifle\): allowed, 45% to hit\n+Applied: Raider down$/)
    expect(await overlay.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)')
    await overlay.screenshot({ path: screenshotPath('game-shared-overlay'), omitBackground: true })

    for (const [page, name] of [[desk, 'desktop'], [tablet, 'tablet-view-link'], [phone, 'phone']] as const) {
      await dismissMessages(page)
      await page.getByTestId('turn-line').evaluate((el) => el.scrollIntoView({ block: 'start' }))
      await page.screenshot({ path: screenshotPath(`game-shared-${name}`) })
    }
    await phone.setViewportSize({ width: 844, height: 390 })
    await phone.waitForTimeout(500)
    await phone.getByTestId('turn-line').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await phone.screenshot({ path: screenshotPath('game-shared-phone-landscape') })
  })
})
