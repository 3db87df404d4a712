// The timeline (issue 33): every event's outcome holds the place of every model; rewinding to an event
// gives the places to put the real models back to (the app shows them as ghosts), and `checkRestored`
// says, from the tracked places and their 1-sigmas, when every model is back within tolerance — sure
// only when it is within tolerance by more than 2 sigma, out when it is beyond by more than 2 sigma,
// and "marginal" in between, as every other call in the engine.
import { roundTo, wrapDeg } from '../units.ts'
import type { GameState } from './gameState.ts'
import type { EventOutcome } from './gameSession.ts'

export type ModelPlace = { id: string; side: string; position: [number, number]; z: number; facing: number; onTable: boolean }

/** Every model's place in a state (models removed from the game are off the table). */
export function placesOf(state: GameState): ModelPlace[] {
  return state.models.map((m) => ({ id: m.id, side: m.side, position: [m.position[0], m.position[1]], z: m.z, facing: m.facing, onTable: !m.removed }))
}

/** The places after event `seq` (0: before the first event, the start scene's). */
export function rewindTo(outcomes: readonly EventOutcome[], seq: number, start: GameState): ModelPlace[] {
  if (seq === 0) return placesOf(start)
  const o = outcomes.find((x) => x.seq === seq)
  if (!o) throw new RangeError(`no event ${seq} in this game`)
  return placesOf(o.state)
}

export type TrackedPlace = { id: string; position: [number, number]; facing?: number; sigmaMm: number }
export type Tolerance = { mm: number; deg?: number }

export type RestoreCall = {
  id: string
  /** back: within tolerance beyond doubt; off: out of it beyond doubt; marginal: inside the uncertainty; missing: not seen; remove: should be off the table but is seen. */
  status: 'back' | 'off' | 'marginal' | 'missing' | 'remove'
  distanceMm?: number
  turnDeg?: number
  sigmaMm?: number
  target: ModelPlace
}

export type RestoreCheck = { allBack: boolean; calls: RestoreCall[] }

/** How far each tracked model is from its place to restore, and whether every one is back. */
export function checkRestored(targets: readonly ModelPlace[], tracked: readonly TrackedPlace[], tolerance: Tolerance): RestoreCheck {
  const seen = new Map(tracked.map((t) => [t.id, t]))
  const calls: RestoreCall[] = targets.map((target): RestoreCall => {
    const t = seen.get(target.id)
    if (!target.onTable) return t ? { id: target.id, status: 'remove', target } : { id: target.id, status: 'back', target }
    if (!t) return { id: target.id, status: 'missing', target }
    const d = Math.hypot(t.position[0] - target.position[0], t.position[1] - target.position[1])
    const turn = t.facing !== undefined ? Math.abs(wrapDeg(t.facing - target.facing)) : 0
    const twoSigma = 2 * t.sigmaMm
    const turnOk = tolerance.deg === undefined || turn <= tolerance.deg
    let status: RestoreCall['status']
    if (d + twoSigma <= tolerance.mm && turnOk) status = 'back'
    else if (d - twoSigma > tolerance.mm || !turnOk) status = 'off'
    else status = 'marginal'
    return { id: target.id, status, distanceMm: roundTo(d, 2), ...(t.facing !== undefined ? { turnDeg: roundTo(turn, 1) } : {}), sigmaMm: roundTo(t.sigmaMm, 2), target }
  })
  return { allBack: calls.every((c) => c.status === 'back'), calls }
}
