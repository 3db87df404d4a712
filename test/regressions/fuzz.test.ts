// Fuzz suite (issue 12): every input file kind — scene, registry, camera, mesh, ruling, image — ends in
// an input error (exit 2, one bounded line) or a valid result, within time and memory bounds. Two
// parts: the corpus of hostile inputs found by hand (hostileCorpus.ts, through the CLI in-process), and
// fast-check mutations of valid documents and bytes, fed to each kind's parser.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_LINE_CHARS, type MeshLibrary, SceneError, evaluateTable, loadScene, parseMeshLibrary } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { parseJson } from '../../src/cli/readInput.ts'
import { loadMeshes } from '../../src/cli/loadMeshes.ts'
import { parseRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { parseIntrinsics } from '../../src/tracking/calibration/intrinsicsSchema.ts'
import { decodeImage } from '../../src/cli/tracking/readImage.ts'
import { RulingFileError, parseRulingFile } from '../../src/app/record/rulingRecord.ts'
import { runCli } from '../cli/runCli.ts'
import { bombPng, demoScene, hostileCases } from './hostileCorpus.ts'

const known = ruleSystems.map((s) => s.id)
const dir = mkdtempSync(join(tmpdir(), 'fuzz-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let meshes: MeshLibrary = {}
beforeAll(async () => { meshes = await loadMeshes(join(import.meta.dirname, '..', '..', 'models')) }, 60_000)

/** Run `f`; an input error or a value is fine, anything else fails the test. Bounded in time and memory. */
async function bounded<T>(label: string, f: () => T | Promise<T>, limitMs = 10_000): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  const rss = process.memoryUsage().rss
  const started = performance.now()
  let out: { ok: true; value: T } | { ok: false; message: string }
  try {
    out = { ok: true, value: await f() }
  } catch (e) {
    if (e instanceof SceneError) out = { ok: false, message: e.message }
    else if (e instanceof RulingFileError) out = { ok: false, message: e.message }
    else throw new Error(`${label}: crashed with ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`.slice(0, 500))
  }
  const ms = performance.now() - started
  expect(ms, `${label} took ${Math.round(ms)} ms`).toBeLessThan(limitMs)
  expect(process.memoryUsage().rss - rss, `${label} memory`).toBeLessThan(1e9)
  return out
}

describe('the hostile corpus through the CLI (in-process)', () => {
  for (const c of hostileCases()) {
    it(`${c.kind}: ${c.name} → exit ${c.expect.code}`, async () => {
      const sub = mkdtempSync(join(dir, 'case-'))
      for (const [f, v] of Object.entries(c.files)) writeFileSync(join(sub, f), v)
      const args = c.args.map((a) => a.replace('{dir}', sub))
      const stderr: string[] = []
      const write = process.stderr.write.bind(process.stderr)
      process.stderr.write = ((chunk: string | Uint8Array) => { stderr.push(String(chunk)); return true }) as typeof process.stderr.write
      let r: Awaited<ReturnType<typeof runCli>>
      const started = performance.now()
      try {
        r = await runCli(args)
      } finally {
        process.stderr.write = write
      }
      expect(performance.now() - started).toBeLessThan(10_000)
      const lines = (r.stderr + stderr.join('')).split('\n').filter((l) => l.startsWith('error:'))
      expect(r.code, lines.join('\n')).toBe(c.expect.code)
      if (c.expect.code === 2) {
        expect(lines.length).toBeGreaterThanOrEqual(1)
        for (const l of lines) expect(l.length, l.slice(0, 120)).toBeLessThanOrEqual(300)
        if (c.expect.message) expect(lines.join('\n')).toMatch(c.expect.message)
        expect(lines.join('\n')).not.toMatch(/\s+at\s+\S+\s+\(|NaN|undefined/)
      }
      if (c.expect.warning) {
        const doc = JSON.parse(r.stdout) as { warnings?: Array<{ message: string }> }
        expect(doc.warnings?.map((w) => w.message).join('\n')).toMatch(c.expect.warning)
      }
    }, 30_000)
  }
})

/** A JSON value at a random place of a document: replace, delete or add a field. */
function mutated(doc: unknown): fc.Arbitrary<unknown> {
  const paths: Array<Array<string | number>> = []
  const walk = (v: unknown, p: Array<string | number>) => {
    paths.push(p)
    if (p.length > 5) return
    if (Array.isArray(v)) v.slice(0, 3).forEach((c, i) => walk(c, [...p, i]))
    else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, [...p, k])
  }
  walk(doc, [])
  const hostileValue = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(1e308, -1e308, 3.5e38, 1e-300, -0, 0, -1, 2 ** 53, '', 'constructor', '__proto__', 'toString', [], {}, null, true),
    fc.string({ maxLength: 20 }),
  )
  return fc.tuple(fc.constantFrom(...paths), hostileValue, fc.constantFrom('set', 'delete', 'add')).map(([path, value, op]) => {
    const copy = structuredClone(doc) as Record<string | number, unknown>
    if (path.length === 0) return op === 'set' ? value : copy
    let parent: Record<string | number, unknown> = copy
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>
    const last = path[path.length - 1]!
    if (op === 'set') parent[last] = value
    else if (op === 'delete') {
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1)
      else delete parent[last]
    } else if (!Array.isArray(parent)) parent[`x${String(last)}`] = value
    else parent.push(value)
    return copy
  })
}

const registryDoc = { format: 'tabletop-markers/1', markers: [
  { id: 0, role: 'table', size: 50, position: [50, 50] }, { id: 1, role: 'table', size: 50, position: [1150, 50] },
  { id: 2, role: 'table', size: 50, position: [1150, 1150] }, { id: 5, role: 'model', model: 'a1', size: 20, offset: [0, 0], height: 3 },
  { id: 6, role: 'terrain', terrain: 'house', size: 30 },
], terrain: { house: { footprint: [[0, 0], [100, 0], [100, 80]], height: 60 } } }
const cameraDoc = { format: 'tabletop-camera/1', width: 1920, height: 1080, fx: 1500, fy: 1500, cx: 960, cy: 540, distortion: [0.1, -0.2, 0, 0, 0.05] }
const meshDoc = { format: 'tabletop-mesh/1', positions: [0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10], indices: [0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2] }

describe('fast-check mutations of every input kind', () => {
  it('scene: a mutated demo scene of any system is refused or answered', async () => {
    const systems = ruleSystems.map((s) => ({ ...(s.demoScene as Record<string, unknown>), queries: ((s.demoScene as { queries?: unknown[] }).queries ?? []).slice(0, 2) }))
    await fc.assert(fc.asyncProperty(fc.constantFrom(...systems).chain((d) => mutated(d)), async (raw) => {
      const out = await bounded('scene', () => evaluateTable(loadScene(raw, findRuleSystem, known, { meshes })))
      if (!out.ok) expect(out.message.length).toBeLessThanOrEqual(MAX_LINE_CHARS)
      else expect(() => JSON.stringify(out.value)).not.toThrow()
    }), { numRuns: 150, seed: 1201 })
  }, 120_000)

  it('registry: refused or parsed', async () => {
    await fc.assert(fc.asyncProperty(mutated(registryDoc), async (raw) => { await bounded('registry', () => parseRegistry(raw)) }), { numRuns: 200, seed: 1202 })
  })

  it('camera: refused or parsed, and a parsed camera is plausible', async () => {
    await fc.assert(fc.asyncProperty(mutated(cameraDoc), async (raw) => {
      const out = await bounded('camera', () => parseIntrinsics(raw))
      if (out.ok) {
        expect(out.value.fx).toBeGreaterThanOrEqual(0.1 * Math.max(out.value.width, out.value.height))
        expect(out.value.cx).toBeGreaterThanOrEqual(0)
      }
    }), { numRuns: 200, seed: 1203 })
  })

  it('mesh: refused or parsed', async () => {
    await fc.assert(fc.asyncProperty(mutated(meshDoc), fc.constantFrom('wall.json', 'constructor.json', '__proto__.json'), async (raw, name) => {
      await bounded('mesh', () => parseMeshLibrary({ [name]: raw }))
    }), { numRuns: 150, seed: 1204 })
  })

  it('ruling: refused with a RulingFileError or parsed', async () => {
    const d = demoScene()
    const ruling = {
      format: 'tabletop-ruling/1', id: 'r1', createdAt: '2026-01-01T00:00:00.000Z', engineVersion: '1', system: d.system, options: {},
      scene: { ...d, queries: [d.queries[0]] }, query: d.queries[0],
      result: { format: 'tabletop-result/1', system: d.system, engine: '1', options: {}, results: [{ id: 'range-a1-b1', type: 'distance' }] },
      freeze: { source: 'planner', frames: 0, uncertaintyMm: 0 }, summary: 's', contentHash: `sha256:${'0'.repeat(64)}`,
    }
    await fc.assert(fc.asyncProperty(mutated(ruling), async (raw) => { await bounded('ruling', () => parseRulingFile(JSON.stringify(raw))) }), { numRuns: 150, seed: 1205 })
    for (const text of [`{"format":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, '{"__proto__": {"a": 1}}']) {
      const out = await bounded('ruling (deep / __proto__)', () => parseRulingFile(text))
      expect(out.ok).toBe(false)
    }
  })

  it('image: random, cut and size-lying PNG/JPEG bytes are refused or decoded within the pixel limit', async () => {
    const png = Buffer.from(bombPng(32, 24, 24))
    await fc.assert(fc.asyncProperty(
      fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        fc.nat(png.length).map((n) => png.subarray(0, n)),
        fc.tuple(fc.nat(png.length - 1), fc.integer({ min: 0, max: 255 })).map(([i, b]) => { const c = Buffer.from(png); c[i] = b; return c }),
        fc.tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 })).map(([w, h]) => bombPng(w, h, 1)),
        fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), b])),
      ),
      async (bytes) => {
        const out = await bounded('image', () => decodeImage(bytes, 'fuzz.png'))
        if (out.ok) expect(out.value.width * out.value.height).toBeLessThanOrEqual(50_000_000)
      },
    ), { numRuns: 200, seed: 1206 })
  })

  it('JSON text: any string, cut documents and deep brackets give a located error or a value', async () => {
    const text = JSON.stringify(demoScene())
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.string({ maxLength: 200 }), fc.nat(text.length).map((n) => text.slice(0, n)), fc.nat(200_000).map((n) => '{"a":'.repeat(n))),
      async (t) => {
        const out = await bounded('json', () => parseJson(t, 'fuzz.json'))
        if (!out.ok) expect(out.message).not.toMatch(/NaN|undefined/)
      },
    ), { numRuns: 200, seed: 1207 })
  })
})
