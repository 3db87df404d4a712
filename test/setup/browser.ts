// Browser tests: Debian's Chromium driven by playwright-core (never a downloaded browser), with the
// flags from ../shared/research/stack-probe.md §0/§4 (SwiftShader WebGL, fake camera, WebXR).
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const haveChromium = existsSync(CHROMIUM_PATH)
export const RESULTS_DIR = join(process.cwd(), 'test-results')

/** Say loudly why browser tests are not running (CI installs chromium, so this is a local-only case). */
export function warnIfNoChromium(suite: string): void {
  if (!haveChromium) {
    const bar = '!'.repeat(78)
    console.warn(`\n${bar}\n!! SKIPPING ${suite}: ${CHROMIUM_PATH} is missing.\n!! Install it with: apt-get install -y chromium   (CI does this in .ci/run)\n${bar}\n`)
  }
}

export type LaunchOptions = {
  /** A .y4m file fed as the camera (getUserMedia). */
  fakeVideo?: string
  /** Hide the native navigator.xr so the IWER emulator installs (stack-probe §4c). */
  webxrEmulation?: boolean
  /** More Chromium switches (e.g. --host-resolver-rules, --ignore-certificate-errors-spki-list). */
  extraArgs?: readonly string[]
}

export type BrowserSession = { browser: Browser; context: BrowserContext; page: Page; consoleErrors: string[]; close: () => Promise<void> }

/** Chromium's switches for these options (the profile folder comes separately). */
function chromiumArgs(opts: LaunchOptions): string[] {
  return [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--remote-debugging-pipe',
    '--enable-unsafe-swiftshader',
    '--use-fake-ui-for-media-stream',
    ...(opts.fakeVideo ? ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${opts.fakeVideo}`] : []),
    ...(opts.webxrEmulation ? ['--disable-blink-features=WebXR'] : []),
    ...(opts.extraArgs ?? []),
  ]
}

function collectErrors(page: Page): string[] {
  const consoleErrors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`))
  return consoleErrors
}

export async function launchChromium(opts: LaunchOptions = {}): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tabletop-chromium-'))
  const args = [...chromiumArgs(opts), `--user-data-dir=${userDataDir}`]
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, ignoreDefaultArgs: true, args, timeout: 60_000 })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  const page = await context.newPage()
  const consoleErrors = collectErrors(page)
  return {
    browser,
    context,
    page,
    consoleErrors,
    close: async () => {
      await browser.close().catch(() => undefined)
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

export type ProfileSession = Omit<BrowserSession, 'browser'>

/**
 * Chromium on a profile folder that outlives it (IndexedDB, localStorage: what a player's browser
 * keeps between visits), e.g. to close it and open it again with a camera video. The caller owns and
 * removes the folder; `close` leaves it.
 */
export async function launchChromiumProfile(profileDir: string, opts: LaunchOptions = {}): Promise<ProfileSession> {
  // Playwright's own switches stay here: they give it the profile folder and the default context.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH, headless: true, timeout: 60_000,
    args: chromiumArgs(opts).filter((a) => a !== '--headless' && a !== '--remote-debugging-pipe'),
    viewport: { width: 1280, height: 800 }, acceptDownloads: true,
  })
  const page = context.pages()[0] ?? await context.newPage()
  const consoleErrors = collectErrors(page)
  return { context, page, consoleErrors, close: () => context.close().catch(() => undefined) }
}

/** The three sizes UI screenshots are taken at: phone, tablet, desktop (CSS px). */
export const SCREEN_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

export function screenshotPath(name: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true })
  return join(RESULTS_DIR, `${name}.png`)
}
