// Rooms in PostgreSQL (DATABASE_URL) on a throwaway Debian PostgreSQL cluster and redis-server:
// the schema made on an empty database and migrated from a version-1 database (a frozen fixture,
// with rooms whose keys and tables must survive); hosts with their own data folders that share
// rooms, keys and the room-creation limit through the database; `cli room create` and
// `cli room import` (a files data folder moved into the database, links still valid).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRuleSystem } from '../../src/systems/index.ts'
import type { Scene } from '../../src/engine/index.ts'
import { readScene, sharedRulings, writeScene } from '../../src/app/sync/tableDoc.ts'
import { MIGRATIONS, SCHEMA_VERSION, migrate } from '../../src/server/postgres/migrations.ts'
import { RoomDatabase } from '../../src/server/postgres/roomDatabase.ts'
import { UpdateWriter, insertUpdates } from '../../src/server/postgres/updateWriter.ts'
import { RoomRegistry } from '../../src/server/roomRegistry.ts'
import { RoomStore } from '../../src/server/roomStore.ts'
import { type TabletopServer, startTabletopServer } from '../setup/tabletopServer.ts'
import { type SyncClient, connectClient, until } from '../setup/syncClient.ts'
import { connectWriter, editsIn, missingFrom } from '../setup/ackedWriter.ts'
import { type PostgresServer, havePostgres, startPostgres, warnIfNoPostgres } from '../setup/postgresServer.ts'
import { haveRedis, startRedis, warnIfNoRedis } from '../setup/redisServer.ts'
import { runCli as runCliHere } from '../cli/runCli.ts'

warnIfNoPostgres('test/server/postgresRooms.test.ts (rooms in PostgreSQL)')
warnIfNoRedis('test/server/postgresRooms.test.ts (hosts sharing rooms through PostgreSQL and Redis)')

/** The CLI in this process, with DATABASE_URL set (or not) for the call. */
async function runCli(args: string[], env: { DATABASE_URL?: string } = {}) {
  const before = process.env.DATABASE_URL
  if (env.DATABASE_URL) process.env.DATABASE_URL = env.DATABASE_URL
  else delete process.env.DATABASE_URL
  try {
    return await runCliHere(args)
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL
    else process.env.DATABASE_URL = before
  }
}

const keyOf = (link: string) => new URL(link).hash.replace(/^#key=/, '')

/** The room tables' columns and constraints, as PostgreSQL describes them (to compare two databases). */
async function schemaOf(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const cols = await c.query<{ d: string }>("SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS d FROM information_schema.columns WHERE table_schema = 'public' AND table_name LIKE 'tabletop_%' ORDER BY 1")
    const cons = await c.query<{ d: string }>("SELECT conrelid::regclass::text || ' ' || contype::text || ' ' || pg_get_constraintdef(oid) AS d FROM pg_constraint WHERE conrelid::regclass::text LIKE 'tabletop_%' ORDER BY 1")
    return [...cols.rows.map((r) => r.d), ...cons.rows.map((r) => r.d)]
  } finally {
    await c.end()
  }
}

function postRoom(url: string, localAddress = '127.0.0.1'): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}api/rooms`, { method: 'POST', localAddress }, (res) => {
      let text = ''
      res.on('data', (d: Buffer) => (text += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe.skipIf(!havePostgres)('rooms in PostgreSQL', () => {
  let db: PostgresServer
  const clients: SyncClient[] = []
  const servers: TabletopServer[] = []
  const dirs: string[] = []
  const dir = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `tabletop-${name}-`))
    dirs.push(d)
    return d
  }
  const client = (wsUrl: string, roomId: string, key: string) => {
    const c = connectClient(wsUrl, roomId, key)
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    db = await startPostgres()
  }, 60_000)
  afterAll(async () => {
    for (const c of clients) c.close()
    for (const s of servers) await s.stop()
    await db?.stop()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  it('the schema is made on an empty database once, and a database newer than the server is refused', async () => {
    const url = await db.database('empty_schema')
    const pool = new pg.Pool({ connectionString: url })
    try {
      expect(await migrate(pool)).toEqual(MIGRATIONS.map((m) => m.version))
      expect(await migrate(pool)).toEqual([])
      const tables = (await pool.query<{ t: string }>("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")).rows.map((r) => r.t)
      expect(tables).toEqual(['tabletop_room_creation', 'tabletop_room_keys', 'tabletop_room_snapshots', 'tabletop_room_updates', 'tabletop_rooms', 'tabletop_schema'])
      await pool.query("INSERT INTO tabletop_schema (version, name) VALUES ($1, 'from the future')", [SCHEMA_VERSION + 1])
      await expect(migrate(pool)).rejects.toThrow(`the database's room schema is version ${SCHEMA_VERSION + 1}, newer than this server (version ${SCHEMA_VERSION}): upgrade this server`)
    } finally {
      await pool.end()
    }
  })

  it('updates are committed in batches, numbered per room without a gap in arrival order, acknowledged in that order; an unknown room fails its batch whole', async () => {
    const url = await db.database('writer')
    const rdb = new RoomDatabase({ url, storeWaitMs: 5_000, log: () => undefined })
    const logged: string[] = []
    const writer = new UpdateWriter(rdb, 'host-x', (l) => logged.push(l))
    try {
      await migrate(rdb)
      await rdb.pool.query("INSERT INTO tabletop_rooms (room_id) VALUES ('writerroom0001'), ('writerroom0002')")
      const order = new Map<string, number[]>()
      const sources = { writerroom0001: {}, writerroom0002: {} } // a client per room
      const writes = Array.from({ length: 60 }, (_, i) => {
        const room = i % 3 === 0 ? 'writerroom0002' : 'writerroom0001'
        return writer.write(room, Uint8Array.of(i), sources[room]).then(() => order.set(room, [...(order.get(room) ?? []), i]))
      })
      await Promise.all(writes)
      // Each room's updates resolved (were acknowledged) in the order they arrived.
      for (const [, seen] of order) expect(seen).toEqual([...seen].sort((x, y) => x - y))
      expect([...order.values()].flat().length).toBe(60)
      expect(writer.counts.batches).toBeLessThan(60) // grouped
      const rows = await rdb.pool.query<{ room_id: string; seq: string; update: Buffer }>('SELECT room_id, seq, update FROM tabletop_room_updates ORDER BY room_id, seq')
      for (const room of ['writerroom0001', 'writerroom0002']) {
        const mine = rows.rows.filter((r) => r.room_id === room)
        expect(mine.map((r) => Number(r.seq))).toEqual(mine.map((_, k) => k + 1))
        expect(mine.map((r) => r.update[0]!)).toEqual([...mine.map((r) => r.update[0]!)].sort((x, y) => x - y))
      }
      expect((await rdb.pool.query("SELECT last_seq FROM tabletop_rooms WHERE room_id = 'writerroom0001'")).rows[0]).toEqual({ last_seq: '40' })
      // A batch naming an unknown room fails whole: nothing of it is stored.
      await expect(insertUpdates(rdb, 'host-x', ['writerroom0001', 'nosuchroom0001'], [Uint8Array.of(200), Uint8Array.of(201)])).rejects.toThrow(/null value in column "seq"/)
      expect((await rdb.pool.query('SELECT count(*)::int AS n FROM tabletop_room_updates')).rows[0]).toEqual({ n: 60 })
      // Through the writer, an update to an unknown room is refused (with the rest of its client's queue), not retried.
      const other = {}
      const unknown = writer.write('nosuchroom0001', Uint8Array.of(201), other)
      await expect(unknown).rejects.toThrow(/the room database refused the update \(null value in column "seq"/)
      expect((await rdb.pool.query('SELECT count(*)::int AS n FROM tabletop_room_updates')).rows[0]).toEqual({ n: 60 })
      expect(logged.some((l) => l.startsWith('refused 1 update from 1 client: null value in column "seq"'))).toBe(true)
    } finally {
      await writer.drain()
      await rdb.close()
    }
  })

  it('a version-1 database (fixture) is migrated on start: its rooms open with their keys, hold their tables, and the schema is a new one\'s', async () => {
    const url = await db.database('from_v1')
    const fixture = readFileSync(join(import.meta.dirname, 'fixtures', 'rooms-schema-v1.sql'), 'utf8')
    const load = new pg.Client({ connectionString: url })
    await load.connect()
    await load.query(fixture)
    await load.end()
    const lines: string[] = []
    const server = await startTabletopServer({ distDir: null, databaseUrl: url, dataDir: dir('v1-host'), log: (l) => lines.push(l) })
    servers.push(server)
    expect(lines).toContain('room database: schema migrated to version 2 (room keys by role; room-creation limit shared by all hosts)')
    expect(lines.some((l) => l.includes('version 1'))).toBe(false)

    const one = client(server.wsUrl, 'fixtureroom0001', 'fixture-edit-key-of-room-one-0123456789abcdef')
    const oneView = client(server.wsUrl, 'fixtureroom0001', 'fixture-view-key-of-room-one-0123456789abcdef')
    const two = client(server.wsUrl, 'fixtureroom0002', 'fixture-edit-key-of-room-two-0123456789abcdef')
    await Promise.all([one.ready, oneView.ready, two.ready])
    expect(one.scope()).toBe('read-write')
    expect(oneView.scope()).toBe('readonly')
    // Room one: the demo table from the snapshot, the move and the ruling from the updates after it.
    const expected = structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene
    expected.models[0]!.position = [321, 654]
    expect(readScene(one.doc)).toEqual(expected)
    expect(sharedRulings(one.doc).map((r) => r.contentHash)).toEqual([`sha256:${'ef'.repeat(32)}`])
    expect([...editsIn(one.doc)].sort()).toEqual(['also-before', 'before-snapshot'])
    expect([...editsIn(two.doc)].sort()).toEqual(['v1-edit-a', 'v1-edit-b', 'v1-edit-c'])
    // A wrong key (the other room's) opens nothing.
    await expect(client(server.wsUrl, 'fixtureroom0001', 'fixture-edit-key-of-room-two-0123456789abcdef').ready).rejects.toThrow('authentication failed')
    // The room's created time moved with its keys; an edit after the upgrade is numbered after the fixture's.
    const keys = await db.sql<{ role: string; created_at: Date }>("SELECT role, created_at FROM tabletop_room_keys WHERE room_id = 'fixtureroom0001' ORDER BY role", [], url)
    expect(keys.rows.map((r) => [r.role, r.created_at.toISOString()])).toEqual([['edit', '2026-11-20T10:05:00.000Z'], ['view', '2026-11-20T10:05:00.000Z']])
    two.doc.getMap('edits').set('after-upgrade', 1)
    await until(() => !two.provider.hasUnsyncedChanges, 10_000, 'the edit after the upgrade to be saved')
    const seqs = await db.sql<{ seq: string }>("SELECT seq FROM tabletop_room_updates WHERE room_id = 'fixtureroom0002' ORDER BY seq", [], url)
    expect(seqs.rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4])

    const fresh = await db.database('fresh_schema')
    const pool = new pg.Pool({ connectionString: fresh })
    await migrate(pool)
    await pool.end()
    expect(await schemaOf(url)).toEqual(await schemaOf(fresh))
  })

  describe.skipIf(!haveRedis)('hosts that share nothing but PostgreSQL and Redis', () => {
    let redis: Awaited<ReturnType<typeof startRedis>>
    let a: TabletopServer
    let b: TabletopServer
    let hostDirs: string[]
    let url: string
    beforeAll(async () => {
      redis = await startRedis()
      url = await db.database('two_hosts')
      hostDirs = [dir('host-a'), dir('host-b')]
      a = await startTabletopServer({ distDir: null, databaseUrl: url, redisUrl: redis.url, instance: 'a', dataDir: hostDirs[0], roomCreation: { burst: 3, perMinute: 60 } })
      b = await startTabletopServer({ distDir: null, databaseUrl: url, redisUrl: redis.url, instance: 'b', dataDir: hostDirs[1], roomCreation: { burst: 3, perMinute: 60 } })
      servers.push(a, b)
    }, 60_000)
    afterAll(async () => {
      await redis?.stop()
    })

    it('a room created on host A is edited on host B; every acknowledged edit is in the database and on A', async () => {
      const made = await postRoom(a.url)
      expect(made.status).toBe(201)
      const roomId = made.body.roomId as string
      const key = keyOf(made.body.editLink as string)
      // A device on A says who it is before anyone is on B; B, loading the room, asks the other hosts who is there.
      const reader = client(a.wsUrl, roomId, key)
      await reader.ready
      reader.provider.setAwarenessField('device', { name: 'on A' })
      const writer = connectWriter('b', b.wsUrl, roomId, key)
      clients.push(writer)
      await writer.ready
      const devices = () => [...writer.provider.awareness!.getStates().values()].map((st) => (st.device as { name?: string } | undefined)?.name)
      await until(() => devices().includes('on A'), 10_000, "A's device in B's awareness (before the 15 s renewal would bring it)")
      writeScene(writer.doc, structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene)
      for (let i = 0; i < 50; i++) writer.write()
      await until(() => writer.acked.size === 50, 10_000, 'B to acknowledge 50 edits')
      await until(() => missingFrom(editsIn(reader.doc), writer.acked).length === 0, 10_000, 'the edits on A')
      expect(readScene(reader.doc)).toEqual(readScene(writer.doc))
      const rows = await db.sql<{ n: string }>('SELECT count(*) AS n FROM tabletop_room_updates WHERE room_id = $1', [roomId], url)
      expect(Number(rows.rows[0]!.n)).toBeGreaterThanOrEqual(51) // the scene and 50 edits, each committed before its acknowledgement
      // Nothing of the room is in either host's data folder.
      for (const d of hostDirs) expect(readdirSync(d)).toEqual([])
    })

    it('the room-creation limit is one bucket per address for all hosts', async () => {
      // 3 in a burst, then one a second (this test's limits), counted in the database.
      const first = [await postRoom(a.url, '127.0.0.3'), await postRoom(b.url, '127.0.0.3'), await postRoom(a.url, '127.0.0.3')]
      expect(first.map((r) => r.status)).toEqual([201, 201, 201])
      const refused = await postRoom(b.url, '127.0.0.3')
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ error: 'too many rooms created from this address; try again in 1 s', retryAfterS: 1 })
      expect((await postRoom(b.url, '127.0.0.4')).status).toBe(201)
      await new Promise((r) => setTimeout(r, 1100))
      expect((await postRoom(b.url, '127.0.0.3')).status).toBe(201)
      expect((await postRoom(a.url, '127.0.0.3')).status).toBe(429)
    })
  })

  it('cli room create writes to PostgreSQL with DATABASE_URL; cli room import moves a data folder in with its keys and tables', async () => {
    const url = await db.database('cli_rooms')
    const made = await runCli(['room', 'create', '--url', 'https://192.168.1.5:5173'], { DATABASE_URL: url })
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    const room = JSON.parse(made.stdout) as { roomId: string; editLink: string; viewLink: string }
    expect((await db.sql('SELECT role FROM tabletop_room_keys WHERE room_id = $1 ORDER BY role', [room.roomId], url)).rows).toEqual([{ role: 'edit' }, { role: 'view' }])

    // A files data folder as two processes of the embedded store left it: one room, a log per instance.
    const files = dir('files-store')
    const registry = new RoomRegistry(files)
    const old = registry.create('2026-10-01T12:00:00.000Z')
    for (const [instance, edit] of [['one', 'from-one'], ['two', 'from-two']] as const) {
      const store = new RoomStore({ dataDir: files, instance })
      const doc = new (await import('yjs')).Doc()
      store.load(old.roomId, doc)
      doc.on('update', (u: Uint8Array) => store.append(old.roomId, u))
      doc.getMap('edits').set(edit, 1)
      store.closeAll()
    }
    const imported = await runCli(['room', 'import', '--data', files], { DATABASE_URL: url })
    expect(imported.code).toBe(0)
    const report = JSON.parse(imported.stdout) as { imported: string[]; merged: string[]; keysDiffer: string[] }
    expect(report).toMatchObject({ imported: [old.roomId], merged: [], keysDiffer: [] })
    // Again: nothing new, nothing lost.
    expect(JSON.parse((await runCli(['room', 'import', '--data', files], { DATABASE_URL: url })).stdout)).toMatchObject({ imported: [], merged: [old.roomId], keysDiffer: [] })

    const server = await startTabletopServer({ distDir: null, databaseUrl: url, dataDir: dir('cli-host') })
    servers.push(server)
    const c = client(server.wsUrl, old.roomId, old.editKey)
    await c.ready
    expect([...editsIn(c.doc)].sort()).toEqual(['from-one', 'from-two'])
    await expect(client(server.wsUrl, old.roomId, old.viewKey).ready).resolves.toBeUndefined()
    const created = await db.sql<{ created_at: Date }>('SELECT created_at FROM tabletop_rooms WHERE room_id = $1', [old.roomId], url)
    expect(created.rows[0]!.created_at.toISOString()).toBe('2026-10-01T12:00:00.000Z')

    expect((await runCli(['room', 'import', '--data', files])).stderr.trim()).toBe('error: DATABASE_URL: room import copies a data folder into PostgreSQL: set DATABASE_URL=postgres://user:password@host:5432/database')
    const nowhere = await runCli(['room', 'import', '--data', join(files, 'nope')], { DATABASE_URL: url })
    expect(nowhere.code).toBe(2)
    expect(nowhere.stderr).toContain('holds no rooms')
    expect(existsSync(join(files, 'nope'))).toBe(false)
  })
})
