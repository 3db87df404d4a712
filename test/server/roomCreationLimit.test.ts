// POST /api/rooms is limited per client address: a burst, then a steady rate; past it the server
// answers 429 with a JSON error and Retry-After, while another address still gets its rooms.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RoomCreationLimit } from '../../src/server/roomCreationLimit.ts'
import { type TabletopServer, startTabletopServer } from '../setup/tabletopServer.ts'

type Reply = { status: number; retryAfter: string | undefined; body: Record<string, unknown> }

/** POST /api/rooms from a chosen loopback address (Linux routes all of 127/8 to lo). */
function createRoom(url: string, localAddress: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}api/rooms`, { method: 'POST', localAddress }, (res) => {
      let text = ''
      res.on('data', (d: Buffer) => (text += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) as Record<string, unknown> }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('room creation rate limit (the bucket, on a fake clock)', () => {
  it('allows the burst, then one room per 60/perMinute seconds, and forgets refilled addresses', () => {
    let nowMs = 0
    const limit = new RoomCreationLimit({ burst: 2, perMinute: 6 }, () => nowMs)
    expect(limit.take('a')).toEqual({ ok: true })
    expect(limit.take('a')).toEqual({ ok: true })
    expect(limit.take('a')).toEqual({ ok: false, retryAfterS: 10 }) // 6 a minute: one every 10 s
    expect(limit.take('b')).toEqual({ ok: true })
    nowMs = 4_000
    expect(limit.take('a')).toEqual({ ok: false, retryAfterS: 6 })
    nowMs = 10_000
    expect(limit.take('a')).toEqual({ ok: true })
    expect(limit.size).toBe(2)
    nowMs = 200_000 // both buckets full again: the next call's sweep forgets them
    expect(limit.take('c')).toEqual({ ok: true })
    expect(limit.size).toBe(1)
  })
})

describe('POST /api/rooms through the real server', () => {
  let server: TabletopServer
  beforeAll(async () => {
    server = await startTabletopServer({ distDir: null, roomCreation: { burst: 3, perMinute: 60 } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 429 with a JSON error past the burst, per address, and lets the caller in again later', async () => {
    const first = []
    for (let i = 0; i < 3; i++) first.push(await createRoom(server.url, '127.0.0.1'))
    expect(first.map((r) => r.status)).toEqual([201, 201, 201])
    expect(typeof first[0]!.body.editLink).toBe('string')

    const refused = await createRoom(server.url, '127.0.0.1')
    expect(refused.status).toBe(429)
    expect(refused.retryAfter).toBe('1')
    expect(refused.body).toEqual({ error: 'too many rooms created from this address; try again in 1 s', retryAfterS: 1 })

    // Another device (address) is not held back by the first one.
    expect((await createRoom(server.url, '127.0.0.2')).status).toBe(201)

    await new Promise((r) => setTimeout(r, 1100)) // 60 a minute: one more after a second
    expect((await createRoom(server.url, '127.0.0.1')).status).toBe(201)
    expect((await createRoom(server.url, '127.0.0.1')).status).toBe(429)
  })
})
