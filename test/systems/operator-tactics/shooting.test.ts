// §02 Shooting: threshold = SHOOT + target AR, die modifiers decided by the table geometry, the +2
// class-ability cap, the natural-6 outcomes and the re-rolls, each against a hand-computed answer.
import { describe, expect, it } from 'vitest'
import { box, evalScene, result } from './sceneKit.ts'

type Attack = { allowed: boolean; threshold: number; probability: { exact: { hit: string; effect: string } }; outcomes: Record<string, { exact: string }>; faces: Array<{ face: number; result: string }>; modifiers: Array<{ source: string; value: number }>; twoShots?: Record<string, { exact: string } | string>; reasons: Array<{ code: string }> }
const attackOf = (doc: ReturnType<typeof evalScene>, id: string) => result(doc, id) as unknown as Attack
const total = (a: Attack) => a.modifiers.reduce((s, m) => s + m.value, 0)

// Shooter at (100, 300); target centre 279 mm further east = a 10" gap between 25 mm bases (no range modifier).
const shooter = (profile: string, extra: Record<string, unknown> = {}) => ({ id: 's', side: 'A', profile, position: [100, 300] as [number, number], ...extra })
const target = (profile: string, extra: Record<string, unknown> = {}) => ({ id: 't', side: 'B', profile, position: [379, 300] as [number, number], ...extra })
// A light wall right in front of the target (2.5 mm from its base): every base point is behind it.
const lightWall = box('wall', 'light-cover', 351, 250, 364, 350, 25)
const shoot = (weapon: string, context: Record<string, unknown> = {}) => ({ id: 'a', type: 'attack', attacker: 's', target: 't', weapon, context })

describe('§02 Shooting threshold and modifiers', () => {
  it('Commando (Good) vs an unarmoured target in the open at 10": 2+, hits on 2–6 = 5/6, natural 6 Mortal Wound', () => {
    const doc = evalScene({ models: [shooter('commando'), target('medic', { stats: { armor: 'none' } })], queries: [shoot('assault-rifle')] })
    const a = attackOf(doc, 'a')
    expect(a.threshold).toBe(2)
    expect(total(a)).toBe(0)
    expect(a.probability.exact.hit).toBe('5/6')
    expect(a.outcomes.mortalWound!.exact).toBe('1/6')
    expect(a.faces.map((f) => f.result)).toEqual(['dry-fire', 'flesh-wound', 'flesh-wound', 'flesh-wound', 'flesh-wound', 'mortal-wound'])
  })

  it('Commando vs Medic (AR 1 → 3+) behind Light Cover (−1): hits on natural 4, 5, 6 = 1/2', () => {
    const doc = evalScene({ models: [shooter('commando'), target('medic')], terrain: [lightWall], queries: [shoot('assault-rifle')] })
    const a = attackOf(doc, 'a')
    expect(a.threshold).toBe(3)
    expect(a.modifiers.map((m) => m.value)).toEqual([-1])
    expect(a.probability.exact.hit).toBe('1/2')
  })

  it('Infiltrator (Ordinary) vs Breacher (Heavy Plate → 7+): only a natural 6, 1/6, which is 2 Flesh Wounds', () => {
    const doc = evalScene({ models: [shooter('infiltrator'), target('breacher')], queries: [shoot('suppressed-smg')] })
    const a = attackOf(doc, 'a')
    expect(a.threshold).toBe(7)
    expect(a.probability.exact.hit).toBe('1/6')
    expect(a.faces[5]!.result).toBe('two-flesh-wounds')
    expect(a.outcomes.mortalWound!.exact).toBe('0')
  })

  describe('Marksman vs Commando (AR 2 → 4+) 30" away behind Heavy Cover on a 36" board', () => {
    // Gap 30" = 762 mm: centres 787 mm apart; a barricade 2.5 mm in front of the target.
    const models = [{ id: 's', side: 'A', profile: 'marksman', position: [100, 450] as [number, number] }, { id: 't', side: 'B', profile: 'commando', position: [887, 450] as [number, number] }]
    const terrain = [box('barricade', 'heavy-cover', 860, 400, 872, 500, 35)]
    const table = { width: 914.4, depth: 914.4 }
    it('long range −1 and heavy cover −2 push 4+ to 7+: natural 6 only, 1/6, and it is 1 Flesh Wound (threshold past 6)', () => {
      const a = attackOf(evalScene({ table, models, terrain, queries: [shoot('marksman-rifle')] }), 'a')
      expect(total(a)).toBe(-3)
      expect(a.probability.exact.hit).toBe('1/6')
      expect(a.faces[5]!.result).toBe('flesh-wound')
    })
    it('with Steady Aim (ignores cover, +1): −1 + 1 = 0, hits on 4, 5, 6 = 1/2 and a natural 6 is a Mortal Wound', () => {
      const a = attackOf(evalScene({ table, models, terrain, queries: [shoot('marksman-rifle', { steadyAim: true })] }), 'a')
      expect(total(a)).toBe(0)
      expect(a.probability.exact.hit).toBe('1/2')
      expect(a.faces[5]!.result).toBe('mortal-wound')
    })
    it('Crackerjack caps the negatives at −2: 4+ needs 6, so 1/6 — and a natural 6 is now a Mortal Wound (threshold not past 6)', () => {
      const a = attackOf(evalScene({ table, models, terrain, options: { crackerjack: true }, queries: [shoot('marksman-rifle')] }), 'a')
      expect(total(a)).toBe(-2)
      expect(a.probability.exact.hit).toBe('1/6')
      expect(a.faces[5]!.result).toBe('mortal-wound')
    })
  })

  it('class abilities stack to +2: Steady Aim +1 with another class bonus +2 is capped at +2 (Commando target 4+: hits on 2–6 = 5/6)', () => {
    const doc = evalScene({ models: [shooter('marksman'), target('commando')], queries: [shoot('marksman-rifle', { steadyAim: true, classBonus: 2 })] })
    const a = attackOf(doc, 'a')
    expect(total(a)).toBe(2)
    expect(a.probability.exact.hit).toBe('5/6')
  })

  it('Breacher shotgun within 6" (5" gap): Close Quarters +1 and shotgun +1 on 5+ (Ordinary vs AR 1) → hits on 3–6 = 2/3; without stacking 1/2', () => {
    const models = [shooter('breacher'), target('medic', { position: [100 + 25 + 127, 300] })]
    expect(attackOf(evalScene({ models, queries: [shoot('shotgun')] }), 'a').probability.exact.hit).toBe('2/3')
    expect(attackOf(evalScene({ models, options: { shotgunStacksCloseQuarters: false }, queries: [shoot('shotgun')] }), 'a').probability.exact.hit).toBe('1/2')
  })

  it('target Prone −1; Duck Down −2 (not −3); shooter Pinned −1; shooter at 3 FW −1', () => {
    const models = [shooter('commando'), target('medic')]
    const m = (ctx: Record<string, unknown>, extra: Record<string, unknown>[] = []) => total(attackOf(evalScene({ models: extra.length ? (extra as never) : models, queries: [shoot('assault-rifle', ctx)] }), 'a'))
    expect(m({}, [shooter('commando'), target('medic', { status: ['prone'] })])).toBe(-1)
    expect(m({ reaction: 'duck-down' }, [shooter('commando'), target('medic', { status: ['prone'] })])).toBe(-2)
    expect(m({}, [shooter('commando', { status: ['pinned'] }), target('medic')])).toBe(-1)
    expect(m({ attackerWounds: { fleshWounds: 3 } })).toBe(-1)
    expect(m({ attackerWounds: { mortalWounds: 2 } })).toBe(-2)
  })

  it('shooting into a fight −2: Commando vs Medic (3+) locked with the shooter\'s Breacher — faces 1–4 (modified ≤ 2) hit the ally, 5 and 6 hit the target', () => {
    const models = [shooter('commando'), target('medic'), { id: 'ally', side: 'A', profile: 'breacher', position: [379, 300 + 25 + 10] as [number, number] }]
    const a = attackOf(evalScene({ models, queries: [shoot('assault-rifle')] }), 'a')
    expect(total(a)).toBe(-2)
    expect(a.faces.map((f) => f.result)).toEqual(['ally-hit', 'ally-hit', 'ally-hit', 'ally-hit', 'flesh-wound', 'mortal-wound'])
    expect(a.probability.exact.hit).toBe('1/3')
    expect(a.outcomes.allyHit!.exact).toBe('2/3')
    const literal = attackOf(evalScene({ models, options: { intoFightAllyBand: 'exactly-1-2' }, queries: [shoot('assault-rifle')] }), 'a')
    expect(literal.outcomes.allyHit!.exact).toBe('1/3')
  })

  it('re-rolls: Edge reroll of a miss 1/2 → 3/4; a Breach token forcing worse-of-two 1/2 → 1/4; escalation makes every hit an MW', () => {
    const models = [shooter('commando'), target('medic')]
    const p = (ctx: Record<string, unknown>) => attackOf(evalScene({ models, terrain: [lightWall], queries: [shoot('assault-rifle', ctx)] }), 'a')
    expect(p({ edgeReroll: true }).probability.exact.hit).toBe('3/4')
    expect(p({ breachReroll: true }).probability.exact.hit).toBe('1/4')
    expect(p({ escalate: true }).outcomes.mortalWound!.exact).toBe('1/2')
  })

  it('Rapid Fire: two independent shots at 1/2 → at least one hit 3/4; Desperation Fire: 1/2 + (1/3 × 1/6) = 5/9', () => {
    const models = [shooter('commando'), target('medic')]
    const a = attackOf(evalScene({ models, terrain: [lightWall], queries: [shoot('assault-rifle', { rapidFire: true })] }), 'a')
    expect((a.twoShots!.atLeastOneHit as { exact: string }).exact).toBe('3/4')
    const d = attackOf(evalScene({ models, terrain: [lightWall], queries: [shoot('assault-rifle', { desperationFire: true })] }), 'a')
    expect((d.twoShots!.secondShotHit as { exact: string }).exact).toBe('1/6')
    expect((d.twoShots!.atLeastOneHit as { exact: string }).exact).toBe('5/9')
  })

  it('a stealthed target cannot be targeted by Shoot; out of range and same side are refused with their sections', () => {
    const doc = evalScene({ models: [shooter('medic'), target('commando', { status: ['stealth'] })], queries: [shoot('sidearm')] })
    expect(attackOf(doc, 'a').reasons.map((r) => r.code)).toContain('target-in-stealth')
  })
})
