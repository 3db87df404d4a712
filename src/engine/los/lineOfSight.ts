// What a sampled line of sight reports (los/sampleLineOfSight.ts computes it). Types only, so the
// rule-system declarations can name it without importing the sampler.
import type { LosRay } from '../results.ts'

export type LineOfSight = {
  visible: boolean
  /** Fraction of target points seen (0..1). */
  fraction: number
  /** Fraction of base sample points hidden by blocking or obscuring terrain/models (0..1). */
  baseHidden: number
  blockers: string[]
  obscuring: string[]
  baseHiddenBy: Record<string, number>
  /** Fraction of the target-point sight lines each id blocks. */
  blockedBy: Record<string, number>
  /**
   * Terrain of any type between viewer and target, whatever the rule says blocks: the fraction of
   * target-point lines and of base lines that pass through at least one terrain piece, and which
   * pieces. Rulesets decide cover from this without sampling again.
   */
  terrainCrossing: { figure: number; base: number; pieces: string[] }
  rays: number
  baseRays: number
  mode: '2d' | '3d'
  rule: string
  sampleRays?: LosRay[]
  /** With a symmetric rule: which way the reported lines run (forward = viewer → target). */
  direction?: 'forward' | 'reverse'
}
