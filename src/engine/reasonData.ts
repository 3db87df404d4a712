// Reasons as data for every reason a ruleset writes as prose: the quantities with a unit in its message
// (12.02", 10 mm, 90°, 90 degrees, 50%) become `values` with their units, and the message with `{name}`
// in their place becomes the `template`, so the CLI and the app print them in the user's unit with no
// more digits than they mean (reasonText.ts). Numbers without a unit (counts, levels, ids) stay as text.
import type { Quantity } from './results.ts'

// A number not glued to a word, id or decimal before it ("x-2", "v1.07" are not quantities), then its unit.
const QUANTITY = /(?<![\w.-])(-?\d+(?:\.\d+)?)(?:(["”″])|( ?mm)\b|(°)|( degrees?)\b|( inch(?:es)?)\b|(%))/g

const NAMES: Record<Quantity['unit'], string> = { in: 'length', mm: 'length', deg: 'angle', fraction: 'share', count: 'count' }

type ReasonData = { readonly template: string; readonly values: Readonly<Record<string, Readonly<Quantity>>> }

// The same few messages recur on every pair of a visibility matrix ("no model of unit … can be seen"):
// read each once. Results are frozen, since they are shared between results.
const memo = new Map<string, ReasonData>()
const MEMO_SIZE = 2048

/** The template and values of a prose reason (values empty when it carries no quantity). */
export function reasonDataOf(message: string): ReasonData {
  let data = memo.get(message)
  if (data) return data
  data = readReason(message)
  if (memo.size >= MEMO_SIZE) memo.clear()
  memo.set(message, data)
  return data
}

function readReason(message: string): ReasonData {
  const values: Record<string, Quantity> = {}
  let n = 0
  const template = message.replace(QUANTITY, (_m, num: string, inch?: string, mm?: string, deg?: string, degWord?: string, inchWord?: string, pct?: string) => {
    const v = Number(num)
    const q: Quantity = inch || inchWord ? { value: v, unit: 'in' } : mm ? { value: v, unit: 'mm' } : deg || degWord ? { value: v, unit: 'deg' } : pct ? { value: v / 100, unit: 'fraction' } : { value: v, unit: 'count' }
    const name = `${NAMES[q.unit]}${++n}`
    values[name] = Object.freeze(q)
    return `{${name}}`
  })
  return Object.freeze({ template, values: Object.freeze(values) })
}
