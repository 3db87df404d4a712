// Every numeric worked example of the Jagged Shards book (seeds/000_5a7ace75bcb40c85.txt), one test
// each, named after its section. Where the book's example uses stats that differ from its own codex
// (§16), the test asserts the rule-correct result with codex stats and says so (README: Discrepancies).
import { describe, expect, it } from 'vitest'
import { UNITS } from '../../../src/systems/jagged-shards/catalogue.ts'
import { IN, BASE_MM, attackQuery, box, model, run, scene } from './tableBuilder.ts'

const Y = 600
const SHOOTER_X = 200

/** Shooter at SHOOTER_X, target `gapInches` away edge to edge on the same line; optional cover piece just in front of the target. */
function shootingTable(shooter: string, target: string, gapInches: number, cover: 'none' | 'light' | 'heavy', queries: Record<string, unknown>[], options: Record<string, unknown> = {}, targetExtra: Record<string, unknown> = {}) {
  const tx = SHOOTER_X + BASE_MM + gapInches * IN
  const terrain = cover === 'none' ? [] : [box('cover', cover, tx - 30, Y - 60, tx - 20, Y + 60, 60)]
  return scene([model('a', 'alex', shooter, SHOOTER_X, Y), model('t', 'jordan', target, tx, Y, targetExtra)], queries, terrain, options)
}

/** Two models 12 mm apart edge to edge (engaged, within 1"). */
function meleeTable(attacker: string, target: string, queries: Record<string, unknown>[], options: Record<string, unknown> = {}) {
  return scene([model('a', 'jordan', attacker, SHOOTER_X, Y), model('t', 'alex', target, SHOOTER_X + BASE_MM + 12, Y)], queries, [], options)
}

describe('§4.9 Example: Full Attack Resolution (Colonist Rifleman → Bloodroot Stalker in Light Cover)', () => {
  const table = (roll: number) => shootingTable('colonist-rifleman', 'bloodroot-stalker', 10, 'light', [attackQuery('q', 'a', 't', { roll }, 'ballistic-rifle')])

  it('§4.9 roll 83: SR 60 + Light Cover 10 + Evade 10 = 80; 83 ≥ 80 hits; DAM 1 vs W Threshold 1 → Stalker Destroyed', () => {
    const r = run(table(83)).q!
    expect(r['threshold']).toEqual({ base: 60, final: 80 })
    expect((r['modifiers'] as Array<{ value: number }>).map((m) => m.value)).toEqual([10, 10])
    expect(r['outcome']).toMatchObject({ roll: 83, band: 'normal', hit: true, wound: true, destroyed: true })
    // P(hit) = normal 80..95 (16 faces) + 96..100 (5) = 21/100
    expect(r['probability']).toMatchObject({ exact: { hit: '21/100', effect: '21/100' } })
  })

  it('§4.9 roll 98: Critical Success — auto-hit, Cover and Evade ignored, Ballistic Rifle ignores the W Threshold', () => {
    const r = run(table(98)).q!
    expect(r['outcome']).toMatchObject({ band: 'critical-success', hit: true, wound: true, critical: 'Shot finds a weak point — ignore Wounds Threshold.' })
  })

  it('§4.9 roll 03: Critical Failure — auto-miss, Jam (cannot fire next round)', () => {
    const r = run(table(3)).q!
    expect(r['outcome']).toMatchObject({ band: 'critical-failure', hit: false, wound: false, critical: 'Jam — the model may not shoot next round.' })
  })
})

describe('§5.3 / §5.1 Insertion Roll: D100 + FR ≥ PV', () => {
  it('§5.3 FR 15 vs PV 70 ("extremely dangerous but always achievable"): rolls 55–100 succeed → 46/100', () => {
    const r = run(scene([], [{ id: 'q', type: 'insertion', fr: 15, pv: 70 }])).q!
    expect(r['probability']).toEqual({ success: 0.46, value: 0.46, exact: '23/50' })
  })

  it('§18.1 Capital Command Spire is PV 80 (§5.3 prints 70): FR 15 needs 65+ → 36/100; option pvTable chapter-5 gives PV 70', () => {
    expect(run(scene([], [{ id: 'q', type: 'insertion', fr: 15, position: 'capital-command-spire' }])).q!['probability']).toEqual({ success: 0.36, value: 0.36, exact: '9/25' })
    expect(run(scene([], [{ id: 'q', type: 'insertion', fr: 15, position: 'capital-command-spire' }], [], { pvTable: 'chapter-5' })).q!['pv']).toBe(70)
  })

  it('§5.1: a natural 01–05 always fails even when D100 + FR ≥ PV; a natural 100 always succeeds', () => {
    const low = run(scene([], [{ id: 'q', type: 'insertion', fr: 60, pv: 30, roll: 5 }])).q!
    expect(low['outcome']).toEqual({ roll: 5, success: false })
    const high = run(scene([], [{ id: 'q', type: 'insertion', fr: 0, pv: 150, roll: 100 }])).q!
    expect(high['outcome']).toEqual({ roll: 100, success: true })
    // PV 150 with FR 0: only the natural 100 succeeds
    expect(high['probability']).toEqual({ success: 0.01, value: 0.01, exact: '1/100' })
  })
})

describe('§8.7 Movement Examples', () => {
  it('§8.7 8A Normal Move: a Colonist Rifleman (M 5") moves exactly 5" — allowed; 5" + 0.5 mm is not', () => {
    const r = run(scene([model('r', 'alex', 'colonist-rifleman', 200, Y)], [
      { id: 'exact', type: 'move', model: 'r', to: [200 + 5 * IN, Y] },
      { id: 'over', type: 'move', model: 'r', to: [200 + 5 * IN + 0.5, Y] },
    ]))
    expect(r['exact']).toMatchObject({ allowed: true, distance: { inches: 5 }, allowance: { inches: 5 } })
    expect(r['over']).toMatchObject({ allowed: false, reasons: [{ code: 'too-far', rule: '§8.1' }] })
  })

  it('§8.7 8B Sprinting: a Bloodroot Stalker (M 7") Sprints and rolls a 3 → 7 + 3 = 10"', () => {
    const r = run(scene([model('s', 'jordan', 'bloodroot-stalker', 200, Y)], [
      { id: 'ten', type: 'move', model: 's', to: [200 + 10 * IN, Y], mode: 'sprint', context: { d6: 3 } },
      { id: 'odds', type: 'move', model: 's', to: [200 + 10 * IN, Y], mode: 'sprint' },
    ]))
    expect(r['ten']).toMatchObject({ allowed: true, allowance: { inches: 10, d6: 3 } })
    // 10" needs D6 ≥ 3: 4/6 = 2/3
    expect(r['odds']).toMatchObject({ probability: { exact: '2/3' } })
    expect((r['ten']!['warnings'] as string[]).join(' ')).toContain('cannot shoot or Rush')
  })

  it('§8.7 8C / §12.6 B: a Dino-Raptor (M 8") starting inside Heavy Terrain Rushes with M halved to 4"; D6 5 → 9"', () => {
    const r = run(scene(
      [model('d', 'jordan', 'dino-raptor', 200, Y, { base: { shape: 'round', diameter: 50 } }), model('t', 'alex', 'colonist-rifleman', 200 + 25 + 16 + 10 * IN, Y)],
      [{ id: 'q', type: 'move', model: 'd', to: [200 + 9 * IN, Y], mode: 'rush', context: { d6: 5 } }],
      [box('growth', 'heavy', 150, Y - 50, 250, Y + 50, 30)],
    )).q!
    expect(r['allowance']).toMatchObject({ inches: 9, min: 5, max: 10 })
    expect(String((r['allowance'] as { formula: string }).formula)).toContain('halved to 4"')
  })

  it('§8.7 8D Failed Disengage: a Rootblade Initiate (SR 60) rolls 42 → fails and cannot move; P(success) = 41/100', () => {
    const r = run(meleeTable('rootblade-initiate', 'colonist-rifleman', [
      { id: 'q', type: 'move', model: 'a', to: [SHOOTER_X - 3 * IN, Y], context: { roll: 42 } },
    ])).q!
    expect(r['allowed']).toBe(false)
    expect(r['disengage']).toMatchObject({ probability: { exact: '41/100' }, outcome: { roll: 42, success: false } })
    expect(r['reasons']).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'disengage-failed' })]))
  })
})

describe('§9.6 Shooting Examples', () => {
  it('§9.6.1 Rifleman → Rootblade Initiate in the open, roll 78 → Hit, Destroyed (book: "No Cover, no Evade", SR 60; codex Initiate has EV 5 → 65; same outcome)', () => {
    const r = run(shootingTable('colonist-rifleman', 'rootblade-initiate', 10, 'none', [attackQuery('q', 'a', 't', { roll: 78 })])).q!
    expect(r['threshold']).toEqual({ base: 60, final: 65 })
    expect(r['outcome']).toMatchObject({ hit: true, wound: true, destroyed: true })
  })

  it('§9.6.2 Rifleman → Bloodroot Stalker in Heavy Terrain, roll 62 → Miss (book SR 80 omits the Stalker\'s EV 10: codex 90)', () => {
    const r = run(shootingTable('colonist-rifleman', 'bloodroot-stalker', 10, 'heavy', [attackQuery('q', 'a', 't', { roll: 62 })])).q!
    expect(r['cover']).toMatchObject({ level: 'heavy', value: 20 })
    expect(r['threshold']).toEqual({ base: 60, final: 90 })
    expect(r['outcome']).toMatchObject({ hit: false })
  })

  it('§9.6.3 Rifleman → Dino-Raptor in Light Cover with a +10 Warp penalty: book "EV 5" → 85; codex EV 10 → 90; roll 82 misses either way', () => {
    const codex = run(shootingTable('colonist-rifleman', 'dino-raptor', 10, 'light', [attackQuery('q', 'a', 't', { roll: 82, warp: 10 })])).q!
    expect(codex['threshold']).toEqual({ base: 60, final: 90 })
    expect(codex['outcome']).toMatchObject({ hit: false })
    // The book's own numbers, with the example's EV 5 given inline (inline stats override the codex).
    const asPrinted = run(shootingTable('colonist-rifleman', 'dino-raptor', 10, 'light', [attackQuery('q', 'a', 't', { roll: 82, warp: 10 })], {}, { stats: { evade: 5 } })).q!
    expect(asPrinted['threshold']).toEqual({ base: 60, final: 85 })
    expect(asPrinted['outcome']).toMatchObject({ hit: false })
  })
})

describe('§10.8 Melee Examples', () => {
  it('§10.8.1 Rootblade Initiate → Colonist Rifleman, SR 60, no modifiers, roll 72 → Hit, DAM 1 vs W 1 → Destroyed', () => {
    const r = run(meleeTable('rootblade-initiate', 'colonist-rifleman', [attackQuery('q', 'a', 't', { roll: 72 })])).q!
    expect(r).toMatchObject({ melee: true, allowed: true, threshold: { base: 60, final: 60 }, modifiers: [] })
    expect(r['outcome']).toMatchObject({ hit: true, wound: true, destroyed: true })
  })

  it('§10.8.2 Dino-Raptor → Support Mech, roll 81 → Hit, DAM 2 vs W 2 → 1 Wound (book adds EV 10 → 65; codex Mech EV 5 → 60)', () => {
    const r = run(meleeTable('dino-raptor', 'support-mech', [attackQuery('q', 'a', 't', { roll: 81 })])).q!
    expect(r['weapon']).toMatchObject({ id: 'rending-talons', dam: 2 })
    expect(r['threshold']).toEqual({ base: 55, final: 60 })
    // codex Support Mech has 3 Wounds (§4.4 says 2): one wound leaves 2
    expect(r['outcome']).toMatchObject({ hit: true, wound: true, destroyed: false, woundsLeft: 2 })
  })

  it('§10.8.3 Rush First Strike: the Stalker that Rushed strikes first; roll 47 < SR 60 → Miss; the Rifleman strikes back at 60 + EV 10 = 70', () => {
    const r = run(meleeTable('bloodroot-stalker', 'colonist-rifleman', [
      attackQuery('stalker', 'a', 't', { roll: 47, rushed: true }),
      attackQuery('back', 't', 'a'),
    ]))
    expect(r['stalker']).toMatchObject({ threshold: { final: 60 }, outcome: { hit: false } })
    expect(String(r['stalker']!['firstStrike'])).toContain('§12.5')
    expect(r['back']).toMatchObject({ weapon: { id: 'combat-knife' }, threshold: { base: 60, final: 70 } })
  })

  it('§10.8.4 Crystal Sniper (melee) rolls 98 → Critical Success: auto-hit, damage afterwards (Crystal Shard Dagger has no §17 effect)', () => {
    const r = run(meleeTable('crystal-sniper', 'colonist-rifleman', [attackQuery('q', 'a', 't', { roll: 98 })])).q!
    expect(r['weapon']).toMatchObject({ id: 'crystal-shard-dagger' })
    expect(r['outcome']).toMatchObject({ band: 'critical-success', hit: true, wound: true })
  })
})

describe('§11.4 Critical Examples', () => {
  it('§11.4.1 Critical Success through Heavy Cover: 60 + 20 + Position 10 (book 90; codex adds the Stalker\'s EV 10 → 100); roll 97 hits and wounds; only criticals hit (5/100)', () => {
    const r = run(shootingTable('colonist-rifleman', 'bloodroot-stalker', 10, 'heavy', [attackQuery('q', 'a', 't', { roll: 97, position: 10 })])).q!
    expect(r['threshold']).toEqual({ base: 60, final: 100 })
    expect(r['outcome']).toMatchObject({ band: 'critical-success', hit: true, wound: true, destroyed: true })
    expect(r['probability']).toMatchObject({ exact: { hit: '1/20', effect: '1/20' } })
  })

  it('§11.4.2 Critical Failure with no modifiers: Rootblade Initiate rolls 04 → auto-miss, Growth fracture', () => {
    const r = run(meleeTable('rootblade-initiate', 'colonist-rifleman', [attackQuery('q', 'a', 't', { roll: 4 })])).q!
    expect(r['outcome']).toMatchObject({ band: 'critical-failure', hit: false, wound: false, critical: 'Growth fracture — cannot attack next round.' })
  })

  it('§11.4.3 Support Mech → Dino-Raptor (EV 10) in Light Cover: 55 + 10 + 10 = 75; roll 96 auto-hits; codex Auto-Cannon DAM 1 vs W 2 → no wound (option supportMechGun heavy-rotary-cannon: DAM 2 → wound)', () => {
    const q = [attackQuery('q', 'a', 't', { roll: 96 }, 'auto-cannon')]
    const codex = run(shootingTable('support-mech', 'dino-raptor', 10, 'light', q)).q!
    expect(codex['threshold']).toEqual({ base: 55, final: 75 })
    expect(codex['outcome']).toMatchObject({ band: 'critical-success', hit: true, wound: false })
    const rotary = run(shootingTable('support-mech', 'dino-raptor', 10, 'light', q, { supportMechGun: 'heavy-rotary-cannon' })).q!
    expect(rotary['weapon']).toMatchObject({ id: 'heavy-rotary-cannon', dam: 2 })
    expect(rotary['outcome']).toMatchObject({ hit: true, wound: true })
  })

  it('§11.4.4 Incendiary Grenade: 60 + Light Cover 10 (book 70; the unnamed target here is a Rootblade Initiate, EV 5 → 75); roll 99 → Critical Success, cover ignored, DAM 1 applied', () => {
    const r = run(shootingTable('colonist-rifleman', 'rootblade-initiate', 6, 'light', [attackQuery('q', 'a', 't', { roll: 99 }, 'incendiary-grenade')])).q!
    expect(r['allowed']).toBe(true)
    expect(r['weapon']).toMatchObject({ id: 'incendiary-grenade', grenade: true, rangeInches: 8 })
    expect(r['threshold']).toEqual({ base: 60, final: 75 })
    expect(r['outcome']).toMatchObject({ band: 'critical-success', wound: true, critical: 'Ignites terrain — ignore Cover for this attack.' })
  })
})

describe('§12 Rush Examples', () => {
  it('§12.2 Heavy Terrain halves the Movement portion: M 6 → 3, then D6 (Rootblade Initiate: 4"–9")', () => {
    const r = run(scene(
      [model('i', 'jordan', 'rootblade-initiate', 200, Y), model('t', 'alex', 'colonist-rifleman', 200 + BASE_MM + 6 * IN, Y)],
      [{ id: 'q', type: 'move', model: 'i', to: [200 + 5 * IN, Y], mode: 'rush' }],
      [box('growth', 'heavy', 170, Y - 40, 230, Y + 40, 30)],
    )).q!
    expect(r['allowance']).toMatchObject({ min: 4, max: 9 })
    // 5 inches of Rush Distance need 3 + D6 ≥ 5 → D6 ≥ 2: 5/6
    expect(r['rush']).toMatchObject({ needInches: 5, success: { exact: '5/6' } })
  })

  it('§12.6 A Successful Rush: Rifleman (M 5) Rushes a Stalker 9" away, rolls 4 → 9" ≥ 8" needed to end within 1" → success', () => {
    const tx = 200 + BASE_MM + 9 * IN
    const r = run(scene([model('r', 'alex', 'colonist-rifleman', 200, Y), model('s', 'jordan', 'bloodroot-stalker', tx, Y)], [
      { id: 'q', type: 'move', model: 'r', to: [200 + 8 * IN, Y], mode: 'rush', context: { d6: 4 } },
      { id: 'odds', type: 'move', model: 'r', to: [200 + 8 * IN, Y], mode: 'rush' },
    ]))
    expect(r['q']).toMatchObject({ allowed: true, rush: { target: 's', gapInches: 9, needInches: 8, success: { exact: '1' }, endsWithin1: true } })
    // without a roll: 5 + D6 ≥ 8 → D6 ≥ 3 → 2/3
    expect(r['odds']).toMatchObject({ rush: { success: { exact: '2/3' } } })
  })

  it('§12.6 B Heavy Terrain Rush: 4 + 5 = 9"; a target 10" away is still reached within 1" (rule §12.1; the book says "within 9""; option rushSuccess reach-target follows the example)', () => {
    const sceneFor = (options: Record<string, unknown>) => scene(
      [model('d', 'jordan', 'dino-raptor', 200, Y, { base: { shape: 'round', diameter: 50 } }), model('t', 'alex', 'colonist-rifleman', 200 + 25 + 16 + 10 * IN, Y)],
      [{ id: 'q', type: 'move', model: 'd', to: [200 + 9 * IN, Y], mode: 'rush', context: { d6: 5 } }],
      [box('growth', 'heavy', 150, Y - 50, 250, Y + 50, 30)],
      options,
    )
    expect(run(sceneFor({})).q).toMatchObject({ rush: { gapInches: 10, needInches: 9, success: { exact: '1' } } })
    expect(run(sceneFor({ rushSuccess: 'reach-target' })).q).toMatchObject({ rush: { needInches: 10, success: { exact: '0' } } })
  })

  it('§12.6 C Failed Rush: Support Mech (M 4) Rushes an enemy 11" away, rolls 3 → 7" too short; it moves the full 7" and ends 4" away', () => {
    const tx = 200 + 25 + 16 + 11 * IN
    const r = run(scene([model('m', 'alex', 'support-mech', 200, Y, { base: { shape: 'round', diameter: 50 } }), model('t', 'jordan', 'rootblade-initiate', tx, Y)], [
      { id: 'q', type: 'move', model: 'm', to: [200 + 7 * IN, Y], mode: 'rush', context: { d6: 3 } },
    ])).q!
    expect(r).toMatchObject({ allowed: true, allowance: { inches: 7 }, rush: { needInches: 10, success: { exact: '0' }, endsWithin1: false } })
  })
})

describe('§13.6 Objective Examples (40 mm marker, control within 1" of its edge)', () => {
  const OBJ: [number, number] = [600, 600]
  const near = 600 + 20 + 16 + 10 // 10 mm from the marker edge
  it('§13.6 13A Gaining Control: a Rifleman within 1", no Martian within 1" → Human Colonies control it (Sticky)', () => {
    const r = run(scene([model('r', 'human-colonies', 'colonist-rifleman', near, 600), model('d', 'martian-order', 'dino-raptor', 900, 900)], [{ id: 'q', type: 'objective', at: OBJ }])).q!
    expect(r).toMatchObject({ state: 'controlled', controlledBy: 'human-colonies', stickyControl: 'human-colonies', scores: 'human-colonies' })
  })
  it('§13.6 13B Contesting: the Dino-Raptor rushes in where the Rifleman stands → contested, nobody scores, Sticky Control unchanged', () => {
    const r = run(scene([model('r', 'human-colonies', 'colonist-rifleman', near, 600), model('d', 'martian-order', 'dino-raptor', 600, near)], [
      { id: 'q', type: 'objective', at: OBJ, context: { stickyController: 'human-colonies' } },
    ])).q!
    expect(r).toMatchObject({ state: 'contested', scores: null, stickyControl: 'human-colonies' })
  })
  it('§13.6 13C Losing Sticky Control: next round only the Dino-Raptor is within 1" → Martian Order control it', () => {
    const r = run(scene([model('r', 'human-colonies', 'colonist-rifleman', 900, 900), model('d', 'martian-order', 'dino-raptor', 600, near)], [
      { id: 'q', type: 'objective', at: OBJ, context: { stickyController: 'human-colonies' } },
    ])).q!
    expect(r).toMatchObject({ state: 'controlled', controlledBy: 'martian-order', stickyControl: 'martian-order' })
  })
})

describe('§20 Walk-through', () => {
  const fr = (ids: string[]) => ids.reduce((s, id) => s + UNITS.find((u) => u.id === id)!.stats.forceRating, 0)

  it('§20.1 Example Forces: the book states FR 13 and FR 11; the codex FRs (Specialists included, §6.3) sum to 17 and 18', () => {
    expect(fr(['combat-engineer', 'colonist-rifleman', 'colonist-rifleman', 'support-mech'])).toBe(17)
    expect(fr(['martian-shock-specialist', 'rootblade-initiate', 'dino-raptor', 'bloodroot-stalker'])).toBe(18)
  })

  it('§20.2 Insertion Roll: 64 + 13 = 77 ≥ PV → succeeds (book PV 15; §18.2 Hydroponic Reclamation Bay is PV 50: still a success)', () => {
    expect(run(scene([], [{ id: 'q', type: 'insertion', fr: 13, pv: 15, roll: 64 }])).q!['outcome']).toEqual({ roll: 64, success: true })
    const r = run(scene([], [{ id: 'q', type: 'insertion', fr: 13, position: 'hydroponic-reclamation-bay', roll: 64 }])).q!
    expect(r).toMatchObject({ pv: 50, outcome: { success: true } })
  })

  it('§20.3 / §3.6 Initiative Steal: 70 or higher on D100 → 31/100 (the book\'s "70% threshold")', () => {
    expect(run(scene([], [{ id: 'q', type: 'initiative-steal' }])).q!['probability']).toEqual({ success: 0.31, value: 0.31, exact: '31/100' })
  })

  it('§20.5 Dino-Raptor Sprints 8" + D6 (4) = 12"', () => {
    const r = run(scene([model('d', 'jordan', 'dino-raptor', 200, Y)], [{ id: 'q', type: 'move', model: 'd', to: [200 + 12 * IN, Y], mode: 'sprint', context: { d6: 4 } }])).q!
    expect(r).toMatchObject({ allowed: true, allowance: { inches: 12 } })
  })

  it('§20.6.1 Rifleman → Rootblade Initiate in Light Cover, roll 73: the book says 70 → Hit; with the codex Initiate EV 5 the threshold is 75 → MISS', () => {
    const r = run(shootingTable('colonist-rifleman', 'rootblade-initiate', 10, 'light', [attackQuery('q', 'a', 't', { roll: 73 })])).q!
    expect(r['threshold']).toEqual({ base: 60, final: 75 })
    expect(r['outcome']).toMatchObject({ hit: false })
  })

  it('§20.6.1 Rifleman → Bloodroot Stalker in Heavy Cover, roll 62 → Miss (book 80; codex 90)', () => {
    const r = run(shootingTable('colonist-rifleman', 'bloodroot-stalker', 10, 'heavy', [attackQuery('q', 'a', 't', { roll: 62 })])).q!
    expect(r['threshold']).toEqual({ base: 60, final: 90 })
    expect(r['outcome']).toMatchObject({ hit: false })
  })

  it('§20.6.2 Bloodroot Stalker → Rifleman in Light Cover: 60 + 10 = 70, roll 94 → Hit, Destroyed (Spine Spitter 12")', () => {
    const r = run(shootingTable('bloodroot-stalker', 'colonist-rifleman', 8, 'light', [attackQuery('q', 'a', 't', { roll: 94 })])).q!
    expect(r['weapon']).toMatchObject({ id: 'spine-spitter' })
    expect(r['threshold']).toEqual({ base: 60, final: 70 })
    expect(r['outcome']).toMatchObject({ hit: true, wound: true, destroyed: true })
  })
})

describe('§4.4 Wounds list vs the codex', () => {
  it('§4.4 lists Rifleman 1, Support Mech 2, Sand Golem 3 Wounds; the §16 codex (used) gives 1, 3 and 4', () => {
    const w = (id: string) => UNITS.find((u) => u.id === id)!.stats.wounds
    expect([w('colonist-rifleman'), w('support-mech'), w('sand-golem')]).toEqual([1, 3, 4])
  })
})
