// The Cadence attack chain as exact distributions (core-rules/playing-a-game.html#step-2-attack-rolls,
// #step-3-defence-rolls, #step-4-counter-rolls): attack rolls → hits (Rending, Volley) → defence rolls
// (each failure = Destructive X damage, default 1) → one counter roll per damage point (each failure =
// 1 Hit Point lost). Dice are independent; the card game without replacement lives in cardDraws.ts.
import {
  type Exact,
  type ExactDist,
  E0,
  addE,
  complementE,
  compoundE,
  exact,
  meanE,
  mixE,
  pointDist,
  probOfE,
  sumOfE,
} from './exactFraction.ts'
import { type RollCheck, faceSucceeds, finalFaceDist, successProbability } from './rollCheck.ts'

export type AttackChainSpec = {
  /** Attack rolls made (Att × attacks, after Rapid Fire / Longshot / Overcharge). */
  readonly rolls: number
  readonly attack: RollCheck
  /** Rending (X): a hit on `rendingFace` counts as X additional hits. */
  readonly rendingExtra: number
  /** Volley: each natural `topFace` grants one extra roll that grants no further rolls. */
  readonly volley: boolean
  /** The face that counts as "a roll of 6" (6 on a d6, 13 on a card). */
  readonly topFace: number
  readonly defence: RollCheck
  /** Damage points per failed defence roll (Destructive (X), default 1). */
  readonly damagePerFailedDefence: number
  readonly counter: RollCheck
}

export type AttackChainResult = {
  /** One attack roll hits. */
  pHit: Exact
  /** One defence roll fails. */
  pDefenceFails: Exact
  /** One counter roll fails. */
  pCounterFails: Exact
  /** Hits from all rolls (Rending, Volley included). */
  hits: ExactDist
  /** Hit Points lost by the target unit. */
  hpLost: ExactDist
  /** At least one hit (Blast triggers on it). */
  pAnyHit: Exact
  /** At least one Hit Point lost. */
  pAnyHpLost: Exact
  expectedHits: Exact
  expectedHpLost: Exact
  /** At least one natural 1 among the first rolls (Volatile / Overcharge hit the attacker). */
  pAnyNaturalOne: Exact
  /** Every roll missed (Survivors' unreliable-weapon test is then taken). */
  pAllMiss: Exact
}

function hitsPerRoll(spec: AttackChainSpec, withVolley: boolean): ExactDist {
  const faces = finalFaceDist(spec.attack)
  const extra: ExactDist = withVolley ? hitsPerRoll(spec, false) : pointDist(0)
  const out = new Map<number, Exact>()
  for (const [f, p] of faces) {
    const hit = faceSucceeds(spec.attack, f)
    const own = hit ? 1 + (f === spec.topFace ? spec.rendingExtra : 0) : 0
    const more = withVolley && f === spec.topFace ? extra : pointDist(0)
    for (const [v, pv] of more) out.set(own + v, addE(out.get(own + v) ?? E0, exact(p.n * pv.n, p.d * pv.d)))
  }
  return out
}

function binomial(k: number, p: Exact): ExactDist {
  const one: ExactDist = mixE(p, pointDist(1), pointDist(0))
  return sumOfE(one, k)
}

export function evaluateAttackChain(spec: AttackChainSpec): AttackChainResult {
  const pHit = successProbability(spec.attack)
  const pDefenceFails = complementE(successProbability(spec.defence))
  const pCounterFails = complementE(successProbability(spec.counter))
  const perRoll = hitsPerRoll(spec, spec.volley)
  const hits = sumOfE(perRoll, spec.rolls)
  const perHit = mixE(pDefenceFails, binomial(spec.damagePerFailedDefence, pCounterFails), pointDist(0))
  const hpLost = compoundE(hits, perHit)
  const firstFaces = finalFaceDist(spec.attack)
  const pOne = firstFaces.get(1) ?? E0
  const pNoOne = probOfE(sumOfE(mixE(pOne, pointDist(1), pointDist(0)), spec.rolls), (v) => v === 0)
  return summariseChain(pHit, pDefenceFails, pCounterFails, hits, hpLost, complementE(pNoOne))
}

/** The result record from the stage odds and the two distributions (shared by dice and cards). */
export function summariseChain(pHit: Exact, pDefenceFails: Exact, pCounterFails: Exact, hits: ExactDist, hpLost: ExactDist, pAnyNaturalOne: Exact): AttackChainResult {
  return {
    pHit,
    pDefenceFails,
    pCounterFails,
    hits,
    hpLost,
    pAnyHit: probOfE(hits, (v) => v > 0),
    pAnyHpLost: probOfE(hpLost, (v) => v > 0),
    expectedHits: meanE(hits),
    expectedHpLost: meanE(hpLost),
    pAnyNaturalOne,
    pAllMiss: probOfE(hits, (v) => v === 0),
  }
}
