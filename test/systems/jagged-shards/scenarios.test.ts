// Scenario scenes through the CLI: each test/scenarios/jagged-shards/<name>.json is evaluated with
// `cli eval` and compared with <name>.expect.json, whose values were derived by hand (see each note).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { at, evalWithCli } from './tableBuilder.ts'

const DIR = join(import.meta.dirname, '../../scenarios/jagged-shards')
const names = readdirSync(DIR).filter((f) => f.endsWith('.expect.json')).map((f) => f.replace(/\.expect\.json$/, '')).sort()

type Expect = { note: string; expect: Record<string, Record<string, unknown>> }

afterEach(() => vi.restoreAllMocks())

describe('jagged-shards scenarios through the CLI', () => {
  it('has at least 20 scenes', () => {
    expect(names.length).toBeGreaterThanOrEqual(20)
  })

  for (const name of names) {
    it(name, async () => {
      const spec = JSON.parse(readFileSync(join(DIR, `${name}.expect.json`), 'utf8')) as Expect
      const { code, doc } = await evalWithCli(join(DIR, `${name}.json`))
      expect(code).toBe(0)
      const byId = new Map(doc.results.map((r) => [r['id'] as string, r]))
      // Citations: every result, reason and modifier names a section of the book.
      for (const r of doc.results) {
        expect((r['rules'] as string[]).length, `${name}: ${String(r['id'])} rules`).toBeGreaterThan(0)
        for (const x of [...((r['reasons'] as Array<{ rule: string }> | undefined) ?? []), ...((r['modifiers'] as Array<{ rule: string }> | undefined) ?? [])]) {
          expect(x.rule, `${name}: ${String(r['id'])}`).toMatch(/§\d/)
        }
      }
      for (const [qid, fields] of Object.entries(spec.expect)) {
        const result = byId.get(qid)
        expect(result, `${name}: query ${qid}`).toBeDefined()
        for (const [path, want] of Object.entries(fields)) {
          const got = at(result, path)
          if (typeof want === 'number' && typeof got === 'number') expect(got, `${name}: ${qid}.${path}`).toBeCloseTo(want, 3)
          else expect(got, `${name}: ${qid}.${path}`).toEqual(want)
        }
      }
    })
  }
})
