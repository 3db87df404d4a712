// The referee record: a ruling re-opened from its export gives the same result; a changed or broken
// file is refused or flagged with a message a referee can act on.
import { beforeAll, describe, expect, it } from 'vitest'
import { type Scene, ENGINE_VERSION } from '../../src/engine/index.ts'
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
  return makeRulingRecord({ id: 'r1', createdAt: new Date('2026-01-02T03:04:05Z'), scene: demo(), query, result, freeze: { source: 'planner', frames: 0, uncertaintyMm: 0 }, summary: summarize(query, result.results[0]!) })
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
    expect(r.summary).toBe('a1 → b1 (rifle): allowed, 9/20 to hit')
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

  it('refuses corrupt files with a clear reason', async () => {
    await expect(parseRulingFile('{"format": "tabletop-ruling/1", ')).rejects.toThrow(/not valid JSON/)
    await expect(parseRulingFile(JSON.stringify(demo()))).rejects.toThrow(/scene file, not a ruling/)
    const r = await record()
    const { contentHash: _dropped, ...noHash } = r
    await expect(parseRulingFile(JSON.stringify(noHash))).rejects.toThrow(/contentHash/)
    await expect(parseRulingFile('[1,2,3]')).rejects.toBeInstanceOf(RulingFileError)
  })
})
