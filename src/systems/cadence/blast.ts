// Blast (X) (core-rules/special-rules-appendix.html#weapon-special-rules): "If this weapon has at least
// one successful hit then it also counts as doing X hits to every other model, enemy or friendly,
// within 2 inches of the center of the original targets base." Measured from the target's base centre
// to the closest point of each other base, strictly closer than 2".
import { type Table, type TableModel, inches, isWithin, marginOf, measureBaseGap2, placeBase, roundTo, toInches, type Citation } from '../../engine/index.ts'
import { book } from './book.ts'
import type { CadenceCore } from './spec.ts'
import { withinReading } from './measure.ts'

export const BLAST_RULE = 'core-rules/special-rules-appendix.html#weapon-special-rules'
export const BLAST_RADIUS_INCHES = 2

export type BlastVictim = { model: string; side: string; unit: string; friendly: boolean; mm: number; inches: number; margin: ReturnType<typeof marginOf> }

export function blastVictimsAt(core: CadenceCore, table: Table, centre: readonly [number, number], exclude: readonly string[], attacker: TableModel): { centre: [number, number]; radiusInches: number; victims: BlastVictim[]; rule: string; citation: Citation } {
  const point = placeBase({ shape: 'round', diameter: 1e-9 }, centre[0], centre[1], 0)
  const radiusMm = inches(BLAST_RADIUS_INCHES)
  const victims: BlastVictim[] = []
  for (const m of table.models) {
    if (exclude.includes(m.id)) continue
    const g = measureBaseGap2(point, m.placed)
    if (!isWithin(g.gapMm, radiusMm, withinReading(table))) continue
    victims.push({
      model: m.id,
      side: m.side,
      unit: m.unit,
      friendly: !core.isEnemy(attacker, m) && m.side === attacker.side,
      mm: roundTo(g.gapMm, 2),
      inches: roundTo(toInches(g.gapMm), 3),
      margin: marginOf({ rawMm: g.gapMm, uncertaintyMm: m.uncertaintyMm }, radiusMm, withinReading(table)),
    })
  }
  return { centre: [roundTo(centre[0], 2), roundTo(centre[1], 2)], radiusInches: BLAST_RADIUS_INCHES, victims, rule: BLAST_RULE, citation: book.citation(BLAST_RULE) }
}

/** Every other model within 2" of the original target's base centre. */
export function blastVictims(core: CadenceCore, table: Table, target: TableModel, attacker: TableModel) {
  return blastVictimsAt(core, table, [target.x, target.y], [target.id], attacker)
}
