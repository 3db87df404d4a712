// A scene loaded with a LosMemo reads again only the entries that changed (src/engine/scene/sceneReuse.ts):
// what it makes must be what a scene read without a memo makes, whatever the caller did to the document
// between two loads (moved models, entries changed in place, keys in another order, entries added or
// taken away, invalid entries, a stricter limit), and the errors must be the same, path for path.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DEFAULT_LIMITS, LosMemo, SceneError, type Scene, loadScene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { generateTable } from '../../bench/benchTable.ts'

const known = ruleSystems.map((s) => s.id)
const load = (raw: unknown, losMemo?: LosMemo, nestingDepth?: number) =>
  loadScene(raw, findRuleSystem, known, { ...(losMemo ? { losMemo } : {}), ...(nestingDepth ? { limits: { ...DEFAULT_LIMITS, nestingDepth } } : {}) })
/** What loading gives: the parsed scene and its table's models as plain data, or the error's issues. */
const outcome = (raw: unknown, memo?: LosMemo, nestingDepth?: number): unknown => {
  try {
    const t = load(raw, memo, nestingDepth)
    return { scene: t.scene, models: t.models.map(({ placed, ...m }) => ({ ...m, placed: { ...placed } })), terrain: t.terrain.map((p) => ({ id: p.id, type: p.type, keywords: p.keywords, scene: p.scene })) }
  } catch (e) {
    if (e instanceof SceneError) return { issues: e.issues }
    throw e
  }
}

type Raw = Record<string, unknown> & { models: Array<Record<string, unknown>>; terrain: Array<Record<string, unknown>> }
const copy = (s: Scene): Raw => JSON.parse(JSON.stringify(s)) as Raw

/** One edit a caller may make to the document it keeps and loads again. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), i: fc.nat(), dx: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('inPlace' as const), i: fc.nat(), dx: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('reorderKeys' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('invalid' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('terrain' as const), i: fc.nat(), dx: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('negativeZero' as const), i: fc.nat() }),
  // the scene around the lists: its options (a valid and an invalid value), its table, in place or anew
  fc.record({ kind: fc.constant('option' as const), value: fc.constantFrom('partly-hidden', 'half-hidden', 'centre-line', 'no-such-test') }),
  fc.record({ kind: fc.constant('table' as const), dx: fc.integer({ min: -200, max: 200 }) }),
  // a terrain footprint made to cross itself (then the error names it), or put right again
  fc.record({ kind: fc.constant('twist' as const), i: fc.nat() }),
  fc.record({ kind: fc.constant('none' as const) }),
)

function apply(doc: Raw, e: { kind: string; i?: number; dx?: number; value?: string }): Raw {
  const n = doc.models.length
  const i = (e.i ?? 0) % Math.max(1, n)
  switch (e.kind) {
    case 'move': // a new document, as the app's worker receives one
      return { ...copy(doc as unknown as Scene), models: doc.models.map((m, k) => (k === i ? { ...m, position: [(m.position as number[])[0]! + e.dx!, (m.position as number[])[1]!] } : m)) }
    case 'inPlace': // the very same objects, one of them changed in place
      ;(doc.models[i]!.position as number[])[0]! += e.dx!
      return doc
    case 'reorderKeys':
      doc.models[i] = Object.fromEntries(Object.entries(doc.models[i]!).reverse())
      return doc
    case 'remove':
      return { ...doc, models: doc.models.filter((_, k) => k !== i) }
    case 'add':
      return { ...doc, models: [...doc.models, { ...doc.models[i]!, id: `new${doc.models.length}` }] }
    case 'invalid':
      return { ...doc, models: doc.models.map((m, k) => (k === i ? { ...m, height: -5 } : m)) }
    case 'terrain': {
      const t = doc.terrain[i % doc.terrain.length]!
      ;(t.footprint as number[][]).forEach((p) => (p[0]! += e.dx!))
      return doc
    }
    case 'negativeZero':
      doc.models[i]!.facing = doc.models[i]!.facing === 0 ? -0 : 0
      return doc
    case 'option':
      return { ...doc, options: { ...(doc.options as object), coverTest: e.value } }
    case 'table': // in place
      ;(doc.table as { width: number }).width = Math.max(100, (doc.table as { width: number }).width + e.dx!)
      return doc
    case 'twist': { // swap two corners of a footprint: a bow tie (or back)
      const t = doc.terrain[i % doc.terrain.length]!
      const f = t.footprint as number[][]
      ;[f[1], f[2]] = [f[2]!, f[1]!]
      return doc
    }
    default:
      return doc
  }
}

describe('scenes read again with a memo equal scenes read fresh', () => {
  it('random edits between loads (new documents, changes in place, key order, entries added, taken away or made invalid, options, the table, a twisted footprint): the same scene, models and errors', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2, max: 8 }), fc.array(edit, { minLength: 1, maxLength: 6 }), (seed, n, edits) => {
        let doc = copy(generateTable(seed, n, 4))
        const memo = new LosMemo()
        expect(outcome(doc, memo)).toEqual(outcome(copy(doc as unknown as Scene)))
        for (const e of edits) {
          doc = apply(doc, e)
          // the fresh read gets its own copy (structuredClone: -0 stays -0): nothing of the memo's can leak into it
          expect(outcome(doc, memo)).toEqual(outcome(structuredClone(doc)))
        }
      }),
      { numRuns: 60, seed: 7 },
    )
  })

  it('an unchanged model is not parsed again and keeps its TableModel; a moved one gets a new one; another system or table scale makes every one again', () => {
    const doc = copy(generateTable(3, 6, 2))
    const memo = new LosMemo()
    const first = load(doc, memo)
    const parsedBefore = memo.scene.stats.parsed
    doc.models[2]!.position = [(doc.models[2]!.position as number[])[0]! + 10, (doc.models[2]!.position as number[])[1]!]
    const second = load(structuredClone(doc), memo)
    expect(memo.scene.stats.parsed - parsedBefore).toBe(1)
    second.models.forEach((m, i) => (i === 2 ? expect(m).not.toBe(first.models[i]) : expect(m).toBe(first.models[i])))
    expect(second.models[2]!.x).toBe(first.models[2]!.x + 10)
    // the table's scale enters every TableModel (frameScaleSigma): none is taken again
    const scaled = load({ ...doc, table: { ...(doc.table as object), scaleUncertainty: 0.001 } }, memo)
    scaled.models.forEach((m, i) => {
      expect(m).not.toBe(second.models[i])
      expect(m.frameScaleSigma).toBe(0.001)
    })
    // another ruleset: its own catalogue and weapons
    const other = load({ ...doc, system: 'skrapyard', terrain: [], models: doc.models.map((m) => ({ ...m, profile: { move: 5 }, weapons: [] })) }, memo)
    expect(other.models[0]!.weapons).toEqual([])
    expect(other.system.id).toBe('skrapyard')
  })

  it('an entry with another key order or -0 for 0 is parsed again (never wrongly reused), and reads the same', () => {
    const doc = copy(generateTable(5, 4, 1))
    const memo = new LosMemo()
    load(doc, memo)
    const before = memo.scene.stats.parsed
    doc.models[1] = Object.fromEntries(Object.entries(doc.models[1]!).reverse())
    doc.models[3]!.facing = -0
    expect(outcome(doc, memo)).toEqual(outcome(structuredClone(doc)))
    expect(memo.scene.stats.parsed - before).toBe(2)
    expect(Object.is(load(doc, memo).models[3]!.facingDeg, -0)).toBe(true)
  })

  it('bad entries after good loads: the same errors, path for path (a "__proto__" key, nesting past the limit, an unknown field)', () => {
    const doc = copy(generateTable(9, 4, 2))
    const memo = new LosMemo()
    load(doc, memo)
    const bad = [
      JSON.parse(JSON.stringify(doc).replace('"id":"m2"', '"id":"m2","__proto__":{"x":1}')),
      { ...doc, models: doc.models.map((m, k) => (k === 1 ? { ...m, meta: JSON.parse(`${'['.repeat(70)}${']'.repeat(70)}`) } : m)) },
      { ...doc, models: doc.models.map((m, k) => (k === 3 ? { ...m, colour: 'red' } : m)) },
    ]
    for (const b of bad) {
      const withMemo = outcome(b, memo)
      expect(withMemo).toHaveProperty('issues')
      expect(withMemo).toEqual(outcome(JSON.parse(JSON.stringify(b))))
      // and the memo still reads the good scene right after
      expect(outcome(doc, memo)).toEqual(outcome(structuredClone(doc)))
    }
  })

  it('a stricter depth limit on the next load is applied to entries read before', () => {
    const doc = copy(generateTable(4, 3, 1))
    doc.models[0]!.stats = { a: { b: { c: { d: 1 } } } }
    const memo = new LosMemo()
    expect(() => load(doc, memo)).not.toThrow()
    const strict = outcome(doc, memo, 5)
    expect(strict).toHaveProperty('issues')
    expect(strict).toEqual(outcome(structuredClone(doc), undefined, 5))
  })
})
