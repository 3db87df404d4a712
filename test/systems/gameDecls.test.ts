// Every ruleset declares its game state (issue 33), and every section it cites for it is a section of its
// book with a human title (as every citation in a result is, test/contract/). Statuses the game sets are
// statuses the scene accepts; counters and resources are refused under any other name.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bookOfSystem, evaluateScene, loadScene, type RulesetGame } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'

const known = ruleSystems.map((s) => s.id)

/** Every section a game declaration names. */
function sectionsOf(g: RulesetGame): string[] {
  const out: string[] = []
  for (const c of g.counters) out.push(c.section)
  for (const s of g.statuses) out.push(s.section, ...(s.expires ? [s.expires.section] : []), ...(s.forbids ? [s.forbids.section] : []))
  for (const r of g.resources) out.push(r.section, ...(r.reset ? [r.reset.section] : []))
  const a = g.activation
  out.push(a.section, a.initiative.section, ...(a.rounds ? [a.rounds.section] : []), ...(a.maxMoves ? [a.maxMoves.section] : []), ...(a.phases ?? []).map((p) => p.section), ...(a.forbiddenSequences ?? []).map((f) => f.section))
  if (g.scoring) out.push(g.scoring.section)
  return out
}

describe('game state declarations', () => {
  it('every ruleset (the 13 games) declares one', () => {
    expect(ruleSystems.filter((s) => !s.game).map((s) => s.id)).toEqual([])
    expect(ruleSystems).toHaveLength(13)
  })
  for (const system of ruleSystems) {
    it(`${system.id}: every section it cites has a title from the book; its statuses are ones the scene accepts`, () => {
      const g = system.game!
      const book = bookOfSystem(system)
      const untitled = sectionsOf(g).filter((s) => book.citation(s).title === s)
      expect(untitled).toEqual([])
      if (system.modelStatuses) expect(g.statuses.map((s) => s.id).filter((s) => !system.modelStatuses!.includes(s))).toEqual([])
      expect(new Set(g.statuses.map((s) => s.id)).size).toBe(g.statuses.length)
    })
  }
})

describe('each ruleset\'s README lists its game state', () => {
  const readme = (id: string) => readFileSync(join(import.meta.dirname, '../../src/systems', id, 'README.md'), 'utf8')
  for (const system of ruleSystems) {
    it(`${system.id}: every counter, status and resource it declares is named in its README (a Cadence game: or the core's)`, () => {
      const text = readme(system.id) + (system.id.startsWith('cadence/') ? readme('cadence') : '')
      const g = system.game!
      const ids = [...g.counters.map((c) => c.id), ...g.statuses.map((s) => s.id), ...g.resources.map((r) => r.id)]
      expect(ids.filter((id) => !text.includes(`\`${id}\``))).toEqual([])
      expect(text).toMatch(/## Game state/)
    })
  }
})

describe('the scene carries the state additively', () => {
  const scene = (extra: Record<string, unknown>, game?: Record<string, unknown>) => ({
    format: 'tabletop-scene/1', system: 'operator-tactics', table: { width: 609.6, depth: 609.6 },
    models: [
      { id: 'a', side: 'A', profile: 'commando', base: { shape: 'round', diameter: 25 }, height: 40, position: [100, 100], ...extra },
      { id: 'b', side: 'B', profile: 'medic', base: { shape: 'round', diameter: 25 }, height: 40, position: [100, 400] },
    ],
    ...(game ? { game } : {}),
    queries: [{ id: 'q', type: 'attack', attacker: 'a', target: 'b', weapon: 'assault-rifle' }],
  })
  it('refuses a counter or a resource its ruleset does not declare, naming the path', () => {
    expect(() => loadScene(scene({ state: { counters: { wounds: 1 } } }), findRuleSystem, known)).toThrow(/models\[0\]\.state\.counters\.wounds: unknown counter "wounds" for operator-tactics; expected one of fleshWounds, mortalWounds, breachTokens/)
    expect(() => loadScene(scene({}, { resources: { A: { gold: 3 } } }), findRuleSystem, known)).toThrow(/game\.resources\.A\.gold: unknown resource "gold" for operator-tactics; expected one of edge/)
  })
  it('a wounded shooter\'s −1 comes from its state (3 FW), and a hand-given context that disagrees is used and warned about (§02 Wounds L304)', () => {
    const fromState = evaluateScene(scene({ state: { counters: { fleshWounds: 3 } } }), findRuleSystem, known)
    const r = fromState.results[0] as unknown as { modifiers: Array<{ source: string; value: number }> }
    expect(r.modifiers.map((m) => [m.source, m.value])).toEqual([['shooter wounds (0 MW, 3 FW): -1 all', -1]])
    expect(fromState.warnings).toBeUndefined()
    const overridden = evaluateScene({ ...scene({ state: { counters: { fleshWounds: 3 } } }), queries: [{ id: 'q', type: 'attack', attacker: 'a', target: 'b', weapon: 'assault-rifle', context: { attackerWounds: { fleshWounds: 0 } } }] }, findRuleSystem, known)
    expect((overridden.results[0] as unknown as { modifiers: unknown[] }).modifiers).toEqual([])
    expect(overridden.warnings).toEqual([{ code: 'context-overrides-state', path: 'queries[0].context.attackerWounds', message: 'the context gives attackerWounds = {"fleshWounds":0} but the game state says {"fleshWounds":3,"mortalWounds":0}: the context\'s value is used for this query' }])
  })
})
