// Scale-out: two server processes' worth of Hocuspocus (two servers, two instances, one data
// folder) on a local redis-server share a room: an edit and a ruling through one reach a client
// of the other, both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRuleSystem } from '../../src/systems/index.ts'
import type { Scene } from '../../src/engine/index.ts'
import { addSharedRuling, readScene, sharedRulings, writeScene } from '../../src/app/sync/tableDoc.ts'
import { type TabletopServer, startTabletopServer } from '../setup/tabletopServer.ts'
import { type SyncClient, connectClient, until } from '../setup/syncClient.ts'
import { haveRedis, startRedis, warnIfNoRedis } from '../setup/redisServer.ts'

warnIfNoRedis('test/server/redis.test.ts (two servers sharing a room through Redis)')

describe.skipIf(!haveRedis)('two servers sharing rooms through a local redis-server', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  let one: TabletopServer
  let two: TabletopServer
  const clients: SyncClient[] = []

  beforeAll(async () => {
    redis = await startRedis()
    one = await startTabletopServer({ distDir: null, redisUrl: redis.url, instance: 'one' })
    two = await startTabletopServer({ distDir: null, redisUrl: redis.url, instance: 'two', dataDir: one.dataDir })
  })
  afterAll(async () => {
    for (const c of clients) c.close()
    await two?.close()
    await one?.stop()
    await redis?.stop()
  })

  it('an edit through one server reaches a client of the other', async () => {
    const room = await one.storage.createRoom()
    const a = connectClient(one.wsUrl, room.roomId, room.editKey)
    const b = connectClient(two.wsUrl, room.roomId, room.editKey)
    clients.push(a, b)
    await Promise.all([a.ready, b.ready])
    const scene = structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene
    writeScene(a.doc, scene)
    await until(() => readScene(b.doc) !== null, 10_000, 'the scene through Redis')
    expect(readScene(b.doc)).toEqual(scene)

    const moved = readScene(b.doc)!
    moved.models[0]!.position = [10, 20]
    writeScene(b.doc, moved)
    await until(() => JSON.stringify(readScene(a.doc)?.models[0]?.position) === '[10,20]', 10_000, 'the move back through Redis')

    addSharedRuling(a.doc, { contentHash: `sha256:${'cd'.repeat(32)}`, summary: 'shared' })
    await until(() => sharedRulings(b.doc).length === 1, 10_000, 'the ruling through Redis')
  }, 60_000)
})
