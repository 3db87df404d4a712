// The referee record: a ruling re-opened from its export gives the same result; a changed or broken
// file is refused or flagged with a message a referee can act on.
import { beforeAll, describe, expect, it } from 'vitest'
import { type Scene, ENGINE_VERSION, contentHashOf } from '../../src/engine/index.ts'
import { findRuleSystem } from '../../src/systems/index.ts'
import { ruleOn } from '../../src/app/engine/evaluateOverlay.ts'
import { RulingFileError, makeRulingRecord, parseRulingFile, resultDifferences } from '../../src/app/record/rulingRecord.ts'
import { canonicalJson, contentHash } from '../../src/app/record/canonicalJson.ts'
import { rulingLines, summarize } from '../../src/app/record/rulingText.ts'
import { loadLibraryIntoApp } from '../setup/libraryMeshes.ts'

const demo = () => structuredClone(findRuleSystem('narrative-skirmish')!.demoScene) as Scene
const query = { id: 'attack', type: 'attack' as const, attacker: 'a1', target: 'b1', weapon: 'rifle' }

async function record() {
  const result = ruleOn(demo(), query)
  return makeRulingRecord({ id: 'r1', createdAt: new Date('2026-01-02T03:04:05Z'), scene: demo(), query, result, freeze: { source: 'planner', frames: 0, uncertaintyMm: 0 }, summary: summarize(query, result.results[0]!, demo()) })
}

describe('ruling records', () => {
  // the demo scene names terrain files from models/ (issue #18): loaded as the app's worker loads them
  beforeAll(loadLibraryIntoApp)
  it('hash canonical JSON: key order does not matter, content does', async () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}')
    expect(await contentHash({ a: 1, b: 2 })).toBe(await contentHash({ b: 2, a: 1 }))
    // SHA-256 of the empty object's canonical JSON "{}", as computed by sha256sum.
    expect(await contentHash({})).toBe('sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a')
  })

  it('records the scene snapshot, options, result, time, engine version and hash', async () => {
    const r = await record()
    expect(r).toMatchObject({ format: 'tabletop-ruling/1', engineVersion: ENGINE_VERSION, system: 'narrative-skirmish', createdAt: '2026-01-02T03:04:05.000Z' })
    expect(r.scene.queries).toEqual([query])
    expect(r.options.within).toBe('le')
    // Names from the demo scene, the chance as a percentage (9/20).
    const names = Object.fromEntries(demo().models.map((m) => [m.id, m.name ?? m.id]))
    expect(r.summary).toMatch(new RegExp(`^${names.a1} → ${names.b1} \\(.+\\): allowed, 45% to hit$`))
    expect(r.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(rulingLines(r, 'in')).toContain('Chance: 9/20 (45%) to hit, 9/20 (45%) to take effect')
  })

  it('re-opens an export: hash checks out and evaluating again gives the same result', async () => {
    const r = await record()
    const { record: back, hashOk } = await parseRulingFile(JSON.stringify(r, null, 2))
    expect(hashOk).toBe(true)
    expect(resultDifferences(back.result, ruleOn(back.scene, back.query))).toEqual([])
  })

  it('flags an edited file (hash mismatch) and names what differs on re-evaluation', async () => {
    const r = await record()
    const edited = structuredClone(r)
    ;(edited.result.results[0] as unknown as { allowed: boolean }).allowed = false
    const { hashOk, record: back } = await parseRulingFile(JSON.stringify(edited))
    expect(hashOk).toBe(false)
    expect(resultDifferences(back.result, ruleOn(back.scene, back.query))).toEqual(['results[0].allowed'])
  })

  it('the hash covers every field shown: an edited summary, time or freeze is named', async () => {
    const r = await record()
    for (const [field, edit] of [
      ['summary', (x: typeof r) => { x.summary = 'NOT allowed, 0/20' }],
      ['createdAt', (x: typeof r) => { x.createdAt = '2025-01-01T00:00:00.000Z' }],
      ['freeze', (x: typeof r) => { x.freeze = { ...x.freeze, uncertaintyMm: 9 } }],
    ] as const) {
      const edited = structuredClone(r)
      edit(edited)
      const back = await parseRulingFile(JSON.stringify(edited))
      expect(back.hashOk, field).toBe(false)
      expect(back.edited, field).toEqual([field])
    }
    // Recomputing the field hash but not the content hash is still caught.
    const sneaky = structuredClone(r)
    sneaky.summary = 'NOT allowed'
    sneaky.fieldHashes!.summary = await contentHash(sneaky.summary)
    const back = await parseRulingFile(JSON.stringify(sneaky))
    expect(back.hashOk).toBe(false)
    expect(back.edited).toEqual(['fieldHashes or contentHash'])
    // The summary a reader sees is rebuilt from the result, whatever the file says.
    expect(summarize(back.record.query as { attacker?: unknown }, back.record.result.results[0]!, back.record.scene)).toBe(r.summary)
  })

  it('a "__proto__" key is hashed like any other key (not dropped by the key sort)', async () => {
    const withProto = JSON.parse('{"a":1,"__proto__":{"x":2}}') as unknown
    expect(canonicalJson(withProto)).toBe('{"__proto__":{"x":2},"a":1}')
    expect(await contentHash(withProto)).not.toBe(await contentHash({ a: 1 }))
    // Added inside an exported file's scene, it never opens as intact: the file is refused before
    // hashing (input check of issue #12: "__proto__" keys are not allowed), naming where it is.
    const r = await record()
    const text = JSON.stringify(r).replace('"scene":{', '"scene":{"__proto__":{"polluted":true},')
    await expect(parseRulingFile(text)).rejects.toThrow(/scene\.__proto__: the key "__proto__" is not allowed/)
  })

  it('an older export (hash over scene, query and result only) still opens, marked as such', async () => {
    const r = await record()
    const { fieldHashes: _f, contentHash: _c, ...rest } = r
    const legacyHash = await contentHash({ engineVersion: r.engineVersion, system: r.system, options: r.options, scene: r.scene, query: r.query, result: r.result })
    const back = await parseRulingFile(JSON.stringify({ ...rest, contentHash: legacyHash }))
    expect(back).toMatchObject({ hashOk: true, legacy: true, edited: [] })
  })

  it('a ruling made in a game names its game and event: hashed (an edit of the link is named), and its result hashes as the log\'s resultHash', async () => {
    const plain = await record()
    const result = ruleOn(demo(), query)
    const r = await makeRulingRecord({ id: 'r2', createdAt: new Date('2026-01-02T03:04:05Z'), scene: demo(), query, result, freeze: { source: 'planner', frames: 0, uncertaintyMm: 0 }, summary: plain.summary, game: { id: 'g1', entry: 'e7', seq: 7 } })
    expect(r.game).toEqual({ id: 'g1', entry: 'e7', seq: 7 })
    // The result's field hash is the engine's content hash of the result document: the log's resultHash.
    expect(r.fieldHashes!.result).toBe(contentHashOf(result))
    expect(await parseRulingFile(JSON.stringify(r))).toMatchObject({ hashOk: true, edited: [] })
    const moved = structuredClone(r)
    moved.game!.seq = 8
    expect(await parseRulingFile(JSON.stringify(moved))).toMatchObject({ hashOk: false, edited: ['game'] })
    // A record of no game hashes exactly as before the field existed.
    expect(Object.keys(plain.fieldHashes!)).not.toContain('game')
  })

  it('refuses corrupt files with a clear reason', async () => {
    await expect(parseRulingFile('{"format": "tabletop-ruling/1", ')).rejects.toThrow(/not valid JSON/)
    await expect(parseRulingFile(JSON.stringify(demo()))).rejects.toThrow(/scene file, not a ruling/)
    const r = await record()
    const { contentHash: _dropped, ...noHash } = r
    await expect(parseRulingFile(JSON.stringify(noHash))).rejects.toThrow(/contentHash/)
    await expect(parseRulingFile('[1,2,3]')).rejects.toBeInstanceOf(RulingFileError)
  })
})
