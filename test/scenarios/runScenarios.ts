// Golden scenarios: each test/scenarios/<system>/<name>.scenario.json holds a scene and the expected
// values of chosen result fields (dotted paths into each query's result), derived by hand in its
// "derivation" notes. They run through the CLI's eval command.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../cli/runCli.ts'

export type Scenario = {
  description: string
  derivation?: string | string[]
  scene: unknown
  /** queryId → { "dotted.path": expected value }; numbers compare to 6 decimals, or give {"approx": v, "tol": t}. */
  expect: Record<string, Record<string, unknown>>
}

export function readPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o === null || o === undefined ? undefined : (o as Record<string, unknown>)[k]), obj)
}

export function runScenarioFolder(dir: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.scenario.json')).sort()
  describe(`scenarios in ${dir.split('/test/')[1]}`, () => {
    it('has scenarios', () => expect(files.length).toBeGreaterThan(0))
    for (const f of files) {
      const sc = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Scenario
      it(`${f}: ${sc.description}`, async () => {
        const path = join(dir, f)
        // eval reads a scene file: write the scene part beside the scenario in a temp file
        const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs')
        const { tmpdir } = await import('node:os')
        const tmpDir = mkdtempSync(join(tmpdir(), 'scenario-'))
        const tmp = join(tmpDir, 'scene.json')
        writeFileSync(tmp, JSON.stringify(sc.scene))
        const r = await runCli(['eval', tmp]).finally(() => rmSync(tmpDir, { recursive: true, force: true }))
        expect(r.stderr, `${path}: CLI error`).toBe('')
        expect(r.code).toBe(0)
        const doc = JSON.parse(r.stdout) as { results: Array<{ id: string }> }
        for (const [qid, fields] of Object.entries(sc.expect)) {
          const res = doc.results.find((x) => x.id === qid)
          expect(res, `result ${qid}`).toBeDefined()
          for (const [field, want] of Object.entries(fields)) {
            const got = readPath(res, field)
            const approx = want as { approx?: number; tol?: number } | null
            if (approx && typeof approx === 'object' && typeof approx.approx === 'number') {
              expect(Math.abs((got as number) - approx.approx), `${qid}.${field} = ${String(got)}`).toBeLessThanOrEqual(approx.tol ?? 1e-6)
            } else if (typeof want === 'number') {
              expect(got, `${qid}.${field}`).toBeCloseTo(want, 6)
            } else {
              expect(got, `${qid}.${field}`).toEqual(want)
            }
          }
        }
      })
    }
  })
}
