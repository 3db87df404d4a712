// The planning overlay's queries (issue 32), run in the engine worker (and in Node for tests): the
// picked model's `reach` for each move mode, one spot's path (`reach` with that probe point) and who
// sees a model standing there (`exposure` probe), who can attack it there (`threat` at the spot), the
// enemies' threat bands, and the exposure map with the scene's deployment zones. No rule logic here:
// each answer is the engine's result, copied out, and the move modes are the ones the ruleset declares
// (RuleSystem.moveModes). The prepared table is kept while the scene stays the same, so the engine's
// per-table work (each enemy's reach for threat, the exposure grid kept in the worker's LosMemo) is done
// once per table and reused for every spot the finger passes over.
import { type ExposureResult, type Query, type ReachResult, type Scene, type Table, type ThreatResult, SceneError } from '../../engine/index.ts'
import { prepare } from './evaluateOverlay.ts'
import type { ModesFrom, PlanAnswer, PlanAnswerOf, PlanAsk, ReachArea, ReachMode } from './planProtocol.ts'
import { readDeploymentZones } from '../format/deploymentZones.ts'

/**
 * The table prepared for the scene last asked about, and its key (the scene without its own queries):
 * the engine keeps per-table work (threat's enemy reaches) by the table object, so the same scene must
 * give the same table.
 */
let kept: { key: string; table: Table } | null = null

export function planTable(scene: Scene): Table {
  const key = JSON.stringify({ ...scene, queries: [] })
  if (kept?.key === key) return kept.table
  const table = prepare(scene, [])
  kept = { key, table }
  return table
}

/** A scene or ruleset refusal as one line (what and where); anything else is an internal error and is thrown. */
function refusalText(e: unknown): string {
  if (e instanceof SceneError) return e.issues.map((i) => (i.path ? `${i.message} (${i.path})` : i.message)).join('; ')
  throw e
}

const timed = <T>(run: () => T): { value: T; ms: number } => {
  const t0 = performance.now()
  const value = run()
  return { value, ms: performance.now() - t0 }
}

function reachQuery(model: string, mode: string | null, points?: Array<[number, number]>): Query {
  return { id: 'plan-reach', type: 'reach', model, ...(mode !== null ? { mode } : {}), ...(points ? { points } : {}) }
}

/** The model's reach for its default mode and every mode its ruleset declares, each as the engine answers it. */
export function planReach(scene: Scene, model: string): PlanAnswerOf<'reach'> {
  const t0 = performance.now()
  const table = planTable(scene)
  const modes: ReachMode[] = []
  const first = timed(() => {
    try {
      return runReach(table, model, null)
    } catch (e) {
      return refusalText(e)
    }
  })
  if (typeof first.value === 'string') return { what: 'reach', model, modes: [], modesFrom: 'default', issue: first.value, ms: performance.now() - t0 }
  modes.push(modeOf(first.value, first.ms))
  // The modes the ruleset declares, but those that need a context the planner does not have (a Cadence
  // deploy's Entry Point): each asked for, as the CLI would ask.
  const declared = table.system.moveModes ?? []
  for (const { mode, needs } of declared) {
    if (needs?.length || modes.some((m) => m.mode === mode)) continue
    const r = timed(() => {
      try {
        return runReach(table, model, mode)
      } catch (e) {
        return refusalText(e)
      }
    })
    // A declared mode the engine cannot answer without more context: shown refused, with the engine's words.
    modes.push(typeof r.value === 'string' ? { mode, result: null, refused: r.value, ms: r.ms } : modeOf(r.value, r.ms))
  }
  const modesFrom: ModesFrom = declared.length ? 'declared' : 'default'
  return { what: 'reach', model, modes, modesFrom, issue: null, ms: performance.now() - t0 }
}

function runReach(table: Table, model: string, mode: string | null, points?: Array<[number, number]>): ReachResult {
  const handler = table.system.handlers.reach
  if (!handler) throw new SceneError([{ path: 'type', message: `${table.system.title} does not answer "reach" yet` }])
  return handler(table, reachQuery(model, mode, points) as never)
}

/** A mode's reach as the overlay keeps it; a move the game refuses now (every spot refused) says why. */
function modeOf(r: ReachResult, ms: number): ReachMode {
  const result: ReachArea = { model: r.model, mode: r.mode, from: r.from, allowance: r.allowance, area: r.area, ...(r.contours ? { contours: r.contours } : {}), rules: r.rules, citations: r.citations }
  // A move the game refuses outright (a ruleset's own `reasons` beside an empty area).
  const own: unknown = r.reasons
  const reasons = Array.isArray(own) ? own.filter((x): x is { message: string } => typeof (x as { message?: unknown })?.message === 'string') : []
  const refused = r.area.length === 0 && reasons.length ? reasons.map((x) => x.message).join('; ') : null
  return { mode: r.mode, result, refused, ms }
}

/** One spot: the path in `mode`, and who sees a model like the picked one standing there. */
export function planSpot(scene: Scene, ask: Extract<PlanAsk, { what: 'spot' }>): PlanAnswerOf<'spot'> {
  const table = planTable(scene)
  const at = ask.at
  const reach = timed(() => {
    try {
      return runReach(table, ask.model, ask.mode, [at])
    } catch (e) {
      return refusalText(e)
    }
  })
  const exposure = ask.exposure
    ? timed(() => {
        try {
          return exposureOf(table, ask.model, [at])
        } catch (e) {
          return refusalText(e)
        }
      })
    : null
  const r = typeof reach.value === 'string' ? null : reach.value
  const x = exposure && typeof exposure.value !== 'string' ? exposure.value : null
  return {
    what: 'spot',
    model: ask.model,
    mode: r?.mode ?? null,
    at,
    reach: r?.points[0] ?? null,
    allowance: r?.allowance ?? null,
    reachIssue: typeof reach.value === 'string' ? reach.value : null,
    reachMs: reach.ms,
    exposure: x?.points[0] ?? null,
    exposureIssue: exposure && typeof exposure.value === 'string' ? exposure.value : null,
    exposureMs: exposure?.ms ?? 0,
  }
}

/** The ruleset's threat query (one spot, or none for the bands alone). */
function runThreat(table: Table, model: string, where: { at: [number, number] } | { points: [] }): ThreatResult {
  const handler = table.system.handlers.threat
  if (!handler) throw new SceneError([{ path: 'type', message: `${table.system.title} does not answer "threat" yet` }])
  return handler(table, { id: 'plan-threat', type: 'threat', model, ...where } as never)
}

/** Who can attack the model standing at one spot (the engine's threat there). */
export function planThreat(scene: Scene, ask: Extract<PlanAsk, { what: 'threat' }>): PlanAnswerOf<'threat'> {
  const table = planTable(scene)
  const r = timed(() => {
    try {
      return runThreat(table, ask.model, { at: ask.at })
    } catch (e) {
      return refusalText(e)
    }
  })
  return typeof r.value === 'string'
    ? { what: 'threat', model: ask.model, at: ask.at, threat: null, issue: r.value, ms: r.ms }
    : { what: 'threat', model: ask.model, at: ask.at, threat: r.value.points[0] ?? null, issue: null, ms: r.ms }
}

/** The enemies' threat bands against the model (threat with no spot: the bands alone). */
export function planBands(scene: Scene, model: string): PlanAnswerOf<'bands'> {
  const table = planTable(scene)
  const r = timed(() => {
    try {
      return runThreat(table, model, { points: [] })
    } catch (e) {
      return refusalText(e)
    }
  })
  return typeof r.value === 'string'
    ? { what: 'bands', model, bands: [], issue: r.value, ms: r.ms }
    : { what: 'bands', model, bands: r.value.bands, issue: null, ms: r.ms }
}

/** The exposure query for a model like `model` (its side, base, height, eye, profile, stats, keywords). */
function exposureOf(table: Table, model: string, points?: Array<[number, number]>): ExposureResult {
  const handler = table.system.handlers.exposure
  if (!handler) throw new SceneError([{ path: 'type', message: `${table.system.title} does not answer "exposure" yet` }])
  const m = table.model(model).scene
  const q = {
    id: 'plan-exposure',
    type: 'exposure',
    side: m.side,
    base: m.base,
    height: m.height,
    ...(m.eye !== undefined ? { eye: m.eye } : {}),
    ...(m.profile !== undefined ? { profile: m.profile } : {}),
    ...(m.stats !== undefined ? { stats: m.stats } : {}),
    ...(m.keywords !== undefined ? { keywords: m.keywords } : {}),
    ...(points ? { points } : {}),
  }
  return handler(table, q as never)
}

/** The exposure map for the model's side, and the zones of the scene's own deployment query (if it asks one). */
export function planExposure(scene: Scene, model: string): PlanAnswerOf<'exposure'> {
  const table = planTable(scene)
  const r = timed(() => {
    try {
      return exposureOf(table, model)
    } catch (e) {
      return refusalText(e)
    }
  })
  const zones = deploymentZonesOf(table, scene)
  if (typeof r.value === 'string') return { what: 'exposure', model, result: null, zones, issue: r.value, ms: r.ms }
  const e = r.value
  return { what: 'exposure', model, result: { side: e.side, enemies: e.enemies, grid: e.grid, hidden: e.hidden, rules: e.rules, citations: e.citations }, zones, issue: null, ms: r.ms }
}

/** The zones of the scene's `deployment` query, answered by its ruleset (validated by the ruleset's own schema first). */
function deploymentZonesOf(table: Table, scene: Scene): ReturnType<typeof readDeploymentZones> {
  const q = (scene.queries ?? []).find((x) => x.type === 'deployment')
  const schema = table.system.queryTypes?.deployment
  if (!q || !schema || !schema.safeParse(q).success) return []
  try {
    return readDeploymentZones(table.system.handlers.deployment?.(table, q as never))
  } catch (e) {
    refusalText(e)
    return []
  }
}

/** Answer one planning ask (the worker's entry). Throws only on an internal error. */
export function answerPlan(scene: Scene, ask: PlanAsk): PlanAnswer {
  switch (ask.what) {
    case 'reach':
      return planReach(scene, ask.model)
    case 'spot':
      return planSpot(scene, ask)
    case 'threat':
      return planThreat(scene, ask)
    case 'bands':
      return planBands(scene, ask.model)
    case 'exposure':
      return planExposure(scene, ask.model)
  }
}

