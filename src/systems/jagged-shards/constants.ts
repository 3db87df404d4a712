// The book's numbers, each with the section that prints it. Lengths are inches as printed;
// convert with inches() from src/engine/units.ts where a rule is evaluated.

export type Cited<T> = { readonly value: T; readonly section: string }

function cited<T>(value: T, section: string): Cited<T> {
  return { value, section }
}

/** D100 = 1..100 (two ten-sided dice, §1.1). */
export const D100_SIDES = cited(100, '§1.1')
/** Sprint and Rush add a D6 (§8.1, §12). */
export const D6_SIDES = cited(6, '§8.1')

/** "01–05 = Critical Failure" (§1.5, §4.1, §4.8, §11.2). */
export const CRIT_FAIL_MAX = cited(5, '§4.8')
/** "96–100 = Critical Success" (§1.5, §4.8, §11.1); §9.8 and §19.1 print 95–100 (option critSuccessMin). */
export const CRIT_SUCCESS_MIN = cited(96, '§4.8')
export const CRIT_SUCCESS_MIN_VARIANT = cited(95, '§9.8')

/** Cover applies "when 50% or more of the target's base is obscured" (§9.3, §15.3). */
export const COVER_HIDDEN_FRACTION = cited(0.5, '§9.3')
export const LIGHT_COVER_SR = cited(10, '§9.3')
export const HEAVY_COVER_SR = cited(20, '§9.3')

/** Warp modifiers "+10 / –10" (§4.2, §10.3). */
export const WARP_MODIFIER_SR = cited(10, '§4.2')

/** Engaged = within 1" of an enemy (§8.6, §10.1, §12.4); melee target within 1" (§10.2). */
export const ENGAGEMENT_INCHES = cited(1, '§10.1')
/** A Rush succeeds if the model ends within 1" of the target (§12.1 step 5). */
export const RUSH_SUCCESS_INCHES = cited(1, '§12.1')
/** Objective control: a model within 1", no enemy within 1" (§13.1). */
export const OBJECTIVE_CONTROL_INCHES = cited(1, '§13.1')
/** Reinforcements may not be placed within 1" of an enemy (§7.2.1). */
export const REINFORCEMENT_ENEMY_CLEARANCE_INCHES = cited(1, '§7.2.1')

/** "Models may scale vertical surfaces up to 3" tall"; "Each inch climbed costs 1" of movement" (§8.1, §15.4). */
export const CLIMB_MAX_INCHES = cited(3, '§8.1')
export const CLIMB_COST_PER_INCH = cited(1, '§8.1')
/** "Drops of 3" or less cost no extra movement"; more must be agreed safe or hazardous (§8.1). */
export const FREE_DROP_INCHES = cited(3, '§8.1')

/** Heavy Terrain "halves the Movement portion of a Rush (not the D6)" (§8.4, §12.2, §15.5). */
export const HEAVY_RUSH_M_FACTOR = cited(0.5, '§12.2')

/** Ability radii of the codex (§16). */
export const AURA_3_INCHES = cited(3, '§16')
export const AURA_6_INCHES = cited(6, '§16')

/** Initiative Steal: 70 or higher on D100 (§3.6, §7.2.3). */
export const INITIATIVE_STEAL_TARGET = cited(70, '§3.6')

/** Table and setup (§1.1, §15.6, §20.1, §13.4). */
export const TABLE_INCHES = cited({ width: 48, depth: 48 }, '§1.1')
export const TERRAIN_PIECES = cited({ min: 6, max: 10 }, '§15.6')
export const DEPLOYMENT_ZONE_INCHES = cited({ width: 10, depth: 10 }, '§20.1')
export const OBJECTIVE_COUNT = cited(3, '§13')
export const OBJECTIVE_MIN_FROM_ZONE_INCHES = cited(10, '§13.4')
export const OBJECTIVE_MARKER_MM = cited({ min: 25, max: 40 }, '§13.4')

/** Force construction (§2.3, §6.2, §6.4). */
export const MAX_MODELS = cited(8, '§6.4')
export const MAX_REINFORCEMENTS = cited(2, '§6.4')
export const BUY_POINTS = cited({ attacker: 100, defender: 125 }, '§6.2')
export const WARP_FLARES = cited({ attacker: 3, defender: 2 }, '§20.1')
export const ROUNDS = cited(5, '§1.4')

/** Hold the Line: +5 EV while engaged (§16.1). */
export const HOLD_THE_LINE_EV = cited(5, '§16.1')
/** Coordinated Push: +1" (§16.1). Future Glimpse: 2" before Round 1 (§16.2). */
export const COORDINATED_PUSH_INCHES = cited(1, '§16.1')
export const FUTURE_GLIMPSE_INCHES = cited(2, '§16.2')
