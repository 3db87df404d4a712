// One production build served on 127.0.0.1 and one Chromium for a whole test file: registers the
// beforeAll / afterAll that start and stop both, and hands back getters.
import { afterAll, beforeAll } from 'vitest'
import { type AppServer, startAppServer } from './appServer.ts'
import { type BrowserSession, type LaunchOptions, launchChromium } from './browser.ts'

export function appInBrowser(opts: LaunchOptions = {}): { server: () => AppServer; session: () => BrowserSession } {
  let server: AppServer | null = null
  let session: BrowserSession | null = null
  beforeAll(async () => {
    server = await startAppServer()
    session = await launchChromium(opts)
  })
  afterAll(async () => {
    await session?.close()
    await server?.close()
  })
  return { server: () => server!, session: () => session! }
}
