// Skrapyard's own line of sight passes over the characters and pieces no line can reach (a bound on
// the distance from the line eye → target centre, and the box round the eye and the target zone). The
// answer must be the one measured with every character and piece on every line: random crowded tables,
// terrain of both kinds at every height, each clearance option, rays and all.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { loadScene, type Scene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { sampleSkrapyardLos } from '../../../src/systems/skrapyard/sampleSkrapyardLos.ts'
import { readOptions } from '../../../src/systems/skrapyard/readCharacter.ts'
import { generateTable, rng } from '../../bench/benchTable.ts'

const known = ruleSystems.map((s) => s.id)

/** A generated table as a Skrapyard table: buildings with a stature, areas with a density, bare characters. */
function skrapyardTable(seed: number, models: number, pieces: number, options: Record<string, string>): Scene {
  const t = generateTable(seed, models, pieces)
  const r = rng(seed + 1)
  return {
    ...t,
    system: 'skrapyard',
    options,
    terrain: (t.terrain ?? []).map((p) => ({ ...p, type: p.type === 'solid' ? 'building' : 'area', keywords: [p.type === 'solid' ? `stature-${1 + Math.floor(r() * 6)}` : 'difficult'] })),
    // a tight crowd, so that lines pass near other characters: the table's middle 600 mm
    models: t.models.map(({ profile: _p, weapons: _w, ...m }) => ({ ...m, position: [310 + (m.position[0] * 600) / 1219.2, 310 + (m.position[1] * 600) / 1219.2] as [number, number], height: 20 + Math.floor(r() * 50) })),
  }
}

describe('Skrapyard line of sight: the culled answer is the full one', () => {
  it('random crowded tables, every clearance option: the same sight, cover, blockers and rays', () => {
    let blockedByCharacters = 0
    let obscured = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 6, max: 12 }), fc.integer({ min: 0, max: 14 }),
        fc.constantFrom('base-2d', 'cylinder-3d'), fc.constantFrom('any-part', 'wholly'), fc.constantFrom('strict', 'inclusive'),
        (seed, n, pieces, measure, front, within) => {
          const table = loadScene(skrapyardTable(seed, n, pieces, { losClearanceMeasure: measure, losClearanceFront: front, withinComparator: within }), findRuleSystem, known)
          const options = readOptions(table)
          // every third pair (the full answer is the slow one)
          for (const a of table.models) for (const b of table.models) {
            if (a === b || (a.index + 2 * b.index) % 3 !== 0) continue
            const culled = sampleSkrapyardLos(table, a, b, options, true, true, true)
            expect(culled).toEqual(sampleSkrapyardLos(table, a, b, options, true, true, false))
            if (culled.clearanceBlockers.length) blockedByCharacters++
            if (culled.obscuringTerrain.length) obscured++
          }
        },
      ),
      { numRuns: 14, seed: 11 },
    )
    // the comparison is worth something only if characters and pieces did stand in the way
    expect(blockedByCharacters).toBeGreaterThan(30)
    expect(obscured).toBeGreaterThan(30)
  })
})
