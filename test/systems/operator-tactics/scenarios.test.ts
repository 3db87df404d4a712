// Scenario scenes through the CLI (`cli eval <scene.json>`): every test/scenarios/operator-tactics/<name>.json
// is evaluated by the CLI's own entry point and compared with <name>.expect.json, whose values were
// derived by hand from the geometry and the rules (the derivation is in the scene's meta and the sidecar's note).
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli as runCliArgs } from '../../cli/runCli.ts'

const dir = join(import.meta.dirname, '..', '..', 'scenarios', 'operator-tactics')
const scenes = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.expect.json')).sort()

async function runCli(file: string): Promise<{ code: number; out: string }> {
  const r = await runCliArgs(['eval', file])
  return { code: r.code, out: r.stdout }
}

function pick(value: unknown, path: string): unknown {
  let v: unknown = value
  for (const key of path.split('.')) {
    if (v === null || v === undefined) return undefined
    if (key === 'length' && Array.isArray(v)) return v.length
    v = (v as Record<string, unknown>)[key]
  }
  return v
}

describe('operator-tactics scenario scenes through the CLI', () => {
  it('has at least 20 scenes, each with an expectation sidecar', () => {
    expect(scenes.length).toBeGreaterThanOrEqual(20)
  })
  for (const file of scenes) {
    const name = file.replace(/\.json$/, '')
    const expected = JSON.parse(readFileSync(join(dir, `${name}.expect.json`), 'utf8')) as { note: string; results: Record<string, Record<string, unknown>> }
    it(`${name}: ${expected.note.slice(0, 90)}…`, async () => {
      const { code, out } = await runCli(join(dir, file))
      expect(code).toBe(0)
      const doc = JSON.parse(out) as { results: Array<{ id: string; rules?: unknown[] }> }
      for (const [id, fields] of Object.entries(expected.results)) {
        const r = doc.results.find((x) => x.id === id)
        expect(r, `result ${id}`).toBeDefined()
        expect(Array.isArray(r!.rules) && r!.rules.length > 0, `${id} cites its sections`).toBe(true)
        for (const [path, want] of Object.entries(fields)) {
          const got = pick(r, path)
          if (typeof want === 'number' && typeof got === 'number') expect(got, `${id}.${path}`).toBeCloseTo(want, 2)
          else expect(got, `${id}.${path}`).toEqual(want)
        }
      }
    })
  }
})
