// An action (an attack, a move) resolved in named stages, each a pure function of the query's input
// and of what the stages before it returned: eligibility → measure → sight → modifiers → odds →
// assemble. A stage returns its own typed piece of the result, with the reasons it found and the
// sections it relied on; `assemble` builds the result from all of them. A game built on another
// game's action refines one stage (`refineStage`) instead of copying the handler: the refined stage
// receives the base stage and returns its own.
import type { UniformReason } from '../results.ts'

export const ACTION_STAGES = ['eligibility', 'measure', 'sight', 'modifiers', 'odds'] as const
export type ActionStage = (typeof ACTION_STAGES)[number]

/** What a stage may give besides its own fields: reasons the action is refused, and the sections it used. */
export type StagePiece = { readonly reasons?: readonly UniformReason[]; readonly rules?: readonly string[] }

/** The pieces of one action, by stage. */
export type StagePieces = { readonly [K in ActionStage]: StagePiece }

type Before<P extends StagePieces, K extends ActionStage> = Pick<P, (typeof ACTION_STAGES)[number] & PrecedingStage<K>>
type PrecedingStage<K extends ActionStage> = K extends 'eligibility' ? never : K extends 'measure' ? 'eligibility' : K extends 'sight' ? 'eligibility' | 'measure' : K extends 'modifiers' ? 'eligibility' | 'measure' | 'sight' : 'eligibility' | 'measure' | 'sight' | 'modifiers'

/** The stages of an action over an input `In`, with pieces `P`, assembled into `R`. */
export type ActionStages<In, P extends StagePieces, R> = {
  readonly eligibility: (input: In, done: Before<P, 'eligibility'>) => P['eligibility']
  readonly measure: (input: In, done: Before<P, 'measure'>) => P['measure']
  readonly sight: (input: In, done: Before<P, 'sight'>) => P['sight']
  readonly modifiers: (input: In, done: Before<P, 'modifiers'>) => P['modifiers']
  readonly odds: (input: In, done: Before<P, 'odds'>) => P['odds']
  readonly assemble: (input: In, done: P) => R
}

/** Run the stages in order and assemble the result. */
export function runStages<In, P extends StagePieces, R>(stages: ActionStages<In, P, R>, input: In): R {
  const eligibility = stages.eligibility(input, {} as Before<P, 'eligibility'>)
  const measure = stages.measure(input, { eligibility } as Before<P, 'measure'>)
  const sight = stages.sight(input, { eligibility, measure } as Before<P, 'sight'>)
  const modifiers = stages.modifiers(input, { eligibility, measure, sight } as Before<P, 'modifiers'>)
  const odds = stages.odds(input, { eligibility, measure, sight, modifiers } as Before<P, 'odds'>)
  return stages.assemble(input, { eligibility, measure, sight, modifiers, odds } as unknown as P)
}

/** The same stages with one replaced by a refinement of it (which may call the base stage). */
export function refineStage<In, P extends StagePieces, R, K extends keyof ActionStages<In, P, R>>(stages: ActionStages<In, P, R>, name: K, refine: (base: ActionStages<In, P, R>[K]) => ActionStages<In, P, R>[K]): ActionStages<In, P, R> {
  return { ...stages, [name]: refine(stages[name]) }
}

/**
 * Every stage's reasons, in stage order (can it act at all, then range, then sight…), or in a
 * ruleset's declared order of its checks (`order`: reason codes; codes it does not list follow, in stage order).
 */
export function stageReasons(done: StagePieces, order?: readonly string[]): UniformReason[] {
  const all = ACTION_STAGES.flatMap((k) => done[k].reasons ?? [])
  if (!order) return all
  const rank = (r: UniformReason): number => {
    const i = order.indexOf(r.code)
    return i < 0 ? order.length : i
  }
  return all.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map(({ r }) => r)
}

/** Every stage's sections, in stage order, each once. */
export function stageRules(done: StagePieces, first: Iterable<string> = []): Set<string> {
  const rules = new Set(first)
  for (const k of ACTION_STAGES) for (const r of done[k].rules ?? []) rules.add(r)
  return rules
}
