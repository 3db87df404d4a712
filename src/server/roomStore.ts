// The embedded store: each room's Yjs updates, appended to a log file as they are applied, before
// the server acknowledges them (Hocuspocus sends its "saved" status after the update event has run,
// and the append is synchronous), so a server killed at any moment has every acknowledged edit in
// the log. On load the room is rebuilt from the logs and the own log is compacted to one update.
//
// Layout: <dataDir>/docs/<instance>/<roomId>.ylog, a sequence of [u32 LE length][update bytes].
// Several processes sharing one data folder (the Redis scale-out) each write their own instance
// folder; loading a room merges every instance's log (Yjs updates are idempotent and commute).
// Why not SQLite (re-checked): Node 20 has no built-in sqlite (node:sqlite is Node ≥22.5).
// @hocuspocus/extension-sqlite 3.4.4 depends on sqlite3 ^5.1.7, a native addon (prebuilt binary or
// node-gyp) that npm 11 blocks by default on a fresh `npm ci`. sql.js 1.16.0 (SQLite in wasm) needs
// no build but keeps the database in memory: to persist it writes the whole database out
// (db.export()), so "on disk before the ack" would mean rewriting every room's database per edit,
// where the log appends a few hundred bytes. Neither earns its place; a file per room needs nothing.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, writeFileSync, writeSync, writevSync } from 'node:fs'
import { join } from 'node:path'
import * as Y from 'yjs'

export type RoomStoreOptions = { dataDir: string; instance: string }

export class RoomStore {
  private readonly docsDir: string
  private readonly ownDir: string
  private readonly fds = new Map<string, number>()
  /** Bytes of Yjs updates held for each loaded room (the maximum-document-size check reads it). */
  readonly sizeBytes = new Map<string, number>()

  constructor(opts: RoomStoreOptions) {
    this.docsDir = join(opts.dataDir, 'docs')
    this.ownDir = join(this.docsDir, opts.instance)
  }

  /** Apply every stored update of this room to `doc`, then compact the own log to one update. */
  load(roomId: string, doc: Y.Doc): void {
    for (const u of roomLogUpdates(this.docsDir, roomId)) {
      try {
        Y.applyUpdate(doc, u, 'store')
      } catch {
        // A damaged record is skipped; the rest of the room still loads.
      }
    }
    mkdirSync(this.ownDir, { recursive: true })
    const state = Y.encodeStateAsUpdate(doc)
    const path = join(this.ownDir, `${roomId}.ylog`)
    const header = Buffer.alloc(4)
    header.writeUInt32LE(state.length, 0)
    writeFileSync(`${path}.tmp`, Buffer.concat([header, state]))
    renameSync(`${path}.tmp`, path)
    this.sizeBytes.set(roomId, state.length)
  }

  private readonly header = Buffer.alloc(4)

  /**
   * Append one update (synchronously, one writev: in the file before the server acknowledges it, so
   * a killed server loses nothing it acknowledged; no fsync per update, so a power cut can still take
   * the last moments — the kernel flushes within seconds, and on unload the file is fsynced).
   */
  append(roomId: string, update: Uint8Array): void {
    let fd = this.fds.get(roomId)
    if (fd === undefined) {
      mkdirSync(this.ownDir, { recursive: true })
      fd = openSync(join(this.ownDir, `${roomId}.ylog`), 'a')
      this.fds.set(roomId, fd)
    }
    this.header.writeUInt32LE(update.length, 0)
    const written = writevSync(fd, [this.header, update])
    // A short write (rare on a regular file) is finished, so the next record stays framed.
    if (written < 4 + update.length) writeSync(fd, Buffer.concat([this.header, update]).subarray(written))
    this.sizeBytes.set(roomId, (this.sizeBytes.get(roomId) ?? 0) + update.length)
  }

  close(roomId: string): void {
    const fd = this.fds.get(roomId)
    if (fd !== undefined) {
      fsyncSync(fd)
      closeSync(fd)
      this.fds.delete(roomId)
    }
    this.sizeBytes.delete(roomId)
  }

  closeAll(): void {
    for (const id of [...this.fds.keys()]) this.close(id)
  }
}

function readLog(path: string): Uint8Array[] {
  if (!existsSync(path)) return []
  const buf = readFileSync(path)
  const out: Uint8Array[] = []
  let at = 0
  // A record cut short by a crash mid-write is dropped (it was never acknowledged).
  while (at + 4 <= buf.length) {
    const n = buf.readUInt32LE(at)
    if (at + 4 + n > buf.length) break
    out.push(new Uint8Array(buf.buffer, buf.byteOffset + at + 4, n))
    at += 4 + n
  }
  return out
}

/** Every stored update of a room, from every instance's log under `docsDir` (<data>/docs). */
export function roomLogUpdates(docsDir: string, roomId: string): Uint8Array[] {
  const instances = existsSync(docsDir) ? readdirSync(docsDir) : []
  return instances.flatMap((inst) => readLog(join(docsDir, inst, `${roomId}.ylog`)))
}
