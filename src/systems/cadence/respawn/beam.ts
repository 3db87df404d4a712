// Annihilation Raycaster, Beam (respawn/season-1-big-guns.html#the-big-guns): "Draw a line from this
// model to a point 24" away. Make an attack with this weapon against every model within 2 inches of
// that line, friendly or enemy." The line starts at the firer's base centre (option beamAnchor) and
// runs 24" toward the chosen point; "within" is the core's strict reading (any part of the base
// closer than 2" to the segment).
import { SceneError, type Table, type TableModel, inches, isWithin, roundTo, toInches } from '../../../engine/index.ts'
import { measureSegmentBaseGap } from '../index.ts'
import { RESPAWN_RULES } from './catalogue.ts'

export const BEAM_RULE = RESPAWN_RULES.beamLengthInches.section

export type BeamLine = { from: [number, number]; to: [number, number]; lengthInches: number }

export function beamLine(firer: TableModel, toward: readonly [number, number], anchor: 'base-centre' | 'base-edge'): BeamLine {
  const dx = toward[0] - firer.x
  const dy = toward[1] - firer.y
  const d = Math.hypot(dx, dy)
  if (d < 1e-6) throw new SceneError([{ path: 'toward', message: 'the point the line is drawn toward must differ from the firer\'s position' }])
  const ux = dx / d
  const uy = dy / d
  // base-edge: start where the ray from the centre leaves the base (support point along the direction).
  let start: [number, number] = [firer.x, firer.y]
  if (anchor === 'base-edge') {
    const b = firer.placed
    const du = ux * b.ux + uy * b.uy
    const dv = -ux * b.uy + uy * b.ux
    const t = 1 / Math.sqrt((du * du) / (b.halfLengthMm * b.halfLengthMm) + (dv * dv) / (b.halfWidthMm * b.halfWidthMm))
    start = [firer.x + ux * t, firer.y + uy * t]
  }
  const len = inches(RESPAWN_RULES.beamLengthInches.value)
  return { from: start, to: [start[0] + ux * len, start[1] + uy * len], lengthInches: RESPAWN_RULES.beamLengthInches.value }
}

export type BeamVictim = { model: TableModel; gapMm: number }

/** Every model (friend or foe, not the firer) whose base is closer than 2" to the line. */
export function findBeamVictims(table: Table, firer: TableModel, line: BeamLine, within: 'lt' | 'le', includeFirer: boolean): { hit: BeamVictim[]; missed: BeamVictim[] } {
  const half = inches(RESPAWN_RULES.beamHalfWidthInches.value)
  const hit: BeamVictim[] = []
  const missed: BeamVictim[] = []
  for (const m of table.models) {
    if (m.id === firer.id && !includeFirer) continue
    const gapMm = measureSegmentBaseGap(m.placed, line.from, line.to)
    if (isWithin(gapMm, half, within)) hit.push({ model: m, gapMm })
    else missed.push({ model: m, gapMm })
  }
  return { hit, missed }
}

export function gapFigure(gapMm: number) {
  const half = inches(RESPAWN_RULES.beamHalfWidthInches.value)
  return { mm: roundTo(gapMm, 2), inches: roundTo(toInches(gapMm), 3), marginInches: roundTo(toInches(half - gapMm), 3) }
}
