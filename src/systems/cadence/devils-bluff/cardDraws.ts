// Devil's Bluff draws cards instead of rolling dice (devils-bluff/module-rules.html#the-deck, #draws):
// one 52-card deck, values A=1 … K=13, four of each. The draws of one attack — attack draws, then
// the defender's defence draws, then counter draws — come from the same deck without replacement, so
// the chain is evaluated exactly over the deck's remaining cards (a recursion over how many cards of
// each kind are left). The hand (3 cards a player may swap in) is not modelled: see the README.
import {
  type AttackChainResult, type AttackChainSpec, type Exact, type ExactDist, type RollCheck,
  E0, E1, addE, complementE, exact, faceSucceeds, mulE, summariseChain,
} from '../index.ts'

/** A full deck: four cards of each value 1..13. */
export const FULL_DECK: readonly number[] = Array.from({ length: 13 }, () => 4)

type Kind = { count: number; atk: boolean; top: boolean; one: boolean; def: boolean; ctr: boolean; atkRe: boolean }

function kindsOf(chain: AttackChainSpec, deck: readonly number[]): Kind[] {
  // Faces that behave the same in every check are one kind (fewer states to visit).
  const byKey = new Map<string, Kind>()
  deck.forEach((count, i) => {
    const f = i + 1
    if (count <= 0) return
    const k = { atk: faceSucceeds(chain.attack, f), top: f === chain.topFace, one: f === 1, def: faceSucceeds(chain.defence, f), ctr: faceSucceeds(chain.counter, f), atkRe: false }
    const key = JSON.stringify(k)
    const prev = byKey.get(key)
    if (prev) prev.count += count
    else byKey.set(key, { ...k, count })
  })
  return [...byKey.values()]
}

function addInto(out: Map<number, Exact>, shift: number, p: Exact, dist: ExactDist): void {
  for (const [v, pv] of dist) out.set(v + shift, addE(out.get(v + shift) ?? E0, mulE(p, pv)))
}

/** One draw for a check with an optional re-draw of a failure: for each outcome, the deck after it. */
function drawOutcomes(counts: number[], kinds: Kind[], ok: (k: Kind) => boolean, reroll: boolean): Array<{ p: Exact; success: boolean; kind: number; after: number[] }> {
  const total = counts.reduce((s, c) => s + c, 0)
  const out: Array<{ p: Exact; success: boolean; kind: number; after: number[] }> = []
  if (total === 0) return [{ p: E1, success: false, kind: -1, after: counts }]
  counts.forEach((c, i) => {
    if (c === 0) return
    const p = exact(c, total)
    const after = counts.slice()
    after[i]!--
    if (ok(kinds[i]!) || !reroll) {
      out.push({ p, success: ok(kinds[i]!), kind: i, after })
      return
    }
    // Re-draw once; the failed card is spent.
    for (const r of drawOutcomes(after, kinds, ok, false)) out.push({ p: mulE(p, r.p), success: r.success, kind: r.kind, after: r.after })
  })
  return out
}

/** Exact card-draw version of evaluateAttackChain. */
export function evaluateCardChain(chain: AttackChainSpec, deck: readonly number[] = FULL_DECK): AttackChainResult {
  const kinds = kindsOf(chain, deck)
  const start = kinds.map((k) => k.count)
  const memo = new Map<string, ExactDist>()
  const memoHits = new Map<string, ExactDist>()

  // HP lost from here: phase a (attack draws, normal then bonus), d (defence draws), c (counter draws).
  const rec = (counts: number[], remA: number, remBonus: number, pendD: number, pendC: number): ExactDist => {
    const key = `${counts.join(',')}|${remA}|${remBonus}|${pendD}|${pendC}`
    const hit = memo.get(key)
    if (hit) return hit
    const out = new Map<number, Exact>()
    if (remA > 0 || remBonus > 0) {
      const bonus = remA === 0
      for (const o of drawOutcomes(counts, kinds, (k) => k.atk, chain.attack.reroll)) {
        const k = kinds[o.kind]
        const hits = o.success && k ? 1 + (k.top ? chain.rendingExtra : 0) : 0
        const extra = !bonus && chain.volley && k?.top ? 1 : 0
        addInto(out, 0, o.p, rec(o.after, bonus ? 0 : remA - 1, (bonus ? remBonus - 1 : remBonus) + extra, pendD + hits, pendC))
      }
    } else if (pendD > 0) {
      for (const o of drawOutcomes(counts, kinds, (k) => k.def, chain.defence.reroll)) {
        addInto(out, 0, o.p, rec(o.after, 0, 0, pendD - 1, pendC + (o.success ? 0 : chain.damagePerFailedDefence)))
      }
    } else if (pendC > 0) {
      for (const o of drawOutcomes(counts, kinds, (k) => k.ctr, chain.counter.reroll)) {
        addInto(out, o.success ? 0 : 1, o.p, rec(o.after, 0, 0, 0, pendC - 1))
      }
    } else out.set(0, E1)
    memo.set(key, out)
    return out
  }

  // Hits of the attack draws alone (for "at least one hit", Blast's trigger, expected hits).
  const recHits = (counts: number[], remA: number, remBonus: number): ExactDist => {
    const key = `${counts.join(',')}|${remA}|${remBonus}`
    const hit = memoHits.get(key)
    if (hit) return hit
    const out = new Map<number, Exact>()
    if (remA === 0 && remBonus === 0) out.set(0, E1)
    else {
      const bonus = remA === 0
      for (const o of drawOutcomes(counts, kinds, (k) => k.atk, chain.attack.reroll)) {
        const k = kinds[o.kind]
        const hits = o.success && k ? 1 + (k.top ? chain.rendingExtra : 0) : 0
        const extra = !bonus && chain.volley && k?.top ? 1 : 0
        addInto(out, hits, o.p, recHits(o.after, bonus ? 0 : remA - 1, (bonus ? remBonus - 1 : remBonus) + extra))
      }
    }
    memoHits.set(key, out)
    return out
  }

  // At least one natural Ace among the attack draws that stand (Volatile).
  const noOne = (counts: number[], rem: number): Exact => {
    if (rem === 0) return E1
    let p = E0
    for (const o of drawOutcomes(counts, kinds, (k) => k.atk, chain.attack.reroll)) {
      if (kinds[o.kind]?.one) continue
      p = addE(p, mulE(o.p, noOne(o.after, rem - 1)))
    }
    return p
  }

  const single = (ok: (k: Kind) => boolean, check: RollCheck): Exact => {
    let p = E0
    for (const o of drawOutcomes(start, kinds, ok, check.reroll)) if (o.success) p = addE(p, o.p)
    return p
  }

  const hpLost = rec(start, chain.rolls, 0, 0, 0)
  const hits = recHits(start, chain.rolls, 0)
  return summariseChain(
    single((k) => k.atk, chain.attack),
    complementE(single((k) => k.def, chain.defence)),
    complementE(single((k) => k.ctr, chain.counter)),
    hits,
    hpLost,
    complementE(noOne(start, chain.rolls)),
  )
}
