// Serve the run's one production build of the app (appBuild.ts) with vite preview on 127.0.0.1:
// browser tests run against what `npm run build` ships, built once for the whole run.
import { createServer } from 'node:net'
import { preview } from 'vite'
import { appDist } from './appBuild.ts'

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

/** The built app on a free port; `close` stops the server (the build stays for the other files). */
export async function startAppServer(): Promise<AppServer> {
  const root = process.cwd()
  const outDir = await appDist()
  const port = await freePort()
  const server = await preview({ root, logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } })
  return {
    url: `http://127.0.0.1:${port}/`,
    outDir,
    close: async () => {
      await server.close()
    },
  }
}
