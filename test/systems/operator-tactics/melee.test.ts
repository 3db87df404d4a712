// §02 Melee: contact, the opposed roll (high wins, attacker wins ties), the armor check and wounds.
import { describe, expect, it } from 'vitest'
import { evalScene, result } from './sceneKit.ts'

type Fight = { allowed: boolean; inContact: boolean; reasons: Array<{ code: string }>; probability: { exact: { hit: string; effect: string } }; outcomes: Record<string, { exact: string }> }
const fightOf = (doc: ReturnType<typeof evalScene>, id = 'f') => result(doc, id) as unknown as Fight
const at = (id: string, side: string, profile: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ id, side, profile, position: [x, y] as [number, number], ...extra })
const fightQ = (weapon?: string, context: Record<string, unknown> = {}) => ({ id: 'f', type: 'attack', attacker: 'a', target: 'd', ...(weapon ? { weapon } : {}), context })

describe('§02 Melee', () => {
  it('Commando (knife +1) vs Medic (no melee weapon) in base contact: wins 26/36 = 13/18; armor check beats AR 1 on 2–6 → wounds 65/108; MW on the winner\'s natural 6 = 1/6 × 5/6 = 5/36', () => {
    const doc = evalScene({ models: [at('a', 'A', 'commando', 200, 200), at('d', 'B', 'medic', 225, 200)], queries: [fightQ('combat-knife')] })
    const f = fightOf(doc)
    expect(f.inContact).toBe(true)
    expect(f.probability.exact.hit).toBe('13/18')
    expect(f.probability.exact.effect).toBe('65/108')
    expect(f.outcomes.defenderMortalWound!.exact).toBe('5/36')
    // The Medic wins 10/36 and beats the Commando's AR 2 on 3–6: 10/36 × 4/6 = 5/27.
    expect(f.outcomes.attackerWounded!.exact).toBe('5/27')
  })

  it('multiple attackers: one friend already in contact gives +1 → +2 total, wins on a + 2 ≥ b = 30/36 = 5/6', () => {
    const doc = evalScene({ models: [at('a', 'A', 'commando', 200, 200), at('d', 'B', 'medic', 225, 200), at('a2', 'A', 'medic', 225, 225)], queries: [fightQ('combat-knife')] })
    expect(fightOf(doc).probability.exact.hit).toBe('5/6')
  })

  it('contact is within 1" (models with bases): a 1" gap less 0.5 mm is contact, plus 0.5 mm is not (but reachable with a Move)', () => {
    const inside = evalScene({ models: [at('a', 'A', 'commando', 200, 200), at('d', 'B', 'medic', 200 + 25 + 25.4 - 0.5, 200)], queries: [fightQ('combat-knife')] })
    const outside = evalScene({ models: [at('a', 'A', 'commando', 200, 200), at('d', 'B', 'medic', 200 + 25 + 25.4 + 0.5, 200)], queries: [fightQ('combat-knife')] })
    expect(fightOf(inside).inContact).toBe(true)
    expect(fightOf(outside).inContact).toBe(false)
    expect(fightOf(outside).allowed).toBe(true)
    const base2base = evalScene({ options: { contactRule: 'base-to-base' }, models: [at('a', 'A', 'commando', 200, 200), at('d', 'B', 'medic', 200 + 25 + 25.4 - 0.5, 200)], queries: [fightQ('combat-knife')] })
    expect(fightOf(base2base).inContact).toBe(false)
  })

  it('an enemy beyond MOBI + 1" cannot be reached; a Prone operator cannot Fight', () => {
    const far = evalScene({ models: [at('a', 'A', 'commando', 100, 200), at('d', 'B', 'medic', 100 + 25 + 25.4 * 7 + 1, 200)], queries: [fightQ('combat-knife')] })
    expect(fightOf(far).reasons.map((r) => r.code)).toContain('cannot-reach-contact')
    const prone = evalScene({ models: [at('a', 'A', 'commando', 200, 200, { status: ['prone'] }), at('d', 'B', 'medic', 225, 200)], queries: [fightQ('combat-knife')] })
    expect(fightOf(prone).reasons.map((r) => r.code)).toContain('prone')
  })

  it('Breacher (Anti-Armor kit) vs Breacher: 7/12 wins, Heavy Plate treated as AR 2 (3+) → 7/18, MW 13/72 (natural 6 on either die)', () => {
    const doc = evalScene({ models: [at('a', 'A', 'breacher', 200, 200), at('d', 'B', 'breacher', 225, 200)], queries: [fightQ('combat-kit')] })
    const f = fightOf(doc)
    expect(f.probability.exact.hit).toBe('7/12')
    expect(f.probability.exact.effect).toBe('7/18')
    expect(f.outcomes.defenderMortalWound!.exact).toBe('13/72')
  })

  it('without Anti-Armor, Heavy Plate is AR 3: a knife (Commando +1 vs Breacher +1) wounds 7/12 × 3/6 = 7/24', () => {
    const doc = evalScene({ models: [at('a', 'A', 'commando', 200, 200), at('d', 'B', 'breacher', 225, 200)], queries: [fightQ('combat-knife')] })
    expect(fightOf(doc).probability.exact.effect).toBe('7/24')
  })
})
