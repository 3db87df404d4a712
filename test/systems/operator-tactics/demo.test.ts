// The demo scene (Crossfire board) evaluated by the real CLI process, with hand-checked answers.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')
const demo = join(root, 'src', 'systems', 'operator-tactics', 'demo.json')

describe('operator-tactics demo scene through the CLI', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', 'main.ts'), 'eval', demo], { cwd: root, encoding: 'utf8' })
  const doc = JSON.parse(out) as { system: string; results: Array<Record<string, unknown> & { id: string }> }
  const r = (id: string): unknown => doc.results.find((x) => x.id === id)!

  it('evaluates every query of the Crossfire demo with citations', () => {
    expect(doc.system).toBe('operator-tactics')
    expect(doc.results.length).toBe(13)
    for (const x of doc.results) expect((x.rules as unknown[]).length).toBeGreaterThan(0)
  })

  it('Marksman → Commando across the open middle: 4+ (Good + Medium Rig), no modifiers at 16.8" → 1/2', () => {
    const a = r('shoot-marksman-commando') as { probability: { exact: { hit: string } }; threshold: number }
    expect(a.threshold).toBe(4)
    expect(a.probability.exact.hit).toBe('1/2')
  })

  it('Breacher → Medic: the centre block on the centerline breaks the line (and the shotgun\'s 12" is short)', () => {
    expect((r('los-breacher-medic') as { visible: boolean }).visible).toBe(false)
    expect((r('shoot-breacher-medic') as { allowed: boolean }).allowed).toBe(false)
  })

  it('Commando → Infiltrator behind the reinforced barricade: Heavy Cover −2 on 3+ → 1/3', () => {
    const a = r('shoot-commando-infiltrator') as { cover: { level: string }; probability: { exact: { hit: string } } }
    expect(a.cover.level).toBe('heavy')
    expect(a.probability.exact.hit).toBe('1/3')
  })

  it('the board satisfies §06 Setup and every operator deployed legally (the Infiltrator in cover, outside 12")', () => {
    expect((r('terrain-setup') as { legal: boolean }).legal).toBe(true)
    const d = r('deploy') as { models: Array<{ legal: boolean }> }
    expect(d.models.every((m) => m.legal)).toBe(true)
  })
})
