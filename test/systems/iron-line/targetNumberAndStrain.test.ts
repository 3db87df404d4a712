// §16 target numbers (Order matchup, modifiers, the 2+..6+ clamp) and §16/§23 Strain placement, against
// hand-computed values. IL-T1..T4 are the digest's derived vectors, recomputed here from the book's table.
import { describe, expect, it } from 'vitest'
import { formatFraction, fraction } from '../../../src/engine/index.ts'
import { TARGET_NUMBERS } from '../../../src/systems/iron-line/constants.ts'
import { type PoolInput, probabilityToBreak, rollStrainDistribution } from '../../../src/systems/iron-line/strainDistribution.ts'
import { type TnInput, computeTargetNumber } from '../../../src/systems/iron-line/targetNumber.ts'
import { probabilitySitrepYes, signalDominanceShift } from '../../../src/systems/iron-line/rollOdds.ts'
import { evaluate, rect, scene, unit } from './sceneBuilder.ts'

const tnBase: TnInput = { kind: 'shooting', attackerOrder: 'close', targetOrder: 'close', attacks: 'none', defence: 'none', terrain: 'none', clumsy: 0, devastatingCharge: false, merciless: false, clampOrder: 'final', crackerjackCap: 'off' }
const pool = (p: Partial<PoolInput>): PoolInput => ({ kind: 'shooting', dice: 1, tn: 4, elite: false, brutal: false, deadlyShots: false, criticalHits: false, hardened: 0, implacableRoom: null, ...p })
const dist = (p: Partial<PoolInput>): Record<number, string> => Object.fromEntries(rollStrainDistribution(pool(p)).distribution.map((o) => [o.strain, formatFraction(o.p)]))

describe('§16 L1490–1497 target numbers', () => {
  it('the Order matchup table reads as printed (L1493–1495) and agrees with the §13 Order paragraphs (L1308–1310)', () => {
    expect(TARGET_NUMBERS.close).toEqual({ close: 4, loose: 3, free: 5 })
    expect(TARGET_NUMBERS.loose).toEqual({ close: 5, loose: 4, free: 3 })
    expect(TARGET_NUMBERS.free).toEqual({ close: 3, loose: 5, free: 4 })
  })

  it('IL-T1: Drone Skirmishers (Loose, Weak) shooting Drone Infantry (Close) need 6+ (5+ and Weak +1)', () => {
    expect(computeTargetNumber({ ...tnBase, attackerOrder: 'loose', attacks: 'weak' }).tn).toBe(6)
    const r = rollStrainDistribution(pool({ dice: 5, tn: 6, implacableRoom: 5 }))
    expect(formatFraction(r.expectedStrain)).toBe('5/6')
  })

  it('IL-T2: Gun Platform (Free) shooting a Beast-Mech (Loose, Weak Defence) needs 4+; behind Obscuring 5+', () => {
    expect(computeTargetNumber({ ...tnBase, attackerOrder: 'free', targetOrder: 'loose', defence: 'weak' }).tn).toBe(4)
    expect(computeTargetNumber({ ...tnBase, attackerOrder: 'free', targetOrder: 'loose', defence: 'weak', terrain: 'cover' }).tn).toBe(5)
    expect(formatFraction(rollStrainDistribution(pool({ tn: 5 })).hitPerDie)).toBe('1/3')
  })

  it('IL-T3: Assault Walker (Close, Strong, advanced 6"+) in combat vs a Strike Vehicle (Free): 3+; Fragile breaks it at 5 Strain', () => {
    const tn = computeTargetNumber({ ...tnBase, kind: 'combat', targetOrder: 'free', attacks: 'strong', devastatingCharge: true })
    expect(tn.tn).toBe(3)
    // P(≥5 hits of 10 at 2/3) = Σ_{k=5..10} C(10,k) 2^k / 3^10 = 54528/59049 = 18176/19683.
    const r = rollStrainDistribution(pool({ kind: 'combat', dice: 10, tn: 3 }))
    expect(formatFraction(probabilityToBreak(r, 0, 5))).toBe('18176/19683')
  })

  it('IL-T4 clamp order (§16 L1497): Siege Walker (Free, Monstrous) vs Armored Infantry (Close, Strong Defence): final clamp 2+, per-modifier clamp 3+', () => {
    const input = { ...tnBase, kind: 'combat' as const, attackerOrder: 'free' as const, attacks: 'monstrous' as const, defence: 'strong' as const }
    expect(computeTargetNumber(input).tn).toBe(2) // 3 − 2 + 1
    const per = computeTargetNumber({ ...input, clampOrder: 'per-modifier' })
    expect(per.tn).toBe(3) // 3 − 2 = 1 → 2, then +1
    expect(per.clamps).toEqual(['Monstrous Attacks: 1 clamped to 2+'])
  })

  it('Cover never lifts a TN past 6+ ("max 6", §23 L2040)', () => {
    expect(computeTargetNumber({ ...tnBase, attackerOrder: 'loose', attacks: 'weak', terrain: 'cover' }).tn).toBe(6)
  })

  it('Crackerjack modifier cap (§26 L2394) cross-walked: Scout Swarm vs Gun Platform in Fortified with Clumsy (+2): 6+ without the cap, 5+ with it', () => {
    const input = { ...tnBase, attackerOrder: 'loose' as const, targetOrder: 'free' as const, terrain: 'fortified' as const, clumsy: 2 }
    expect(computeTargetNumber(input).tn).toBe(6) // 3 + 2 + 2 = 7 → 6
    const capped = computeTargetNumber({ ...input, crackerjackCap: 'situational' })
    expect(capped.tn).toBe(5) // increases +4 capped at +2
    expect(capped.modifiers.at(-1)).toEqual({ source: 'Crackerjack modifier cap', value: -2, rule: '§26 L2394' })
  })

  it('Crackerjack "all-increases" also caps Weak Attacks and Strong Defence: Skirmishers vs Siege Walker in Cover 6+ → 5+', () => {
    const input = { ...tnBase, attackerOrder: 'loose' as const, targetOrder: 'free' as const, attacks: 'weak' as const, defence: 'strong' as const, terrain: 'cover' as const }
    expect(computeTargetNumber({ ...input, crackerjackCap: 'situational' }).tn).toBe(6) // 3+1+1+1
    expect(computeTargetNumber({ ...input, crackerjackCap: 'all-increases' }).tn).toBe(5)
  })

  it('Merciless −1 against a Broken target (§23 L2062), Devastating Charge only in combat (§23 L2047)', () => {
    expect(computeTargetNumber({ ...tnBase, merciless: true }).tn).toBe(3)
    expect(computeTargetNumber({ ...tnBase, devastatingCharge: true }).tn).toBe(4)
  })
})

describe('§16 Placing Strain with the §23 keywords', () => {
  it('one die at 4+: natural 1–3 miss, 4–6 hit → 1/2', () => {
    expect(dist({})).toEqual({ 0: '1/2', 1: '1/2' })
  })
  it('Brutal: a natural 6 is 2 hits (§23 L2036)', () => {
    expect(dist({ brutal: true })).toEqual({ 0: '1/2', 1: '1/3', 2: '1/6' })
  })
  it('Elite re-rolls a missed die (§23 L2049): one die at 4+ hits 1/2 + 1/2·1/2 = 3/4', () => {
    expect(formatFraction(rollStrainDistribution(pool({ elite: true })).atLeastOneStrain)).toBe('3/4')
  })
  it('Hardened (1) ignores the first Strain (§23 L2031): two dice at 4+ place Strain only on two hits, 1/4', () => {
    expect(dist({ dice: 2, hardened: 1 })).toEqual({ 0: '3/4', 1: '1/4' })
  })
  it('Critical Hits: in combat a natural 6 ignores Hardened (§23 L2043): one die at 4+ vs Hardened (1) places Strain only on a 6', () => {
    expect(dist({ kind: 'combat', hardened: 1, criticalHits: true })).toEqual({ 0: '5/6', 1: '1/6' })
  })
  it('Deadly Shots: a natural-6 shooting hit is 2 Strain, the second past Implacable (§23 L2045)', () => {
    expect(dist({ deadlyShots: true })).toEqual({ 0: '1/2', 1: '1/3', 2: '1/6' })
    // Implacable room 0: only the Deadly Shots bonus Strain lands.
    expect(dist({ deadlyShots: true, implacableRoom: 0 })).toEqual({ 0: '5/6', 1: '1/6' })
  })
  it('Implacable caps Strain from one activation at 5 (§16 L1479): 10 dice at 2+ place at most 5', () => {
    const r = rollStrainDistribution(pool({ dice: 10, tn: 2, implacableRoom: 5 }))
    expect(Math.max(...r.distribution.map((o) => o.strain))).toBe(5)
    // P(fewer than 5 hits) = Σ_{k<5} C(10,k) 5^k / 6^10 = (1 + 50 + 1125 + 15000 + 131250) / 60466176 = 147426/60466176
    expect(formatFraction(r.distribution.find((o) => o.strain === 5)!.p)).toBe(formatFraction(fraction(60466176 - 147426, 60466176)))
  })
})

describe('§18 L1643 Signal Dominance marker roll-off', () => {
  it('a player moves a marker 12" with P = 1·35/1150 (ties re-rolled); 8"+ (to a zone edge) with 400/1150 = 8/23, or 400/1296 = 25/81 when ties leave it', () => {
    // Winner's roll k: ways(k) × (ways the other rolls below k); 146 of 1296 pairs tie.
    const reroll = signalDominanceShift('reroll')
    expect(formatFraction(reroll.byInches.find((x) => x.inches === 12)!.p)).toBe('7/230')
    expect(formatFraction(reroll.atLeast(8))).toBe('8/23')
    expect(formatFraction(reroll.atLeast(2))).toBe('1/2')
    const stay = signalDominanceShift('no-move')
    expect(formatFraction(stay.atLeast(8))).toBe('25/81')
    expect(formatFraction(stay.noMove)).toBe('73/648')
  })
})

describe('SITREP odds (§02 L384–394) shown on marginal calls', () => {
  it('Even 1/2, Likely 3/4, Unlikely 1/4', () => {
    expect(formatFraction(probabilitySitrepYes('even'))).toBe('1/2')
    expect(formatFraction(probabilitySitrepYes('likely'))).toBe('3/4')
    expect(formatFraction(probabilitySitrepYes('unlikely'))).toBe('1/4')
  })
})

describe('attack chain through the engine', () => {
  it('a Gun Platform shooting a Drone Infantry behind Obscuring: Free vs Close 3+, Cover +1 → 4+, 5 dice', () => {
    // Shooter front-edge centre at (300, 230); target footprint y 600–660; smoke band y 400–450 across the line.
    const r = evaluate(scene({
      models: [unit('gun', 'a', 'gun-platform', [300, 200], 90, { width: 60 }), unit('inf', 'b', 'drone-infantry', [300, 630], 270)],
      terrain: [rect('smoke', 'obscuring', 200, 400, 400, 450)],
      queries: [{ id: 'shot', type: 'attack', attacker: 'gun', target: 'inf' }],
    }))['shot']!
    expect(r['allowed']).toBe(true)
    expect(r['need']).toBe('4+')
    expect(r['dice']).toBe(5)
    expect((r['cover'] as { level: string }).level).toBe('cover')
    expect((r['probability'] as { exact: { hit: string } }).exact.hit).toBe('1/2')
    // P(at least one Strain) = 1 − (1/2)^5 = 31/32
    expect((r['probability'] as { exact: { effect: string } }).exact.effect).toBe('31/32')
  })
})
