// The production server (`npm start`'s src/server) on 127.0.0.1, port 0, with a throwaway data
// folder: browser tests of the offline app and the shared table run against what ships: the run's
// one build of the app (appBuild.ts, with the service worker).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { appDist } from './appBuild.ts'
import { type RunningServer, type ServerOptions, startServer } from '../../src/server/startServer.ts'

export type TabletopServer = RunningServer & { distDir: string | null; dataDir: string; stop: () => Promise<void> }

/** The run's build of the app; `remove` leaves it for the other files (the run removes it at its end). */
export async function buildApp(): Promise<{ distDir: string; remove: () => void }> {
  return { distDir: await appDist(), remove: () => undefined }
}

/** Start a server; `dataDir` given → reuse it (a restart), else a fresh one removed on stop. */
export async function startTabletopServer(opts: Partial<ServerOptions> & { distDir: string | null }): Promise<TabletopServer> {
  const own = opts.dataDir === undefined
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'tabletop-data-'))
  const server = await startServer({ host: '127.0.0.1', port: 0, log: () => undefined, ...opts, dataDir })
  return {
    ...server,
    distDir: opts.distDir,
    dataDir,
    stop: async () => {
      await server.close()
      if (own) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The built app served by the production server, for one browser test file; `stop` removes everything. */
export async function startBuiltApp(): Promise<TabletopServer> {
  const built = await buildApp()
  const server = await startTabletopServer({ distDir: built.distDir })
  return {
    ...server,
    stop: async () => {
      await server.stop()
      built.remove()
    },
  }
}
