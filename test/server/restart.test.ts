// Kill the server (SIGKILL, no chance to flush) in the middle of a stream of edits and start it
// again on the same port and data folder: every edit the server had acknowledged is still in the
// room, and a client that stayed open reconnects by itself and syncs again.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { RoomRegistry } from '../../src/server/roomRegistry.ts'
import { type ServerProcess, type SyncClient, connectClient, spawnServer, until } from '../setup/syncClient.ts'

describe('the server killed mid-session and restarted', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabletop-restart-'))
  const servers: ServerProcess[] = []
  const clients: SyncClient[] = []
  afterAll(async () => {
    for (const c of clients) c.close()
    for (const s of servers) await s.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('loses no acknowledged edit, and clients reconnect', async () => {
    const registry = new RoomRegistry(dataDir)
    const room = registry.create()
    // The watcher sits in a second room, so its copy cannot refill the first room after the restart.
    const otherRoom = registry.create()
    const first = await spawnServer(['--port', '0', '--data', dataDir])
    servers.push(first)
    const writer = connectClient(first.wsUrl, room.roomId, room.editKey)
    const watcher = connectClient(first.wsUrl, otherRoom.roomId, otherRoom.editKey)
    clients.push(writer, watcher)
    await Promise.all([writer.ready, watcher.ready])

    // A stream of edits (one key each); the provider counts the ones the server has not yet acknowledged.
    const edits = writer.doc.getMap<number>('edits')
    let sent = 0
    const stream = setInterval(() => {
      for (let i = 0; i < 5; i++) edits.set(`e${sent++}`, sent)
    }, 2)
    await until(() => sent >= 400, 10_000, '400 edits sent')
    const acknowledged = sent - writer.provider.unsyncedChanges
    await first.kill('SIGKILL')
    clearInterval(stream)
    const sentAtKill = sent
    writer.close() // it may not resend anything: only what the server stored counts
    expect(acknowledged).toBeGreaterThan(0)

    const second = await spawnServer(['--port', String(first.port), '--data', dataDir])
    servers.push(second)
    const reader = connectClient(second.wsUrl, room.roomId, room.editKey)
    clients.push(reader)
    await reader.ready
    const stored = reader.doc.getMap<number>('edits')
    const lost = []
    for (let i = 0; i < acknowledged; i++) if (!stored.has(`e${i}`)) lost.push(i)
    expect(lost, `acknowledged edits missing after the restart (of ${acknowledged})`).toEqual([])
    console.log(`restart: ${acknowledged} of ${sentAtKill} edits acknowledged before SIGKILL, all ${acknowledged} present after restart (${stored.size} stored)`)

    // The watcher, open across the restart, reconnects on its own and sees a new edit.
    const otherReader = connectClient(second.wsUrl, otherRoom.roomId, otherRoom.editKey)
    clients.push(otherReader)
    await otherReader.ready
    otherReader.doc.getMap<number>('edits').set('after-restart', 1)
    await until(() => watcher.doc.getMap<number>('edits').has('after-restart'), 15_000, 'the watcher to reconnect and see a new edit')
    // Keys are never logged, whatever happened.
    for (const s of [first, second]) {
      expect(s.output()).not.toContain(room.editKey)
      expect(s.output()).not.toContain(otherRoom.editKey)
    }
  }, 60_000)
})
