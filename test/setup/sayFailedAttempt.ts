// The browser project retries a failed test once (vite.config.ts); when the retry passes, vitest keeps
// quiet about why the first attempt failed. This setup file prints each failed attempt's first error
// (message and where), so a test that needed its retry says why, in the log and in CI's tail
// (.ci/run names the retried tests).
import { beforeEach, onTestFailed } from 'vitest'

beforeEach(() => {
  onTestFailed(({ task }) => {
    const e = task.result?.errors?.[0]
    const where = e?.stack?.split('\n').find((l) => l.includes('/test/')) ?? ''
    console.error(`--- attempt ${(task.result?.retryCount ?? 0) + 1} of "${task.name}" failed: ${(e?.message ?? 'no message').split('\n')[0]}${where ? ` (${where.trim()})` : ''}`)
  })
})
