// Each Cadence demo scene (opened by the planner) is evaluated by the CLI without errors and its
// queries answer with the rules' fields.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { runCli } from '../../cli/runCli.ts'

const root = join(import.meta.dirname, '../../../src/systems/cadence')

describe('cadence demo scenes through the CLI', () => {
  for (const [id, file] of [
    ['cadence', 'demo.json'],
    ['cadence/devils-bluff', 'devils-bluff/demo.json'],
    ['cadence/fracture', 'fracture/demo.json'],
    ['cadence/survivors', 'survivors/demo.json'],
  ] as const) {
    it(`${id}: evaluates every query`, async () => {
      const r = await runCli(['eval', join(root, file)])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      const doc = JSON.parse(r.stdout) as { system: string; results: Array<Record<string, unknown>> }
      expect(doc.system).toBe(id)
      expect(doc.results.length).toBeGreaterThanOrEqual(6)
      for (const res of doc.results) expect(Array.isArray(res.rules) && (res.rules as unknown[]).length > 0, `${String(res.id)} cites its rules`).toBe(true)
      const attacks = doc.results.filter((x) => x.type === 'attack')
      expect(attacks.length).toBeGreaterThan(0)
      for (const a of attacks) expect(typeof (a.probability as { exact: { hit: string } }).exact.hit).toBe('string')
    })
  }
})
