// `cli room create` makes a room the server then opens: the edit link's key writes, the view link's
// key only reads; keys are random per room and stored only as digests; bad options exit 2.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../cli/runCli.ts'
import { startTabletopServer } from '../setup/tabletopServer.ts'
import { connectClient } from '../setup/syncClient.ts'

const keyOf = (link: string) => new URL(link).hash.replace(/^#key=/, '')

describe('cli room create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabletop-cli-room-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('prints a room id, an edit link and a view link the server honours', async () => {
    const r = await runCli(['room', 'create', '--data', dataDir, '--url', 'https://192.168.1.5:5173'])
    expect(r.code).toBe(0)
    const room = JSON.parse(r.stdout) as { roomId: string; editLink: string; viewLink: string }
    expect(room.editLink).toMatch(new RegExp(`^https://192\\.168\\.1\\.5:5173/\\?room=${room.roomId}#key=[A-Za-z0-9_-]{43}$`))
    expect(keyOf(room.viewLink)).not.toBe(keyOf(room.editLink))
    // Only digests at rest: neither key appears in the data folder.
    const stored = readdirSync(join(dataDir, 'rooms')).map((f) => readFileSync(join(dataDir, 'rooms', f), 'utf8')).join('\n')
    expect(stored).not.toContain(keyOf(room.editLink))
    expect(stored).not.toContain(keyOf(room.viewLink))

    const server = await startTabletopServer({ distDir: null, dataDir })
    const edit = connectClient(server.wsUrl, room.roomId, keyOf(room.editLink))
    const view = connectClient(server.wsUrl, room.roomId, keyOf(room.viewLink))
    try {
      await Promise.all([edit.ready, view.ready])
      expect(edit.scope()).toBe('read-write')
      expect(view.scope()).toBe('readonly')
    } finally {
      edit.close()
      view.close()
      await server.close()
    }
    const second = JSON.parse((await runCli(['room', 'create', '--data', dataDir])).stdout) as { roomId: string; editLink: string }
    expect(second.roomId).not.toBe(room.roomId)
    expect(second.editLink.startsWith('http://127.0.0.1:5173/?room=')).toBe(true)
  })

  it('says what is wrong with bad options (exit 2, one line)', async () => {
    const bad = await runCli(['room', 'create', '--url', 'ftp://x', '--data', dataDir])
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim()).toBe('error: --url: "ftp://x" is not an http(s) URL')
    const unknown = await runCli(['room', 'remove'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown subcommand "remove"')
  })
})
