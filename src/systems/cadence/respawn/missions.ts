// Mission set-up geometry (respawn/missions.html, season-1-big-guns.html#new-mission-hot-zone): marker
// positions computed for the scene's table, and Domination's placement limits checked.
import { z } from 'zod'
import { book } from '../index.ts'
import { type ResultBody, type Table, inches, roundTo, toInches } from '../../../engine/index.ts'

export const respawnMissionQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('mission-setup'),
  mission: z.enum(['hot-zone', 'king-of-the-hill', 'capture-the-flag', 'domination']),
  /** Domination: the four control objectives as placed, to check. */
  objectives: z.array(z.tuple([z.number(), z.number()])).optional(),
})

const r2 = (x: number, y: number): [number, number] => [roundTo(x, 2), roundTo(y, 2)]

export function respawnMissionSetup(table: Table, q: z.infer<typeof respawnMissionQuerySchema>): ResultBody {
  const W = table.widthMm
  const D = table.depthMm
  const corners: Array<[number, number]> = [[0, 0], [W, 0], [W, D], [0, D]]
  switch (q.mission) {
    case 'hot-zone':
      // "one in in each corner"; "each halfway between one of the 4 corners and the centre"
      return {
        mission: 'Hot Zone', entryPoints: corners.map(([x, y]) => r2(x, y)),
        proximityObjectives: corners.map(([x, y]) => r2((x + W / 2) / 2, (y + D / 2) / 2)), radiusInches: 6,
        ...book.sources(['respawn/season-1-big-guns.html#battlefield', 'respawn/season-1-big-guns.html#new-objectives-proximity-objectives']),
      }
    case 'king-of-the-hill':
      return { mission: 'King of the Hill', controlObjective: r2(W / 2, D / 2), entryPoints: '6, spaced randomly around the edge (numbered 1-6)', ...book.sources(['respawn/missions.html#battlefield_3']) }
    case 'capture-the-flag':
      return {
        mission: 'Capture the Flag', edges: W >= D ? ['x = 0 (west)', `x = ${W} (east)`] : ['y = 0 (south)', `y = ${D} (north)`],
        flagBase: { fromOwnEdgeInches: 6, minFromOtherEdgesInches: 6 }, entryPoints: '3 on each player\'s own edge, chosen with a d3',
        ...book.sources(['respawn/missions.html#battlefield_1']),
      }
    case 'domination': {
      const problems: string[] = []
      const objs = q.objectives ?? []
      const quarter = ([x, y]: readonly [number, number]) => `${x < W / 2 ? 'W' : 'E'}${y < D / 2 ? 'S' : 'N'}`
      if (objs.length) {
        if (new Set(objs.map(quarter)).size !== objs.length || objs.length !== 4) problems.push('one control objective in each quarter of the battlefield')
        objs.forEach((p, i) => {
          const edge = Math.min(p[0], p[1], W - p[0], D - p[1])
          if (edge < inches(4)) problems.push(`objective ${i} is ${roundTo(toInches(edge), 3)}" from a table edge (at least 4")`)
          objs.forEach((o, j) => {
            if (j <= i) return
            const d = Math.hypot(p[0] - o[0], p[1] - o[1])
            if (d < inches(6)) problems.push(`objectives ${i} and ${j} are ${roundTo(toInches(d), 3)}" apart (at least 6")`)
          })
        })
      }
      return { mission: 'Domination', valid: problems.length === 0, problems, ...book.sources(['respawn/missions.html#battlefield_2']) }
    }
  }
}
