// The pool's split and merge: the visibility matrix computed share by share (each share's viewers
// against every enemy, shaped uniform on its own as a worker does) and merged back equals the
// matrix of one evaluation, byte for byte, whatever the number of shares, with and without a side.
import { describe, expect, it } from 'vitest'
import { type Scene, loadScene, matrixViewers, mergeShares, runQuery, splitViewers, visibilityPairs, visibilityResult } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { generateTable } from '../../bench/benchTable.ts'

const known = ruleSystems.map((s) => s.id)
const load = (scene: Scene) => loadScene(scene, findRuleSystem, known)

describe('visibility matrix in shares (worker pool)', () => {
  it('split, computed per share on its own table, merged: the same matrix as one evaluation', () => {
    const scene = generateTable(7, 13, 12)
    for (const side of [undefined, 'B']) {
      const whole = runQuery(load(scene), { id: 'v', type: 'visibility', ...(side ? { side } : {}) })
      for (const parts of [1, 2, 3, 5]) {
        const table = load(scene)
        const viewers = matrixViewers(table, side)
        const shares = splitViewers(viewers, parts)
        expect(shares.flat().sort()).toEqual(viewers.map((v) => v.id).sort())
        const computed = shares.map((ids) => {
          // each share on a table of its own, as a worker has
          const own = load(scene)
          return visibilityPairs(own, ids.map((id) => own.model(id)))
        })
        expect(JSON.stringify(visibilityResult(table, mergeShares(viewers, computed)))).toBe(JSON.stringify(whole))
      }
    }
  })

  it('a share with pairs of a viewer it was not dealt is refused', () => {
    const viewers = [{ id: 'a' }, { id: 'b' }]
    expect(() => mergeShares(viewers, [[{ from: 'b' }], [{ from: 'a' }]])).toThrow(/not dealt/)
    expect(mergeShares(viewers, [[{ from: 'a' }, { from: 'a' }], [{ from: 'b' }]]).map((p) => p.from)).toEqual(['a', 'a', 'b'])
  })
})
