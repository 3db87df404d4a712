// Input limits: every file and query is bounded before it is parsed, validated or evaluated, so a
// hostile or mistaken input is refused in one line naming the limit (exit 2) instead of crashing,
// hanging or exhausting memory. Defaults serve the biggest real game (about 150 models on a 6'×4'
// table) many times over; the CLI raises them with `--limit name=value`, the app uses the defaults.
// Documented in src/engine/scene/README.md ("Limits").
import { SceneError } from './sceneError.ts'

export type InputLimits = {
  /** Bytes of one input file (scene, registry, camera, mesh, ruling). */
  inputBytes: number
  /** Nesting depth of arrays and objects in one JSON document. */
  nestingDepth: number
  /** Models in one scene. */
  models: number
  /** Terrain pieces in one scene. */
  terrain: number
  /** Queries in one scene. */
  queries: number
  /** Triangles of the terrain meshes one scene uses. */
  triangles: number
  /** Pixels of one decoded image (checked from the PNG/JPEG header, before decoding). */
  imagePixels: number
  /** Bytes of one printed result. */
  outputBytes: number
  /** Work budget: sight lines the queries of one evaluation may cast (estimated before any is cast). */
  sightLines: number
  /** Events in one game log (tabletop-game/1). */
  events: number
}

export const DEFAULT_LIMITS: Readonly<InputLimits> = Object.freeze({
  inputBytes: 32 * 1024 * 1024,
  nestingDepth: 64,
  models: 1000,
  terrain: 1000,
  queries: 10_000,
  triangles: 500_000,
  imagePixels: 50_000_000,
  outputBytes: 64 * 1024 * 1024,
  sightLines: 2_000_000,
  events: 50_000,
})

export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as Array<keyof InputLimits>

/** What each limit bounds, for messages and `--limit` help. */
export const LIMIT_UNITS: Readonly<Record<keyof InputLimits, string>> = {
  inputBytes: 'bytes', nestingDepth: 'levels', models: 'models', terrain: 'terrain pieces', queries: 'queries',
  triangles: 'triangles', imagePixels: 'pixels', outputBytes: 'bytes', sightLines: 'sight lines', events: 'events',
}

/** Limits in force: defaults with overrides. */
export function resolveLimits(over: Partial<InputLimits> = {}): InputLimits {
  return { ...DEFAULT_LIMITS, ...over }
}

/** The error for a limit that was hit: one line naming the limit and how to raise it. */
export function limitError(path: string, limit: keyof InputLimits, found: string, max: number): SceneError {
  return new SceneError([{ path, message: `${found}, over the limit of ${max.toLocaleString('en-US')} ${LIMIT_UNITS[limit]} (limit "${limit}"; raise it with --limit ${limit}=N)` }])
}

/** Where a value sits: its key or index under its parent (the root has none). Paths are made only for an error. */
type Place = { readonly parent: Place | null; readonly segment: string }

/** The JSON path of a place ("options.within[0][0]"), made once by walking up: linear in its depth. */
function pathOf(place: Place | null): string {
  const segments: string[] = []
  for (let p = place; p; p = p.parent) segments.push(p.segment)
  let out = ''
  for (let i = segments.length - 1; i >= 0; i--) {
    const seg = segments[i]!
    out += seg.startsWith('[') || out === '' ? seg : `.${seg}`
  }
  return out
}

/**
 * Check a parsed JSON document's shape before any validator walks it: nesting depth, and no
 * "__proto__" keys (JSON.parse keeps them as own keys, but a validator copying the object would set a
 * prototype instead). Iterative, so a 100,000-deep document cannot overflow the stack; each value is
 * visited once and a path is made only for the error, so the check is linear in the document's size
 * (a path rebuilt per level was exponential in the depth of nested objects).
 */
export function checkJsonShape(raw: unknown, limits: Pick<InputLimits, 'nestingDepth'> = DEFAULT_LIMITS, checked?: CheckedEntries): void {
  if (typeof raw !== 'object' || raw === null) return
  // The walk that makes nothing per value (a scene comes with every camera frame); only a document that
  // fails it is walked again with places, for the error's path.
  if (shapeHolds(raw, limits.nestingDepth, checked)) return
  shapeError(raw, limits)
}

/**
 * Entries of the scene's models and terrain lists known to keep the shape already (a SceneReuse's: the
 * same JSON as an entry checked before under a limit no looser), which the walk need not enter.
 */
export type CheckedEntries = { checked(list: 'models' | 'terrain', index: number, nestingDepth: number): boolean }

/** Reused by shapeHolds: the values still to visit and their depths. */
const shapeValues: Array<object | undefined> = []
let shapeDepths = new Int32Array(256)

/** Does the document keep the depth limit and hold no "__proto__" key? Iterative; allocates nothing once warm. */
function shapeHolds(raw: object, maxDepth: number, checked?: CheckedEntries): boolean {
  const values = shapeValues
  let top = 0
  values[top] = raw
  shapeDepths[top++] = 1
  let ok = true
  const models = checked && (raw as { models?: unknown }).models
  const terrain = checked && (raw as { terrain?: unknown }).terrain
  while (top > 0 && ok) {
    const v = values[--top]!
    values[top] = undefined // held no longer than the walk
    const depth = shapeDepths[top]!
    if (depth > maxDepth) ok = false
    else if (Array.isArray(v)) {
      const list = depth !== 2 ? null : v === models ? 'models' : v === terrain ? 'terrain' : null
      for (let i = v.length - 1; i >= 0; i--) {
        const c: unknown = v[i]
        if (typeof c === 'object' && c !== null && (list === null || !checked!.checked(list, i, maxDepth))) top = pushShape(c, depth + 1, top)
      }
    } else {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue
        if (k === '__proto__') {
          ok = false
          break
        }
        const c: unknown = (v as Record<string, unknown>)[k]
        if (typeof c === 'object' && c !== null) top = pushShape(c, depth + 1, top)
      }
    }
  }
  for (let i = 0; i < top; i++) values[i] = undefined
  return ok
}

function pushShape(v: object, depth: number, top: number): number {
  if (top >= shapeDepths.length) {
    const grown = new Int32Array(2 * shapeDepths.length)
    grown.set(shapeDepths)
    shapeDepths = grown
  }
  shapeValues[top] = v
  shapeDepths[top] = depth
  return top + 1
}

/** The walk with places: throws the first shape error with its JSON path. */
function shapeError(raw: object, limits: Pick<InputLimits, 'nestingDepth'>): void {
  const stack: Array<{ v: object; depth: number; place: Place | null }> = [{ v: raw, depth: 1, place: null }]
  while (stack.length) {
    const { v, depth, place } = stack.pop()!
    if (depth > limits.nestingDepth) {
      throw limitError(shortPath(pathOf(place)), 'nestingDepth', `arrays and objects nested ${depth} levels deep`, limits.nestingDepth)
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const c: unknown = v[i]
        if (typeof c === 'object' && c !== null) stack.push({ v: c, depth: depth + 1, place: { parent: place, segment: `[${i}]` } })
      }
    } else {
      for (const k of Object.keys(v)) {
        const at: Place = { parent: place, segment: shortKey(k) }
        if (k === '__proto__') throw new SceneError([{ path: pathOf(at), message: 'the key "__proto__" is not allowed' }])
        const c: unknown = (v as Record<string, unknown>)[k]
        if (typeof c === 'object' && c !== null) stack.push({ v: c, depth: depth + 1, place: at })
      }
    }
  }
}

/** A deep path cut after its first 60 characters ("format[0][0][0]…"). */
function shortPath(p: string): string {
  return p.length > 60 ? `${p.slice(0, 60)}…` : p
}

function shortKey(k: string): string {
  return k.length > 40 ? `${k.slice(0, 40)}…` : k
}

/** Refuse a document over a count limit (models, terrain, queries) before validating its items. */
export function checkCount(raw: unknown, key: string, limit: 'models' | 'terrain' | 'queries' | 'events', limits: InputLimits): void {
  const list = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : undefined
  if (Array.isArray(list) && list.length > limits[limit]) {
    throw limitError(key, limit, `${list.length.toLocaleString('en-US')} ${LIMIT_UNITS[limit]}`, limits[limit])
  }
}
