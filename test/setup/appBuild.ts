// One production build of the app for a whole test run: the browser project's globalSetup
// (buildOnce.ts) builds it before any browser test starts and hands its folder to every test file
// through TABLETOP_APP_DIST; a script run outside vitest (npm run bench:app) builds once per process.
// Test files only read the build: each serves it with its own server.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'

/** The environment variable that names the shared build's folder. */
export const APP_DIST_ENV = 'TABLETOP_APP_DIST'

/** Build the app (vite, production: what `npm run build` ships) into a new temporary folder. */
export async function buildAppInto(prefix = 'tabletop-dist-'): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), prefix))
  await build({ root: join(import.meta.dirname, '../..'), logLevel: 'error', build: { outDir, emptyOutDir: true } })
  return outDir
}

let ownBuild: Promise<string> | null = null

/** The run's build: the globalSetup's, else one made (once) for this process and removed when it exits. */
export function appDist(): Promise<string> {
  const shared = process.env[APP_DIST_ENV]
  if (shared && existsSync(join(shared, 'index.html'))) return Promise.resolve(shared)
  ownBuild ??= buildAppInto().then((dir) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    return dir
  })
  return ownBuild
}
