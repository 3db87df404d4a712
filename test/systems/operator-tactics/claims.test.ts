// The book has no example boxes; its numeric claims (digest S-WE1–13, the Skirmish side of the 29)
// are the golden tests. Each asserts the rule-correct value and names the discrepancy where the
// book's own claim contradicts its rules.
import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../../src/engine/index.ts'
import { FORMATS, OPERATORS } from '../../../src/systems/operator-tactics/catalogue.ts'
import { DEFAULT_OPTIONS } from '../../../src/systems/operator-tactics/options.ts'
import { resolveShoot, shootThreshold } from '../../../src/systems/operator-tactics/shootingMath.ts'
import { resolveMelee } from '../../../src/systems/operator-tactics/meleeMath.ts'
import { applyWounds, cheapestSplicePoints, contactCeilingCount, fallingDamage, maxOperatorsFor, UNHURT, type Wound } from '../../../src/systems/operator-tactics/woundTrack.ts'
import { CONVENTION_TIMING, CROSSFIRE_CHECK_ROUNDS, CROSSFIRE_STATED_MAX_VP, SCENARIOS, crackerjackInfiltratorZone } from '../../../src/systems/operator-tactics/scenarios.ts'
import { sitrepYes } from '../../../src/systems/operator-tactics/dice.ts'
import { evalScene } from './sceneKit.ts'

const o = DEFAULT_OPTIONS
const plain = { modifiers: [], intoFight: false, escalate: false, edgeReroll: false, breachForcedReroll: false }

describe('Operator Tactics Skirmish: the book\'s numeric claims', () => {
  it('S-WE1 §02 Armor "Heavy Plate … threshold 7+" holds only for an Ordinary shooter: SHOOT + AR gives Good 5+, Ordinary 7+, Bad 8+ (discrepancy)', () => {
    const t = (shoot: number) => shootThreshold({ shootThreshold: shoot, targetAR: 3, targetHeavyPlate: true }, o).threshold
    expect([t(2), t(4), t(5)]).toEqual([5, 7, 8])
    // With the alternative reading the armor property wins: always 7+.
    expect(shootThreshold({ shootThreshold: 2, targetAR: 3, targetHeavyPlate: true }, { heavyPlateThreshold: 'fixed-7' }).threshold).toBe(7)
    // A Good shooter therefore hits Heavy Plate on 5, 6 (1/3), a 5 being 1 FW and a natural 6 2 FW.
    const r = resolveShoot({ shootThreshold: 2, targetAR: 3, targetHeavyPlate: true, ...plain }, o)
    expect(formatFraction(r.hit)).toBe('1/3')
    expect(r.faces.map((f) => f.result)).toEqual(['dry-fire', 'miss', 'miss', 'miss', 'flesh-wound', 'two-flesh-wounds'])
  })

  it('S-WE2 §05 Crossfire: 3 objectives × checks on Rounds 4, 6, 8 × 1 VP = the stated "max 9"', () => {
    const objectives = SCENARIOS.crossfire.objectives(24, 24, o).length
    expect(objectives * CROSSFIRE_CHECK_ROUNDS.length).toBe(CROSSFIRE_STATED_MAX_VP.value)
  })

  it('S-WE3 §01/§04 formats: cheapest 3/4/5/6-operator splices cost 280/380/480/580, so Small reaches 3 (not 4), Standard 4 (not 6), Large 5 (not 6), Extended Loadouts 4 (discrepancy)', () => {
    expect([3, 4, 5, 6].map(cheapestSplicePoints)).toEqual([280, 380, 480, 580])
    expect(maxOperatorsFor(FORMATS.small.points)).toBe(3)
    expect(maxOperatorsFor(FORMATS.standard.points)).toBe(4)
    expect(maxOperatorsFor(FORMATS.large.points)).toBe(5)
    expect(maxOperatorsFor(FORMATS.extendedLoadouts.points)).toBe(4)
    expect(FORMATS.standard.maxOperators).toBe(6) // as printed, unreachable
  })

  it('S-WE4 changelog "three Marksman nat-6s and two melee hits for a total of 2 FW": the old rule (1 FW per natural 6) already gives 3 FW; the current rule gives 2 FW each (discrepancy)', () => {
    const oldRule: Wound[] = ['FW', 'FW', 'FW']
    expect(applyWounds(UNHURT, oldRule)).toEqual({ fleshWounds: 3, mortalWounds: 0, outOfAction: false })
    // Current rule: a Marksman's natural 6 on the Breacher is 2 FW; three of them are 6 FW = 1 MW (the 4th FW) + 2 FW.
    const marksman = OPERATORS.marksman!
    expect(marksman.SHOOT).toBe('Good')
    const r = resolveShoot({ shootThreshold: 2, targetAR: 3, targetHeavyPlate: true, ...plain }, o)
    const six = r.faces[5]!
    expect(six.fleshWounds).toBe(2)
    const wounds: Wound[] = Array.from({ length: 3 * six.fleshWounds }, () => 'FW')
    expect(applyWounds(UNHURT, wounds)).toEqual({ fleshWounds: 2, mortalWounds: 1, outOfAction: false })
  })

  it('S-WE5 changelog grenade: "a single TACT 4+ … on a 1-in-6 coinflip" — the dead-centre natural 6 is 1/6 (the MW to the named target only)', () => {
    const doc = evalScene({
      models: [
        { id: 'thrower', side: 'A', profile: 'commando', position: [100, 100] },
        { id: 'named', side: 'B', profile: 'medic', position: [300, 100] },
        { id: 'huddle', side: 'B', profile: 'medic', position: [330, 100] },
      ],
      queries: [{ id: 'g', type: 'blast', attacker: 'thrower', target: 'named' }],
    })
    const hits = (doc.results[0]!.hits as Array<{ model: string; mortalWound: { exact: string }; fleshWound: { exact: string } }>)
    expect(hits.find((h) => h.model === 'named')!.mortalWound.exact).toBe('1/6')
    expect(hits.find((h) => h.model === 'huddle')!.mortalWound.exact).toBe('0')
  })

  it('S-WE6 §02 Contact Ceiling: half the splice Out of Action, rounded down: 3→1, 4→2, 5→2, 6→3', () => {
    expect([3, 4, 5, 6].map(contactCeilingCount)).toEqual([1, 2, 2, 3])
  })

  it('S-WE7 §02 Falling: under 3" nothing, 3"–5.9" 1 FW, 6" or more one MW instead', () => {
    expect(fallingDamage(2.9, o)).toEqual({ fleshWounds: 0, mortalWounds: 0 })
    expect(fallingDamage(3, o)).toEqual({ fleshWounds: 1, mortalWounds: 0 })
    expect(fallingDamage(5.9, o)).toEqual({ fleshWounds: 1, mortalWounds: 0 })
    expect(fallingDamage(6, o)).toEqual({ fleshWounds: 0, mortalWounds: 1 })
    expect(fallingDamage(12, o)).toEqual({ fleshWounds: 0, mortalWounds: 1 })
  })

  it('S-WE8 §25 Checkpoint A-1 "12" down the corridor" (read aloud as "about forty feet"): with the lights shot out a shooter 12" away cannot see the guard; WREN (Low-Light Optics) can', () => {
    // Operators at the corridor edge, guard 12" (304.8 mm) gap further on: centres 304.8 + 25 apart.
    const doc = evalScene({
      options: { convention: true },
      models: [
        { id: 'hammer', side: 'splice', profile: 'hammer', position: [100, 50] },
        { id: 'wren', side: 'splice', profile: 'wren', position: [150, 50] },
        { id: 'guard', side: 'facility', profile: 'commando', position: [100, 50 + 25 + 304.8] },
      ],
      queries: [
        { id: 'dark', type: 'attack', attacker: 'hammer', target: 'guard', weapon: 'compact-carbine', context: { lightsOut: true } },
        { id: 'wren', type: 'attack', attacker: 'wren', target: 'guard', weapon: 'precision-carbine', context: { lightsOut: true } },
      ],
    })
    expect(doc.results[0]!.allowed).toBe(false)
    expect((doc.results[0]!.reasons as Array<{ code: string }>).map((r) => r.code)).toContain('dark')
    expect(doc.results[1]!.allowed).toBe(true)
  })

  it('S-WE9 §26 subtitle "Two thousand five hundred points" vs "500 points. Large Game budget": the squad format wins (500, exactly 5), and 5 operators fit in 500 (discrepancy)', () => {
    expect(FORMATS.crackerjack.points).toBe(500)
    expect([FORMATS.crackerjack.minOperators, FORMATS.crackerjack.maxOperators]).toEqual([5, 5])
    expect(maxOperatorsFor(500)).toBeGreaterThanOrEqual(5)
  })

  it('S-WE10 §26 Infiltrators "in the middle third of the board (more than 12" from either edge)": empty on a 24" board; the middle third is 8"–16" (discrepancy)', () => {
    expect(crackerjackInfiltratorZone('south', 24, 24, { crackerjackInfiltratorZone: 'beyond-12' })).toBeNull()
    const mid = crackerjackInfiltratorZone('south', 24, 24, { crackerjackInfiltratorZone: 'middle-third' })!
    expect(mid.kind === 'polygon' && mid.points.map((p) => p[1])).toEqual([8, 8, 16, 16])
  })

  it('S-WE11 §25 "Six pre-built operators": the chapter prints three (HAMMER, WREN, CATALYST) (discrepancy)', () => {
    const pregens = Object.values(OPERATORS).filter((p) => p.section.startsWith('§25') && p.id !== 'enforcer')
    expect(pregens.map((p) => p.id)).toEqual(['hammer', 'wren', 'catalyst'])
  })

  it('S-WE12 §25 "two-hour" module: setup 5 + acts 25–30, 60–65, 20–25 = 110–125 minutes, which contains 120', () => {
    const t = CONVENTION_TIMING
    const lo = t.setupMinutes[0] + t.act1Minutes[0] + t.act2Minutes[0] + t.act3Minutes[0]
    const hi = t.setupMinutes[1] + t.act1Minutes[1] + t.act2Minutes[1] + t.act3Minutes[1]
    expect([lo, hi]).toEqual([110, 125])
    expect(lo <= t.statedTotalMinutes && t.statedTotalMinutes <= hi).toBe(true)
  })

  it('S-WE13 changelog v1.1: the Heavy Plate (ranged and melee) and grenade patches are the rules in force', () => {
    // Ranged: natural 6 vs Heavy Plate = 2 FW, never MW.
    const shot = resolveShoot({ shootThreshold: 4, targetAR: 3, targetHeavyPlate: true, ...plain }, o)
    expect(shot.faces[5]).toMatchObject({ result: 'two-flesh-wounds', fleshWounds: 2, mortalWounds: 0 })
    // Melee: Anti-Armor treats Heavy Plate as AR 2, and a natural 6 on the armor check is an MW.
    // Breacher (kit +1) vs Breacher (kit +1): P(win) = 21/36; armor check 3+ = 4/6 → 7/18 wounds.
    const side = { modifiers: [{ source: 'kit', value: 1, rule: '', kind: 'weapon' as const }], armorAR: 2, heavyPlate: true }
    const m = resolveMelee(side, side, o)
    expect(formatFraction(m.attackerWins)).toBe('7/12')
    expect(formatFraction(m.defenderWounded)).toBe('7/18')
    // MW: attacker's natural 6 (6 of the 21 winning pairs, any penetrating check: 6 × 4) or armor-check 6 (15 × 1) = 39/216.
    expect(formatFraction(m.defenderMortal)).toBe('13/72')
  })

  it('§02 SITREP odds: Even 1/2, Likely 3/4, Unlikely 1/4 of a "Yes" (4+)', () => {
    expect(['even', 'likely', 'unlikely'].map((k) => formatFraction(sitrepYes(k as 'even')))).toEqual(['1/2', '3/4', '1/4'])
  })
})
