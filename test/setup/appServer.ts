// Build the app (vite, production) into a temporary folder and serve it with vite preview on
// 127.0.0.1: browser tests run against what `npm run build` ships.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { build, preview } from 'vite'

export type AppServer = { url: string; outDir: string; close: () => Promise<void> }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))))
    })
  })
}

export async function startAppServer(): Promise<AppServer> {
  const root = process.cwd()
  const outDir = mkdtempSync(join(tmpdir(), 'tabletop-app-'))
  await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true } })
  const port = await freePort()
  const server = await preview({ root, logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } })
  return {
    url: `http://127.0.0.1:${port}/`,
    outDir,
    close: async () => {
      await server.close()
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
