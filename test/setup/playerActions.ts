// A player's actions in a browser test, counted, each with the seconds the app took to answer it:
// every click, choice and typed value, and (with `until`) the wait for what the app shows in reply.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

export type PlayerLog = { what: string; ms: number }

export function player(page: Page) {
  const entries: PlayerLog[] = []
  /** `what (123 ms)` per action, in order. */
  const log: string[] = []
  let appMs = 0
  const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now()
    const out = await run()
    const ms = performance.now() - t0
    appMs += ms
    entries.push({ what, ms })
    log.push(`${what} (${Math.round(ms)} ms)`)
    return out
  }
  return {
    log,
    entries,
    appMs: () => appMs,
    timed,
    click: (testId: string, until?: () => Promise<unknown>) => timed(`click ${testId}`, async () => { await page.getByTestId(testId).click(); await until?.() }),
    choose: (testId: string, value: string) => timed(`choose ${testId} = ${value}`, () => page.getByTestId(testId).selectOption(value).then(() => undefined)),
    type: (testId: string, value: string) => timed(`type ${testId} = ${value}`, () => page.getByTestId(testId).fill(value)),
    download: (testId: string) => timed(`click ${testId}, file downloaded`, async () => {
      const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
      return { name: d.suggestedFilename(), bytes: readFileSync((await d.path())!) }
    }),
  }
}
