// Exact chances of Skrapyard's roll-under d12 tests, as fractions (never simulated).
// P(pass) = clamp(V, 1, 11) / 12 (§1.5, §7.1); a re-roll of a failed test: 1 − (1 − p)² (§18.3.3, §18.3.4).
import { type Fraction, ONE, add, fraction, mul, sub, withReroll } from '../../engine/index.ts'
import { passingFaces } from './dice.ts'

/** Division of fractions (the engine offers add, sub, mul; the natural-1 chain needs one division). */
function div(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den, a.den * b.num)
}

/** P(pass) of one test against a modified characteristic, with an optional re-roll of a failure. */
export function passChance(value: number, reroll = false): Fraction {
  const p = fraction(passingFaces(value), 12)
  return reroll ? withReroll(p) : p
}

/** A one-twelfth: the natural 1 and the natural 12 (§1.5, §21). */
export const ONE_FACE = fraction(1, 12)

/**
 * Shooting (§13.3, §21.3): a hit on any passing face; a natural 1 puts the target down without an
 * A test (§21.3); any other hit makes the target test A (§15.1). `autoHit` = the Shoot feat's automatic
 * pass (§18.3.2): no roll, so no natural 1.
 */
export function shootingChance(input: {
  shootValue: number
  armourValue: number
  armourReroll: boolean
  noArmourTest: boolean
  autoHit: boolean
}): { hit: Fraction; effect: Fraction } {
  const fail = sub(ONE, passChance(input.armourValue, input.armourReroll))
  const wound = input.noArmourTest ? ONE : fail
  if (input.autoHit) return { hit: ONE, effect: wound }
  const hit = passChance(input.shootValue)
  const effect = input.noArmourTest ? hit : add(ONE_FACE, mul(sub(hit, ONE_FACE), fail))
  return { hit, effect }
}

/**
 * Combat (§14.2, §15.1, §21.1): one F test; a natural 1 allows another F test "including the character
 * already hit", again and again. With every chained roll aimed at the same target, the chance the target
 * passes every A test it takes is W = [(1 − p) + (p − 1/12)·a] / [1 − a/12], a = P(pass A);
 * effect = 1 − W. A wounded target is "hit automatically" (§15.1.3); the Fight feat passes attack tests
 * (§18.3.1): both give hit = 1 and no chain. Nets and blade-breakers cause no A test: effect = hit.
 */
export function combatChance(input: {
  fightValue: number
  armourValue: number
  armourReroll: boolean
  noArmourTest: boolean
  autoHit: boolean
}): { hit: Fraction; effect: Fraction } {
  const pass = passChance(input.armourValue, input.armourReroll)
  if (input.autoHit) return { hit: ONE, effect: input.noArmourTest ? ONE : sub(ONE, pass) }
  const hit = passChance(input.fightValue)
  if (input.noArmourTest) return { hit, effect: hit }
  const unharmed = div(add(sub(ONE, hit), mul(sub(hit, ONE_FACE), pass)), sub(ONE, mul(ONE_FACE, pass)))
  return { hit, effect: sub(ONE, unharmed) }
}

/**
 * Shooting into combat (§13.7.2): a passed S test hits an enemy on an odd roll and a friend on an even
 * roll. Returns the chances of each.
 */
export function intoCombatChance(shootValue: number): { enemy: Fraction; friend: Fraction } {
  const t = passingFaces(shootValue)
  return { enemy: fraction(Math.ceil(t / 2), 12), friend: fraction(Math.floor(t / 2), 12) }
}
