// Scenario scenes for Skrapyard, evaluated through the CLI. Each scene in test/scenarios/skrapyard
// carries its expected values in meta.expect (per query id, a partial result) and the hand
// derivation of every value in meta.derivation. "$reasonCodes" lists reason codes that must appear.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resultOf, runCliEval } from './runCli.ts'

const DIR = 'test/scenarios/skrapyard'
type Meta = { title: string; derivation: string; expect: Record<string, Record<string, unknown>> }
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()

describe('skrapyard scenarios through the CLI', () => {
  it('has at least 20 scenes', () => {
    expect(files.length).toBeGreaterThanOrEqual(20)
  })

  for (const file of files) {
    const scene = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { meta: Meta }
    it(`${file}: ${scene.meta.title}`, async () => {
      expect(scene.meta.derivation.length).toBeGreaterThan(40)
      const doc = await runCliEval(join(DIR, file))
      for (const [id, want] of Object.entries(scene.meta.expect)) {
        const got = resultOf(doc, id)
        const { $reasonCodes, ...rest } = want as { $reasonCodes?: string[] } & Record<string, unknown>
        expect(got, `${file} → ${id}`).toMatchObject(rest)
        if ($reasonCodes) {
          const codes = (got.reasons as Array<{ code: string }>).map((r) => r.code)
          for (const c of $reasonCodes) expect(codes, `${file} → ${id} reason codes`).toContain(c)
        }
      }
    })
  }
})
