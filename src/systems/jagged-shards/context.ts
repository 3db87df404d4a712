// What the camera cannot see, given with a query as `context` (one schema for every query type).
import { z } from 'zod'

const modifierSchema = z.strictObject({
  source: z.string().min(1),
  /** Added to the SR Threshold (+ = harder). */
  value: z.number().int(),
  section: z.string().optional(),
  /** Biological modifiers do not affect a Mechanical model (§16.1 Support Mech). */
  biological: z.boolean().optional(),
})

export const contextSchema = z.strictObject({
  // ---- attack -------------------------------------------------------------------------
  /** The attacker Sprinted this round: no shooting, no Rush (§7.4, §8.1). */
  sprinted: z.boolean().optional(),
  /** The attacker Disengaged this turn: no melee attack, no Sprint or Rush (§8.5, §10.2). */
  disengaged: z.boolean().optional(),
  /** The attacker successfully Rushed this round: it strikes first (§10.7, §12.5). */
  rushed: z.boolean().optional(),
  /** A critical-failure after-effect stops this model attacking this round (jam, stall, §17). */
  jammed: z.boolean().optional(),
  /** Sum of Warp modifiers on this attack, e.g. 10 or -10 (§4.2, §10.3). */
  warp: z.number().int().optional(),
  /** Position penalty on this attack's SR Threshold (§18), e.g. 10. */
  position: z.number().int().optional(),
  /** Warp Stabilize spent on this attack: −10 SR (§16.1). */
  warpStabilize: z.boolean().optional(),
  /** The attacker suffers Warp Pulse: +10 SR on this attack (§16.2). */
  warpPulse: z.boolean().optional(),
  /** Seer's Insight imposed after the roll: +10 SR (§16.2). */
  seersInsight: z.boolean().optional(),
  /** Psionic Stabilize spent: remove one negative modifier (the largest penalty) (§16.2). */
  psionicStabilize: z.boolean().optional(),
  /** Any other SR modifiers (after-effects of criticals, optional terrain, house rules). */
  modifiers: z.array(modifierSchema).optional(),
  /** Change to the target's Evade from earlier effects, e.g. -10 after a Concussion Grenade (§17.3). */
  targetEvade: z.number().int().optional(),
  /** Change to the target's Wound Threshold, e.g. -1 from a lost Supply Depot (§18.1). */
  woundThreshold: z.number().int().optional(),
  /** The target's remaining Wounds (default: its full Wounds). */
  targetWounds: z.number().int().min(1).optional(),
  /** Stationary Anchor: the attacker did not move, so it may reroll one failed hit (§16.1). */
  stationary: z.boolean().optional(),
  /** A D100 result to resolve (1–100); without it only probabilities are given. */
  roll: z.number().int().min(1).max(100).optional(),

  // ---- move ---------------------------------------------------------------------------
  /** A rolled D6 for Sprint or Rush distance (§8.1, §12). */
  d6: z.number().int().min(1).max(6).optional(),
  /** The Rush target (default: the closest visible enemy, §12.1). */
  target: z.string().min(1).optional(),
  /** Coordinated Push from a Command Officer within 6": +1" (§16.1). */
  coordinatedPush: z.boolean().optional(),
  /** Use an automatic Disengage (Tactical Break, Slip-Step; §16, §8.5). */
  autoDisengage: z.boolean().optional(),
  /** A drop of more than 3" was agreed safe (§8.1). */
  safeDrop: z.boolean().optional(),

  // ---- objective ----------------------------------------------------------------------
  /** The side that held Sticky Control before this check (§13.2). */
  stickyController: z.string().min(1).optional(),
  /** Diameter of this objective's marker in mm (default: option objectiveMarkerMm). */
  markerDiameterMm: z.number().min(0).optional(),
})

export type Context = z.infer<typeof contextSchema>

export function readContext(raw: Record<string, unknown> | undefined): Context {
  return (raw ?? {}) as Context
}
