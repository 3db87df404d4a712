// Iron Line's own line of sight (§16 L1475: from the front edge's centre to any point of the target)
// passes over the obstacles no line can reach, and measures a line's clearance to a far one only while it
// could still be the nearest. The figure must be the one measured with every obstacle on every line:
// random tables of units and terrain (Blocking, Obscuring, Large, Fortified…), Large units, both readings of
// who is seen over, and several origins (as an EW footprint gives), rays and clearances included.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { loadScene, type Scene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { traceSight } from '../../../src/systems/iron-line/lineOfSight.ts'
import { rng } from '../../bench/benchTable.ts'

const known = ruleSystems.map((s) => s.id)
const PROFILES = [['drone-skirmishers', 60, 120], ['assault-walker', 80, 120], ['gun-platform', 60, 60], ['siege-walker', 100, 80]] as const
const PIECES = [['blocking', []], ['obscuring', []], ['obscuring', ['large']], ['blocking', ['large']], ['fortified', []], ['rough', []]] as const

function ironLineTable(seed: number, units: number, pieces: number, largeSeenOver: string): Scene {
  const r = rng(seed)
  const W = 1219.2
  const terrain = Array.from({ length: pieces }, (_, i) => {
    const [type, keywords] = PIECES[Math.floor(r() * PIECES.length)]!
    const cx = 150 + r() * (W - 300), cy = 250 + r() * (W - 500), w = 30 + r() * 160, d = 20 + r() * 100, a = r() * Math.PI
    const c = Math.cos(a), s = Math.sin(a)
    const at = (u: number, v: number): [number, number] => [cx + u * c - v * s, cy + u * s + v * c]
    return { id: `t${i}`, type, keywords: [...keywords], footprint: [at(-w / 2, -d / 2), at(w / 2, -d / 2), at(w / 2, d / 2), at(-w / 2, d / 2)], height: 20 + r() * 100 }
  })
  const models = Array.from({ length: units }, (_, i) => {
    const [profile, length, width] = PROFILES[Math.floor(r() * PROFILES.length)]!
    const side = i % 2 ? 'eo' : 'naf'
    return { id: `u${i}`, side, profile, base: { shape: 'rect' as const, length, width }, height: 30, position: [100 + r() * (W - 200), 100 + r() * (W - 200)] as [number, number], facing: Math.floor(r() * 360), ...(r() < 0.2 ? { keywords: ['large'] } : {}) }
  })
  return { format: 'tabletop-scene/1', system: 'iron-line', options: { largeSeenOver }, table: { width: W, depth: W }, terrain, models }
}

describe('Iron Line line of sight: the culled figure is the full one', () => {
  it('random tables, Large units and pieces, both readings, one origin or several: the same figure, rays and clearances', () => {
    let blocked = 0
    let clearedNear = 0
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 4, max: 14 }), fc.integer({ min: 0, max: 10 }), fc.constantFrom('attacker-only', 'attacker-or-target'), fc.boolean(), (seed, units, pieces, largeSeenOver, footprint) => {
        const table = loadScene(ironLineTable(seed, units, pieces, largeSeenOver), findRuleSystem, known)
        for (const a of table.models) for (const b of table.models) {
          if (a === b || (a.index + b.index) % 2 !== 0) continue
          // several origins: the viewer's corners, as an EW attack from a footprint gives
          const origins = footprint ? [[a.x + 10, a.y + 5], [a.x - 20, a.y], [a.x, a.y - 15]] as Array<[number, number]> : undefined
          const culled = traceSight(table, a, b, { largeSeenOver: largeSeenOver as 'attacker-only', ...(origins ? { origins } : {}) })
          expect(culled).toEqual(traceSight(table, a, b, { largeSeenOver: largeSeenOver as 'attacker-only', ...(origins ? { origins } : {}), cull: false }))
          if (culled.blockers.length) blocked++
          if (culled.visible && Number.isFinite(culled.bestClearanceMm)) clearedNear++
        }
      }),
      { numRuns: 8, seed: 5 },
    )
    // worth something only if lines were blocked and clear lines had a nearest obstacle
    expect(blocked).toBeGreaterThan(12)
    expect(clearedNear).toBeGreaterThan(12)
  })
})
