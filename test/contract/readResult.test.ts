// Saved tabletop-result/1 documents keep their meaning: narrative-skirmish arc results saved while the
// side arcs were named "left side"/"right side" (engine at 8a36219: the fixture is that engine's CLI
// output for the scene beside it) read as today's results, arc "side" with the additive `side`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ResultDocument, evaluateScene, readResultDocument } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { canonicalJson } from '../../src/app/record/canonicalJson.ts'
import { makeRulingRecord, parseRulingFile, resultDifferences } from '../../src/app/record/rulingRecord.ts'

const fixtures = join(import.meta.dirname, 'fixtures')
const scene = JSON.parse(readFileSync(join(fixtures, 'narrative-side-arcs.scene.json'), 'utf8')) as unknown
const saved = JSON.parse(readFileSync(join(fixtures, 'narrative-side-arcs.saved-8a36219.json'), 'utf8')) as ResultDocument
const today = evaluateScene(scene, findRuleSystem, ruleSystems.map((s) => s.id))
const byId = (doc: ResultDocument, id: string) => doc.results.find((r) => r.id === id)!

describe('reading saved results (readResultDocument)', () => {
  it('the saved document names the side arcs "left side" and "right side"', () => {
    expect([byId(saved, 'from-left').arc, byId(saved, 'from-right').arc]).toEqual(['left side', 'right side'])
  })

  it('today the arc is "side" (the book\'s Side armour) and `side` says which, for the arc and each membership and edge line', () => {
    expect([byId(today, 'from-left').arc, byId(today, 'from-left').side]).toEqual(['side', 'left'])
    expect([byId(today, 'from-right').arc, byId(today, 'from-right').side]).toEqual(['side', 'right'])
    expect(byId(today, 'from-behind').arc).toBe('rear')
    expect(byId(today, 'from-behind').side).toBeUndefined()
    expect((byId(today, 'from-right').membership as Array<{ arc: string; side?: string }>).map((m) => [m.arc, m.side ?? null])).toEqual([['front', null], ['side', 'left'], ['rear', null], ['side', 'right']])
    expect(new Set((byId(today, 'from-right').lines as Array<{ arc: string; side?: string }>).map((l) => `${l.arc}/${l.side ?? ''}`))).toEqual(new Set(['front/', 'side/left', 'rear/', 'side/right']))
  })

  it('the saved document, read, equals today\'s evaluation of the same scene (but for citations added since)', () => {
    const read = readResultDocument(saved)
    for (const id of ['from-left', 'from-right', 'from-behind']) {
      const { citations: _c, ...was } = byId(read, id)
      const { citations: _d, ...is } = byId(today, id)
      expect(canonicalJson(was)).toBe(canonicalJson(is))
    }
    // the attack always named the armour it used, "side"
    expect(byId(read, 'shot-from-right').arc).toBe('side')
  })

  it('reading changes nothing in today\'s documents, in documents that already say "side", nor in other rulesets', () => {
    expect(canonicalJson(readResultDocument(today))).toBe(canonicalJson(today))
    const older = { ...saved, results: [{ ...byId(saved, 'from-right'), arc: 'side', membership: [{ arc: 'side', centre: true, fraction: 1 }], lines: [{ arc: 'side', edge: 'from', origin: [0, 0], direction: [1, 0] }] }] }
    expect(readResultDocument(older).results[0]).toEqual(older.results[0])
    const other = { ...saved, system: 'skrapyard' }
    expect(readResultDocument(other)).toBe(other)
  })

  it('does not change the document it reads', () => {
    const before = canonicalJson(saved)
    readResultDocument(saved)
    expect(canonicalJson(saved)).toBe(before)
  })

  it('a ruling exported with the saved result re-opens with the contract\'s values, its hashes intact, and matches a fresh evaluation', async () => {
    const query = (scene as { queries: Array<{ id: string }> }).queries.find((q) => q.id === 'from-right')!
    const result = { ...saved, results: [byId(saved, 'from-right')] }
    const record = await makeRulingRecord({ id: 'r1', createdAt: new Date('2026-11-25T10:00:00Z'), scene: scene as never, query: query as never, result, freeze: { source: 'planner', frames: 0, uncertaintyMm: 0 }, summary: 'arc' })
    const opened = await parseRulingFile(JSON.stringify(record))
    expect(opened.hashOk).toBe(true)
    expect([opened.record.result.results[0]!.arc, opened.record.result.results[0]!.side]).toEqual(['side', 'right'])
    const now = { ...today, results: [byId(today, 'from-right')] }
    expect(resultDifferences(opened.record.result, now).filter((p) => !p.includes('citations'))).toEqual([])
  })
})
