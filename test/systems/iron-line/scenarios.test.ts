// Scenario scenes for Iron Line run through the CLI (`cli eval <scene>`), each asserting the values
// written in its `meta.expect` (query id → dotted path → value), derived by hand in `meta.derivation`.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli as runCliArgs } from '../../cli/runCli.ts'

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'iron-line')
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()

type Expectation = Record<string, Record<string, unknown>>

function pick(value: unknown, path: string): unknown {
  let v = value
  for (const key of path.split('.')) {
    if (v === null || v === undefined) return undefined
    v = Array.isArray(v) && /^\d+$/.test(key) ? v[Number(key)] : (v as Record<string, unknown>)[key]
  }
  return v
}

async function runCli(file: string): Promise<{ code: number; out: string }> {
  const r = await runCliArgs(['eval', file])
  return { code: r.code, out: r.stdout }
}

describe('Iron Line scenario scenes through the CLI', () => {
  it('there are at least 20 scenes', () => {
    expect(files.length).toBeGreaterThanOrEqual(20)
  })
  for (const f of files) {
    const scene = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { meta?: { title?: string; expect?: Expectation; derivation?: unknown } }
    it(`${f}: ${scene.meta?.title ?? ''}`, async () => {
      const expectations = scene.meta?.expect
      expect(expectations, `${f} has meta.expect`).toBeDefined()
      expect(scene.meta?.derivation, `${f} explains its expected values`).toBeDefined()
      const { code, out } = await runCli(join(dir, f))
      expect(code).toBe(0)
      const doc = JSON.parse(out) as { results: Array<Record<string, unknown>> }
      for (const [qid, checks] of Object.entries(expectations!)) {
        const result = doc.results.find((r) => r['id'] === qid)
        expect(result, `result for query ${qid}`).toBeDefined()
        for (const [path, want] of Object.entries(checks)) {
          const got = pick(result, path)
          if (typeof want === 'number' && !Number.isInteger(want)) expect(got, `${qid}.${path}`).toBeCloseTo(want, 2)
          else expect(got, `${qid}.${path}`).toEqual(want)
        }
      }
    })
  }
})
