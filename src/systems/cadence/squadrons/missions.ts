// Mission set-up geometry (squadrons/missions.html): where the Scan objectives go and which edges the
// players take, computed for the table in the scene.
import { z } from 'zod'
import { book } from '../index.ts'
import { type ResultBody, type Table, inches, roundTo } from '../../../engine/index.ts'
import { SQUADRONS_MISSIONS } from './catalogue.ts'

export const missionSetupQuerySchema = z.strictObject({ id: z.string().min(1), type: z.literal('mission-setup'), mission: z.enum(['debris-field', 'target-acquired', 'crossed-paths']) })

const r2 = (p: readonly [number, number]): [number, number] => [roundTo(p[0], 2), roundTo(p[1], 2)]

/** Points `distanceInches` from the table centre toward each corner. */
export function towardCorners(table: Table, distanceInches: number): Array<[number, number]> {
  const c: [number, number] = [table.widthMm / 2, table.depthMm / 2]
  const corners: Array<[number, number]> = [[0, 0], [table.widthMm, 0], [table.widthMm, table.depthMm], [0, table.depthMm]]
  return corners.map(([x, y]) => {
    const dx = x - c[0]
    const dy = y - c[1]
    const d = Math.hypot(dx, dy)
    return r2([c[0] + (dx / d) * inches(distanceInches), c[1] + (dy / d) * inches(distanceInches)])
  })
}

/** The table's short and long edges ("if playing on a rectangular table"). */
function edges(table: Table, which: 'short' | 'long'): [string, string] {
  const xEdgesShort = table.depthMm <= table.widthMm
  const shortPair: [string, string] = xEdgesShort ? ['x = 0 (west)', `x = ${table.widthMm} (east)`] : ['y = 0 (south)', `y = ${table.depthMm} (north)`]
  const longPair: [string, string] = xEdgesShort ? ['y = 0 (south)', `y = ${table.depthMm} (north)`] : ['x = 0 (west)', `x = ${table.widthMm} (east)`]
  return which === 'short' ? shortPair : longPair
}

export function missionSetup(table: Table, q: z.infer<typeof missionSetupQuerySchema>): ResultBody {
  const M = 'squadrons/missions.html'
  switch (q.mission) {
    case 'debris-field':
      return {
        mission: 'Debris Field', edges: edges(table, 'short'), entryPoints: '2 per player, anywhere on their own table edge',
        scanObjectives: towardCorners(table, SQUADRONS_MISSIONS.debrisField.scanFromCentreInches),
        ...book.sources([`${M}#battlefield`, SQUADRONS_MISSIONS.debrisField.section]),
      }
    case 'target-acquired':
      return {
        mission: 'Target Acquired', edges: edges(table, 'long'),
        entryPoints: 'attacker: 1 at the centre of its edge; defender: 2, one at each end of its edge',
        destroyObjectives: { count: 2, fromOwnEdgeInches: SQUADRONS_MISSIONS.targetAcquired.destroyFromEdgeInches, minFromOtherEdgesAndEachOtherInches: SQUADRONS_MISSIONS.targetAcquired.minFromOtherEdgesInches },
        ...book.sources([`${M}#battlefield_1`, SQUADRONS_MISSIONS.targetAcquired.section]),
      }
    case 'crossed-paths':
      return {
        mission: 'Crossed Paths', entryPoints: 'one on each of two diagonally opposite corners',
        scanObjectives: [r2([table.widthMm / 2, table.depthMm / 2]), ...towardCorners(table, SQUADRONS_MISSIONS.crossedPaths.scanFromCentreInches)],
        ...book.sources([`${M}#battlefield_2`, SQUADRONS_MISSIONS.crossedPaths.section]),
      }
  }
}
