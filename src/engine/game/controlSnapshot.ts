// Objectives and scoring (issue 33): when the book takes control (the end of a round or a turn), a
// snapshot asks the ruleset's `objective` query for every objective on the table, and lists the close
// calls: each model whose base edge is within the control radius of the marker's edge by no more than
// 2 sigma of its position either way, with the margin ± its uncertainty. Both players then confirm the
// points (a `score` event names who confirmed).
import type { Query } from '../scene/sceneSchema.ts'
import type { Citation } from '../results.ts'
import { placeBase } from '../geometry/baseShape.ts'
import { measureBaseGap2 } from '../geometry/measureBaseGap.ts'
import { roundTo } from '../units.ts'
import type { GameState } from './gameState.ts'
import type { GameContext } from './gameContext.ts'
import type { GameLogObjective } from './gameLogSchema.ts'

export type ControlCall = {
  model: string
  side: string
  /** Base edge to marker edge, mm. */
  mm: number
  /** Radius − distance: positive inside, negative outside, mm. */
  marginMm: number
  uncertaintyMm: number
  marginal: boolean
}

export type ControlFigure = {
  objective: string
  at: [number, number]
  controlledBy: string | null
  contested: boolean
  /** Who holds it into the next check (Sticky Control, a secured objective). */
  held: string | null
  radiusMm: number
  /** Models near the edge of control (within 2 sigma, or within 1 mm when placed by hand). */
  close: ControlCall[]
  /** Some model's membership is inside the measurement uncertainty: the call could go either way. */
  marginal: boolean
  rules: string[]
  citations: Citation[]
}

/** A model placed by hand is "close" within this much of the radius (no sigma to go by). */
const CLOSE_BY_HAND_MM = 1

/** The control of each objective in this state (none when the ruleset has no objectives). */
export function takeControl(ctx: GameContext, state: GameState, path: string, only?: string): ControlFigure[] {
  const scoring = ctx.decl?.scoring
  if (!scoring) return []
  const out: ControlFigure[] = []
  for (const o of ctx.objectives) {
    if (only !== undefined && o.name !== only) continue
    out.push(controlOf(ctx, state, o, path))
  }
  return out
}

function controlOf(ctx: GameContext, state: GameState, o: GameLogObjective, path: string): ControlFigure {
  const scoring = ctx.decl!.scoring!
  const context = { ...(o.context ?? {}), ...(scoring.heldContext?.(state.held[o.name] ?? null) ?? {}) }
  const query = { id: `control-${o.name}`, type: 'objective', at: [o.at[0], o.at[1]], name: o.name, ...(Object.keys(context).length ? { context } : {}) } as Query
  const { table, doc } = ctx.evaluate(state, query, path)
  const result = doc.results[0]!
  const { controlledBy, contested, held } = scoring.readControl(result)
  const radiusMm = scoring.radiusMm(table, result)
  const marker = placeBase({ shape: 'round', diameter: Math.max(1e-6, scoring.markerDiameterMm(table)) }, o.at[0], o.at[1], 0)
  const close: ControlCall[] = []
  for (const m of table.models) {
    const mm = measureBaseGap2(m.placed, marker).gapMm
    const marginMm = radiusMm - mm
    const sigma = m.uncertaintyMm
    const band = sigma > 0 ? 2 * sigma : CLOSE_BY_HAND_MM
    if (Math.abs(marginMm) > band) continue
    close.push({ model: m.id, side: m.side, mm: roundTo(mm, 2), marginMm: roundTo(marginMm, 2), uncertaintyMm: roundTo(sigma, 2), marginal: sigma > 0 && Math.abs(marginMm) <= 2 * sigma })
  }
  const rules = [...new Set([scoring.section, ...(Array.isArray(result.rules) ? result.rules : [])])]
  return {
    objective: o.name,
    at: [o.at[0], o.at[1]],
    controlledBy,
    contested,
    held: held === undefined ? controlledBy : held,
    radiusMm: roundTo(radiusMm, 2),
    close,
    marginal: close.some((c) => c.marginal),
    rules,
    citations: rules.map((r) => ctx.book.citation(r)),
  }
}
