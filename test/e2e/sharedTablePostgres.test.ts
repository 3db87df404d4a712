// One table on two hosts that share nothing but PostgreSQL and Redis (issue 27): two
// `src/server/main.ts` processes, as `DATABASE_URL=… REDIS_URL=… npm start` runs them, each with its
// own data folder, port and instance name, serve the same built app; a throwaway Debian PostgreSQL
// cluster holds the rooms and a local redis-server relays live updates. Device A opens the app on
// host one and shares its table (the room is made in PostgreSQL); device B opens the same edit link
// on host two. A model dragged on A moves on B; a ruling made on B lands in A's record with the same
// content hash. Then host two is killed (SIGKILL): B's panel says it is reconnecting while A moves a
// model; host two comes back on the same port and B says connected and shows that move.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { buildApp } from '../setup/tabletopServer.ts'
import { type ServerProcess, spawnServer } from '../setup/syncClient.ts'
import { haveRedis, startRedis, warnIfNoRedis } from '../setup/redisServer.ts'
import { type PostgresServer, havePostgres, startPostgres, warnIfNoPostgres } from '../setup/postgresServer.ts'
import { type BrowserSession, SCREEN_SIZES, haveChromium, launchChromium, screenshotPath, warnIfNoChromium } from '../setup/browser.ts'
import { sceneOf } from '../setup/demoTable.ts'
import { drag, openDevice, positionOf, ruleAndExpectShared } from '../setup/sharedTable.ts'

warnIfNoChromium('test/e2e/sharedTablePostgres.test.ts (browser test)')
warnIfNoRedis('test/e2e/sharedTablePostgres.test.ts (two hosts sharing a table through PostgreSQL and Redis)')
warnIfNoPostgres('test/e2e/sharedTablePostgres.test.ts (two hosts sharing a table through PostgreSQL and Redis)')

const size = (name: 'phone' | 'tablet' | 'desktop') => SCREEN_SIZES.find((s) => s.name === name)!

describe.skipIf(!haveChromium || !haveRedis || !havePostgres)('two browsers, two hosts sharing nothing but PostgreSQL and Redis, one table', () => {
  let db: PostgresServer
  let redis: Awaited<ReturnType<typeof startRedis>>
  let built: Awaited<ReturnType<typeof buildApp>>
  const dataDirs = [mkdtempSync(join(tmpdir(), 'tabletop-pg-e2e-one-')), mkdtempSync(join(tmpdir(), 'tabletop-pg-e2e-two-'))]
  let one: ServerProcess
  let two: ServerProcess
  let session: BrowserSession
  const contexts: BrowserContext[] = []
  const host = (instance: 'one' | 'two', dataDir: string, port = 0) => spawnServer(['--port', String(port), '--data', dataDir, '--instance', instance], { DATABASE_URL: db.url, REDIS_URL: redis.url }, [], built.distDir)

  beforeAll(async () => {
    ;[db, redis, built] = await Promise.all([startPostgres(), startRedis(), buildApp()])
    one = await host('one', dataDirs[0]!)
    two = await host('two', dataDirs[1]!)
    session = await launchChromium()
  }, 300_000)
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await session?.close()
    await one?.kill('SIGTERM')
    await two?.kill('SIGTERM')
    await redis?.stop()
    await db?.stop()
    built?.remove()
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true })
  })

  const open = (url: string, viewport: { width: number; height: number }): Promise<Page> => openDevice(session.browser, contexts, url, viewport)
  const panel = (page: Page, status: string) => page.locator(`[data-testid="room-panel"][data-status="${status}"]`)
  const shot = async (page: Page, name: string) => {
    await page.getByTestId('room-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: screenshotPath(name) })
  }

  it('a move on host one reaches the browser on host two, a ruling on two lands in one\'s record; host two killed and back: "reconnecting", then "connected" with the move made meanwhile', async () => {
    const a = await open(one.url, size('desktop'))
    await a.getByTestId('room-share').click()
    await panel(a, 'connected').and(a.locator('[data-role="edit"]')).waitFor({ timeout: 30_000 })
    const link = new URL(a.url())
    const roomId = link.searchParams.get('room')!
    // The room is in PostgreSQL, not in either host's data folder.
    expect((await db.sql('SELECT count(*)::int AS n FROM tabletop_room_keys WHERE room_id = $1', [roomId])).rows[0]).toEqual({ n: 2 })
    for (const d of dataDirs) expect(readdirSync(d).filter((f) => f === 'rooms' || f === 'docs')).toEqual([])

    const b = await open(`${two.url.replace(/\/$/, '')}/${link.search}${link.hash}`, size('tablet'))
    await panel(b, 'connected').and(b.locator('[data-role="edit"]')).waitFor({ timeout: 30_000 })
    expect(await sceneOf(b)).toEqual(await sceneOf(a))
    // Each sees the other device (presence crosses hosts through Redis).
    for (const page of [a, b]) await expect.poll(() => page.getByTestId('room-peers').innerText(), { timeout: 10_000 }).toMatch(/^1 other device: /)

    const moved = await drag(a, 'b1', 80, 50)
    await expect.poll(() => positionOf(b, 'b1'), { timeout: 15_000 }).toEqual(moved)
    await ruleAndExpectShared(b, a)
    await shot(a, 'shared-table-postgres-desktop')
    await shot(b, 'shared-table-postgres-tablet')

    // Host two dies. B says so, A goes on; host two comes back on its port and B catches up.
    const port = two.port
    await two.kill('SIGKILL')
    await panel(b, 'reconnecting').waitFor({ timeout: 15_000 })
    expect(await b.getByTestId('room-status').innerText()).toContain('Reconnecting')
    await b.setViewportSize(size('phone'))
    await shot(b, 'shared-table-postgres-reconnecting-phone')
    const meanwhile = await drag(a, 'a1', -60, 40)
    two = await host('two', dataDirs[1]!, port)
    await panel(b, 'connected').waitFor({ timeout: 30_000 })
    await expect.poll(() => positionOf(b, 'a1'), { timeout: 15_000 }).toEqual(meanwhile)
    await shot(b, 'shared-table-postgres-back-phone')
  }, 300_000)
})
