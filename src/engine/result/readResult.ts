// Reading saved tabletop-result/1 documents (a ruling exported last month, another tool's archive).
// Fields are only ever added under one format version; where a value was changed under it anyway,
// the reader maps the changed value back to the contract's, so one reader handles every document:
// - narrative-skirmish `arc` results written between the uniform-fields change and this reader named
//   the two side arcs "left side" and "right side" (in `arc`, `membership[].arc`, `lines[].arc`). The
//   contract's name is "side" (the book's Side armour); which side is the additive field `side`.
import type { ResultDocument } from '../results.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

const SIDE_ARC = /^(left|right) side$/

/** `{arc: "left side"}` → `{arc: "side", side: "left"}`; anything else as it is. */
function sideArc<T>(o: T): T {
  if (!isObj(o) || typeof o.arc !== 'string') return o
  const m = SIDE_ARC.exec(o.arc)
  return m ? ({ ...o, arc: 'side', side: m[1] } as T) : o
}

/** A saved result document with every value in the contract's meaning (a new object; the input is not changed). */
export function readResultDocument<D extends ResultDocument>(doc: D): D {
  if (doc.system !== 'narrative-skirmish') return doc
  const results = doc.results.map((r) => {
    if (r.type !== 'arc') return r
    const out = sideArc(r)
    return {
      ...out,
      ...(Array.isArray(r.membership) ? { membership: r.membership.map(sideArc) } : {}),
      ...(Array.isArray(r.lines) ? { lines: r.lines.map(sideArc) } : {}),
    }
  })
  return { ...doc, results }
}
