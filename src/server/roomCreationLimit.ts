// `POST /api/rooms` per client address: a token bucket (a burst, then a steady rate), so one device
// or script cannot fill the data folder with rooms. A refused request gets 429, a JSON error that
// says when to try again, and Retry-After. Addresses whose bucket has refilled are forgotten, so the
// table stays as small as the number of recent callers.

export type RoomCreationLimits = {
  /** Rooms one address may create in a burst. */
  burst: number
  /** Steady rate after the burst, rooms per minute. */
  perMinute: number
}

export const DEFAULT_ROOM_CREATION_LIMITS: RoomCreationLimits = { burst: 10, perMinute: 6 }

export type RoomCreationVerdict = { ok: true } | { ok: false; retryAfterS: number }

export class RoomCreationLimit {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>()
  private lastSweepMs = 0
  private readonly limits: RoomCreationLimits
  private readonly nowMs: () => number

  constructor(limits: RoomCreationLimits, nowMs: () => number = () => performance.now()) {
    this.limits = limits
    this.nowMs = nowMs
  }

  /** May `address` create a room now? (Takes one room from its bucket if so.) */
  take(address: string): RoomCreationVerdict {
    const now = this.nowMs()
    const perMs = this.limits.perMinute / 60_000
    this.sweep(now, perMs)
    const b = this.buckets.get(address) ?? { tokens: this.limits.burst, atMs: now }
    b.tokens = Math.min(this.limits.burst, b.tokens + (now - b.atMs) * perMs)
    b.atMs = now
    this.buckets.set(address, b)
    if (b.tokens >= 1) {
      b.tokens -= 1
      return { ok: true }
    }
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) }
  }

  /** How many addresses are remembered (the sweep keeps this to recent callers). */
  get size(): number {
    return this.buckets.size
  }

  private sweep(now: number, perMs: number): void {
    if (now - this.lastSweepMs < 60_000) return
    this.lastSweepMs = now
    for (const [address, b] of this.buckets) if (b.tokens + (now - b.atMs) * perMs >= this.limits.burst) this.buckets.delete(address)
  }
}
