// Input limits (src/engine/scene/inputLimits.ts): each refused before the work, in one bounded line
// naming the limit, and raised by the CLI's --limit flag.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import jpeg from 'jpeg-js'
import { DEFAULT_LIMITS, SceneError, checkJsonShape, estimateSightLines, loadScene, resolveLimits } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { parseJson } from '../../src/cli/readInput.ts'
import { decodeImage, imageSize } from '../../src/cli/tracking/readImage.ts'
import { runCli } from '../cli/runCli.ts'
import { evaluateOverlay } from '../../src/app/engine/evaluateOverlay.ts'
import type { Scene } from '../../src/engine/index.ts'
import { bombPng, demoScene } from './hostileCorpus.ts'

const known = ruleSystems.map((s) => s.id)
const dir = mkdtempSync(join(tmpdir(), 'limits-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const write = (name: string, text: string) => { const f = join(dir, name); writeFileSync(f, text); return f }
const errorOf = (f: () => unknown): SceneError => {
  try { f() } catch (e) { if (e instanceof SceneError) return e; throw e }
  throw new Error('expected a SceneError')
}

describe('nesting depth and __proto__, before any validator walks the document', () => {
  it('a 100,000-deep array in format is refused at level 65 with a short path', () => {
    const e = errorOf(() => parseJson(`{"format":${'['.repeat(100_000)}0${']'.repeat(100_000)}}`, 'deep.json'))
    expect(e.message).toMatch(/^deep\.json: format\[0\]\[0\].*…: arrays and objects nested 65 levels deep, over the limit of 64 levels \(limit "nestingDepth"/)
    expect(e.message.length).toBeLessThanOrEqual(293)
  })
  it('deep unclosed JSON says where, with a real column', () => {
    const e = errorOf(() => parseJson('['.repeat(100_000), 'open.json'))
    expect(e.message).toBe('open.json is not valid JSON at line 1, column 65: expected at most 64 nested arrays and objects (limit "nestingDepth"), found "["')
  })
  it('a "__proto__" key is refused with its path (it would set a prototype when copied)', () => {
    const e = errorOf(() => checkJsonShape(JSON.parse('{"options": {"__proto__": {"x": 1}}}')))
    expect(e.issues[0]).toEqual({ path: 'options.__proto__', message: 'the key "__proto__" is not allowed' })
  })
  it('exactly 64 levels is accepted', () => {
    expect(() => checkJsonShape(JSON.parse(`${'['.repeat(64)}${']'.repeat(64)}`))).not.toThrow()
  })
})

describe('counts and the work budget', () => {
  const scene = (n: number, queries: unknown[]) => {
    const d = demoScene()
    d.terrain = d.terrain.filter((t: { mesh?: string }) => !t.mesh)
    d.table = { width: 6000, depth: 6000 }
    d.models = Array.from({ length: n }, (_, i) => ({ id: `m${i}`, side: i % 2 ? 'A' : 'B', profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: [30 + (i % 80) * 60, 30 + Math.floor(i / 80) * 60] }))
    d.queries = queries
    return d
  }
  it('models over the limit are refused before validation, naming the limit and the flag', () => {
    const e = errorOf(() => loadScene(scene(1001, []), findRuleSystem, known))
    expect(e.message).toBe('models: 1,001 models, over the limit of 1,000 models (limit "models"; raise it with --limit models=N)')
  })
  it('a visibility matrix over the sight-line budget is refused before any line is cast; 150 models (a big real game) pass', () => {
    const e = errorOf(() => loadScene(scene(1000, [{ id: 'v', type: 'visibility' }]), findRuleSystem, known))
    expect(e.message).toMatch(/^queries: these queries would cast about 18,000,000 sight lines, over the limit of 2,000,000 sight lines \(limit "sightLines"/)
    // 75 per side: 75 × 75 pairs each way, 18 coarse lines, both directions
    const big = loadScene(scene(150, []), findRuleSystem, known)
    expect(estimateSightLines(big, [{ type: 'visibility' }])).toBe(2 * 75 * 75 * 18 * 2)
    expect(estimateSightLines(big, [{ type: 'visibility' }])).toBeLessThan(DEFAULT_LIMITS.sightLines / 4)
  })
  it('the app\'s engine (the worker\'s evaluateOverlay) refuses the same way instead of freezing', () => {
    const sel = { attackerId: null, weaponId: null, targetId: null, rays: false }
    expect(errorOf(() => evaluateOverlay(scene(10_000, []) as Scene, sel)).message).toMatch(/^models: 10,000 models, over the limit of 1,000 models \(limit "models"/)
    // within the model limit, but its visibility matrix (350 × 350 pairs each way) is over the sight-line budget
    expect(errorOf(() => evaluateOverlay(scene(700, []) as Scene, sel)).message).toMatch(/^queries: these queries would cast about 8,820,000 sight lines, over the limit of 2,000,000 sight lines \(limit "sightLines"/)
  })
  it('raised limits let the same scene through', () => {
    expect(() => loadScene(scene(1001, []), findRuleSystem, known, { limits: resolveLimits({ models: 2000 }) })).not.toThrow()
  })
  it('the CLI refuses with exit 2 and takes --limit name=N', async () => {
    const f = write('many.json', JSON.stringify(scene(1001, [])))
    const refused = await runCli(['eval', f])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(`error: ${f}: models: 1,001 models, over the limit of 1,000 models (limit "models"; raise it with --limit models=N)\n`)
    const raised = await runCli(['eval', f, '--limit', 'models=2000'])
    expect(raised.code).toBe(0)
    const bad = await runCli(['eval', f, '--limit', 'horses=3'])
    expect(bad.stderr).toMatch(/--limit takes <name>=<number> with a name among inputBytes \(bytes\), nestingDepth/)
  })
  it('the CLI refuses an input file over inputBytes before reading it', async () => {
    const f = write('big.json', JSON.stringify(demoScene()))
    const r = await runCli(['validate', f, '--limit', 'inputBytes=100'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/big\.json: the file has [\d,]+ bytes, over the limit of 100 bytes \(limit "inputBytes"/)
  })
  it('validate refuses what eval refuses (a weapon the attacker does not carry)', async () => {
    const d = demoScene()
    d.queries = [{ id: 'w', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'no-such-gun' }]
    const f = write('weapon.json', JSON.stringify(d))
    const v = await runCli(['validate', f])
    const e = await runCli(['eval', f])
    expect(v.code).toBe(2)
    expect(v.stderr).toBe(e.stderr)
    expect(v.stderr).toMatch(/queries\[0\]\.weapon: model "a1" does not carry weapon "no-such-gun"/)
  })
})

describe('bounded messages', () => {
  it('a 10 MB string is cut in a line of at most 300 characters', async () => {
    const d = demoScene()
    d.system = 'x'.repeat(10_000_000)
    const f = write('long.json', JSON.stringify(d))
    const r = await runCli(['eval', f])
    expect(r.code).toBe(2)
    expect(r.stderr.trimEnd().length).toBeLessThanOrEqual(300)
    expect(r.stderr).toMatch(/unknown system "x+…/)
  })
  it('9,000 unknown ids: the first few, then how many more, in one short line', async () => {
    const d = demoScene()
    d.queries = Array.from({ length: 9000 }, (_, i) => ({ id: `q${i}`, type: 'distance', from: `nobody-${i}`, to: 'a1' }))
    const f = write('ids.json', JSON.stringify(d))
    const r = await runCli(['eval', f])
    expect(r.code).toBe(2)
    expect(r.stderr.trimEnd().length).toBeLessThanOrEqual(300)
    expect(r.stderr).toMatch(/queries\[0\]\.from: no model with id "nobody-0" in this scene; .*\(\+8,99\d more problems\)$/m)
  })
})

describe('image pixels, from the header before decoding', () => {
  it('reads PNG and JPEG sizes from their headers', () => {
    expect(imageSize(Buffer.from(bombPng(20000, 20000)))).toEqual({ kind: 'PNG', width: 20000, height: 20000 })
    const jpg = jpeg.encode({ width: 37, height: 23, data: Buffer.alloc(37 * 23 * 4, 128) }, 80).data
    expect(imageSize(jpg)).toEqual({ kind: 'JPEG', width: 37, height: 23 })
    // The same JPEG with the frame header saying 30000 × 30000: refused before decoding.
    const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]))
    const big = Buffer.from(jpg)
    big.writeUInt16BE(30000, sof + 5)
    big.writeUInt16BE(30000, sof + 7)
    expect(errorOf(() => decodeImage(big, 'big.jpg')).message).toMatch(/^big\.jpg: the JPEG is 30000 × 30000 \(900 megapixels\), over the limit/)
  })
  it('a 389 KB-class PNG that would decode to 20000 × 20000 is refused without decoding', () => {
    const png = bombPng(20000, 20000)
    expect(png.length).toBeLessThan(400_000)
    const before = process.memoryUsage().rss
    const e = errorOf(() => decodeImage(png, 'bomb.png'))
    expect(e.message).toBe('bomb.png: the PNG is 20000 × 20000 (400 megapixels), over the limit of 50,000,000 pixels (limit "imagePixels"; raise it with --limit imagePixels=N)')
    expect(process.memoryUsage().rss - before).toBeLessThan(100e6)
  })
  it('a truncated PNG says so in our words, naming the file', () => {
    const e = errorOf(() => decodeImage(bombPng(64, 48, 48).slice(0, 60), 'cut.png'))
    expect(e.message).toBe('cannot decode cut.png: the PNG image data is incomplete or damaged (64 × 48 declared)')
  })
})
