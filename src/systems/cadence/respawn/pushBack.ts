// Push-back: Impact (X) (respawn/module-rules.html#special-rules): "Each successful hit from this weapon
// causes the target to move directly away from the attacker by X inches ... This move stops
// immediately if the character comes into contact with any other characters or terrain." Direction:
// from the attacker's base centre through the target's (option impactDirection). Terrain that stops
// the push: every piece a character could bump into (not flat markers, barriers or open ground).
import { type Table, type TableModel, type TableTerrain, inches, roundTo, toInches } from '../../../engine/index.ts'
import { sweepBase } from '../index.ts'

/** Terrain a pushed character does not stop at: markers and ground it can stand on or walk through. */
const NOT_AN_OBSTACLE = ['clear', 'rough', 'energy-barrier', 'smoke', 'launch-pad', 'teleport', 'pick-up', 'proximity', 'flag-base']

export function stopsPush(t: TableTerrain): boolean {
  return !NOT_AN_OBSTACLE.some((k) => t.has(k))
}

export type PushOutcome = {
  readonly requestedInches: number
  readonly movedInches: number
  readonly end: [number, number]
  readonly stoppedBy: string | null
  readonly offTable: boolean
}

/** Push `target` directly away from (or, for the Displacer, toward) `attacker` by `distanceInches`. */
export function measurePush(table: Table, attacker: TableModel, target: TableModel, distanceInches: number, towards = false): PushOutcome {
  const dx = target.x - attacker.x
  const dy = target.y - attacker.y
  const away = (Math.atan2(dy, dx) * 180) / Math.PI
  const dir = towards ? away + 180 : away
  const s = sweepBase(table, target, {
    from: [target.x, target.y], directionDeg: dir, facingDeg: target.facingDeg, distanceMm: inches(distanceInches),
    stopAtModel: (o) => o.id !== attacker.id || towards, stopAtTerrain: stopsPush,
  })
  const r = Math.max(target.placed.halfLengthMm, target.placed.halfWidthMm)
  const [x, y] = s.end
  const offTable = x - r < -1e-6 || y - r < -1e-6 || x + r > table.widthMm + 1e-6 || y + r > table.depthMm + 1e-6
  return {
    requestedInches: distanceInches,
    movedInches: roundTo(toInches(s.travelledMm), 3),
    end: [roundTo(x, 2), roundTo(y, 2)],
    stoppedBy: s.stoppedBy ? s.stoppedBy.id : null,
    offTable,
  }
}
