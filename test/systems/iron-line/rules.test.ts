// Iron Line rules and options through the engine, each against a hand-worked value.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { main } from '../../../src/cli/main.ts'
import { ironLine } from '../../../src/systems/iron-line/index.ts'
import { type Json, evaluate, rect, scene, unit } from './sceneBuilder.ts'

const codes = (r: Json): string[] => (r['reasons'] as Array<{ code: string }>).map((x) => x.code)

describe('demo scene', () => {
  it('the planner demo (§19 Relay Spine with §21 forces) evaluates through the CLI', async () => {
    const file = join(import.meta.dirname, '..', '..', '..', 'src', 'systems', 'iron-line', 'demo.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(ironLine.demoScene)
    let out = ''
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
      out += String(c)
      return true
    })
    const code = await main(['eval', file])
    spy.mockRestore()
    expect(code).toBe(0)
    const byId = Object.fromEntries((JSON.parse(out) as { results: Json[] }).results.map((r) => [r['id'], r]))
    // Skirmishers (Loose, Weak) at Armored Infantry (Close, Strong Defence): 5 + 1 + 1 = 7 → 6+ (final clamp).
    expect(byId['skirmishers-shoot']!['need']).toBe('6+')
    // Gun Platform (Free) at a Gun Platform (Free) wholly inside the Fortified nest: 4 + 2 = 6+.
    expect((byId['gun-shoots-nest']!['cover'] as Json)['level']).toBe('fortified')
    expect(byId['gun-shoots-nest']!['need']).toBe('6+')
    // The Commander's Command (+1) reaches itself and the two NAF units within 8"; the Gun Platform at x 110–170 is 400 − 170 = 230 mm away.
    expect((byId['commander-aura']!['affected'] as Json[]).map((a) => a['model'])).toEqual(['naf-skirmishers', 'naf-walker', 'naf-relay'])
    expect(byId['walker-footprint']!['legal']).toBe(true)
  })
})

describe('§16 Punishment, Implacable and Hardened options', () => {
  const beacon = (rounding: 'down' | 'up'): Json =>
    evaluate(scene({
      options: { punishmentRounding: rounding },
      models: [unit('p', 'a', 'drone-infantry', [300, 300], 90, { keywords: ['relay-beacon'] }), unit('t', 'b', 'drone-infantry', [300, 500], 270)],
      queries: [{ id: 'pun', type: 'attack', attacker: 'p', target: 't', context: { punishment: true } }],
    }))['pun']!
  it('Punishment rolls half the punisher\'s Strikes: Relay Beacon Hero (+1) → Strikes 11 → 5 dice rounded down, 6 rounded up (§16 L1467)', () => {
    expect(beacon('down')['dice']).toBe(5)
    expect(beacon('up')['dice']).toBe(6)
    expect(beacon('down')['allowed']).toBe(true)
  })

  const shot = (options: Json, context: Json, target = 'drone-infantry'): Json =>
    evaluate(scene({
      options,
      models: [unit('cmd', 'a', 'drone-skirmishers', [300, 100], 90, { keywords: ['commander'] }), unit('t', 'b', target, [300, 400], 270)],
      queries: [{ id: 's', type: 'attack', attacker: 'cmd', target: 't', context }],
    }))['s']!
  const maxStrain = (r: Json): number => Math.max(...((r['strain'] as Json)['distribution'] as Json[]).map((d) => d['strain'] as number))
  it('Implacable gained-per-activation: 3 Strain already from this activation leaves room for 2 of the 6 dice (Commander Hero +2)', () => {
    const r = shot({}, { strainFromThisActivation: 3 })
    expect(r['dice']).toBe(6)
    expect(maxStrain(r)).toBe(2)
  })
  it('Implacable total-strain reading: a target already at Strain 4 can only go to 5', () => {
    expect(maxStrain(shot({ implacableReading: 'total-strain' }, { targetStrain: 4 }))).toBe(1)
  })
  it('hardenedScope: Armored Infantry\'s Hardened (1) soaks shooting Strain under all-attacks, not under combat-only', () => {
    // 6 dice at 6+ (Loose vs Close 5, Weak +1, Strong Defence +1 → 7 → 6): P(≥1 Strain) is P(≥2 hits) with Hardened, P(≥1 hit) without.
    expect((shot({}, {}, 'armored-infantry')['probability'] as Json)['exact']).toEqual({ hit: '1/6', effect: '12281/46656' })
    expect((shot({ hardenedScope: 'combat-only' }, {}, 'armored-infantry')['probability'] as Json)['exact']).toEqual({ hit: '1/6', effect: '31031/46656' })
  })
})

describe('inline stats override the catalogue', () => {
  it('a Drone Infantry given stats.order "free" is shot at 4+ by a Gun Platform (Free vs Free), an inline profile object works too', () => {
    const r = evaluate(scene({
      models: [
        unit('g', 'a', 'gun-platform', [300, 100], 90, { width: 60 }),
        unit('t', 'b', 'drone-infantry', [300, 600], 270, { stats: { order: 'free' } }),
        { id: 'x', side: 'b', profile: { order: 'loose', attacks: 'none', defence: 'weak', strikes: 10, integrity: 10 }, base: { shape: 'rect', length: 60, width: 120 }, height: 40, position: [600, 600], facing: 270 },
      ],
      queries: [{ id: 'a', type: 'attack', attacker: 'g', target: 't' }, { id: 'b', type: 'attack', attacker: 'g', target: 'x' }],
    }))
    expect(r['a']!['need']).toBe('4+') // catalogue Close would give 3+
    expect(r['b']!['need']).toBe('4+') // Free vs Loose 5, Weak Defence −1
  })
})

describe('aura checks', () => {
  it('Autonomous: a Siege Walker 100 mm from the Commander (Hero, a Chassis keyword) is satisfied; 60 mm from a unit without Hero it is not (§23 L2032)', () => {
    // sw: x 417.2–497.2, y 400–500; the Commander's walker y 560–640 (gap 60 mm ≤ 4" = 101.6 mm). sw2: x 110–190; the plain infantry x 250–370 is 60 mm away but has no Chassis keyword.
    const r = evaluate(scene({
      models: [
        unit('sw', 'a', 'siege-walker', [457.2, 450], 90, { width: 80, length: 100 }),
        unit('cmd', 'a', 'assault-walker', [457.2, 600], 90, { length: 80, keywords: ['commander'] }),
        unit('sw2', 'a', 'siege-walker', [150, 450], 90, { width: 80, length: 100 }),
        unit('plain', 'a', 'drone-infantry', [310, 450], 90),
      ],
      queries: [{ id: 'a', type: 'aura', source: 'sw', ability: 'chassis' }, { id: 'b', type: 'aura', source: 'sw2', ability: 'chassis' }],
    }))
    expect(r['a']!['satisfied']).toBe(true)
    expect((r['a']!['affected'] as Json[]).map((x) => x['model'])).toEqual(['cmd'])
    expect(r['b']!['satisfied']).toBe(false)
  })
  it('Sneaky placement must be more than 8" from every enemy (§23 L2072)', () => {
    const q = (y: number) => evaluate(scene({ models: [unit('s', 'a', 'drone-infantry', [457.2, 200], 90, { keywords: ['sneaky'] }), unit('e', 'b', 'drone-infantry', [457.2, y], 270)], queries: [{ id: 'q', type: 'aura', source: 's', ability: 'sneaky' }] }))['q']!
    // s top edge y = 230; e bottom edge y − 30: gap 203.2 at y = 463.2 (exactly 8": within, so not "more than 8"").
    expect(q(463.2)['legal']).toBe(false)
    expect(q(464.2)['legal']).toBe(true)
  })
  it('Signal Dead Zone: a Relay within 4" of the centre piece pays 1 less for a Hack (§18 L1668)', () => {
    const r = evaluate(scene({
      models: [unit('r', 'a', 'drone-infantry', [457.2, 330], 90, { keywords: ['relay'] }), unit('f', 'a', 'drone-infantry', [300, 200], 90)],
      terrain: [rect('dz', 'signal-dead-zone', 420, 400, 500, 480)],
      queries: [{ id: 'h', type: 'ew', relay: 'r', ability: 'predictive-armor', target: 'f' }],
    }))
    // Relay top edge y = 360, the piece starts at y = 400: 40 mm ≤ 101.6.
    expect(r['h']!['signalCost']).toBe(3)
  })
})

describe('§17 electronic warfare without a Relay', () => {
  it('a Pulse from a non-Relay unit costs +1 when no Relay is in play; a Hack is impossible (§17 L1607)', () => {
    const r = evaluate(scene({
      models: [unit('inf', 'a', 'drone-infantry', [300, 200], 90), unit('foe', 'b', 'drone-infantry', [300, 500], 270)],
      queries: [
        { id: 'pulse', type: 'ew', relay: 'inf', ability: 'targeting-lock', target: 'foe' },
        { id: 'hack', type: 'ew', relay: 'inf', ability: 'predictive-armor', target: 'inf' },
      ],
    }))
    expect(r['pulse']!['allowed']).toBe(true)
    expect(r['pulse']!['signalCost']).toBe(3)
    expect(r['hack']!['allowed']).toBe(false)
    expect(codes(r['hack']!)).toContain('no-relay')
  })
})

describe('arcs by the edge-lines method', () => {
  it('rear behind the rear-edge line, flank beside a side line, front ahead between them', () => {
    const q = (at: [number, number]): string => evaluate(scene({
      options: { arcMethod: 'edge-lines' },
      // Target facing 90°: x 397.2–517.2, y 427.2–487.2.
      models: [unit('t', 'b', 'drone-infantry', [457.2, 457.2], 90), unit('e', 'a', 'drone-infantry', at, 90, { width: 100, length: 40 })],
      queries: [{ id: 'a', type: 'arc', of: 't', from: 'e' }],
    }))['a']!['arc'] as string
    expect(q([457.2, 300])).toBe('rear') // centre y 300 < 427.2
    expect(q([700, 457.2])).toBe('flank') // centre x 700 > 517.2, level with the unit
    expect(q([700, 700])).toBe('flank') // beyond the side line, ahead: flank under edge-lines
    expect(q([500, 700])).toBe('front') // between the side lines, ahead
  })
})

describe('arc lines for the overlay (engine ArcLine rays)', () => {
  it('edge-contact draws the four edges extended from each corner; the front-left corner of a unit facing 90° is (397.2, 487.2)', () => {
    const r = evaluate(scene({
      models: [unit('t', 'b', 'drone-infantry', [457.2, 457.2], 90), unit('e', 'a', 'drone-infantry', [457.2, 600], 270)],
      queries: [{ id: 'a', type: 'arc', of: 't', from: 'e' }],
    }))['a']!
    const lines = r['lines'] as Array<{ origin: [number, number]; direction: [number, number] }>
    expect(lines).toHaveLength(8)
    expect(lines[0]).toMatchObject({ origin: [397.2, 487.2], direction: [0, 1] }) // forward along the left edge line
    expect(lines[1]).toMatchObject({ origin: [397.2, 487.2], direction: [-1, 0] }) // left along the front edge line
    expect(r['arc']).toBe('front')
  })
})

describe('§16 terrain keywords', () => {
  it('Large terrain: a unit touching it gains Large and sees over a unit in the way (§16 L1513)', () => {
    const r = evaluate(scene({
      models: [
        unit('skirm', 'a', 'drone-skirmishers', [457.2, 100], 90),
        unit('screen', 'a', 'drone-infantry', [457.2, 400], 90, { width: 200 }),
        unit('inf', 'b', 'drone-infantry', [457.2, 700], 270),
      ],
      terrain: [rect('ridge', 'large', 380, 20, 540, 70, { height: 40 })],
      queries: [{ id: 'los', type: 'los', from: 'skirm', to: 'inf' }],
    }))
    // The skirmishers' footprint y 70–130 touches the ridge edge y = 70.
    expect(r['los']!['visible']).toBe(true)
    expect(r['los']!['seenOver']).toEqual(['screen'])
  })
  it('Grim terrain counts as a friendly Broken unit for cascade: units within 8" gain 1 Strain (§16 L1511)', () => {
    const r = evaluate(scene({
      models: [unit('a1', 'a', 'drone-infantry', [200, 200], 90), unit('b1', 'b', 'drone-infantry', [700, 700], 90)],
      // a1 top edge y = 230; the wreck field starts 200 mm above; b1 is far away.
      terrain: [rect('wreck', 'grim', 150, 430, 250, 500)],
      queries: [{ id: 'c', type: 'cascade' }],
    }))
    const units = r['c']!['units'] as Json[]
    expect(units[0]!['gained']).toBe(1)
    expect(units[1]!['gained']).toBe(0)
  })
  it('Reform costs 5 MP, 2 for Loose Order or Nimble (§16 L1461, §23 L2064)', () => {
    const r = evaluate(scene({
      models: [unit('close', 'a', 'drone-infantry', [200, 200], 90), unit('loose', 'a', 'drone-skirmishers', [500, 200], 90), unit('nimble', 'a', 'drone-infantry', [200, 600], 90, { keywords: ['nimble'] })],
      queries: [
        { id: 'c', type: 'move', model: 'close', to: [200, 200], facing: 0 },
        { id: 'l', type: 'move', model: 'loose', to: [500, 200], facing: 0 },
        { id: 'n', type: 'move', model: 'nimble', to: [200, 600], facing: 180 },
      ],
    }))
    expect([r['c']!['mpCost'], r['l']!['mpCost'], r['n']!['mpCost']]).toEqual([5, 2, 2])
    expect(r['c']!['mode']).toBe('reform')
    expect(r['c']!['gainsDistracted']).toBe(true)
  })
  it('Reform and Wheel sweep the footprint: turning a 120 × 60 unit in place hits a unit 10 mm off its front edge', () => {
    // u: x 397.2–517.2, y 270–330. Turned 90° in place it spans y 240–360, through n (y 340–400).
    const r = evaluate(scene({
      models: [unit('u', 'a', 'drone-infantry', [457.2, 300], 90), unit('n', 'a', 'drone-infantry', [457.2, 370], 90)],
      queries: [
        { id: 'reform', type: 'move', model: 'u', to: [457.2, 300], facing: 0 },
        // Wheel left on the front-left corner (397.2,330): the right corner swings forward through n.
        { id: 'wheel', type: 'move', model: 'u', to: [427.2, 390], facing: 180, mode: 'wheel' },
      ],
    }))
    expect(codes(r['reform']!)).toContain('unit-in-the-way')
    expect(codes(r['wheel']!)).toContain('unit-in-the-way')
  })
  it('Disengagement: retreating out of contact gives each unengaged enemy a Punishment of half its Strikes; Despised forbids it (§16 L1467, §23 L2046)', () => {
    // u: y 370–430; foe: y 440–500 (10 mm, engaged). Retreat 2" to y centre 349.2: gap 60.8 mm > 25.4.
    const q = (kw: string[]) => evaluate(scene({
      models: [unit('u', 'a', 'drone-infantry', [457.2, 400], 90), unit('foe', 'b', 'drone-infantry', [457.2, 470], 270, { keywords: kw })],
      queries: [{ id: 'm', type: 'move', model: 'u', to: [457.2, 349.2], mode: 'retreat' }],
    }))['m']!
    const r = q([])
    expect(r['allowed']).toBe(true)
    expect(r['disengages']).toEqual(['foe'])
    expect(r['punishment']).toEqual([{ enemy: 'foe', dice: 5 }])
    expect(codes(q(['despised']))).toContain('despised')
  })
  it('unit-cost query follows the kcmOnWeaknesses option (§14 L1376)', () => {
    const cost = (kcm: string): number => evaluate(scene({ options: { kcmOnWeaknesses: kcm }, models: [unit('x', 'a', 'drone-infantry', [200, 200], 90)], queries: [{ id: 'c', type: 'unit-cost', unit: 'artillery-rig', keywords: ['short-ranged'] }] }))['c']!['points'] as number
    expect(cost('double')).toBe(350)
    expect(cost('single')).toBe(375)
  })
})
