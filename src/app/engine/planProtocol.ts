// The planning messages between the app and its engine worker (issue 32): a picked model's reach for
// each move mode, the path and the attackers at one spot, the enemies' threat bands, and the exposure
// map. Every figure is a field of the engine's own `reach` / `threat` / `exposure` result (results.ts),
// copied out whole; only what the overlay does not draw is left behind (the per-spot bands, the probe
// lists of an area). Plain, structured-clonable data.
import type { ExposurePoint, ExposureResult, ReachPoint, ReachResult, ThreatBand, ThreatPoint } from '../../engine/index.ts'
import type { DeploymentZone } from '../format/deploymentZones.ts'

/**
 * What the overlay asks for. `channel` of each: a newer ask on the same channel supersedes an older
 * one still waiting in the worker (the finger moved on; the table changed).
 */
export type PlanAsk =
  /** The model's reach area for every move mode its game has (the default mode first). */
  | { what: 'reach'; model: string }
  /** One spot: the cheapest path there in `mode` (null: the default), and (`exposure`) who sees a model standing there. */
  | { what: 'spot'; model: string; mode: string | null; at: [number, number]; exposure: boolean }
  /**
   * Who can attack the model standing at one spot. Its own ask, beside the spot's: the path (cheap) is
   * drawn while the attackers (each enemy's ways) are still being ruled.
   */
  | { what: 'threat'; model: string; at: [number, number] }
  /** The enemies' threat bands against this model (the same for every spot of one table). */
  | { what: 'bands'; model: string }
  /** The exposure map for a model like this one (its side, base, height, eye, profile), and the deployment zones. */
  | { what: 'exposure'; model: string }

/** A reach answer without its probe points: the area, the dice contours, the allowance and the sections. */
export type ReachArea = Pick<ReachResult, 'model' | 'mode' | 'from' | 'allowance' | 'area' | 'contours' | 'rules' | 'citations'>

/** An exposure answer without its probe points. */
export type ExposureMap = Pick<ExposureResult, 'side' | 'enemies' | 'grid' | 'hidden' | 'rules' | 'citations'>

/** One move mode's reach, or why the game refuses it now (the engine's words), and the time it took (ms, in the worker). */
export type ReachMode = { mode: string; result: ReachArea | null; refused: string | null; ms: number }

/**
 * How the modes were found: `declared` — the ruleset's own list (RuleSystem.moveModes), each asked for
 * and answered; `default` — the ruleset declares none, only its default mode is shown.
 */
export type ModesFrom = 'declared' | 'default'

export type PlanAnswer =
  | { what: 'reach'; model: string; modes: ReachMode[]; modesFrom: ModesFrom; issue: string | null; ms: number }
  | {
      what: 'spot'
      model: string
      /** The mode the path is for, as the engine named it (null when the reach failed). */
      mode: string | null
      at: [number, number]
      reach: ReachPoint | null
      /** The reach's allowance and sections for this spot's mode (what the cost is measured against). */
      allowance: ReachResult['allowance'] | null
      reachIssue: string | null
      reachMs: number
      exposure: ExposurePoint | null
      exposureIssue: string | null
      exposureMs: number
    }
  | { what: 'threat'; model: string; at: [number, number]; threat: ThreatPoint | null; issue: string | null; ms: number }
  | { what: 'bands'; model: string; bands: ThreatBand[]; issue: string | null; ms: number }
  | { what: 'exposure'; model: string; result: ExposureMap | null; zones: DeploymentZone[]; issue: string | null; ms: number }

export type PlanAnswerOf<W extends PlanAsk['what']> = Extract<PlanAnswer, { what: W }>
