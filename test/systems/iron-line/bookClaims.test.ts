// The book's numeric claims about Iron Line (it has no example boxes; digest I-WE1–I-WE14) as golden
// tests. Each asserts the value the rules give; where the book's own figure differs, the test says so.
import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../../src/engine/index.ts'
import { measureUnitCost } from '../../../src/systems/iron-line/armyCost.ts'
import { SAMPLE_LISTS, UNITS, findUnitProfile } from '../../../src/systems/iron-line/catalogue.ts'
import {
  probabilityPassKillzone, probabilityPassKillzoneOldRule, probabilitySeize, readD66,
} from '../../../src/systems/iron-line/rollOdds.ts'
import { evaluate, scene, unit } from './sceneBuilder.ts'

function listTotal(id: string, kcm: 'double' | 'single' = 'double'): { printed: number; rules: number; items: Array<{ unit: string; printed: number; rules: number }> } {
  const list = SAMPLE_LISTS.find((l) => l.id === id)!
  const items = list.entries.map((e) => ({ unit: e.unit, printed: e.printedEach, rules: measureUnitCost(e.unit, e.keywords, kcm).points, count: e.count }))
  return {
    printed: items.reduce((s, i) => s + i.printed * i.count, 0),
    rules: items.reduce((s, i) => s + i.rules * i.count, 0),
    items,
  }
}

describe('Iron Line numeric claims of the book', () => {
  it('§12 L1260 D66 (I-WE1): "A 3 and a 6 reads as 36. A 1 and a 1 reads as 11."', () => {
    expect(readD66(3, 6)).toBe(36)
    expect(readD66(1, 1)).toBe(11)
  })

  it('§17 L1616 Killzone Designation (I-WE2): a fresh unit at Strain 0 "still need to beat 2" — passes on 3+ of 2D6, 35/36', () => {
    expect(formatFraction(probabilityPassKillzone(0))).toBe('35/36')
    // Strain 9: must roll over 11 → only 12: 1/36; Strain 10: impossible.
    expect(formatFraction(probabilityPassKillzone(9))).toBe('1/36')
    expect(formatFraction(probabilityPassKillzone(10))).toBe('0')
  })

  it('changelog L2543 Killzone rationale (I-WE3): the new rule is harsher at every Strain, not a relief for "stressed units" (discrepancy)', () => {
    // Old: roll over Strain; new: over Strain + 2. For S = 0..11 the new pass chance is never higher.
    for (let s = 0; s <= 11; s++) {
      const oldP = probabilityPassKillzoneOldRule(s)
      const newP = probabilityPassKillzone(s)
      expect(newP.num * oldP.den).toBeLessThanOrEqual(oldP.num * newP.den)
    }
    // The "auto-pass" the patch closed belonged to fresh units: old rule at Strain 0 → 2D6 > 0 always.
    expect(formatFraction(probabilityPassKillzoneOldRule(0))).toBe('1')
    // Auto-fail now starts at Strain 10 (was 12).
    expect(formatFraction(probabilityPassKillzone(10))).toBe('0')
    expect(formatFraction(probabilityPassKillzoneOldRule(11))).toBe('1/36')
  })

  it('§21 L1894 NAF list (I-WE4): Assault Walker + Elite costs 650, not the printed 550; the list is 3,200, not 3,000 (discrepancy)', () => {
    // KCM ×2 doubles Elite's 100 (§14 L1376): 450 + 200.
    expect(measureUnitCost('assault-walker', [{ id: 'elite' }], 'double').points).toBe(650)
    const t = listTotal('naf-adaptive-strike-force')
    expect(t.printed).toBe(3100) // the printed items do not even sum to the printed 3,000
    expect(t.rules).toBe(3200)
    expect(measureUnitCost('drone-skirmishers', [{ id: 'deadly-shots' }], 'double').points).toBe(400)
    expect(measureUnitCost('scout-swarm', [{ id: 'swift', value: 2 }], 'double').points).toBe(450)
  })

  it('§21 L1910 EO list (I-WE5): every item as printed; total 2,800 ≤ 3,000', () => {
    const t = listTotal('eo-armored-advance')
    expect(t.items.every((i) => i.printed === i.rules)).toBe(true)
    expect(measureUnitCost('gun-platform', [{ id: 'hardened', value: 1 }], 'double').points).toBe(400)
    expect(t.rules).toBe(2800)
  })

  it('§21 L1926 SCA list (I-WE6): every item as printed (Beast-Mech 200 read from this list); total 2,750', () => {
    const t = listTotal('sca-bio-mechanical-swarm')
    expect(t.items.every((i) => i.printed === i.rules)).toBe(true)
    expect(measureUnitCost('drone-infantry', [{ id: 'autonomous' }], 'double').points).toBe(275)
    expect(measureUnitCost('siege-walker', [{ id: 'terrifying' }], 'double').points).toBe(700)
    expect(t.rules).toBe(2750)
  })

  it('§21 L1940 PCU list (I-WE7): Artillery Rig + Short-Ranged costs 350, not the printed 375; list 3,050, not 3,000 (discrepancy)', () => {
    expect(measureUnitCost('artillery-rig', [{ id: 'short-ranged' }], 'double').points).toBe(350)
    expect(measureUnitCost('assault-walker', [{ id: 'brutal' }], 'double').points).toBe(700)
    const t = listTotal('pcu-desert-strike')
    expect(t.printed).toBe(3075)
    expect(t.rules).toBe(3050)
    // The printed 375 is what KCM-single weaknesses would give.
    expect(measureUnitCost('artillery-rig', [{ id: 'short-ranged' }], 'single').points).toBe(375)
  })

  it('changelog L2547 Artillery Rig (I-WE8): at the old 350 one weakness reaches 300 with KCM doubling, not the stated floor 325 (discrepancy)', () => {
    const old = 350
    const rig = findUnitProfile('artillery-rig')!
    const cheapest = Math.min(...['self-destructive', 'short-ranged', 'degraded', 'clumsy'].map((k) => measureUnitCost('artillery-rig', [{ id: k, ...(k === 'clumsy' ? { value: 2 } : {}) }], 'double').points - rig.points + old))
    expect(cheapest).toBe(250) // Degraded −50 ×2 from 350; with one −25 weakness: 300
    expect(measureUnitCost('artillery-rig', [{ id: 'short-ranged' }], 'double').points - rig.points + old).toBe(300)
    expect(measureUnitCost('artillery-rig', [{ id: 'short-ranged' }], 'single').points - rig.points + old).toBe(325)
  })

  it('changelog L2544 Jamming Pulse (I-WE9): Fragile at Integrity 10 breaks at Strain 5, so a unit at Strain 4 is not deleted (discrepancy)', () => {
    const r = evaluate(scene({ models: [unit('target', 'a', 'drone-infantry', [200, 200], 90, { keywords: ['fragile'], stats: { strain: 4 } })], queries: [{ id: 'i', type: 'integrity', model: 'target' }] }))
    const i = r['i']!
    expect(i['breaksAt']).toBe(5)
    expect(i['broken']).toBe(false)
    // It needs Integrity ≤ 8 (e.g. two Outmanoeuvred, or Corrosive Atmosphere) for Strain 4 to break it.
    const r8 = evaluate(scene({ models: [unit('target', 'a', 'drone-infantry', [200, 200], 90, { keywords: ['fragile'], stats: { strain: 4 } })], queries: [{ id: 'i', type: 'integrity', model: 'target', context: { breakpoint: 8 } }] }))
    expect(r8['i']!['broken']).toBe(true)
  })

  it('§15 L1423 / changelog L2542 Initiative seize (I-WE10): exceeding the round number from round 2, P = (6 − r)/6', () => {
    expect(formatFraction(probabilitySeize(1))).toBe('0')
    expect(formatFraction(probabilitySeize(2))).toBe('2/3')
    expect(formatFraction(probabilitySeize(3))).toBe('1/2')
    expect(formatFraction(probabilitySeize(5))).toBe('1/6')
    expect(formatFraction(probabilitySeize(6))).toBe('0')
  })

  it('Designer notes L2536 playtest report (I-WE12): Walker at Strain 7 with the Commander on it has Integrity 11 and stands; Beast-Mechs cannot shoot (discrepancy)', () => {
    const r = evaluate(scene({
      models: [
        unit('walker', 'naf', 'assault-walker', [300, 300], 90, { keywords: ['commander'], stats: { strain: 7 } }),
        unit('beasts', 'sca', 'beast-mech', [300, 600], 270),
      ],
      queries: [
        { id: 'i', type: 'integrity', model: 'walker' },
        { id: 'shot', type: 'attack', attacker: 'beasts', target: 'walker', context: { kind: 'shooting', clumsy: 5 } },
      ],
    }))
    expect(r['i']!['integrity']).toBe(11)
    expect(r['i']!['broken']).toBe(false)
    // "The Beast-Mechs' next shot is at Clumsy (+5)": they have no Ranged keyword (§13 L1326), so there is no shot.
    expect(r['shot']!['allowed']).toBe(false)
    expect((r['shot']!['reasons'] as Array<{ code: string }>).map((x) => x.code)).toContain('no-ranged-keyword')
    // Root Hack targets a friendly and moves a Chassis keyword (§17 L1617): it cannot strip an enemy's Strong Defence.
    const hack = evaluate(scene({
      models: [unit('relay', 'sca', 'drone-infantry', [300, 600], 270, { keywords: ['relay'] }), unit('walker', 'naf', 'assault-walker', [300, 400], 90)],
      queries: [{ id: 'h', type: 'ew', relay: 'relay', ability: 'root-hack', target: 'walker' }],
    }))
    expect(hack['h']!['allowed']).toBe(false)
    expect((hack['h']!['reasons'] as Array<{ code: string }>).map((x) => x.code)).toContain('needs-friendly')
    expect(hack['h']!['signalCost']).toBe(4)
  })

  it('§18 L1643 Signal Dominance (I-WE13): markers "18\\" out" from the midpoint of a 36" centerline sit on the table edges (discrepancy)', () => {
    const r = evaluate(scene({ models: [unit('x', 'a', 'drone-infantry', [200, 100], 90)], queries: [{ id: 'd', type: 'deployment', context: { condition: 'signal-dominance' } }] }))
    const markers = r['d']!['markers'] as Array<{ at: [number, number]; onTable: boolean }>
    expect(markers.map((m) => m.at[0])).toEqual([457.2, 0, 914.4])
    expect(markers.map((m) => m.onTable)).toEqual([true, false, false])
    const alt = evaluate(scene({ options: { signalDominanceOffset: 'wreckage-15' }, models: [unit('x', 'a', 'drone-infantry', [200, 100], 90)], queries: [{ id: 'd', type: 'deployment', context: { condition: 'signal-dominance' } }] }))
    expect((alt['d']!['markers'] as Array<{ at: [number, number] }>).map((m) => m.at[0])).toEqual([457.2, 76.2, 838.2])
  })

  it('§19 L1787 Burn the Relay map (I-WE14): "Defender chooses which long edge" — a 3\' × 3\' table has none (discrepancy)', () => {
    const r = evaluate(scene({ models: [unit('x', 'a', 'drone-infantry', [200, 100], 90)], queries: [{ id: 'd', type: 'deployment', context: { condition: 'burn-the-relay' } }] }))
    const zones = r['d']!['zones'] as Array<{ rect: [[number, number], [number, number]] }>
    // Both zones span the same 914.4 mm edges: no edge is longer than another.
    expect(zones[0]!.rect[1][0] - zones[0]!.rect[0][0]).toBe(914.4)
    expect(r['d']!['band']).toMatchObject({ fromY: 152.4, toY: 762, rule: 'Gun Platforms within 12" of the centerline' })
  })

  it('§13 roster: 11 units plus the §24 Operator Splice, all Strikes 10 and Integrity 10; truncated points restored', () => {
    expect(UNITS).toHaveLength(12)
    expect(UNITS.every((u) => u.strikes === 10 && u.integrity === 10)).toBe(true)
    expect(findUnitProfile('beast-mech')!.pointsAsPrinted).toBe('2')
    expect(findUnitProfile('artillery-rig')!.points).toBe(400)
  })
})
