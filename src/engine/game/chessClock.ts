// A chess clock per side (issue 33, convention play): one side's time runs at a time; a hand-over
// stops it and starts another's; a pause stops all. Pure: time comes in as milliseconds since the
// game started (the log's `atMs`), never from a clock of its own.

export type ClockState = {
  sides: string[]
  /** Time used by each side, ms, up to `since`. */
  usedMs: Record<string, number>
  /** The side whose time runs (kept while paused, so resume knows whose). */
  running: string | null
  paused: boolean
  /** When the running side's time last started counting, ms. */
  since: number
  /** Each side's allowance, ms (none: the clock only counts). */
  budgetMs: number | null
}

export type ClockReading = { side: string; usedMs: number; remainingMs: number | null; running: boolean; flagFallen: boolean }

export function startClock(sides: readonly string[], first: string, atMs: number, budgetMs: number | null = null): ClockState {
  return { sides: [...sides], usedMs: Object.fromEntries(sides.map((s) => [s, 0])), running: first, paused: false, since: atMs, budgetMs }
}

/** The time the running side has used until atMs, counted in. */
function settle(c: ClockState, atMs: number): ClockState {
  if (c.paused || c.running === null) return { ...c, usedMs: { ...c.usedMs }, since: atMs }
  const used = { ...c.usedMs, [c.running]: (c.usedMs[c.running] ?? 0) + Math.max(0, atMs - c.since) }
  return { ...c, usedMs: used, since: atMs }
}

/** Stop the running side's time and start `to`'s (a paused clock stays paused, handed over). */
export function handOver(c: ClockState, to: string, atMs: number): ClockState {
  return { ...settle(c, atMs), running: to }
}

export function pauseClock(c: ClockState, atMs: number): ClockState {
  return { ...settle(c, atMs), paused: true }
}

export function resumeClock(c: ClockState, atMs: number): ClockState {
  return { ...settle(c, atMs), paused: false }
}

/** Each side's time at atMs: used, remaining (with a budget) and whether its flag has fallen. */
export function readClock(c: ClockState, atMs: number): ClockReading[] {
  const now = settle(c, atMs)
  return c.sides.map((side) => {
    const usedMs = now.usedMs[side] ?? 0
    const remainingMs = c.budgetMs === null ? null : c.budgetMs - usedMs
    return { side, usedMs, remainingMs, running: !c.paused && c.running === side, flagFallen: remainingMs !== null && remainingMs <= 0 }
  })
}
