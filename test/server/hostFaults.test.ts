// Hosts that share nothing but PostgreSQL and Redis, through the faults real operations bring. Three
// `npm start` processes (A, B, and C with a 3 s store wait), each with its own data folder, port and
// instance name, on a throwaway Debian PostgreSQL cluster and redis-server; clients are the real
// @hocuspocus/provider, some through a TCP load balancer in front of A then B. Each fault is checked
// against the exact set of edits the server acknowledged (the writers watch their websocket's sync
// statuses), and every fault ends with the hosts alive and every client's edits stored. What is
// stored is read straight from PostgreSQL (the room's snapshot and update rows, decoded here), never
// through a host: a host loading a room asks the others through Redis for what it lacks, so a host's
// memory could supply edits that were acknowledged but never stored.
//   - host A SIGKILLed mid-stream while its clients reconnect to B through the load balancer
//   - Redis stopped for ~5 s, with a pause in the edits past Hocuspocus's 2 s store debounce (the
//     Redis lock around storing crashed hosts: hocuspocus issue 983), and started again
//   - PostgreSQL crashed and restarted: an immediate shutdown, and its postmaster SIGKILLed; no edit
//     sent after it went down is acknowledged until it is back
//   - PostgreSQL unreachable for 10 s (every process frozen): updates wait on A (store wait 30 s), are
//     refused on C (3 s) and sent again by their clients after it, none acknowledged meanwhile; clients
//     arriving on C meanwhile are told to come back (4503), never refused
//   - a room unloading while its client reconnects, at delays around the unload (hocuspocus issue 971)
//   - two hosts editing one room under load, Redis's subscribers cut off mid-way: every client ends
//     with the same state vector (hocuspocus issue 800)
// The fault table (edits acknowledged, present, recovery time) is printed and written to
// test-results/host-faults.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { type ServerProcess, type SyncClient, connectClient, spawnServer, until } from '../setup/syncClient.ts'
import { type AckedWriter, allAcked, connectWriter, editsIn, missingFrom } from '../setup/ackedWriter.ts'
import { type FailoverProxy, startFailoverProxy } from '../setup/failoverProxy.ts'
import { type PostgresServer, havePostgres, startPostgres, warnIfNoPostgres } from '../setup/postgresServer.ts'
import { haveRedis, startRedis, warnIfNoRedis } from '../setup/redisServer.ts'
import { RESULTS_DIR } from '../setup/browser.ts'

warnIfNoPostgres('test/server/hostFaults.test.ts (hosts on PostgreSQL and Redis through faults)')
warnIfNoRedis('test/server/hostFaults.test.ts (hosts on PostgreSQL and Redis through faults)')

type Room = { roomId: string; key: string }
type FaultRow = { fault: string; acknowledged: number; present: number; sent: number; recoveryMs: number; recovery: string }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const since = (t: number) => Date.now() - t

describe.skipIf(!havePostgres || !haveRedis)('hosts on PostgreSQL and Redis through the faults of real operations', () => {
  let db: PostgresServer
  let redis: Awaited<ReturnType<typeof startRedis>>
  const hosts: Record<'a' | 'b' | 'c', ServerProcess | null> = { a: null, b: null, c: null }
  const dataDirs: Record<string, string> = {}
  let proxy: FailoverProxy
  const clients: SyncClient[] = []
  const table: FaultRow[] = []
  const host = (name: 'a' | 'b' | 'c') => hosts[name]!

  const spawnHost = async (name: 'a' | 'b' | 'c', port = 0) => {
    dataDirs[name] ??= mkdtempSync(join(tmpdir(), `tabletop-host-${name}-`))
    const extra = name === 'c' ? ['--store-wait', '3'] : []
    hosts[name] = await spawnServer(['--port', String(port), '--data', dataDirs[name]!, '--instance', name, ...extra], { DATABASE_URL: db.url, REDIS_URL: redis.url })
    return hosts[name]!
  }
  const newRoom = async (on: ServerProcess): Promise<Room> => {
    const res = await fetch(`${on.url}api/rooms`, { method: 'POST' })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { roomId: string; editLink: string }
    return { roomId: body.roomId, key: new URL(body.editLink).hash.replace(/^#key=/, '') }
  }
  const writer = (name: string, wsUrl: string, room: Room, reconnect: 'fast' | 'app' = 'fast'): AckedWriter => {
    const w = connectWriter(name, wsUrl, room.roomId, room.key, { reconnect })
    clients.push(w)
    return w
  }
  const watcher = (wsUrl: string, room: Room) => {
    const c = connectClient(wsUrl, room.roomId, room.key)
    clients.push(c)
    return c
  }
  /** A new room on the first host, a writer on each host, both writing an edit every `everyMs`. */
  const twoWriters = async (fault: string, on: readonly ['a' | 'b' | 'c', 'a' | 'b' | 'c'], everyMs: number) => {
    const room = await newRoom(host(on[0]))
    const ws = on.map((h) => writer(`${fault}-${h}`, host(h).wsUrl, room)) as [AckedWriter, AckedWriter]
    await Promise.all(ws.map((w) => w.ready))
    let streams = ws.map((w) => w.stream(everyMs))
    const acked = () => new Set([...ws[0].acked, ...ws[1].acked])
    return {
      room,
      writers: ws,
      acked,
      sent: () => [...ws[0].sent, ...ws[1].sent],
      stop: () => streams.forEach((s) => s.stop()),
      resume: () => (streams = ws.map((w) => w.stream(everyMs))),
    }
  }
  /**
   * The edits a room holds in PostgreSQL: its snapshot and every update row, read in one statement (one
   * snapshot of the database, so a compaction cannot move rows between them) and applied to a new
   * document. An update whose dependencies are missing stays pending and adds nothing.
   */
  const stored = async (room: Room): Promise<Set<string>> => {
    const rows = await db.sql<{ bytes: Buffer }>(
      `SELECT state AS bytes, 0 AS part, seq FROM tabletop_room_snapshots WHERE room_id = $1
       UNION ALL SELECT update, 1, seq FROM tabletop_room_updates WHERE room_id = $1 ORDER BY part, seq`,
      [room.roomId],
    )
    const doc = new Y.Doc()
    for (const r of rows.rows) Y.applyUpdate(doc, new Uint8Array(r.bytes))
    return editsIn(doc)
  }
  /** The hosts still run, answer, and never logged an error that escaped (an unhandled rejection). */
  const aliveAndWell = async (...names: Array<'a' | 'b' | 'c'>) => {
    for (const n of names) {
      const h = host(n)
      expect(h.child.exitCode, `host ${n} exited:\n${h.output().slice(-2000)}`).toBeNull()
      expect((await fetch(`${h.url}api/health`)).status).toBe(200)
      expect(h.output()).not.toMatch(/unexpected \(kept running\)|Unhandled|TypeError|ReferenceError/)
    }
  }
  const record = (row: FaultRow) => {
    table.push(row)
    console.log(`fault: ${row.fault} — ${row.acknowledged} acknowledged, ${row.present} present (of ${row.sent} sent), recovered in ${row.recoveryMs} ms (${row.recovery})`)
  }

  beforeAll(async () => {
    ;[db, redis] = await Promise.all([startPostgres(), startRedis()])
    await Promise.all([spawnHost('a'), spawnHost('b'), spawnHost('c')])
    proxy = await startFailoverProxy([
      { host: '127.0.0.1', port: host('a').port },
      { host: '127.0.0.1', port: host('b').port },
    ])
  }, 120_000)
  afterAll(async () => {
    for (const c of clients) c.close()
    await proxy?.close()
    for (const h of Object.values(hosts)) await h?.kill('SIGKILL')
    await redis?.stop()
    await db?.stop()
    for (const d of Object.values(dataDirs)) rmSync(d, { recursive: true, force: true })
    if (table.length > 0) {
      mkdirSync(RESULTS_DIR, { recursive: true })
      writeFileSync(join(RESULTS_DIR, 'host-faults.json'), JSON.stringify({ test: 'test/server/hostFaults.test.ts', faults: table }, null, 2) + '\n')
    }
  })

  it('host A killed with SIGKILL mid-stream: every edit A acknowledged is on B, and clients behind the load balancer reconnect to B', async () => {
    const room = await newRoom(host('a'))
    // On A directly, closed at the kill: what B then has of its edits can only come from the store.
    const direct = writer('kill-direct', host('a').wsUrl, room)
    // On A through the load balancer, with the app's reconnect timing: it fails over to B.
    const balanced = writer('kill-lb', proxy.wsUrl, room, 'app')
    const onB = watcher(host('b').wsUrl, room)
    await Promise.all([direct.ready, balanced.ready, onB.ready])
    expect(proxy.routed.get(host('a').port)).toBeGreaterThan(0)
    expect(proxy.routed.get(host('b').port) ?? 0).toBe(0)
    const s1 = direct.stream(4, 2)
    const s2 = balanced.stream(25)
    await until(() => direct.acked.size >= 300 && balanced.acked.size >= 20, 20_000, 'A to acknowledge a stream of edits')

    const aPort = host('a').port
    await host('a').kill('SIGKILL')
    try {
      const t0 = Date.now()
      s1.stop()
      const ackedByA = new Set([...direct.acked, ...balanced.acked])
      const sentToA = direct.sent.length
      direct.close()
      await until(() => missingFrom(editsIn(onB.doc), ackedByA).length === 0, 15_000, "every edit A acknowledged to reach B's client")
      const onBMs = since(t0)
      await until(() => balanced.statuses.includes('reconnecting') && balanced.statuses[balanced.statuses.length - 1] === 'connected', 20_000, 'the balanced client to reconnect (to B)')
      const failoverMs = since(t0)
      expect(proxy.routed.get(host('b').port)).toBeGreaterThan(0)
      s2.stop()
      await until(() => !balanced.provider.hasUnsyncedChanges, 15_000, 'the balanced client to have everything saved on B')
      await until(() => missingFrom(editsIn(onB.doc), balanced.sent).length === 0, 10_000, "the balanced client's edits on B")
      expect(balanced.statuses.slice(0, 2)).toEqual(['connecting', 'connected'])
      expect(balanced.statuses.slice(-2)).toEqual(['reconnecting', 'connected'])

      const present = await stored(room)
      expect(missingFrom(present, ackedByA)).toEqual([])
      expect(missingFrom(present, balanced.sent)).toEqual([])
      await aliveAndWell('b', 'c')
      record({ fault: 'host A SIGKILLed mid-stream; clients behind the load balancer fail over to B', acknowledged: ackedByA.size, present: [...ackedByA].filter((id) => present.has(id)).length, sent: sentToA + balanced.sent.length, recoveryMs: failoverMs, recovery: `kill → every A-acknowledged edit on B's client ${onBMs} ms; → the balanced client connected to B ${failoverMs} ms (the app's reconnect delay, ~1 s, included)` })
    } finally {
      s1.stop()
      s2.stop()
      await spawnHost('a', aPort) // back for the next faults, on the same port (behind the same load balancer)
    }
  }, 90_000)

  it('Redis stopped for 5 s and started again: rooms go on through PostgreSQL, no host crashes (no Redis lock), and the hosts resync', async () => {
    const pair = await twoWriters('redis', ['b', 'a'], 20)
    const [wb, wa] = pair.writers
    await sleep(500)
    await redis.stop()
    const t0 = Date.now()
    try {
      await sleep(1000)
      // A pause longer than Hocuspocus's 2 s store debounce: the rooms are stored with Redis gone
      // (under the extension's Redis lock this crashed the server before hocuspocus PR 983 and
      // skips the store since; here there is no lock, and no publish may reject unawaited).
      pair.stop()
      await sleep(2500)
      pair.resume()
      await sleep(1000)
      // Without Redis, each host still gets the other's acknowledged edits, from the database.
      const ackedByB = new Set(wb.acked)
      await until(() => missingFrom(editsIn(wa.doc), ackedByB).length === 0, 5_000, "B's edits on A through PostgreSQL while Redis is down")
      expect(since(t0)).toBeLessThan(10_000)
    } finally {
      redis = await startRedis({ port: redis.port })
    }
    const t1 = Date.now()
    pair.stop()
    await until(() => allAcked(wa) && allAcked(wb), 15_000, 'every edit acknowledged')
    await until(() => missingFrom(editsIn(wa.doc), wb.sent).length === 0 && missingFrom(editsIn(wb.doc), wa.sent).length === 0, 15_000, 'both clients to hold every edit')
    const recoveryMs = since(t1)
    await until(() => host('a').output().includes('Redis reachable again') && host('b').output().includes('Redis reachable again'), 10_000, 'both hosts back on Redis')
    const acked = pair.acked()
    const present = await stored(pair.room)
    expect(missingFrom(present, acked)).toEqual([])
    expect(wa.statuses).toEqual(['connecting', 'connected']) // nobody was cut off
    await aliveAndWell('a', 'b', 'c')
    record({ fault: 'Redis stopped ~5 s (rooms stored meanwhile), then started again', acknowledged: acked.size, present: [...acked].filter((id) => present.has(id)).length, sent: pair.sent().length, recoveryMs, recovery: 'Redis back → every client holds every edit (they converged through PostgreSQL during the outage too)' })
  }, 60_000)

  for (const mode of ['immediate', 'kill'] as const) {
    const how = mode === 'kill' ? 'its postmaster SIGKILLed' : 'an immediate shutdown'
    it(`PostgreSQL crashed (${how}) and restarted: updates wait for it, none sent after it went down is acknowledged before it is back, clients stay connected`, async () => {
      const pair = await twoWriters(`pg-${mode}`, ['a', 'b'], 20)
      const [wa, wb] = pair.writers
      await sleep(500)
      await db.halt(mode)
      // Down: from here on nothing can be committed, so nothing sent from here on may be acknowledged.
      const atHalt = { acked: new Set(pair.acked()), sent: new Set(pair.sent()) }
      await sleep(2000)
      const ackedWhileDown = [...pair.acked()].filter((id) => !atHalt.acked.has(id))
      const sentWhileDown = pair.sent().filter((id) => !atHalt.sent.has(id))
      await db.start()
      const t1 = Date.now()
      pair.stop()
      // Edits went on while it was down, and not one of them was acknowledged before it was back (an
      // acknowledgement arriving then can only be for an edit committed before the crash).
      expect(sentWhileDown.length).toBeGreaterThan(50)
      expect(ackedWhileDown.filter((id) => !atHalt.sent.has(id))).toEqual([])
      await until(() => allAcked(wa) && allAcked(wb), 30_000, 'every edit acknowledged after the restart')
      const recoveryMs = since(t1)
      const acked = pair.acked()
      const present = await stored(pair.room)
      expect(missingFrom(present, acked)).toEqual([])
      expect(missingFrom(present, pair.sent())).toEqual([])
      expect(wa.statuses).toEqual(['connecting', 'connected'])
      expect(wb.statuses).toEqual(['connecting', 'connected'])
      if (mode === 'kill') expect(db.log()).toMatch(/database system was interrupted|was not properly shut down|automatic recovery in progress/)
      await aliveAndWell('a', 'b', 'c')
      record({ fault: `PostgreSQL crashed (${how}, down 2 s) and restarted`, acknowledged: acked.size, present: [...acked].filter((id) => present.has(id)).length, sent: pair.sent().length, recoveryMs, recovery: `PostgreSQL up → every waiting update committed and acknowledged (while it was down: ${sentWhileDown.length} edits sent, none of them acknowledged; ${ackedWhileDown.length} acknowledgements of edits sent before it went down)` })
    }, 60_000)
  }

  it('PostgreSQL unreachable for 10 s: updates wait on A (store wait 30 s), are refused on C (3 s) and sent again; none lost; newcomers are told to come back, never refused', async () => {
    const pair = await twoWriters('freeze', ['a', 'c'], 50)
    const [wa, wc] = pair.writers
    // A room C has seen (its keys cached) but no longer holds, and one it has never seen.
    const seen = await newRoom(host('a'))
    const visit = watcher(host('c').wsUrl, seen)
    await visit.ready
    visit.close()
    await sleep(1500) // C unloads the room about 1 s after the visit
    const unseen = await newRoom(host('a'))
    await sleep(500)
    db.freeze(true)
    const t0 = Date.now()
    // Frozen: nothing can be committed from here on, so nothing sent from here on may be acknowledged.
    const atFreeze = { acked: new Set(pair.acked()), sent: new Set(pair.sent()) }
    // Newcomers on C while the database is frozen: one whose room must be loaded, one whose key must be checked.
    const late = watcher(host('c').wsUrl, seen)
    const stranger = watcher(host('c').wsUrl, unseen)
    let ackedDuringFreeze: string[]
    let sentDuringFreeze: string[]
    try {
      await sleep(10_000)
      ackedDuringFreeze = [...pair.acked()].filter((id) => !atFreeze.acked.has(id))
      sentDuringFreeze = pair.sent().filter((id) => !atFreeze.sent.has(id))
    } finally {
      db.freeze(false)
    }
    const t1 = Date.now()
    // Both were told to come back (4503, "the room store is unreachable") after 3 s, again and again, never refused.
    expect(host('c').output()).toMatch(new RegExp(`room ${seen.roomId} could not be loaded: loading room ${seen.roomId}: the room database has been unreachable for 3 s`))
    expect(host('c').output()).toMatch(new RegExp(`a client could not be let into room ${unseen.roomId}: checking a room key: the room database has been unreachable for 3 s`))
    pair.stop()
    expect(wc.statuses).toContain('reconnecting') // C refused its updates: cut off with a reason, it came back
    // Every edit is acknowledged, or (on C) stored. C refuses what waited 3 s and cuts its client off; the
    // client sends it again once the database is back, and it is stored. Not every such edit comes back
    // with an acknowledgement this test can pin to it: one C refused may have been committed all the same
    // as the database froze (then the room has it and the client never sends it again), and the writer
    // maps acknowledgements to the edits of each message it sent (ackedWriter.ts), which a reconnect's
    // resend does not always match (runs here: 1 and 141 such edits, every one stored).
    const unackedOnC = () => wc.sent.filter((id) => !wc.acked.has(id))
    let storedUnacked: string[] = []
    for (const end = Date.now() + 45_000; ; ) {
      if (allAcked(wa) && wc.statuses[wc.statuses.length - 1] === 'connected') {
        const unacked = unackedOnC()
        const inDb = unacked.length > 0 ? await stored(pair.room) : new Set<string>()
        if (unacked.every((id) => inDb.has(id))) { storedUnacked = unacked; break }
      }
      if (Date.now() > end) {
        const inDb = await stored(pair.room)
        throw new Error(`timed out waiting for every edit acknowledged or stored after the database came back: not acknowledged on A ${JSON.stringify(wa.sent.filter((id) => !wa.acked.has(id)).slice(0, 5))}, on C and not stored ${JSON.stringify(unackedOnC().filter((id) => !inDb.has(id)).slice(0, 5))}; C's statuses ${wc.statuses.join(' ')}`)
      }
      await sleep(100)
    }
    const recoveryMs = since(t1)
    await Promise.all([late.ready, stranger.ready]) // in once the database is back
    expect(late.scope()).toBe('read-write')
    expect(stranger.scope()).toBe('read-write')
    const acked = pair.acked()
    const present = await stored(pair.room)
    expect(missingFrom(present, acked)).toEqual([])
    expect(missingFrom(present, pair.sent())).toEqual([])
    expect(wa.statuses).toEqual(['connecting', 'connected']) // A kept its client waiting, never cut it off
    expect(sentDuringFreeze!.length).toBeGreaterThan(100)
    expect(ackedDuringFreeze!.filter((id) => !atFreeze.sent.has(id))).toEqual([])
    const health = async (n: 'a' | 'c') => ((await (await fetch(`${host(n).url}api/health`)).json()) as { store: { updates: { refused: number } } }).store.updates.refused
    expect(await health('a')).toBe(0)
    expect(await health('c')).toBeGreaterThan(0)
    expect(host('c').output()).toMatch(/refused \d+ updates? from \d+ clients?: the room database stayed unreachable/)
    await aliveAndWell('a', 'b', 'c')
    record({ fault: 'PostgreSQL unreachable 10 s (frozen): host A waits (store wait 30 s), host C refuses after 3 s', acknowledged: acked.size, present: [...acked].filter((id) => present.has(id)).length, sent: pair.sent().length, recoveryMs, recovery: `reachable again → every update saved (A's waited ${since(t0) - recoveryMs} ms; C's clients were cut off with 4503 and sent theirs again; while frozen ${sentDuringFreeze!.length} edits sent, none of them acknowledged, ${ackedDuringFreeze!.length} acknowledgements of edits sent before; ${storedUnacked.length} edits on C stored though no acknowledgement naming them was seen)` })
  }, 90_000)

  it('a room unloading while its client reconnects, at delays around the unload: nothing acknowledged is lost, the client ends up on the live room', async () => {
    const room = await newRoom(host('b'))
    const w = writer('unload', host('b').wsUrl, room)
    const onA = watcher(host('a').wsUrl, room) // another host: B unloads the room when w leaves it
    await Promise.all([w.ready, onA.ready])
    const t0 = Date.now()
    // B unloads about 1 s after the last client leaves (the Redis extension's unload delay).
    for (const delayMs of [0, 100, 400, 800, 950, 1000, 1050, 1100, 1300, 1800]) {
      for (let i = 0; i < 10; i++) w.write()
      await until(() => allAcked(w), 10_000, 'the edits acknowledged before leaving')
      w.socket.disconnect()
      for (let i = 0; i < 5; i++) w.write() // made while away: sent when it is back
      await until(() => w.statuses[w.statuses.length - 1] !== 'connected', 5_000, 'the client to be off') // (connect() is a no-op until the close is seen)
      await sleep(delayMs)
      void w.socket.connect()
      await until(() => w.statuses[w.statuses.length - 1] === 'connected' && allAcked(w), 15_000, `the client back after ${delayMs} ms with everything acknowledged`)
      // Live on the room again: a change on A reaches it.
      onA.doc.getMap<number>('edits').set(`from-a-${delayMs}`, delayMs)
      await until(() => editsIn(w.doc).has(`from-a-${delayMs}`), 10_000, `A's edit on the reconnected client (${delayMs} ms)`)
    }
    await until(() => missingFrom(editsIn(onA.doc), w.sent).length === 0, 10_000, "every edit on A's client")
    // Each unload compacted the room (a snapshot and the updates after it), and C read it from there.
    const snapshot = await db.sql<{ seq: string }>('SELECT seq FROM tabletop_room_snapshots WHERE room_id = $1', [room.roomId])
    expect(Number(snapshot.rows[0]?.seq ?? 0)).toBeGreaterThan(0)
    const present = await stored(room)
    expect(missingFrom(present, w.acked)).toEqual([])
    await aliveAndWell('a', 'b')
    record({ fault: 'room unloaded while its client reconnects (10 delays, 0–1.8 s)', acknowledged: w.acked.size, present: [...w.acked].filter((id) => present.has(id)).length, sent: w.sent.length, recoveryMs: since(t0), recovery: `the whole sequence; each reconnect saw the live room (a change from A reached it); a client found on an unloaded room and reconnected ${host('b').output().split('after it unloaded').length - 1} time(s)` })
  }, 120_000)

  it('two hosts editing one room under load, Redis subscribers cut off mid-way: every client converges to the same state vector', async () => {
    const room = await newRoom(host('a'))
    const writers = [0, 1, 2, 3, 4, 5].map((i) => writer(`load-${i}`, host(i % 2 === 0 ? 'a' : 'b').wsUrl, room))
    await Promise.all(writers.map((w) => w.ready))
    // Each writer: its own edits and a pose every device overwrites (concurrent writes to one key).
    const ticks = writers.map((w, i) =>
      setInterval(() => {
        w.write()
        w.doc.getMap('poses').set('a1', { by: i, at: Date.now() })
      }, 100),
    )
    await sleep(2500)
    // Redis drops its subscribers (as when a client output buffer overflows): what was relayed meanwhile is lost.
    const killed = await redisCommand(redis.port, 'CLIENT KILL TYPE pubsub')
    expect(killed).toMatch(/^:[1-9]/)
    await sleep(2500)
    for (const t of ticks) clearInterval(t)
    const t0 = Date.now()
    await until(() => writers.every(allAcked), 15_000, 'every edit acknowledged')
    const vector = (w: AckedWriter) => JSON.stringify([...Y.decodeStateVector(Y.encodeStateVector(w.doc)).entries()].sort((x, y) => x[0] - y[0]))
    await until(() => new Set(writers.map(vector)).size === 1, 15_000, 'every client to hold the same state vector')
    const convergedMs = since(t0)
    const json = writers.map((w) => JSON.stringify({ edits: [...editsIn(w.doc)].sort(), pose: w.doc.getMap('poses').get('a1') }))
    expect(new Set(json).size).toBe(1)
    const acked = new Set(writers.flatMap((w) => [...w.acked]))
    const present = await stored(room)
    expect(present).toEqual(editsIn(writers[0]!.doc))
    expect(missingFrom(present, acked)).toEqual([])
    expect(missingFrom(present, writers.flatMap((w) => w.sent))).toEqual([])
    await aliveAndWell('a', 'b')
    record({ fault: 'two hosts, 6 writers at 10 Hz on one room, Redis subscribers killed mid-way', acknowledged: acked.size, present: [...acked].filter((id) => present.has(id)).length, sent: writers.reduce((n, w) => n + w.sent.length, 0), recoveryMs: convergedMs, recovery: 'writers stop → all 6 clients hold the same state vector' })
  }, 60_000)
})

/** One command to Redis over its plain protocol; the first reply line. */
function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port }, () => s.write(`${command}\r\n`))
    s.once('data', (d: Buffer) => {
      resolve(d.toString().split('\r\n')[0]!)
      s.end()
    })
    s.once('error', reject)
  })
}
