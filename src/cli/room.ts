// `cli room create [--url <base>] [--data <dir>]`: make a shared-table room and print its id and two
// links as JSON (the edit link changes the table, the view link only watches). The keys are printed
// once here and stored only as digests: in the data folder, or in PostgreSQL when DATABASE_URL is
// set (as `npm start` does).
// `cli room import [--data <dir>]` (DATABASE_URL set): copy the rooms of a data folder into
// PostgreSQL with their ids, keys and tables, so the links already handed out keep working; prints
// a JSON report. Safe to run again.
import { resolve } from 'node:path'
import { SceneError } from '../engine/index.ts'
import { DEFAULT_DATA_DIR, DEFAULT_ROOM_CREATION_LIMITS, DEFAULT_STORE_WAIT_MS, StoreUnavailableError, checkDatabaseUrl, importFileRooms, openRoomStorage, redactDatabaseUrl, roomLinks } from '../server/index.ts'

const USAGE = 'room create [--url <base>] [--data <dir>] | room import [--data <dir>] (with DATABASE_URL)'

type RoomArgs = { url: string; dataDir: string }

function parse(sub: string, rest: readonly string[], allowed: readonly string[]): RoomArgs {
  const out: RoomArgs = { url: 'http://127.0.0.1:5173/', dataDir: DEFAULT_DATA_DIR }
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!
    const v = rest[i + 1]
    if (!allowed.includes(a)) throw new SceneError([{ path: '', message: `room ${sub}: unknown option "${a.slice(0, 40)}" (use: ${USAGE})` }])
    if (v === undefined) throw new SceneError([{ path: a, message: 'needs a value' }])
    if (a === '--url') {
      try {
        const u = new URL(v)
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error()
        out.url = `${u.origin}/`
      } catch {
        throw new SceneError([{ path: '--url', message: `"${v.slice(0, 80)}" is not an http(s) URL` }])
      }
    } else out.dataDir = resolve(v)
    i++
  }
  return out
}

function databaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL || undefined
  const bad = url ? checkDatabaseUrl(url) : null
  if (bad) throw new SceneError([{ path: 'DATABASE_URL', message: bad.replace(/^DATABASE_URL:? ?/, '') }])
  return url
}

/** An unreachable database is not bad input: one line, exit 1. */
function unreachable(e: unknown, url: string): number {
  if (!(e instanceof StoreUnavailableError)) throw e
  process.stderr.write(`error: the room database at ${redactDatabaseUrl(url)} is unreachable; start it or check DATABASE_URL\n`)
  return 1
}

export async function runRoomCommand(args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args
  if (sub === 'create') {
    const a = parse(sub, rest, ['--url', '--data'])
    const url = databaseUrl()
    try {
      const storage = await openRoomStorage({ dataDir: a.dataDir, instance: 'cli', databaseUrl: url, roomCreation: DEFAULT_ROOM_CREATION_LIMITS, storeWaitMs: Math.min(DEFAULT_STORE_WAIT_MS, 10_000), log: () => undefined })
      try {
        process.stdout.write(JSON.stringify(roomLinks(a.url, await storage.createRoom()), null, 2) + '\n')
      } finally {
        await storage.close()
      }
      return 0
    } catch (e) {
      return unreachable(e, url ?? '')
    }
  }
  if (sub === 'import') {
    const a = parse(sub, rest, ['--data'])
    const url = databaseUrl()
    if (!url) throw new SceneError([{ path: 'DATABASE_URL', message: 'room import copies a data folder into PostgreSQL: set DATABASE_URL=postgres://user:password@host:5432/database' }])
    try {
      const report = await importFileRooms(a.dataDir, url, (line) => process.stderr.write(`${line}\n`))
      process.stdout.write(JSON.stringify({ from: a.dataDir, to: redactDatabaseUrl(url), ...report }, null, 2) + '\n')
      return 0
    } catch (e) {
      if (e instanceof Error && e.message.includes('holds no rooms')) throw new SceneError([{ path: '--data', message: e.message }])
      return unreachable(e, url)
    }
  }
  throw new SceneError([{ path: '', message: `room: unknown subcommand "${(sub ?? '').slice(0, 40)}" (use: ${USAGE})` }])
}
