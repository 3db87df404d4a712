// §02 Melee: the opposed roll, the armor check and the wound, as exact probabilities.
// "Both roll D6. +1 if armed with a melee weapon. High wins. Attacker wins ties." Then the winner
// rolls the armor check: "Greater than the loser's AR = wound … Natural 6 always penetrates."
import { type Fraction, fraction } from '../../engine/index.ts'
import { FACES } from './dice.ts'
import type { SkirmishOptions } from './options.ts'
import type { ShootModifier } from './shootingMath.ts'

export type MeleeSide = {
  /** Sum of the side's opposed-roll modifiers (listed in `modifiers`). */
  modifiers: readonly ShootModifier[]
  /** AR used for the armor check against this side (after Pinned, Anti-Armor). */
  armorAR: number
  heavyPlate: boolean
}

export type MeleeResolution = {
  attackerTotal: number
  defenderTotal: number
  attackerWins: Fraction
  defenderWins: Fraction
  /** Attacker wins and the armor check wounds the defender. */
  defenderWounded: Fraction
  defenderMortal: Fraction
  attackerWounded: Fraction
  attackerMortal: Fraction
  notes: string[]
}

/** Does an armor check face penetrate an AR? (natural 6 always; natural 1 never, by option). */
export function armorCheckPenetrates(face: number, ar: number, options: Pick<SkirmishOptions, 'armorCheckNat1Fails'>): boolean {
  if (face === 6) return true
  if (face === 1 && options.armorCheckNat1Fails) return false
  return face > ar
}

export function resolveMelee(attacker: MeleeSide, defender: MeleeSide, options: SkirmishOptions): MeleeResolution {
  const a = attacker.modifiers.reduce((s, m) => s + m.value, 0)
  const d = defender.modifiers.reduce((s, m) => s + m.value, 0)
  // Counts over 6 (attacker die) × 6 (defender die) × 6 (armor check) = 216 equal cases.
  let aWins = 0
  let dWound = 0
  let dMortal = 0
  let aWound = 0
  let aMortal = 0
  for (const fa of FACES) {
    for (const fd of FACES) {
      const attackerWins = fa + a >= fd + d
      if (attackerWins) aWins += 6
      const winnerFace = attackerWins ? fa : fd
      const loser = attackerWins ? defender : attacker
      for (const c of FACES) {
        if (!armorCheckPenetrates(c, loser.armorAR, options)) continue
        const mortal =
          (options.meleeNat6Die === 'opposed-roll' && winnerFace === 6) ||
          (options.meleeNat6Die === 'armor-check' && c === 6) ||
          (loser.heavyPlate && c === 6)
        if (attackerWins) {
          dWound++
          if (mortal) dMortal++
        } else {
          aWound++
          if (mortal) aMortal++
        }
      }
    }
  }
  return {
    attackerTotal: a,
    defenderTotal: d,
    attackerWins: fraction(aWins, 216),
    defenderWins: fraction(216 - aWins, 216),
    defenderWounded: fraction(dWound, 216),
    defenderMortal: fraction(dMortal, 216),
    attackerWounded: fraction(aWound, 216),
    attackerMortal: fraction(aMortal, 216),
    notes: [
      'Opposed D6: high wins, attacker wins ties (§02 Melee L282); natural 6/1 do not decide an opposed roll (only the higher total does).',
      'Winner rolls the armor check: greater than the loser\'s AR wounds, natural 6 always penetrates (§02 Melee L283).',
    ],
  }
}
