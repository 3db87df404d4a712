// The number a die must meet or beat: the §16 Order matchup, then the stat and keyword modifiers,
// clamped to 2+..6+ (natural 6 always hits, natural 1 always misses: §12 L1218).
import type { AttacksStat, DefenceStat, Order } from './catalogue.ts'
import { IRON_LINE, TARGET_NUMBERS } from './constants.ts'

export type TnModifier = { source: string; value: number; rule: string }

/** The terrain penalty a shooting target has after Elevated Fire (§16 L1517, §16A L1565). */
export type TerrainPenalty = 'none' | 'cover' | 'fortified' | 'fortified+cover'

export type TnInput = {
  kind: 'shooting' | 'combat'
  attackerOrder: Order
  targetOrder: Order
  attacks: AttacksStat
  defence: DefenceStat
  terrain: TerrainPenalty
  /** Clumsy (+x) on the attacker, shooting only (§23 L2037). */
  clumsy: number
  /** Devastating Charge active: advanced 6"+ this round (§23 L2047), combat only. */
  devastatingCharge: boolean
  /** Merciless attacker against a Broken target (§23 L2062). */
  merciless: boolean
  clampOrder: 'final' | 'per-modifier'
  /** Crackerjack modifier cap (§26 L2394), cross-walked to Target Number increases. */
  crackerjackCap: 'off' | 'situational' | 'all-increases'
}

export type TnResult = {
  tn: number
  base: number
  modifiers: TnModifier[]
  /** The sum before any clamp. */
  unclamped: number
  clamps: string[]
}

const cite = (b: { section: string; line: string }): string => `${b.section} ${b.line}`

/** Modifiers in the order the book prints them (§16 L1497, then terrain, Clumsy, keywords). */
export function listTnModifiers(input: TnInput): TnModifier[] {
  const mods: TnModifier[] = []
  const C = IRON_LINE
  if (input.attacks === 'weak') mods.push({ source: 'Weak Attacks', value: C.weakAttacksTn.value, rule: cite(C.weakAttacksTn) })
  if (input.attacks === 'strong') mods.push({ source: 'Strong Attacks', value: C.strongAttacksTn.value, rule: cite(C.strongAttacksTn) })
  if (input.attacks === 'monstrous') mods.push({ source: 'Monstrous Attacks', value: C.monstrousAttacksTn.value, rule: cite(C.monstrousAttacksTn) })
  if (input.defence === 'weak') mods.push({ source: 'Weak Defence', value: C.weakDefenceTn.value, rule: cite(C.weakDefenceTn) })
  if (input.defence === 'strong') mods.push({ source: 'Strong Defence', value: C.strongDefenceTn.value, rule: cite(C.strongDefenceTn) })
  if (input.kind === 'shooting') {
    if (input.terrain === 'cover' || input.terrain === 'fortified+cover') mods.push({ source: 'Cover (Obscuring)', value: C.coverTn.value, rule: '§16 L1517; §23 L2040' })
    if (input.terrain === 'fortified' || input.terrain === 'fortified+cover') mods.push({ source: 'Fortified', value: C.fortifiedTn.value, rule: cite(C.fortifiedTn) })
    if (input.clumsy > 0) mods.push({ source: `Clumsy (+${input.clumsy})`, value: input.clumsy, rule: '§23 L2037' })
  }
  if (input.kind === 'combat' && input.devastatingCharge) mods.push({ source: 'Devastating Charge', value: C.devastatingChargeTn.value, rule: cite(C.devastatingChargeTn) })
  if (input.merciless) mods.push({ source: 'Merciless (target Broken)', value: C.mercilessTn.value, rule: cite(C.mercilessTn) })
  if (input.kind === 'shooting' && input.crackerjackCap !== 'off') {
    const situational = new Set(['Cover (Obscuring)', 'Fortified'])
    const counts = (m: TnModifier): boolean =>
      m.value > 0 && (input.crackerjackCap === 'all-increases' || situational.has(m.source) || m.source.startsWith('Clumsy'))
    const increases = mods.filter(counts).reduce((s, m) => s + m.value, 0)
    const cap = C.crackerjackModifierCap.value
    if (increases > cap) mods.push({ source: 'Crackerjack modifier cap', value: cap - increases, rule: cite(C.crackerjackModifierCap) })
  }
  return mods
}

export function computeTargetNumber(input: TnInput): TnResult {
  const base = TARGET_NUMBERS[input.attackerOrder][input.targetOrder]
  const modifiers = listTnModifiers(input)
  const min = IRON_LINE.tnMin.value
  const max = IRON_LINE.tnMax.value
  const clamps: string[] = []
  const unclamped = modifiers.reduce((s, m) => s + m.value, base)
  let tn = base
  if (input.clampOrder === 'per-modifier') {
    // "Weak Attacks +1 to TN (max 6). Strong Attacks -1 (min 2)..." (§16 L1497): clamp after each step.
    for (const m of modifiers) {
      const next = tn + m.value
      const clamped = Math.min(max, Math.max(min, next))
      if (clamped !== next) clamps.push(`${m.source}: ${next} clamped to ${clamped}+`)
      tn = clamped
    }
  } else {
    // "Min TN 2+, max 6+" (§16 L1497): sum, then clamp once.
    tn = Math.min(max, Math.max(min, unclamped))
    if (tn !== unclamped) clamps.push(`${unclamped} clamped to ${tn}+`)
  }
  return { tn, base, modifiers, unclamped, clamps }
}
