// A client that writes numbered edits into a room (Y.Map 'edits', one key per edit, one update per
// edit) through the real @hocuspocus/provider, and knows exactly which edits the server
// acknowledged. It watches its own websocket: each update or sync step 2 it sends carries some edit
// ids; the server answers each, in order, with a sync status (saved or not); a saved answer
// acknowledges that message's edits. Messages in flight when a socket drops are not acknowledged
// (the provider sends what the server lacks again after it reconnects).
import WebSocket from 'ws'
import * as Y from 'yjs'
import { inspectMessage } from '../../src/server/connectionGuard.ts'
import { type ClientOptions, NodeWebSocket, type SyncClient, connectClient } from './syncClient.ts'

const SYNC_STATUS = 8 // Hocuspocus's MessageType.SyncStatus

/** Edit ids (keys of the root map 'edits') an update carries. */
export function editIdsIn(update: Uint8Array): string[] {
  const ids: string[] = []
  // In a decoded update a root type's items name their parent by its key (a string).
  for (const s of Y.decodeUpdate(update).structs) if (s instanceof Y.Item && (s.parent as unknown) === 'edits' && typeof s.parentSub === 'string') ids.push(s.parentSub)
  return ids
}

function bytesOf(data: unknown): Uint8Array | null {
  if (data instanceof Uint8Array) return data
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[])
  return null
}

/** A server message's sync status (true: saved), or null for any other message. */
function syncStatusIn(buf: Uint8Array): boolean | null {
  let at = 0
  const varUint = () => {
    let n = 0
    for (let shift = 0; shift < 35; shift += 7) {
      const b = buf[at++]!
      n += (b & 0x7f) * 2 ** shift
      if (b < 0x80) return n
    }
    throw new Error('bad varint')
  }
  const nameLength = varUint()
  at += nameLength // the room name
  if (varUint() !== SYNC_STATUS) return null
  return (buf[at]! & 0x3f) === 1 // lib0 varInt: sign bit 0x40, six value bits
}

/** A websocket class that reports which edits each saved answer acknowledges. */
function wiretap(onAcked: (ids: string[]) => void): typeof WebSocket {
  class Wiretap extends NodeWebSocket {
    private readonly inFlight: string[][] = []
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols)
      this.on('message', (data: unknown) => {
        const buf = bytesOf(data)
        const saved = buf ? syncStatusIn(buf) : null
        if (saved === null) return
        const ids = this.inFlight.shift()
        if (saved && ids) onAcked(ids)
      })
    }
    override send(data: unknown, ...rest: unknown[]): void {
      const buf = bytesOf(data)
      const seen = buf ? inspectMessage(buf) : null
      if (seen?.ok && seen.updatePayload && (seen.syncStep === 1 || seen.syncStep === 2)) this.inFlight.push(editIdsIn(seen.updatePayload))
      ;(WebSocket.prototype.send as (...a: unknown[]) => void).call(this, data, ...rest)
    }
  }
  // The provider only constructs it with a URL and calls send (the overloads of ws's types aside).
  return Wiretap as unknown as typeof WebSocket
}

export type AckedWriter = SyncClient & {
  name: string
  /** Every edit id written so far, in order. */
  sent: string[]
  /** The edit ids the server has acknowledged. */
  acked: Set<string>
  /** One edit (one update). */
  write: () => string
  /** `perTick` edits every `everyMs` until stopped. */
  stream: (everyMs: number, perTick?: number) => { stop: () => void }
}

export function connectWriter(name: string, wsUrl: string, roomId: string, key: string, options: Omit<ClientOptions, 'webSocket'> = {}): AckedWriter {
  const acked = new Set<string>()
  const client = connectClient(wsUrl, roomId, key, { ...options, webSocket: wiretap((ids) => ids.forEach((id) => acked.add(id))) })
  const edits = client.doc.getMap<number>('edits')
  const sent: string[] = []
  const write = () => {
    const id = `${name}-${String(sent.length).padStart(5, '0')}`
    sent.push(id)
    edits.set(id, sent.length)
    return id
  }
  return {
    ...client,
    name,
    sent,
    acked,
    write,
    stream: (everyMs, perTick = 1) => {
      const t = setInterval(() => {
        for (let i = 0; i < perTick; i++) write()
      }, everyMs)
      return { stop: () => clearInterval(t) }
    },
  }
}

/**
 * Every edit it wrote has been acknowledged (exact, unlike the provider's unsynced counter, which a
 * reconnect resets to 1 while updates queued before it are still answered and counted down).
 */
export const allAcked = (w: AckedWriter): boolean => w.sent.every((id) => w.acked.has(id))

/** The edit ids a document holds. */
export const editsIn = (doc: Y.Doc): Set<string> => new Set(doc.getMap('edits').keys())

/** Ids of `ids` that `have` lacks. */
export const missingFrom = (have: ReadonlySet<string>, ids: Iterable<string>): string[] => [...ids].filter((id) => !have.has(id))
