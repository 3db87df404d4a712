// Scripted games for the tests: a scene and its events as a player's app would log them, written to a
// real file and replayed by the real CLI (`cli game replay`). The one thing the script does not write
// by hand is a ruling's `resultHash`: like the app, it hashes the ruling's result document as the engine
// gives it on the table as it stands (the tests assert what the rules decide, derived from the books,
// not the hash); a test of the hash itself tampers with it.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type GameEvent, contentHashOf, evaluateScene, loadScene, sceneAt, startGameSession } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { runCli } from '../../cli/runCli.ts'

export const known = ruleSystems.map((s) => s.id)
export const env = { findSystem: findRuleSystem, known }

/** An event as a script writes it: numbered in order by the script; a ruling's hash filled in (`resultHash` omitted). */
export type ScriptEvent = DistributiveOmit<GameEvent, 'seq' | 'resultHash'> & { resultHash?: string }
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** The log of a scripted game: events numbered 1, 2, 3…, each ruling hashed on the table as it then stands. */
export function scriptLog(scene: Record<string, unknown>, script: readonly ScriptEvent[], extra: { objectives?: Array<{ name: string; at: [number, number]; context?: Record<string, unknown> }> } = {}): Record<string, unknown> {
  const table = loadScene(scene, findRuleSystem, known)
  const head = { format: 'tabletop-game/1' as const, scene: table.scene, ...(extra.objectives ? { objectives: extra.objectives } : {}) }
  const session = startGameSession({ log: head, table }, env)
  const events: GameEvent[] = []
  script.forEach((e, i) => {
    let ev = { ...e, seq: i + 1 } as GameEvent
    if (ev.type === 'ruling' && !e.resultHash) {
      const doc = evaluateScene({ ...sceneAt(table.scene, session.state()), queries: [ev.query] }, findRuleSystem, known)
      ev = { ...ev, resultHash: contentHashOf(doc) }
    }
    session.apply(ev)
    events.push(ev)
  })
  return { format: 'tabletop-game/1', scene, ...(extra.objectives ? { objectives: extra.objectives } : {}), events }
}

/** Write a log to a temporary file and replay it with the CLI (JSON out): its exit code and parsed output. */
export async function replayWithCli(log: unknown, args: string[] = []): Promise<{ code: number; out: ReplayOut; stderr: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'game-'))
  const file = join(dir, 'game.json')
  writeFileSync(file, typeof log === 'string' ? log : JSON.stringify(log, null, 2))
  const r = await runCli(['game', 'replay', file, ...args])
  return { code: r.code, out: r.code === 0 && !args.includes('text') ? (JSON.parse(r.stdout) as ReplayOut) : (null as unknown as ReplayOut), stderr: r.stderr, file }
}

export type PrintedModel = { side: string; position: [number, number]; z: number; facing: number; statuses: string[]; counters: Record<string, number>; activated: boolean; removed: boolean }
export type PrintedState = { round: number; phase: string | null; turn: string | null; activating: string | null; models: Record<string, PrintedModel>; resources: Record<string, Record<string, number>>; scores: Record<string, number>; objectives: Record<string, string | null> }
export type PrintedFinding = { code: string; severity: string; event: number; message: string; model?: string; rule?: string; citation?: { section: string; title: string }; marginal?: boolean }
export type ReplayOut = {
  format: string
  system: string
  events: Array<{
    seq: number
    type: string
    findings: PrintedFinding[]
    state: PrintedState
    move?: { cost: number | null; allowance: number | null; margin: number | null; uncertainty: number; marginal: boolean; allowed: boolean | null; text: string; unit: string }
    ruling?: { resultHash: string; matches: boolean; allowed: boolean | null }
    proposal?: { effects: unknown[]; because: string[]; dice: Array<{ sides: number; value: number }> } | null
    applied?: unknown[]
    control?: Array<{ objective: string; controlledBy: string | null; contested: boolean; held: string | null; close: Array<{ model: string; marginMm: number; uncertaintyMm: number; marginal: boolean }>; marginal: boolean }>
    affects?: Array<{ seq: number; why: string[] }>
    undoneBy?: number
  }>
  findings: PrintedFinding[]
  state: PrintedState
}

/** Findings of one event as [code, model?] pairs, for assertions that read like the derivation. */
export function codesAt(out: ReplayOut, seq: number): string[] {
  return out.events.find((e) => e.seq === seq)!.findings.map((f) => f.code)
}

/** A model placed by hand: a round base, standing on the table. */
export function model(id: string, side: string, x: number, y: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, side, base: { shape: 'round', diameter: 25 }, height: 30, position: [x, y], ...extra }
}

/** Skirmish Rules (narrative skirmish) on a 36" table: two riflemen a side, small models on 25 mm bases, A at y 100 and B at y 500. */
export function skirmishScene(): Record<string, unknown> {
  const rifleman = (id: string, side: string, x: number, y: number) => model(id, side, x, y, { profile: 'small-model', weapons: ['rifle'] })
  return {
    format: 'tabletop-scene/1',
    system: 'narrative-skirmish',
    table: { width: 914.4, depth: 914.4 },
    models: [rifleman('a1', 'A', 100, 100), rifleman('a2', 'A', 300, 100), rifleman('b1', 'B', 100, 500), rifleman('b2', 'B', 300, 500)],
  }
}
