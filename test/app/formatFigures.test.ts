// What the card and the measurement line say: inches by default, mm on the toggle, the signed margin,
// and "too close to call" when the margin is within the measuring uncertainty.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { evaluateScene, inches } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'
import { formatDistanceWithMargin, formatLength, formatMargin, formatPercent } from '../../src/app/format/formatFigures.ts'
import { readAttack } from '../../src/app/format/readAttack.ts'

const margin = (marginMm: number, uncertaintyMm = 0, marginal = false) => ({
  thresholdMm: inches(18), thresholdInches: 18, marginMm, marginInches: marginMm / 25.4, within: 'le' as const, uncertaintyMm, marginal,
})

describe('formatting figures', () => {
  it('writes lengths in inches (two decimals under an inch) or mm', () => {
    expect(formatLength(inches(18.34), 'in')).toBe('18.3″')
    expect(formatLength(inches(0.45), 'in')).toBe('0.45″')
    expect(formatLength(465.4, 'mm')).toBe('465 mm')
    expect(formatLength(4.24, 'mm')).toBe('4.2 mm')
  })

  it('says by how much a call is in or out, as the issue asks ("18.3″ — in range by 1.7″")', () => {
    expect(formatDistanceWithMargin(inches(16.3), margin(inches(1.7)), 'in')).toBe('16.3″ — in range by 1.7″')
    expect(formatMargin(margin(-inches(0.4)), 'in')).toBe('out of range by 0.40″')
    expect(formatMargin(margin(2, 1.5, true), 'mm')).toBe('in range by 2.0 mm: too close to call (±3.0 mm measuring uncertainty)')
  })

  it('formats fractions as percentages without noise', () => {
    expect(formatPercent(0.45)).toBe('45%')
    expect(formatPercent(0.5333)).toBe('53.3%')
  })
})

describe('readAttack', () => {
  it('reads a margin nested in distance and a need given per stage (as some systems shape them)', () => {
    const sight = { visible: true, fraction: 1, baseHidden: 0, blockers: [], class: 'clear', display: 'clear', because: { code: 'clear', reason: 'all seen', citation: { section: 's', title: 't' }, overridesGeometry: false } }
    const v = readAttack({ id: 'q', type: 'attack', rules: [], citations: [], allowed: true, distance: { mm: 468.1, inches: 18.429, points: [[0, 0, 0], [1, 1, 0]], margin: margin(39.9) }, need: { attack: '3+', defence: '5+' }, los: { class: 'clear', sight } })
    expect(v.margin?.marginMm).toBe(39.9)
    expect(v.need).toEqual(['3+', '5+'])
    expect(v.los).toEqual({ label: 'clear', display: 'clear', fraction: 1, blockers: [] })
    expect(v.probability).toBeNull()
  })
})

describe('the card reads the uniform fields of real results (tabletop-result/1)', () => {
  const scenario = (path: string) => (JSON.parse(readFileSync(join(import.meta.dirname, '../scenarios', path), 'utf8')) as { scene: unknown }).scene
  const meshesReady = libraryMeshes()
  let meshes: Awaited<typeof meshesReady> | undefined
  beforeAll(async () => {
    meshes = await meshesReady
  })
  const results = (scene: unknown) => evaluateScene(scene, findRuleSystem, ruleSystems.map((s) => s.id), { meshes }).results

  it('Cadence friendly screen: "blocked" though every line is open says why, and lists no modifier on the refusal', () => {
    const [r] = results(scenario('cadence/friendly-screen-blocks-beyond-3in.scenario.json'))
    const v = readAttack(r!)
    expect(v.allowed).toBe(false)
    expect(v.los?.display).toBe('blocked')
    expect(v.los?.fraction).toBe(1)
    expect(v.los?.label).toContain('friendly unit F')
    expect(v.modifiers).toEqual([])
  })

  it('a refused Cadence sniper shot (no line of sight) shows none of the modifiers it would have had', () => {
    const sniper = results(ruleSystems.find((s) => s.id === 'cadence')!.demoScene).find((x) => x.id === 'sniper')!
    expect((sniper.modifiers as unknown[]).length).toBeGreaterThan(0)
    expect(readAttack(sniper).modifiers).toEqual([])
  })

  it('reasons print in the chosen unit, citations with their titles; scope says what a chance covers', () => {
    const lmg = results(ruleSystems.find((s) => s.id === 'narrative-skirmish')!.demoScene).find((x) => x.id === 'lmg-a3-b3')!
    const inch = readAttack(lmg, 'in').reasons.find((x) => x.code === 'out-of-range')!
    const mm = readAttack(lmg, 'mm').reasons.find((x) => x.code === 'out-of-range')!
    expect(inch.message).toBe('b3 is 24.4" away, beyond Light Machine Gun\'s 24" range')
    expect(mm.message).toBe('b3 is 619.7 mm away, beyond Light Machine Gun\'s 609.6 mm range')
    expect(inch.rule).toBe('Armory › Ranged Combat (Armory > Ranged Combat)')
    const carbine = readAttack(results(ruleSystems.find((s) => s.id === 'cadence')!.demoScene).find((x) => x.id === 'carbine')!)
    expect(carbine.probability).toMatchObject({ hitExact: '2/3', hit: 2 / 3, hitScope: 'each roll', effectScope: 'whole attack, 3 rolls' })
    expect(carbine.rules[0]).toBe('Playing a Game › Action: Attack (core-rules/playing-a-game.html#action-attack)')
  })
})
