// The dice behind a proposal (issue 33): entered by the players, in the order the ruleset asks for them,
// or rolled by a seeded roller whose seed and dice are recorded in the log, so a replay rolls the same.
// Randomness comes in as a seed (house style: no Math.random in the engine).
import type { DiceSource } from './gameDecl.ts'

/** One die as a proposal read it: its sides, its face, what it was for. */
export type DrawnDie = { sides: number; value: number; purpose: string }

/** The proposal needs more dice than were entered. */
export class DiceShortfall extends Error {
  readonly sides: number
  readonly purpose: string
  readonly index: number
  constructor(sides: number, purpose: string, index: number) {
    super(`needs a d${sides} for ${purpose} (die ${index + 1}), and no more dice were given`)
    this.name = 'DiceShortfall'
    this.sides = sides
    this.purpose = purpose
    this.index = index
  }
}

/** An entered die that is no face of the die asked for. */
export class DieOutOfRange extends Error {
  readonly index: number
  readonly value: number
  readonly sides: number
  constructor(index: number, value: number, sides: number, purpose: string) {
    super(`${value} is not a face of a d${sides} (${purpose})`)
    this.name = 'DieOutOfRange'
    this.index = index
    this.value = value
    this.sides = sides
  }
}

/** Dice read in order from a list the players entered. */
export function enteredDice(values: readonly number[]): DiceSource & { drawn: DrawnDie[] } {
  const drawn: DrawnDie[] = []
  return {
    drawn,
    roll: (sides, purpose) => {
      const i = drawn.length
      const value = values[i]
      if (value === undefined) throw new DiceShortfall(sides, purpose, i)
      if (!Number.isInteger(value) || value < 1 || value > sides) throw new DieOutOfRange(i, value, sides, purpose)
      drawn.push({ sides, value, purpose })
      return value
    },
  }
}

/**
 * Dice rolled from a 32-bit seed (mulberry32), each face equally likely: a draw that would favour low
 * faces (the top of the 2^32 range that is not a whole number of dice) is drawn again.
 */
export function seededDice(seed: number): DiceSource & { drawn: DrawnDie[] } {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  const drawn: DrawnDie[] = []
  return {
    drawn,
    roll: (sides, purpose) => {
      const limit = Math.floor(0x100000000 / sides) * sides
      let u = next()
      while (u >= limit) u = next()
      const value = 1 + (u % sides)
      drawn.push({ sides, value, purpose })
      return value
    },
  }
}
