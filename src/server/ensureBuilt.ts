// `npm start` serves the built app: build it when dist/ is missing or older than the sources, so a
// fresh clone (after `npm ci`) and a pulled change both start on what the code says.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['src', 'public', 'models', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtimeMs(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const f of readdirSync(path)) newest = Math.max(newest, newestMtimeMs(join(path, f)))
  return newest
}

export function isBuildCurrent(repoRoot: string, distDir: string): boolean {
  const index = join(distDir, 'index.html')
  if (!existsSync(index)) return false
  const built = statSync(index).mtimeMs
  return SOURCES.every((s) => newestMtimeMs(join(repoRoot, s)) <= built)
}

export async function ensureBuilt(repoRoot: string, distDir: string, force: boolean, log: (line: string) => void): Promise<void> {
  if (!force && isBuildCurrent(repoRoot, distDir)) return
  log(existsSync(distDir) ? 'the sources changed since the last build: building the app (vite build)…' : 'building the app (vite build, once)…')
  const { build } = await import('vite')
  await build({ root: repoRoot, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } })
}
