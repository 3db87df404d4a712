// The spot under the pointer or finger on the table (table mm), for the plan's path and "who can hit
// me here": per pointer move, so never React state (house style §15). The pointer surface writes it;
// the plan loop (engine/planLoop.ts) asks the engine about it at the worker's pace, and the cursor
// ring reads it in useFrame.

/**
 * `over`: the pointer is over the table at (x, y) now. `held`: (x, y) is the last spot it was over
 * (kept when it leaves for a button beside the table, so switching a layer on asks about the same spot).
 */
export type PlanPointer = { x: number; y: number; over: boolean; held: boolean; version: number; offeredMs: number }

/** Mutated in place; read it, never keep a copy across frames. `offeredMs`: when the pointer came to (x, y) (performance.now()). */
export const planPointer: PlanPointer = { x: 0, y: 0, over: false, held: false, version: 0, offeredMs: 0 }

const listeners = new Set<() => void>()

function changed(): void {
  planPointer.version++
  for (const l of listeners) l()
}

/** The pointer is over the table at (x, y). */
export function offerSpot(x: number, y: number): void {
  if (planPointer.over && planPointer.x === x && planPointer.y === y) return
  planPointer.x = x
  planPointer.y = y
  planPointer.over = true
  planPointer.held = true
  planPointer.offeredMs = performance.now()
  changed()
}

/** The pointer left the table: its last spot is held (a pinned spot, if any, comes first). */
export function leaveSpot(): void {
  if (!planPointer.over) return
  planPointer.over = false
  changed()
}

/** Forget the pointer's spot (a finger tapped: the pinned spot is the spot). */
export function dropSpot(): void {
  if (!planPointer.over && !planPointer.held) return
  planPointer.over = false
  planPointer.held = false
  changed()
}

/** Called after every change of the pointer spot; returns the unsubscribe. */
export function onSpotChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
