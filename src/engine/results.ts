// Result document v1 (tabletop-result/1): the CLI's output and the app's input. Field names here
// are a public contract (saved rulings and other tools read them): change only with a version bump.
import type { SceneWarning } from './scene/sceneWarnings.ts'
export const RESULT_FORMAT = 'tabletop-result/1'

export type Vec3Tuple = [number, number, number]

/** A measured distance with the two points it was measured between. */
export type DistanceFigure = {
  mm: number
  inches: number
  points: [Vec3Tuple, Vec3Tuple]
}

/** A distance compared with a threshold: by how much, and whether the call is inside the measurement uncertainty. */
export type MarginFigure = {
  thresholdMm: number
  thresholdInches: number
  /** Signed: positive = inside the threshold by this much, negative = outside by this much. */
  marginMm: number
  marginInches: number
  within: 'lt' | 'le'
  /** Combined 1-sigma uncertainty of the two positions (mm), 0 when placed by hand. */
  uncertaintyMm: number
  /** True when |margin| is within 2 sigma of the measurement uncertainty: the call could go either way. */
  marginal: boolean
}

export type Reason = { code: string; message: string; rule: string }
export type Modifier = { source: string; value: number; rule: string }

export type LosRay = { from: Vec3Tuple; to: Vec3Tuple; blocked: boolean; by: string[]; hides: string[]; base: boolean }

export type LosFigure = {
  visible: boolean
  fraction: number
  baseHidden: number
  blockers: string[]
  /** Ids of pieces/models that hide part of the base without blocking the sight line. */
  obscuring: string[]
  /** Per id, the fraction of the base sample points it hides. */
  baseHiddenBy: Record<string, number>
  class?: string
  rays: number
  baseRays: number
  /** Sampling resolution of `fraction` and `baseHidden` (1 / sample count). */
  resolution: { fraction: number; baseHidden: number }
  mode: '2d' | '3d'
  rule: string
  sampleRays?: LosRay[]
}

export type Probability = {
  hit: number
  effect: number
  /** The same as exact fractions, e.g. "9/20". */
  exact: { hit: string; effect: string }
  /** How each was computed, in words. */
  notes?: string[]
}

/** The fields of one query's result, without id/type (the evaluator adds those). */
export type QueryResultBody = { [field: string]: unknown; rules?: string[] }

export type QueryResult = QueryResultBody & { id: string; type: string }

export type ResultDocument = {
  format: typeof RESULT_FORMAT
  system: string
  engine: string
  options: Record<string, string | number | boolean>
  results: QueryResult[]
  /** Scene sanity warnings (model inside terrain, overlapping bases, floating terrain, self-aimed query); present only when there are any. */
  warnings?: SceneWarning[]
}
