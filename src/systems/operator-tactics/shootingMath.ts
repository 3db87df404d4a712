// §02 Shooting / Shooting results / Armor: threshold, die modifiers with their caps, and the exact
// outcome of every face. Pure arithmetic; the geometry that decides the modifiers is in attack.ts.
import { type Fraction, ZERO, add } from '../../engine/index.ts'
import { SK } from './constants.ts'
import { FACES, type FaceDistribution, FAIR_D6, rerollFailures, worseOfTwo } from './dice.ts'
import type { SkirmishOptions } from './options.ts'

/** What a die modifier is, for the caps: "Class abilities that modify Shoot stack to a maximum of +2". */
export type ModifierKind = 'cover' | 'range' | 'condition' | 'status' | 'wound' | 'class' | 'weapon' | 'action' | 'edge' | 'cap'

export type ShootModifier = { source: string; value: number; rule: string; kind: ModifierKind }

export type ShootInput = {
  /** The shooter's SHOOT threshold (Good 2, Ordinary 4, Bad 5). */
  shootThreshold: number
  /** Target armor rating after Pinned (−1). */
  targetAR: number
  targetHeavyPlate: boolean
  modifiers: readonly ShootModifier[]
  /** Shooting into a fight: a modified 1–2 hits an ally (§02 Shooting). */
  intoFight: boolean
  /** Attacker holds a Breach token on the target and escalates: the hit becomes an MW (§02 Breach tokens). */
  escalate: boolean
  /** The shooter spends an Edge token to reroll a failed die (§02 Edge tokens). */
  edgeReroll: boolean
  /** The target's controller spends a Breach token on the shooter: reroll, take the worse (§02 Breach tokens). */
  breachForcedReroll: boolean
}

export type FaceOutcome = {
  face: number
  modified: number
  result: 'dry-fire' | 'miss' | 'ally-hit' | 'flesh-wound' | 'two-flesh-wounds' | 'mortal-wound'
  fleshWounds: number
  mortalWounds: number
  rule: string
}

export type ShootResolution = {
  threshold: number
  thresholdRule: string
  /** Modifiers as applied, including cap adjustments (kind "cap"). */
  modifiers: ShootModifier[]
  modifierTotal: number
  /** Threshold the die must show once modifiers are moved across: threshold − modifiers. */
  effectiveThreshold: number
  onlyNatural6: boolean
  faces: FaceOutcome[]
  /** Final-face probabilities after re-rolls. */
  faceProbability: FaceDistribution
  hit: Fraction
  mortal: Fraction
  anyWound: Fraction
  allyHit: Fraction
  dryFire: Fraction
  notes: string[]
}

/** Apply the two caps the book prints to a list of raw modifiers. */
export function capModifiers(raw: readonly ShootModifier[], options: Pick<SkirmishOptions, 'classBonusCapScope' | 'crackerjack'>): ShootModifier[] {
  const out = [...raw]
  const capped = (m: ShootModifier) =>
    m.value > 0 &&
    (options.classBonusCapScope === 'all-positive' ||
      m.kind === 'class' ||
      (options.classBonusCapScope === 'class-and-weapons' && m.kind === 'weapon'))
  const classSum = raw.filter(capped).reduce((s, m) => s + m.value, 0)
  const cap = SK.classBonusCapPerAttack.value
  if (classSum > cap) {
    out.push({ source: `class abilities stack to +${cap} per attack (had +${classSum})`, value: cap - classSum, rule: '§02 Shooting L263', kind: 'cap' })
  }
  if (options.crackerjack) {
    const neg = raw.filter((m) => m.value < 0).reduce((s, m) => s + m.value, 0)
    const floor = SK.crackerjackNegativeCap.value
    if (neg < floor) {
      out.push({ source: `Crackerjack Modifier Cap: negatives cannot exceed ${floor} (had ${neg})`, value: floor - neg, rule: '§26 Competition combat modifiers L2394', kind: 'cap' })
    }
  }
  return out
}

/** Shoot threshold: "SHOOT proficiency + target's AR" (§02 Shooting), or the Heavy Plate "7+" reading. */
export function shootThreshold(input: Pick<ShootInput, 'shootThreshold' | 'targetAR' | 'targetHeavyPlate'>, options: Pick<SkirmishOptions, 'heavyPlateThreshold'>): { threshold: number; rule: string } {
  if (input.targetHeavyPlate && options.heavyPlateThreshold === 'fixed-7') {
    return { threshold: 7, rule: '§02 Armor L296 "Heavy Plate … threshold 7+" (option heavyPlateThreshold=fixed-7)' }
  }
  return {
    threshold: input.shootThreshold + input.targetAR,
    rule: `§02 Shooting L263: SHOOT ${input.shootThreshold}+ plus target AR ${input.targetAR} = ${input.shootThreshold + input.targetAR}+`,
  }
}

export function resolveShoot(input: ShootInput, options: SkirmishOptions): ShootResolution {
  const { threshold: T, rule: thresholdRule } = shootThreshold(input, options)
  const modifiers = capModifiers(input.modifiers, options)
  const m = modifiers.reduce((s, x) => s + x.value, 0)
  const effective = T - m
  const pastSix = effective > SK.maxUnmodifiedThreshold.value
  const notes: string[] = []

  const inAllyBand = (modified: number) =>
    input.intoFight &&
    (options.intoFightAllyBand === 'at-most-2' ? modified <= SK.intoFightAllyMaxModified.value : modified >= 1 && modified <= SK.intoFightAllyMaxModified.value)

  const faces: FaceOutcome[] = FACES.map((face) => {
    const modified = face + m
    if (face === 1) {
      // Natural 1 — Dry Fire: the weapon jams (§02 Shooting results). Into a fight it may still hit an ally.
      if (inAllyBand(modified)) return { face, modified, result: 'ally-hit', fleshWounds: 0, mortalWounds: 0, rule: '§02 Shooting L269 "Modified 1-2 hits an ally" (and the weapon jams, L277)' }
      return { face, modified, result: 'dry-fire', fleshWounds: 0, mortalWounds: 0, rule: '§02 Shooting results L277 "Natural 1 — Dry Fire"' }
    }
    if (face === 6) {
      if (input.escalate) return { face, modified, result: 'mortal-wound', fleshWounds: 0, mortalWounds: 1, rule: '§02 Breach tokens L356 "Escalate the wound"' }
      if (input.targetHeavyPlate && (options.heavyPlateNat6 === 'always-2fw' || pastSix)) {
        return { face, modified, result: 'two-flesh-wounds', fleshWounds: 2, mortalWounds: 0, rule: '§02 Shooting results L276 "Natural 6 vs. Heavy Plate … 2 Flesh Wounds"' }
      }
      if (pastSix) {
        return { face, modified, result: 'flesh-wound', fleshWounds: 1, mortalWounds: 0, rule: `§02 Armor L299: threshold pushed past 6 (${T}+ with ${signed(m)} = ${effective}+), "a natural 6 inflicts 1 Flesh Wound"` }
      }
      return { face, modified, result: 'mortal-wound', fleshWounds: 0, mortalWounds: 1, rule: '§02 Shooting results L275 "Natural 6. Mortal Wound."' }
    }
    // The specific into-a-fight rule wins over meeting the threshold for modified 1–2.
    if (inAllyBand(modified)) return { face, modified, result: 'ally-hit', fleshWounds: 0, mortalWounds: 0, rule: '§02 Shooting L269 "Modified 1-2 hits an ally"' }
    if (modified >= T) {
      if (input.escalate) return { face, modified, result: 'mortal-wound', fleshWounds: 0, mortalWounds: 1, rule: '§02 Breach tokens L356 "Escalate the wound"' }
      return { face, modified, result: 'flesh-wound', fleshWounds: 1, mortalWounds: 0, rule: '§02 Shooting results L274 "Hit. Flesh Wound."' }
    }
    return { face, modified, result: 'miss', fleshWounds: 0, mortalWounds: 0, rule: `§02 Core rules: ${face}${signed(m)} = ${modified} < ${T}` }
  })

  const isHit = (f: number) => {
    const o = faces[f - 1]!
    return o.fleshWounds + o.mortalWounds > 0
  }
  let dist: FaceDistribution = FAIR_D6
  if (input.breachForcedReroll) {
    dist = worseOfTwo()
    notes.push('Breach token on the shooter: reroll, take the worse (§02 Breach tokens L355).')
  }
  if (input.edgeReroll) {
    dist = rerollFailures(dist, isHit)
    notes.push('Edge token: a failed die is rerolled once (§02 Edge tokens L347).')
  }
  if (pastSix) notes.push(`Only a natural 6 hits: ${T}+ with modifiers ${signed(m)} needs ${effective}+ (§02 Armor L299).`)

  const sum = (test: (o: FaceOutcome) => boolean): Fraction =>
    faces.reduce((p, o, i) => (test(o) ? add(p, dist[i]!) : p), ZERO)
  return {
    threshold: T,
    thresholdRule,
    modifiers,
    modifierTotal: m,
    effectiveThreshold: effective,
    onlyNatural6: effective > 6,
    faces,
    faceProbability: dist,
    hit: sum((o) => o.fleshWounds + o.mortalWounds > 0),
    mortal: sum((o) => o.mortalWounds > 0),
    anyWound: sum((o) => o.fleshWounds + o.mortalWounds > 0),
    allyHit: sum((o) => o.result === 'ally-hit'),
    dryFire: sum((o) => o.face === 1),
    notes,
  }
}

export function signed(v: number): string {
  return v >= 0 ? `+${v}` : `${v}`
}
