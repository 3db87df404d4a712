// The first thing every websocket message meets, before Hocuspocus: a client that floods, sends
// something that is not a Hocuspocus/Yjs message, or would grow a room past its size limit is cut
// off (its socket closed with a reason) and its message is dropped, so the room and the other
// clients never see it. Oversized single frames are refused earlier by ws itself (maxPayload).
import type { WebSocket } from 'ws'
import * as Y from 'yjs'

export type GuardLimits = {
  /** Sustained messages per second per connection (token bucket refill). */
  messagesPerSecond: number
  /** Messages allowed in a burst above the sustained rate. */
  messageBurst: number
  /** A room's Yjs content may not grow past this many bytes. */
  maxDocumentBytes: number
}

export const DEFAULT_GUARD_LIMITS: GuardLimits = { messagesPerSecond: 200, messageBurst: 400, maxDocumentBytes: 8 * 1024 * 1024 }

/** Close codes a client sees when it is cut off (4000–4999: application codes). */
export const CUT_OFF = { malformed: 4400, tooLarge: 4413, flooding: 4429 } as const
export type CutOffReason = keyof typeof CUT_OFF

/** Hocuspocus's message types (packages/server/src/types.ts) that a client may send. */
const SYNC = 0
const SYNC_REPLY = 4
const CLIENT_TYPES = new Set([0, 1, 2, 3, 4, 5, 7]) // sync, awareness, auth, query awareness, sync reply, stateless, close (a provider leaving)

type Reader = { buf: Uint8Array; at: number }

/** One decoder for every message (a room name that is not UTF-8 is malformed). */
const ROOM_NAME = new TextDecoder('utf-8', { fatal: true })

function readVarUint(r: Reader): number {
  let n = 0
  let mult = 1
  for (let i = 0; i < 8; i++) {
    if (r.at >= r.buf.length) throw new Error('truncated')
    const b = r.buf[r.at++]!
    n += (b & 0x7f) * mult
    if (b < 0x80) return n
    mult *= 128
  }
  throw new Error('varint too long')
}

function readBytes(r: Reader): Uint8Array {
  const n = readVarUint(r)
  if (r.at + n > r.buf.length) throw new Error('truncated')
  const out = r.buf.subarray(r.at, r.at + n)
  r.at += n
  return out
}

/**
 * A Yjs update carried by a sync message (sync step 2 or update), without checking the update itself:
 * for messages this server's own hosts sent each other (redisRelay.ts). Null for any other message.
 */
export function syncUpdateIn(buf: Uint8Array): { room: string; payload: Uint8Array } | null {
  try {
    const r: Reader = { buf, at: 0 }
    const room = ROOM_NAME.decode(readBytes(r))
    if (readVarUint(r) !== SYNC) return null
    const sub = readVarUint(r)
    return sub === 1 || sub === 2 ? { room, payload: readBytes(r) } : null
  } catch {
    return null
  }
}

/**
 * What a message carries, or why it is malformed. `syncStep`: 0 a state vector, 1 the answer to one
 * (all the sender has that the other lacks), 2 an update; null for other messages.
 */
export function inspectMessage(buf: Uint8Array): { ok: true; room: string; type: number; syncStep: number | null; updateBytes: number; updatePayload: Uint8Array | null } | { ok: false; why: string } {
  try {
    const r: Reader = { buf, at: 0 }
    const room = ROOM_NAME.decode(readBytes(r))
    const type = readVarUint(r)
    if (!CLIENT_TYPES.has(type)) return { ok: false, why: `unknown message type ${type}` }
    let updateBytes = 0
    let updatePayload: Uint8Array | null = null
    let syncStep: number | null = null
    if (type === SYNC || type === SYNC_REPLY) {
      const sub = readVarUint(r)
      syncStep = sub
      const payload = readBytes(r)
      if (sub === 1 || sub === 2) {
        Y.decodeUpdate(payload) // throws on bytes that are not a Yjs update
        updateBytes = payload.length
        updatePayload = payload
      } else if (sub !== 0) return { ok: false, why: `unknown sync step ${sub}` }
    }
    return { ok: true, room, type, syncStep, updateBytes, updatePayload }
  } catch (e) {
    return { ok: false, why: e instanceof Error ? e.message : 'undecodable' }
  }
}

/**
 * Put the guard in front of a socket's message listeners. `roomBytes` says how large a room is now.
 * `onCutOff` hears why a client was cut off (never what it sent: a message may carry its key).
 */
export function guardSocket(ws: WebSocket, limits: GuardLimits, roomBytes: (room: string) => number, onCutOff: (why: CutOffReason) => void): void {
  let tokens = limits.messageBurst
  let last = performance.now()
  let cut = false
  const cutOff = (why: CutOffReason) => {
    cut = true
    onCutOff(why)
    ws.close(CUT_OFF[why], why)
    // A client that ignores the close handshake is dropped for good after a second.
    setTimeout(() => ws.terminate(), 1000).unref()
  }
  const emit = ws.emit.bind(ws)
  ws.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args)
    if (cut) return false
    const now = performance.now()
    tokens = Math.min(limits.messageBurst, tokens + ((now - last) / 1000) * limits.messagesPerSecond)
    last = now
    if (tokens < 1) {
      cutOff('flooding')
      return false
    }
    tokens -= 1
    const data = args[0]
    const buf = data instanceof Uint8Array ? data : Array.isArray(data) ? Buffer.concat(data as Buffer[]) : data instanceof ArrayBuffer ? new Uint8Array(data) : null
    const seen = buf ? inspectMessage(buf) : { ok: false as const, why: 'not binary' }
    if (!seen.ok) {
      cutOff('malformed')
      return false
    }
    if (seen.updateBytes > 0 && roomBytes(seen.room) + seen.updateBytes > limits.maxDocumentBytes) {
      cutOff('tooLarge')
      return false
    }
    return emit(event, ...args)
  }) as typeof ws.emit
}
