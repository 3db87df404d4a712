// What a replay finds in a log that does not bear itself out (a result that hashes otherwise, dice that
// are not the seed's, a confirm that is not the proposal, a proposal without its dice), a marginal
// control call with its margin ± uncertainty, and the CLI's `--at N` and `--format text`.
import { describe, expect, it } from 'vitest'
import { contentHashOf, loadGame } from '../../../src/engine/index.ts'
import { runCli } from '../../cli/runCli.ts'
import { findRuleSystem } from '../../../src/systems/index.ts'
import { codesAt, env, model, replayWithCli, scriptLog } from './scriptedGame.ts'

const scene = {
  format: 'tabletop-scene/1',
  system: 'operator-tactics',
  table: { width: 609.6, depth: 609.6 },
  models: [model('a1', 'A', 100, 100, { profile: 'commando' }), model('b1', 'B', 100, 400, { profile: 'medic' })],
}
const shot = { type: 'ruling' as const, query: { id: 'shot', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'assault-rifle' } }
const FW = [{ kind: 'counter', model: 'b1', counter: 'fleshWounds', delta: 1 }] as never

describe('a log that does not bear itself out', () => {
  it('a result that no longer hashes as logged (another engine, an edited log) is a log finding; the replay goes on', async () => {
    const log = scriptLog(scene, [{ type: 'round-start', round: 1 }, { type: 'activation', model: 'a1' }, { ...shot, resultHash: `sha256:${'0'.repeat(64)}` }])
    const { out } = await replayWithCli(log)
    expect(codesAt(out, 3)).toEqual(['ruling-hash-differs'])
    expect(out.events[2]!.ruling!.matches).toBe(false)
  })

  it('a seeded roll: the seed rolls the dice the app logged; other dice are a finding', async () => {
    // The app asks the session for the proposal with a fresh seed, and logs the seed with its dice.
    const head = scriptLog(scene, [{ type: 'round-start', round: 1 }, { type: 'activation', model: 'a1' }, shot])
    const made = loadGame(head, env).propose(3, { source: 'seeded', seed: 20_260_101 })!.proposal!
    const dice = made.dice.map((d) => d.value)
    expect(made.dice).toHaveLength(1)
    const effects = made.effects as never
    const honest = scriptLog(scene, [{ type: 'round-start', round: 1 }, { type: 'activation', model: 'a1' }, shot, { type: 'effect', ruling: 3, roll: { source: 'seeded', seed: 20_260_101, dice }, effects, decision: { kind: 'confirm', by: 'B' } }])
    expect(codesAt((await replayWithCli(honest)).out, 4)).toEqual([])
    const other = dice[0] === 6 ? 5 : 6
    const edited = scriptLog(scene, [{ type: 'round-start', round: 1 }, { type: 'activation', model: 'a1' }, shot, { type: 'effect', ruling: 3, roll: { source: 'seeded', seed: 20_260_101, dice: [other] }, effects, decision: { kind: 'confirm', by: 'B' } }])
    expect(codesAt((await replayWithCli(edited)).out, 4)).toEqual(['roll-differs-from-seed'])
  })

  it('a confirm of something else than the proposal, and effects applied with no dice to propose from', async () => {
    // Commando 2+ vs Medic AR 1: 3+; a 2 misses, so confirming a Flesh Wound is not what was proposed.
    const log = scriptLog(scene, [
      { type: 'round-start', round: 1 },
      { type: 'activation', model: 'a1' },
      shot,
      { type: 'effect', ruling: 3, roll: { source: 'entered', dice: [2] }, effects: FW, decision: { kind: 'confirm', by: 'B' } },
      { type: 'effect', ruling: 3, effects: FW, decision: { kind: 'confirm', by: 'B' } },
    ])
    const { out } = await replayWithCli(log)
    expect(codesAt(out, 4)).toEqual(['effect-differs-from-proposal'])
    expect(out.events[3]!.findings[0]!.message).toBe('B confirmed "b1 fleshWounds +1", but the result proposes "no effect" (an override, with its reason, applies something else)')
    expect(codesAt(out, 5)).toEqual(['roll-missing'])
    // The log is the record: both Flesh Wounds stand (and two Breach Tokens).
    expect(out.state.models.b1!.counters).toEqual({ fleshWounds: 2, breachTokens: 2 })
  })
})

describe('a ruling whose hand-given context disagrees with the state', () => {
  it('is made with the hand-given value, and the replay notes the disagreement', async () => {
    const log = scriptLog(scene, [
      { type: 'round-start', round: 1 },
      { type: 'effect', effects: [{ kind: 'counter', model: 'a1', counter: 'fleshWounds', delta: 3 }] as never, decision: { kind: 'confirm', by: 'A' } },
      { type: 'activation', model: 'a1' },
      { type: 'ruling', query: { ...shot.query, context: { attackerWounds: { fleshWounds: 0 } } } },
    ])
    const { out } = await replayWithCli(log)
    expect(codesAt(out, 4)).toEqual(['context-overrides-state'])
    expect(out.events[3]!.findings[0]!.message).toBe('"shot" gives attackerWounds = {"fleshWounds":0} but the game state says {"fleshWounds":3,"mortalWounds":0}: the context\'s value is used for this query')
  })
})

describe('a log that does not write every end', () => {
  it('a round start ends an open round as its end would: a Jagged Shards Sprint lasts "this round" only (§8.1)', async () => {
    const js = { format: 'tabletop-scene/1', system: 'jagged-shards', table: { width: 1219.2, depth: 1219.2 }, models: [model('r', 'h', 300, 300, { profile: 'colonist-rifleman', base: { shape: 'round', diameter: 32 } }), model('s', 'm', 900, 900, { profile: 'bloodroot-stalker', base: { shape: 'round', diameter: 32 } })] }
    const log = scriptLog(js, [
      { type: 'round-start', round: 1, initiative: ['m', 'h'] },
      { type: 'phase-start', phase: 'movement' },
      { type: 'turn-start', side: 'm' },
      { type: 'move', model: 's', to: [850, 800], source: 'dragged', mode: 'sprint', context: { d6: 2 } },
      { type: 'round-start', round: 2, initiative: ['m', 'h'] },
    ])
    const { out } = await replayWithCli(log)
    expect(out.events[3]!.state.models.s!.statuses).toEqual(['sprinted'])
    expect(out.events[4]!.state.models.s!.statuses).toEqual([])
    expect(out.findings).toEqual([])
  })
})

describe('a ruling reopened from the log', () => {
  it('shows the table as it stood when the ruling was made, and its result hashes as logged', () => {
    const log = scriptLog(scene, [
      { type: 'round-start', round: 1 },
      { type: 'activation', model: 'a1' },
      { type: 'move', model: 'a1', to: [100, 250], source: 'tracked', uncertainty: 1.5 },
      shot,
      { type: 'move', model: 'a1', to: [150, 250], source: 'dragged' },
    ]) as { events: Array<{ resultHash?: string }> }
    const r = loadGame(log, env).ruling(4)!
    expect(r.scene.models.find((m) => m.id === 'a1')).toMatchObject({ position: [100, 250], uncertainty: 1.5, state: { activated: true, moves: 1, movedMm: 150, moveModes: ['move'] } })
    expect(r.scene.queries).toEqual([shot.query])
    expect(contentHashOf(r.result)).toBe(log.events[3]!.resultHash)
  })
})

describe('control with a close call', () => {
  it('a tracked operator 0.04" inside 3" with a 1 mm sigma: control is A\'s, marginal; the score says so (§05 Crossfire L592)', async () => {
    // Marker at (300,300); a1's base edge (12.5 mm radius) 76.2 − 1 = 75.2 mm from it: centre at 300 + 75.2 + 12.5 = 387.7. sigma 1 mm: |1| ≤ 2.
    const log = scriptLog({ ...scene, models: [model('a1', 'A', 387.7, 300, { profile: 'commando', uncertainty: 1 }), model('b1', 'B', 100, 500, { profile: 'medic' })] }, [
      { type: 'round-start', round: 1 },
      { type: 'round-end', round: 1 },
      { type: 'score', side: 'A', points: 1, objective: 'obj', confirmedBy: ['A', 'B'] },
    ], { objectives: [{ name: 'obj', at: [300, 300] }] })
    const { out } = await replayWithCli(log)
    expect(out.events[1]!.control).toMatchObject([{ objective: 'obj', controlledBy: 'A', marginal: true, close: [{ model: 'a1', marginMm: 1, uncertaintyMm: 1, marginal: true }] }])
    expect(codesAt(out, 3)).toEqual(['score-marginal'])
    expect(out.events[2]!.findings[0]!.message).toBe('control of obj is a marginal call: a1 inside by 0.04″ ± 0.04″')
  })
})

describe('cli game replay --at N, --format text', () => {
  const log = scriptLog(scene, [
    { type: 'round-start', round: 1 },
    { type: 'activation', model: 'a1' },
    { type: 'move', model: 'a1', to: [100, 300], source: 'tracked', uncertainty: 1 },
    shot,
    { type: 'effect', ruling: 4, roll: { source: 'entered', dice: [6] }, effects: [{ kind: 'counter', model: 'b1', counter: 'mortalWounds', delta: 1 }] as never, decision: { kind: 'confirm', by: 'B' } },
  ])
  it('--at 3 prints the state after event 3 and the findings up to it', async () => {
    const { code, out } = await replayWithCli(log, ['--at', '3'])
    expect(code).toBe(0)
    expect(out.events.map((e) => e.seq)).toEqual([3])
    // (100,100) → (100,300): 200 mm = 7.87" of MOBI 6": over by 1.87".
    expect(out.findings.map((f) => [f.event, f.code])).toEqual([[3, 'move-over-allowance']])
    expect(out.state.models.a1!.position).toEqual([100, 300])
    expect(out.state.models.b1!.counters).toEqual({})
  })
  it('--at past the last event is one line and exit 2', async () => {
    const { code, stderr } = await replayWithCli(log, ['--at', '9'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/--at: event 9: the log has 5 events/)
  })
  it('--format text: a line per event, its findings with their sections, then the state', async () => {
    const { file } = await replayWithCli(log)
    const r = await runCli(['game', 'replay', file, '--format', 'text'])
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toBe(`${findRuleSystem('operator-tactics')!.title} — 5 events`)
    expect(lines.slice(1, 4)).toEqual(['#1 round 1 starts', '#2 a1 activates', '#3 a1 moves (tracked): moved 7.87″ of 6″ (over by 1.87″ ± 0.04″)'])
    // The finding: the check, the ruleset's own reason, the section's title and the section as printed.
    expect(lines[4]).toMatch(/^ {3}rule: a1 moved 7\.87″ of 6″ \(over by 1\.87″ ± 0\.04″\): .+ \(Actions › Move, §02 Actions L245/)
    expect(lines.slice(5, 8)).toEqual(['#4 ruling attack "shot": the result hashes as logged', '#5 confirmed by B: b1 mortalWounds +1; dice 6', ''])
    expect(r.stdout).toContain('  b1 (B): at (100, 400) mm, mortalWounds 1')
  })
})
