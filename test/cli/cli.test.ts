// The CLI as a user runs it: a real process, real files, stdin, exit codes, one-line errors.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const tsx = join(root, 'node_modules/.bin/tsx')
const cli = (args: string[], input?: string) => spawnSync(tsx, [join(root, 'src/cli/main.ts'), ...args], { input, encoding: 'utf8', cwd: root })
const issueExample = join(root, 'test/scenarios/narrative-skirmish/issue-example.json')

describe('cli eval (spawned)', () => {
  it('answers the issue\'s example scene with one cited result per query, in order', () => {
    const r = cli(['eval', issueExample])
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const doc = JSON.parse(r.stdout)
    expect(doc.format).toBe('tabletop-result/1')
    expect(doc.system).toBe('narrative-skirmish')
    expect(doc.results.map((x: { id: string; type: string }) => `${x.id}:${x.type}`)).toEqual(['q1:distance', 'q2:los', 'q3:arc', 'q4:engagement', 'q5:attack'])
    for (const res of doc.results) expect(res.rules.length).toBeGreaterThan(0)
    const [q1, q2, q3, q4, q5] = doc.results
    // a1 at (300, 200), b1 at (300, 600), 25 mm bases: gap 400 − 25 = 375 mm = 14.764"
    expect(q1.mm).toBe(375)
    expect(q1.inches).toBe(14.764)
    expect(q1.points).toEqual([[300, 212.5, 1.5], [300, 587.5, 1.5]])
    // a 150 mm obscuring wall across the line at y = 400 blocks sight entirely
    expect(q2.visible).toBe(false)
    expect(q2.blockers).toEqual(['wall-1'])
    expect(q2.class).toBe('blocked')
    // b1 faces 270° (towards −y, towards a1): a1 is in b1's front arc
    expect(q3.arc).toBe('front')
    expect(q4).toMatchObject({ engaged: false, with: [] })
    expect(q5.allowed).toBe(false)
    expect(q5.reasons.map((x: { code: string }) => x.code)).toEqual(['no-line-of-sight'])
    expect(q5.inRange).toBe(true) // 14.764" < 18"
    expect(q5.probability).toMatchObject({ hit: 0, effect: 0 })
  })

  it('reads the scene from stdin with "-"', () => {
    const r = cli(['eval', '-'], readFileSync(issueExample, 'utf8'))
    expect(r.status).toBe(0)
    expect(JSON.parse(r.stdout).results).toHaveLength(5)
  })

  const bad = (name: string, mutate: (s: Record<string, unknown>) => unknown, message: RegExp) =>
    it(`exit 2 with one line on stderr: ${name}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-'))
      const f = join(dir, 'scene.json')
      writeFileSync(f, JSON.stringify(mutate(JSON.parse(readFileSync(issueExample, 'utf8')))))
      const r = cli(['eval', f])
      expect(r.status).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(message)
      expect(r.stderr.trim().length).toBeLessThanOrEqual(300 + 'error: '.length)
      expect(r.stderr.match(/scene\.json/g)).toHaveLength(1) // the file, named once
      expect(r.stderr).not.toMatch(/\s+at\s+\S+\s+\(/) // no stack trace
    })
  bad('unknown system', (s) => ({ ...s, system: 'warhammer' }), /^error: \S*scene\.json: system: unknown system "warhammer"/)
  bad('query naming a missing model', (s) => ({ ...s, queries: [{ id: 'q', type: 'los', from: 'a1', to: 'zz' }] }), /queries\[0\]\.to: no model with id "zz"/)
  bad('unknown field', (s) => ({ ...s, tabel: {} }), /unknown field "tabel"/)
  bad('negative base', (s) => { (s.models as Array<Record<string, unknown>>)[0]!.base = { shape: 'round', diameter: -25 }; return s }, /models\[0\]\.base\.diameter: diameter must be greater than 0/)
  bad('weapon the attacker does not carry', (s) => ({ ...s, queries: [{ id: 'q', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'rocket-launcher' }] }), /queries\[0\]\.weapon: model "a1" does not carry weapon "rocket-launcher"/)
  bad('unknown option', (s) => ({ ...s, options: { measureFromm: 'edge' } }), /options\.measureFromm: unknown option/)

  it('exit 2 for a file that does not exist and for invalid JSON', () => {
    const missing = cli(['eval', '/nonexistent/scene.json'])
    expect(missing.status).toBe(2)
    expect(missing.stderr).toMatch(/cannot read \/nonexistent\/scene.json: no such file/)
    const dir = mkdtempSync(join(tmpdir(), 'cli-'))
    writeFileSync(join(dir, 'x.json'), '{"format": "tabletop-scene/1",\n  "system": }')
    const broken = cli(['eval', join(dir, 'x.json')])
    expect(broken.status).toBe(2)
    expect(broken.stderr).toMatch(/is not valid JSON at line 2/)
  })

  it('validate and schema', () => {
    expect(cli(['validate', issueExample]).stdout).toBe('ok\n')
    const schema = JSON.parse(execFileSync(tsx, [join(root, 'src/cli/main.ts'), 'schema'], { encoding: 'utf8', cwd: root }))
    expect(schema.properties.format.const).toBe('tabletop-scene/1')
  })
})
