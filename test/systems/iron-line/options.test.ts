// Each Iron Line option changes the call it names, on a table where the two readings differ (hand-worked).
import { describe, expect, it } from 'vitest'
import { ironLine } from '../../../src/systems/iron-line/index.ts'
import { IRON_LINE_OPTIONS } from '../../../src/systems/iron-line/options.ts'
import { type Json, evaluate, rect, scene, unit } from './sceneBuilder.ts'

const one = (s: Parameters<typeof scene>[0], id: string): Json => evaluate(scene(s))[id]!
const codes = (r: Json): string[] => (r['reasons'] as Array<{ code: string }>).map((x) => x.code)

describe('option declarations', () => {
  it('every option has a default among its values, a section with a line, and a note', () => {
    for (const o of ironLine.options) {
      if (o.values) expect(o.values).toContain(o.default)
      expect(o.section).toMatch(/^§\d+A? L\d+/)
      expect(o.note.length).toBeGreaterThan(20)
    }
    expect(ironLine.options.map((o) => o.name).sort()).toEqual(Object.keys(IRON_LINE_OPTIONS).sort())
  })
})

describe('options that change a call', () => {
  it('shootingArc: none (the book) lets a unit shoot behind itself; front-180 does not', () => {
    // Shooter facing 90° at (457.2,500): front-edge centre (457.2,530). Target behind it at (457.2,200): 300 mm from (457.2,530) to (457.2,230).
    const s = (arc: string) => one({ options: { shootingArc: arc }, models: [unit('s', 'a', 'drone-skirmishers', [457.2, 500], 90), unit('t', 'b', 'drone-infantry', [457.2, 200], 90)], queries: [{ id: 'q', type: 'attack', attacker: 's', target: 't' }] }, 'q')
    expect(s('none')['allowed']).toBe(true)
    expect(codes(s('front-180'))).toContain('outside-shooting-arc')
  })

  it('coverStacking: a Fortified piece that is also Obscuring gives +2 (best) or +3 (stack)', () => {
    const s = (stacking: string) => one({
      options: { coverStacking: stacking },
      models: [unit('g', 'a', 'gun-platform', [457.2, 100], 90, { width: 60 }), unit('t', 'b', 'drone-infantry', [457.2, 650], 270)],
      terrain: [rect('ruin', 'fortified', 380, 600, 540, 700, { keywords: ['obscuring'] })],
      queries: [{ id: 'q', type: 'attack', attacker: 'g', target: 't' }],
    }, 'q')
    expect(s('best')['need']).toBe('5+') // Free vs Close 3 + 2
    expect(s('stack')['need']).toBe('6+') // 3 + 2 + 1
  })

  it('coverPersistence: until-moves keeps the Cover keyword given in context; per-shot ignores it', () => {
    const s = (p: string) => one({ options: { coverPersistence: p }, models: [unit('g', 'a', 'gun-platform', [457.2, 100], 90, { width: 60 }), unit('t', 'b', 'drone-infantry', [457.2, 650], 270)], queries: [{ id: 'q', type: 'attack', attacker: 'g', target: 't', context: { hasCoverKeyword: true } }] }, 'q')
    expect(s('per-shot')['need']).toBe('3+')
    expect(s('until-moves')['need']).toBe('4+')
  })

  it('fortifiedInsideTest: a target 10 mm over the bunker edge (centre inside) is Fortified under centre and any-part, not wholly', () => {
    // Bunker x 380–530; the target centred at x = 480 spans x 420–540, 10 mm past the bunker edge; its centre is inside.
    const s = (t: string) => one({ options: { fortifiedInsideTest: t }, models: [unit('g', 'a', 'gun-platform', [457.2, 100], 90, { width: 60 }), unit('t', 'b', 'drone-infantry', [480, 650], 270)], terrain: [rect('bunker', 'fortified', 380, 600, 530, 700)], queries: [{ id: 'q', type: 'attack', attacker: 'g', target: 't' }] }, 'q')
    expect(s('wholly')['need']).toBe('3+')
    expect(s('centre')['need']).toBe('5+')
    expect(s('any-part')['need']).toBe('5+')
  })

  it('engagementRule: 10 mm apart is engaged within 1" (§12), not under base-to-base (§16 L1465)', () => {
    const s = (rule: string) => one({ options: { engagementRule: rule }, models: [unit('a', 'a', 'drone-infantry', [457.2, 400], 90), unit('b', 'b', 'drone-infantry', [457.2, 470], 270)], queries: [{ id: 'q', type: 'engagement', model: 'a' }] }, 'q')
    // a: y 370–430; b: y 440–500 → gap 10 mm.
    expect(s('within-1-inch')['engaged']).toBe(true)
    expect(s('base-to-base-unless-baseless')['engaged']).toBe(false)
  })

  it('ewOrigin: Heat Spike (12") reaches a unit 300 mm from the Relay\'s side edge by footprint, not from its front-edge centre (360 mm)', () => {
    // Relay facing 90° at (457.2,200): x 397.2–517.2, y 170–230, front-edge centre (457.2,230). Target 60 mm wide at (847.2,200): x 817.2–877.2, y 170–230.
    const s = (origin: string) => one({
      options: { ewOrigin: origin },
      models: [unit('r', 'a', 'drone-infantry', [457.2, 200], 90, { keywords: ['relay'] }), unit('t', 'a', 'gun-platform', [847.2, 200], 90, { width: 60 })],
      queries: [{ id: 'q', type: 'ew', relay: 'r', ability: 'heat-spike', target: 't' }],
    }, 'q')
    expect(s('footprint')['inRange']).toBe(true) // 817.2 − 517.2 = 300 mm ≤ 304.8
    expect(s('front-edge-centre')['inRange']).toBe(false) // from (457.2,230) to (817.2,230): 360 mm
  })

  it('measure3d: a shooter 297 mm higher is out of 24" in 3D although 600 mm away on the flat', () => {
    // Front-edge centre (457.2,130); target edge y = 730: 600 mm flat. Base slabs: shooter z 300–303, target 0–3 → √(600² + 297²) ≈ 669.5 mm > 609.6.
    const s = (mode: string) => one({ options: { measure3d: mode }, models: [unit('s', 'a', 'drone-skirmishers', [457.2, 100], 90, { z: 300 }), unit('t', 'b', 'drone-infantry', [457.2, 760], 270)], queries: [{ id: 'q', type: 'attack', attacker: 's', target: 't' }] }, 'q')
    expect(s('2d')['inRange']).toBe(true)
    expect(s('3d')['inRange']).toBe(false)
    expect((s('3d')['distance'] as Json)['mm']).toBeCloseTo(Math.hypot(600, 297), 1)
  })

  it('higherGround: large-terrain counts a shooter touching Large terrain as higher even at the same height', () => {
    const s = (hg: string) => one({
      options: { elevatedFire: true, higherGround: hg },
      models: [unit('g', 'a', 'gun-platform', [457.2, 100], 90, { width: 60 }), unit('t', 'b', 'drone-infantry', [457.2, 650], 270)],
      terrain: [rect('ridge', 'large', 400, 20, 520, 70, { height: 40 }), rect('bunker', 'fortified', 380, 600, 540, 700)],
      queries: [{ id: 'q', type: 'attack', attacker: 'g', target: 't' }],
    }, 'q')
    expect(s('height')['need']).toBe('5+') // both at z = 0: Fortified +2
    expect(s('large-terrain')['need']).toBe('4+') // downgraded to Cover
  })

  it('obscuringTest: an Obscuring piece touching the target on the far side gives Cover only under touching-or-inside', () => {
    // Target y 620–680; smoke y 680–720 behind it (seen from y = 130): no sight line crosses it.
    const s = (t: string) => one({ options: { obscuringTest: t }, models: [unit('g', 'a', 'gun-platform', [457.2, 100], 90, { width: 60 }), unit('t', 'b', 'drone-infantry', [457.2, 650], 270)], terrain: [rect('smoke', 'obscuring', 380, 680, 540, 720)], queries: [{ id: 'q', type: 'attack', attacker: 'g', target: 't' }] }, 'q')
    expect(s('partly-behind')['need']).toBe('3+')
    expect(s('touching-or-inside')['need']).toBe('4+')
  })

  it('obscuringIgnoreShooterPiece: smoke the shooter stands in does not hide the target (default); counted when off', () => {
    // Smoke y 100–200 around the shooter's front-edge centre (457.2,130); target at y 620–680.
    const s = (ignore: boolean) => one({ options: { obscuringIgnoreShooterPiece: ignore }, models: [unit('g', 'a', 'gun-platform', [457.2, 100], 90, { width: 60 }), unit('t', 'b', 'drone-infantry', [457.2, 650], 270)], terrain: [rect('smoke', 'obscuring', 300, 100, 600, 200)], queries: [{ id: 'q', type: 'attack', attacker: 'g', target: 't' }] }, 'q')
    expect(s(true)['need']).toBe('3+')
    expect(s(false)['need']).toBe('4+')
  })

  it('cornerTie: defender-favoured calls a corner contact front', () => {
    const r = one({ options: { cornerTie: 'defender-favoured' }, models: [unit('t', 'b', 'drone-infantry', [457.2, 457.2], 90), unit('w', 'a', 'assault-walker', [557.2, 547.2], 180, { length: 80 })], queries: [{ id: 'q', type: 'arc', of: 't', from: 'w' }] }, 'q')
    expect(r['arc']).toBe('front')
    expect(r['tie']).toEqual(['front', 'flank'])
  })

  it('largeSeenOver: a Large target behind a non-Large screen is seen under attacker-or-target, not attacker-only', () => {
    const s = (v: string) => one({
      options: { largeSeenOver: v },
      models: [unit('s', 'a', 'drone-skirmishers', [457.2, 100], 90), unit('screen', 'a', 'drone-infantry', [457.2, 400], 90, { width: 200 }), unit('t', 'b', 'siege-walker', [457.2, 700], 270, { width: 80, length: 100 })],
      queries: [{ id: 'q', type: 'los', from: 's', to: 't' }],
    }, 'q')
    expect(s('attacker-or-target')['visible']).toBe(true)
    expect(s('attacker-only')['visible']).toBe(false)
  })

  it('wheelMeasure: a 90° wheel of a 120 mm frontage is an arc of 188.5 mm (7.421") or a chord of 169.7 mm (6.681")', () => {
    const s = (w: string) => one({ options: { wheelMeasure: w }, models: [unit('u', 'a', 'drone-infantry', [457.2, 300], 90)], queries: [{ id: 'q', type: 'move', model: 'u', to: [427.2, 390], facing: 180, mode: 'wheel' }] }, 'q')
    expect(s('arc')['mpCost']).toBeCloseTo((120 * Math.PI) / 2 / 25.4, 3)
    expect(s('chord')['mpCost']).toBeCloseTo((2 * 120 * Math.sin(Math.PI / 4)) / 25.4, 3)
  })

  it('twistCommandRange: a friendly 5" away gets Command under Long-Range War (12") but not Short Leash (4")', () => {
    // Commander y 260–340 (80 deep); friend's bottom edge at y = 340 + 127 = 467.
    const s = (t: string) => one({ options: { twistCommandRange: t }, models: [unit('c', 'a', 'assault-walker', [457.2, 300], 90, { length: 80, keywords: ['commander'] }), unit('f', 'a', 'drone-infantry', [457.2, 497], 90)], queries: [{ id: 'q', type: 'integrity', model: 'f' }] }, 'q')
    expect(s('none')['integrity']).toBe(11)
    expect(s('long-range-war')['integrity']).toBe(11)
    expect(s('short-leash')['integrity']).toBe(10)
  })

  it('marginalCallSitrep off: no SITREP figure even 0.5 mm from the line', () => {
    const r = one({ options: { marginalCallSitrep: false }, models: [unit('s', 'a', 'drone-skirmishers', [200, 100], 90), unit('t', 'b', 'drone-infantry', [200, 769.1], 270)], queries: [{ id: 'q', type: 'attack', attacker: 's', target: 't' }] }, 'q')
    expect(r['inRange']).toBe(true)
    expect(r['sitrep']).toBeUndefined()
  })
})
