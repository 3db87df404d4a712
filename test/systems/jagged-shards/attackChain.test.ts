// The attack chain rule by rule: critical effects against Wound Thresholds, grenades, context
// modifiers (Warp, Psionic Stabilize, Mechanical), the Specialist Aura reading and the cover options.
// Expected fractions are counted by hand over the 100 faces: T ≤ 95 hits on (96 − T) normal faces + 5 criticals.
import { describe, expect, it } from 'vitest'
import { classifyD100, countD100 } from '../../../src/systems/jagged-shards/d100.ts'
import { IN, BASE_MM, attackQuery, box, model, run, scene } from './tableBuilder.ts'

const Y = 600
const near = (a: string, t: string, q: Record<string, unknown>[], opts: Record<string, unknown> = {}, extra: { a?: Record<string, unknown>; t?: Record<string, unknown> } = {}) =>
  scene([model('a', 'alex', a, 200, Y, extra.a), model('t', 'jordan', t, 200 + BASE_MM + 10, Y, extra.t)], q, [], opts)
const apart = (a: string, t: string, q: Record<string, unknown>[], opts: Record<string, unknown> = {}, terrain: Record<string, unknown>[] = [], extra: { a?: Record<string, unknown>; t?: Record<string, unknown> } = {}) =>
  scene([model('a', 'alex', a, 200, Y, extra.a), model('t', 'jordan', t, 200 + BASE_MM + 6 * IN, Y, extra.t)], q, terrain, opts)

describe('D100 bands (§4.1, §4.8)', () => {
  it('01–05 always fail and 96–100 always hit, whatever the threshold', () => {
    expect(classifyD100(5, 1, 96)).toEqual({ roll: 5, band: 'critical-failure', success: false })
    expect(classifyD100(96, 200, 96)).toEqual({ roll: 96, band: 'critical-success', success: true })
    expect(classifyD100(95, 95, 96)).toEqual({ roll: 95, band: 'normal', success: true })
    expect(classifyD100(95, 95, 95)).toMatchObject({ band: 'critical-success' })
  })

  it('a threshold of 60 leaves 36 normal successes, 54 normal failures, 5 + 5 criticals', () => {
    expect(countD100(60, 96)).toEqual({ criticalFailure: 5, criticalSuccess: 5, normalSuccess: 36, normalFailure: 54 })
    // a threshold below 6 cannot make 01–05 succeed: 90 normal successes
    expect(countD100(-20, 96)).toEqual({ criticalFailure: 5, criticalSuccess: 5, normalSuccess: 90, normalFailure: 0 })
  })
})

describe('DAM vs Wound Threshold and critical effects (§4.3, §11.1, §17)', () => {
  it('Fragmentation Grenade (DAM 1) vs Support Mech (W Threshold 2, EV 5): only the critical "DAM becomes 2" wounds → hit 9/25, effect 1/20', () => {
    const r = run(apart('colonist-rifleman', 'support-mech', [attackQuery('q', 'a', 't', {}, 'fragmentation-grenade')])).q!
    expect(r).toMatchObject({ allowed: true, threshold: { final: 65 }, probability: { exact: { hit: '9/25', effect: '1/20' } } })
  })

  it('Power Blade (DAM 2, critical +1) vs Tree Warden (W Threshold 3, EV 5): 50 + 5 = 55 → hit 46/100, only criticals wound (DAM 3) → 1/20', () => {
    const r = run(near('assault-exo-suit', 'tree-warden', [attackQuery('q', 'a', 't')])).q!
    expect(r).toMatchObject({ melee: true, weapon: { id: 'power-blade' }, threshold: { final: 55 }, probability: { exact: { hit: '23/50', effect: '1/20' } } })
  })

  it('Stone Crush (DAM 3) vs Tree Warden (W Threshold 3): every hit wounds; 45 + 5 = 50 → 51/100', () => {
    const r = run(near('sand-golem', 'tree-warden', [attackQuery('q', 'a', 't')])).q!
    expect(r).toMatchObject({ threshold: { final: 50 }, probability: { exact: { hit: '51/100', effect: '51/100' } } })
  })

  it('Concussion Grenade has DAM 0: it never wounds (its effect is the −10 Evade debuff)', () => {
    const r = run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't', {}, 'concussion-grenade')])).q!
    expect(r).toMatchObject({ allowed: true, probability: { exact: { hit: '9/25', effect: '0' } } })
  })

  it('a lowered W Threshold (Supply Depot −1) lets DAM 1 wound a W Threshold 2 target', () => {
    const r = run(apart('colonist-rifleman', 'heavy-android', [attackQuery('q', 'a', 't', { woundThreshold: -1 })])).q!
    // Heavy Android EV 10 → 70 → 31/100; W Threshold 2 − 1 = 1 → every hit wounds
    expect(r).toMatchObject({ woundThreshold: 1, probability: { exact: { hit: '31/100', effect: '31/100' } } })
  })
})

describe('grenades (§1.6, §17.3)', () => {
  it('a non-infantry model may not throw a grenade', () => {
    const r = run(apart('support-mech', 'rootblade-initiate', [attackQuery('q', 'a', 't', {}, 'fragmentation-grenade')], {}, [], { a: { weapons: ['fragmentation-grenade'] } })).q!
    expect(r).toMatchObject({ allowed: false, reasons: [{ code: 'not-infantry' }] })
  })

  it('Spore Pods ("counts as grenades") resolve as a Fragmentation Grenade by default (8", DAM 1)', () => {
    const r = run(apart('bloodroot-stalker', 'colonist-rifleman', [attackQuery('q', 'a', 't', {}, 'spore-pods')])).q!
    expect(r).toMatchObject({ allowed: true, weapon: { id: 'fragmentation-grenade', rangeInches: 8, dam: 1 } })
  })

  it('a grenade beyond 8" is out of range', () => {
    const r = run(scene([model('a', 'alex', 'colonist-rifleman', 200, Y), model('t', 'jordan', 'rootblade-initiate', 200 + BASE_MM + 8 * IN + 0.5, Y)], [attackQuery('q', 'a', 't', {}, 'fragmentation-grenade')])).q!
    expect(r).toMatchObject({ allowed: false, reasons: [{ code: 'out-of-range' }] })
  })
})

describe('context modifiers (§4.2, §16)', () => {
  it('Warp Stabilize lowers the threshold by 10 (60 + 5 − 10 = 55 → 23/50); with allowNegativeModifiers false it is ignored', () => {
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't', { warpStabilize: true })])).q).toMatchObject({ threshold: { final: 55 }, probability: { exact: { hit: '23/50' } } })
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't', { warpStabilize: true })], { allowNegativeModifiers: false })).q).toMatchObject({ threshold: { final: 65 } })
  })

  it('Mechanical models ignore biological modifiers: a Support Mech keeps 55 + 5 = 60 where a Rifleman gets 60 + 5 + 10', () => {
    const toxic = { modifiers: [{ source: 'Toxic burst', value: 10, biological: true }] }
    expect(run(apart('support-mech', 'rootblade-initiate', [attackQuery('q', 'a', 't', toxic, 'auto-cannon')])).q).toMatchObject({ threshold: { final: 60 } })
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't', toxic)])).q).toMatchObject({ threshold: { final: 75 } })
  })

  it("Psionic Stabilize removes the largest penalty; Seer's Insight and Warp Pulse add 10 each", () => {
    const heavy = [box('c', 'heavy', 200 + BASE_MM + 6 * IN - 30, Y - 60, 200 + BASE_MM + 6 * IN - 20, Y + 60, 60)]
    // Stalker in Heavy Cover: 60 + 20 + 10 = 90; removing the +20 leaves 70 → 31/100
    expect(run(apart('colonist-rifleman', 'bloodroot-stalker', [attackQuery('q', 'a', 't', { psionicStabilize: true })], {}, heavy)).q).toMatchObject({ threshold: { final: 70 }, probability: { exact: { hit: '31/100' } } })
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't', { seersInsight: true, warpPulse: true })])).q).toMatchObject({ threshold: { final: 85 } })
  })

  it('Specialist Aura: an Initiate in Heavy Cover (+20, EV +5) has no +10 modifier to ignore (85); option first-10-of-any takes 10 off the +20 (75)', () => {
    const tx = 200 + BASE_MM + 6 * IN
    const s = (opts: Record<string, unknown>) => scene(
      [model('eng', 'alex', 'combat-engineer', 200, Y + 60), model('a', 'alex', 'colonist-rifleman', 200, Y), model('t', 'jordan', 'rootblade-initiate', tx, Y)],
      [attackQuery('q', 'a', 't')], [box('c', 'heavy', tx - 30, Y - 40, tx - 20, Y + 40, 60)], opts)
    expect(run(s({})).q).toMatchObject({ cover: { level: 'heavy' }, threshold: { final: 85 } })
    expect(run(s({ specialistAuraMatch: 'first-10-of-any' })).q).toMatchObject({ threshold: { final: 75 } })
  })

  it('a model that Disengaged may not make a melee attack (§10.2); a jammed weapon cannot attack', () => {
    expect(run(near('rootblade-initiate', 'colonist-rifleman', [attackQuery('q', 'a', 't', { disengaged: true })])).q).toMatchObject({ allowed: false, reasons: [{ code: 'disengaged' }] })
    expect(run(near('rootblade-initiate', 'colonist-rifleman', [attackQuery('q', 'a', 't', { jammed: true })])).q).toMatchObject({ allowed: false, reasons: [{ code: 'jammed' }] })
  })

  it('cover does not apply in melee (§10.3): an Initiate fighting a Rifleman inside Heavy Terrain needs only 60', () => {
    const r = run(scene([model('a', 'jordan', 'rootblade-initiate', 200, Y), model('t', 'alex', 'colonist-rifleman', 200 + BASE_MM + 10, Y)], [attackQuery('q', 'a', 't')], [box('h', 'heavy', 230, Y - 40, 290, Y + 40, 60)])).q!
    expect(r).toMatchObject({ melee: true, cover: { level: 'none' }, threshold: { final: 60 } })
  })
})

describe('cover options (§9.3, §15.3)', () => {
  const tx = 200 + BASE_MM + 6 * IN
  // A 1 mm deep patch of Light debris under the target: it hides no base point (base points sit 1.5 mm up).
  const patch = [box('debris', 'light', tx - 30, Y - 30, tx + 30, Y + 30, 1)]
  it('geometric cover (default): standing in a flat Light patch hides nothing → no cover (65)', () => {
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't')], {}, patch)).q).toMatchObject({ cover: { level: 'none' }, threshold: { final: 65 } })
  })
  it('option coverMode in-terrain: a base at least half inside a Light piece is in Light Cover (75)', () => {
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't')], { coverMode: 'in-terrain' }, patch)).q).toMatchObject({ cover: { level: 'light' }, threshold: { final: 75 } })
  })
  it('option coverMeasure model: a 20 mm barricade 25 mm in front hides the whole base (Light Cover) but only the body points at 4 and 12 mm (18/45 < 50%) → no cover', () => {
    // body points sit at 4, 12, 20, 28, 36 mm; a line from the 36 mm eye 184.4 mm away passes the barricade at z = z_p + (36 − z_p)·25/184.4:
    // 4 → 8.3, 12 → 15.3 (hidden), 20 → 22.2 (clear)
    const wall = [box('barricade', 'light', tx - 30, Y - 60, tx - 20, Y + 60, 20)]
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't')], {}, wall)).q).toMatchObject({ cover: { level: 'light', baseHidden: 1 } })
    const r = run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't')], { coverMeasure: 'model' }, wall)).q!
    expect(r).toMatchObject({ cover: { level: 'none', modelHidden: 0.4 }, threshold: { final: 65 } })
  })
  it('option coverMixed: Heavy hides 20/64 and Light 22/64 of the base (42/64 together): sum-highest → Heavy (85); highest-single → no cover (65)', () => {
    // Counted by hand as in scenario cover-base-half-hidden: eye (100, 600), target (600, 600), walls x 550–570,
    // Heavy y 500–595.8 hides the 20 points whose lines pass below 595.8, Light y 604–700 the 22 above 604.
    const s = (opts: Record<string, unknown>) => scene([model('a', 'alex', 'colonist-rifleman', 100, 600), model('t', 'jordan', 'rootblade-initiate', 600, 600)], [attackQuery('q', 'a', 't')],
      [box('crate', 'heavy', 550, 500, 570, 595.8, 100), box('debris', 'light', 550, 604, 570, 700, 100)], opts)
    expect(run(s({})).q).toMatchObject({ cover: { level: 'heavy', baseHidden: 42 / 64 }, threshold: { final: 85 } })
    expect(run(s({ coverMixed: 'highest-single' })).q).toMatchObject({ cover: { level: 'none' }, threshold: { final: 65 } })
  })
  it('a Light piece the attacker stands in does not hide the target (option ignoreViewerTerrain)', () => {
    const around = [box('crates', 'light', 150, Y - 50, 250, Y + 50, 60)]
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't')], {}, around)).q).toMatchObject({ cover: { level: 'none' } })
    expect(run(apart('colonist-rifleman', 'rootblade-initiate', [attackQuery('q', 'a', 't')], { ignoreViewerTerrain: false }, around)).q).toMatchObject({ cover: { level: 'light' } })
  })
})

describe('measuring options (§8.6, §17)', () => {
  it('measureAnchor centre: a target 20" away edge to edge is 20" + 32 mm away centre to centre → out of Ballistic Rifle range', () => {
    const s = (opts: Record<string, unknown>) => scene([model('a', 'alex', 'colonist-rifleman', 100, Y), model('t', 'jordan', 'rootblade-initiate', 100 + BASE_MM + 20 * IN, Y)], [attackQuery('q', 'a', 't')], [], opts)
    expect(run(s({})).q).toMatchObject({ inRange: true })
    expect(run(s({ measureAnchor: 'centre' })).q).toMatchObject({ inRange: false })
  })

  it('Counter-Charge reaches enemies within 6" of the Shock Specialist', () => {
    const r = run(scene([model('hs', 'alex', 'human-shock-specialist', 200, Y), model('e1', 'jordan', 'dino-raptor', 200 + BASE_MM + 6 * IN, Y), model('e2', 'jordan', 'dino-raptor', 200, Y + BASE_MM + 6 * IN + 1)],
      [{ id: 'q', type: 'aura', source: 'hs', ability: 'counter-charge' }])).q!
    expect(r).toMatchObject({ radius: { inches: 6 }, affected: [{ model: 'e1' }], outside: [{ model: 'e2' }] })
  })
})

describe('insertion and objective options', () => {
  it('option insertionAutoSuccess crit-band: FR 0 vs PV 150 succeeds only on 96–100 → 1/20', () => {
    expect(run(scene([], [{ id: 'q', type: 'insertion', fr: 0, pv: 150 }], [], { insertionAutoSuccess: 'crit-band' })).q).toMatchObject({ probability: { exact: '1/20' } })
  })
  it('option objectiveMarkerMm 0 measures to the objective point: a base edge 1" + 10 mm from the point is outside', () => {
    const x = 600 + 16 + IN + 10
    const s = (opts: Record<string, unknown>) => scene([model('a', 'alex', 'colonist-rifleman', x, 600)], [{ id: 'q', type: 'objective', at: [600, 600] }], [], opts)
    expect(run(s({})).q).toMatchObject({ state: 'controlled' }) // 40 mm marker: 10 mm − 20 mm → within
    expect(run(s({ objectiveMarkerMm: 0 })).q).toMatchObject({ state: 'uncontrolled' })
  })
})

describe('no facing, arcs or blasts in this book', () => {
  it('arc and blast queries are refused with a message (the book has no facing, arcs or templates; grenades are single-target, §17.3)', () => {
    const s = (q: Record<string, unknown>) => scene([model('a', 'alex', 'colonist-rifleman', 200, 600, { facing: 90 }), model('t', 'jordan', 'rootblade-initiate', 400, 600)], [q])
    expect(() => run(s({ id: 'q', type: 'arc', of: 't', from: 'a' }))).toThrow(/no facing arcs/)
    expect(() => run(s({ id: 'q', type: 'blast', attacker: 'a', target: 't' }))).toThrow(/does not answer "blast"/)
  })
})
