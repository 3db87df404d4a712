// vitest globalSetup of the browser project: build the app once for the whole run (every browser
// test file serves this one build: test/setup/appBuild.ts) and remove it when the run ends.
import { rmSync } from 'node:fs'
import { APP_DIST_ENV, buildAppInto } from './appBuild.ts'

export default async function buildOnce(): Promise<() => void> {
  const started = Date.now()
  const dir = await buildAppInto('tabletop-test-dist-')
  process.env[APP_DIST_ENV] = dir
  console.log(`built the app once for the browser tests in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`)
  return () => rmSync(dir, { recursive: true, force: true })
}
