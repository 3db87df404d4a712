// What the camera cannot see: the `context` of attack, move, objective, blast and aura queries.
import { z } from 'zod'

const wounds = z.strictObject({
  fleshWounds: z.number().int().min(0).max(3).optional(),
  mortalWounds: z.number().int().min(0).max(2).optional(),
})

const point = z.tuple([z.number(), z.number()])

export const contextSchema = z.strictObject({
  // Wound tracks (§02 Wounds): penalties −1 at 3 FW or 1 MW, −2 at 2 MW, "-1 all".
  attackerWounds: wounds.optional(),
  targetWounds: wounds.optional(),
  // Shooting actions and abilities.
  /** Marksman Steady Aim taken (both actions, no movement): ignores cover, +1 (§03 Marksman). */
  steadyAim: z.boolean().optional(),
  /** First attack from Stealth: +2 (§02 Stealth). Also implied by the attacker's status "stealth". */
  fromStealth: z.boolean().optional(),
  /** A friendly Call the Target succeeded on this target: +1 (§02 Call the Target; §26 Competition). */
  calledTarget: z.boolean().optional(),
  /** Commando Rapid Fire: two Shoot attacks for one action (§03 Commando). */
  rapidFire: z.boolean().optional(),
  /** Desperation Fire: two shots, the second at −2; a natural 1 on the first ends it (§02 Desperation Fire). */
  desperationFire: z.boolean().optional(),
  /** This is the second Desperation Fire shot (−2). */
  desperationSecondShot: z.boolean().optional(),
  /** Contract Scar "Shaky Hands": −1 Shoot (§05 League play). */
  shakyHands: z.boolean().optional(),
  /** Crackerjack Industrial Complex: an active terminal grants +1 Shoot to the nearest friendly (§26). */
  terminalBonus: z.boolean().optional(),
  /** Any other class-ability bonus (e.g. a Core Book specialization); counts toward the +2 cap. */
  classBonus: z.number().int().optional(),
  // The target's reaction, declared before the roll (§02 Reactions).
  reaction: z.enum(['none', 'return-fire', 'take-cover', 'duck-down', 'body-shield']).optional(),
  // Re-rolls and tokens.
  /** The shooter spends an Edge token to reroll a failed die (§02 Edge tokens). */
  edgeReroll: z.boolean().optional(),
  /** The shooter spends an Edge token for +1 after rolling (§02 Edge tokens). */
  edgePlusOne: z.boolean().optional(),
  /** The opponent spends a Breach token on the roller: reroll, take the worse (§02 Breach tokens). */
  breachReroll: z.boolean().optional(),
  /** The shooter escalates with a Breach token on the target: a hit becomes an MW (§02 Breach tokens). */
  escalate: z.boolean().optional(),
  // Vertical Pressure / Convention facts.
  /** §06A Concealment: the target Shot on its last activation (so it is not Concealed). */
  targetShotLastActivation: z.boolean().optional(),
  /** §25 "Shoot out the lights": the corridor is dark, enemies cannot see over 6". */
  lightsOut: z.boolean().optional(),
  /** Objective markers not placed as terrain, [x, y] mm (Crackerjack Objective Cover, objective control). */
  objectives: z.array(point).optional(),
  // Melee.
  /** The weapon carried is Anti-Armor (Extended Loadouts), for the melee armor check (§02 Melee). */
  antiArmor: z.boolean().optional(),
  // Objective control / Hardpoints.
  /** Operators that failed a Contact Ceiling check this round: they do not hold a Hardpoint (§06A). */
  shaken: z.array(z.string()).optional(),
  /** Operators beaten in a Fight on a Hardpoint: they no longer contest it (§06A Taking Ground). */
  beaten: z.array(z.string()).optional(),
  // Movement.
  /** The model has a handhold/ladder available where the piece has none marked (§02 Climbing). */
  ladder: z.boolean().optional(),
  /** The operator carries the Smash & Grab package (−2 MOBI, cannot Sprint) (§05). */
  carrying: z.boolean().optional(),
  /** Callsign trait Field Drift, first activation: +1" to all movement (§05 League play). */
  fieldDrift: z.boolean().optional(),
})

export type SkirmishContext = z.infer<typeof contextSchema>

export function readContext(raw: unknown): SkirmishContext {
  return (raw ?? {}) as SkirmishContext
}
