// What the planner shows for a scene and a selection, computed by the engine (in the worker; also
// callable in Node for tests). No rule logic here: every figure comes from loadScene/evaluateTable/
// runQuery; this file only picks the queries and copies out what the overlay draws.
import {
  type ArcLine, type LosRay, type Query, type QueryResult, type ResultDocument, type Scene, type SceneIssue, type SceneWarning, type Table, type Vec3Tuple,
  LosMemo, SceneError, checkWorkBudget, evaluateTable, holdMatrixLine, inches, loadScene, losRuleOf, runQuery, segmentInsideLengthMm,
} from '../../engine/index.ts'
import { withMeshWarnings } from '../../terrain/index.ts'
import { findRuleSystem, ruleSystems } from '../../systems/index.ts'
import type { AttackQuery, LosLine, ModelFacts, Overlay, PieceWarning, Selection, WeaponFacts } from './protocol.ts'
import { bundledMeshes } from './bundledMeshes.ts'
import { type LosDisplayClass, shownLos } from '../format/losDisplay.ts'
import { sightOf } from '../format/verdictView.ts'

const knownSystems = () => ruleSystems.map((s) => s.id)

/** The card's query id (kept stable so a saved ruling and a CLI run of the same scene agree). */
export const ATTACK_QUERY_ID = 'attack'

/**
 * Sight lines kept from one scene to the next (engine/los/losMemo.ts): when a few models move, only
 * the pairs they can reach are sampled again. One per worker (or per Node process in tests).
 */
export const overlayMemo = new LosMemo()

/** Validate and prepare a scene with the given queries (replacing the scene's own). */
export function prepare(scene: Scene, queries: Query[]): Table {
  return loadScene({ ...scene, queries }, findRuleSystem, knownSystems(), { meshes: bundledMeshes(), losMemo: overlayMemo })
}

/** Work between two looks at the worker's messages (ms). */
const SLICE_MS = 8

/**
 * Sample the visibility matrix's sight lines into the memo in slices of about SLICE_MS, awaiting
 * `pause` between slices and stopping as soon as `stale()` says a newer scene has come. Returns
 * whether every pair is now in the memo (evaluateOverlay then only reads them). Rulesets with
 * their own visibility handler sample their own way: nothing to warm for them.
 */
export async function warmOverlay(scene: Scene, stale: () => boolean, pause: () => Promise<void>, sliceMs = SLICE_MS): Promise<boolean> {
  const table = prepare(scene, [])
  if (table.system.handlers.visibility) return !stale()
  // Bring the memo to this table first: a pair it still holds needs nothing (a look-up, no clock).
  overlayMemo.sync(table, losRuleOf(table))
  let sliceStart = performance.now()
  for (const v of table.models) {
    for (const t of table.models) {
      if (t.side === v.side || overlayMemo.held(v.id, t.id)) continue
      holdMatrixLine(table, v, t)
      if (performance.now() - sliceStart < sliceMs) continue
      await pause()
      if (stale()) return false
      sliceStart = performance.now()
    }
  }
  return !stale()
}

/** The attack query for a selection, or null when attacker or target is missing or unknown. */
export function attackQueryFor(table: Table, sel: Selection): AttackQuery | null {
  const attacker = sel.attackerId ? table.findModel(sel.attackerId) : undefined
  const target = sel.targetId ? table.findModel(sel.targetId) : undefined
  if (!attacker || !target || attacker.id === target.id) return null
  const weapon = attacker.weapons.find((w) => w.id === sel.weaponId) ?? attacker.weapons[0]
  return { id: ATTACK_QUERY_ID, type: 'attack', attacker: attacker.id, target: target.id, ...(weapon ? { weapon: weapon.id } : {}) }
}

/**
 * The full overlay for a scene and selection. Throws SceneError when the scene itself is invalid.
 * `meshWarnings`: how the scene's terrain files were read (src/terrain's meshLibraryForScene); the card
 * shows those of the pieces between the attacker and the target.
 */
export function evaluateOverlay(scene: Scene, sel: Selection, meshWarnings: readonly SceneWarning[] = []): Overlay {
  const started = performance.now()
  const base = prepare(scene, [])
  const attackQuery = attackQueryFor(base, sel)
  let attack: QueryResult | null = null
  let attackError: string | null = null
  if (attackQuery) {
    try {
      // What evaluateTable gives for this one query, on the table already prepared (a third table
      // per frame, its memo sync and its scene warnings cost more than the ruling on a 100-model table).
      attack = { id: attackQuery.id, type: attackQuery.type, ...runQuery(base, attackQuery) }
    } catch (e) {
      // A rule system's own failure on this attack must not take the whole overlay down.
      attackError = e instanceof SceneError ? e.issues.map((i) => i.message).join('; ') : `the rules engine failed on this attack: ${e instanceof Error ? e.message : String(e)}`
    }
  }
  const attacker = sel.attackerId ? base.findModel(sel.attackerId) : undefined
  const target = sel.targetId ? base.findModel(sel.targetId) : undefined
  const models = base.models.map((m) => modelFacts(m, base))
  const eyeOf = (id: string): Vec3Tuple => models.find((m) => m.id === id)!.eye
  const centreOf = (id: string): Vec3Tuple => models.find((m) => m.id === id)!.centre

  // The matrix is every pair: a table too big for the work budget is refused with the limit's name
  // (the same line the CLI prints), not left to freeze the worker.
  checkWorkBudget(base, [{ type: 'visibility' }])
  const matrix = visibilityMatrix(base)
  let losRow: LosLine[] = []
  if (attacker) {
    // One full los query per enemy (the CLI's `los` answer), not the matrix row: the matrix may
    // sample more coarsely for speed, and the lines must agree with what a referee's query says.
    losRow = losPairsFrom(base, attacker.id).map((p) => ({ to: p.to, visible: p.visible, fraction: p.fraction, ...(p.class !== undefined ? { class: p.class } : {}), ...(p.display ? { display: p.display } : {}), from: eyeOf(attacker.id), aim: centreOf(p.to) }))
  }

  let sampleRays: LosRay[] | null = null
  if (sel.rays && attacker && target && attacker.id !== target.id) {
    sampleRays = (tryQuery(base, { id: 'rays', type: 'los', from: attacker.id, to: target.id, rays: true })?.sampleRays as LosRay[] | undefined) ?? null
  }

  let engagement: Overlay['engagement'] = null
  if (attacker) {
    const r = tryQuery(base, { id: 'engagement', type: 'engagement', model: attacker.id })
    if (r && typeof r.rangeMm === 'number') engagement = { rangeMm: r.rangeMm, engaged: r.engaged === true, with: (r.with as string[] | undefined) ?? [] }
  }

  let arc: Overlay['arc'] = null
  if (attacker && target && attacker.id !== target.id) {
    const r = tryQuery(base, { id: 'arc', type: 'arc', of: target.id, from: attacker.id })
    if (r && Array.isArray(r.lines)) arc = { of: target.id, arc: typeof r.arc === 'string' ? r.arc : null, lines: r.lines as ArcLine[] }
  }

  return {
    systemId: base.system.id,
    models,
    attackQuery,
    attack,
    attackError,
    terrainWarnings: warningsOnTheLine(base, attack, attackQuery, meshWarnings),
    losRow,
    sampleRays,
    engagement,
    arc,
    matrix: matrix ? { pairs: matrix.pairs.length, visible: matrix.pairs.filter((p) => p.visible).length, byDisplay: countByDisplay(matrix.pairs, losRow, attacker?.id ?? null, attackQuery, attack), ms: matrix.ms } : null,
    ms: performance.now() - started,
  }
}

/** Rule on a scene: exactly the CLI's `eval` of the scene with this one query (its terrain warnings included). */
export function ruleOn(scene: Scene, query: Query, meshWarnings: readonly SceneWarning[] = []): ResultDocument {
  return withMeshWarnings(evaluateTable(prepare(scene, [query])), meshWarnings)
}

/**
 * The terrain warnings that bear on this attack: those of pieces the line between the two base centres
 * crosses, or that block part of the target from the attacker (its sight's blockers). A file read as
 * thin surfaces, or a piece sunk into the table, changes what that piece hides.
 */
function warningsOnTheLine(table: Table, attack: QueryResult | null, attackQuery: AttackQuery | null, meshWarnings: readonly SceneWarning[]): PieceWarning[] {
  if (!attackQuery || meshWarnings.length === 0) return []
  const a = table.findModel(attackQuery.attacker)
  const t = table.findModel(attackQuery.target)
  if (!a || !t) return []
  const blockers = new Set(attack ? sightOf(attack)?.blockers ?? [] : [])
  const out: PieceWarning[] = []
  for (const w of meshWarnings) {
    const piece = table.terrain[Number(/^terrain\[(\d+)\]/.exec(w.path)?.[1] ?? -1)]
    if (!piece) continue
    if (!blockers.has(piece.id) && !(segmentInsideLengthMm(piece.solid.footprint, a.x, a.y, t.x, t.y) > 0)) continue
    // the message names the file; the piece's own name goes first where it has another (never its id: names, not ids)
    const name = piece.scene.name
    out.push({ ...w, piece: piece.id, text: name && !('mesh' in piece.scene && piece.scene.mesh === name) ? `${name}: ${w.message}` : w.message })
  }
  return out
}

/** SceneError → issues; anything else → one issue saying it is an internal error. */
export function issuesOf(e: unknown): SceneIssue[] {
  if (e instanceof SceneError) return e.issues
  return [{ path: '', message: `internal error: ${e instanceof Error ? e.message : String(e)}` }]
}

type Pair = { from: string; to: string; visible: boolean; fraction: number; class?: string; display?: 'clear' | 'partial' | 'blocked' }

function visibilityMatrix(table: Table): { pairs: Pair[]; ms: number } | null {
  const t0 = performance.now()
  const r = tryQuery(table, { id: 'matrix', type: 'visibility' })
  if (!r || !Array.isArray(r.pairs)) return null
  return { pairs: r.pairs as Pair[], ms: performance.now() - t0 }
}

/**
 * The matrix's pairs counted by the game's display classes (clear / partial / blocked), not by raw
 * visibility. The attacker's own row is counted from its full los answers (the lines drawn), and the
 * picked pair from the card's attack (its own sight), so the line beside the card never contradicts it.
 */
function countByDisplay(pairs: readonly Pair[], losRow: readonly LosLine[], attackerId: string | null, pick: AttackQuery | null, attack: QueryResult | null): Record<LosDisplayClass, number> {
  const out: Record<LosDisplayClass, number> = { clear: 0, partial: 0, blocked: 0 }
  const overlay = { attackQuery: pick, attack }
  for (const p of pairs) {
    const line = p.from === attackerId ? losRow.find((l) => l.to === p.to) : undefined
    out[line ? shownLos(line, overlay, attackerId).display : shownLos(p, null, p.from).display]++
  }
  return out
}

/** One los query per enemy of `from`. */
function losPairsFrom(table: Table, from: string): Pair[] {
  const viewer = table.model(from)
  const out: Pair[] = []
  for (const t of table.models) {
    if (t.side === viewer.side) continue
    const r = tryQuery(table, { id: 'los', type: 'los', from, to: t.id })
    if (!r) continue
    const sight = r.sight as { display?: Pair['display'] } | undefined
    out.push({ from, to: t.id, visible: r.visible === true, fraction: Number(r.fraction ?? 0), ...(typeof r.class === 'string' ? { class: r.class } : {}), ...(sight?.display ? { display: sight.display } : {}) })
  }
  return out
}

/** Run a query the overlay would like but can live without (a system may not answer it). */
function tryQuery(table: Table, q: Query): Record<string, unknown> | null {
  try {
    return runQuery(table, q)
  } catch (e) {
    if (e instanceof SceneError) return null
    throw e
  }
}

/** The scene's name, else the profile's (catalogue or inline, first letter up): a model is named, never shown by its id. */
function nameOf(m: Table['models'][number], table: Table): string {
  if (typeof m.scene.name === 'string' && m.scene.name !== '') return m.scene.name
  const catalogued = m.profileId ? (table.system.catalogue.profiles[m.profileId] as { name?: unknown } | undefined)?.name : undefined
  const profile = typeof catalogued === 'string' ? catalogued : m.stats.name
  return typeof profile === 'string' && profile !== '' ? profile.charAt(0).toUpperCase() + profile.slice(1) : m.id
}

function modelFacts(m: Table['models'][number], table: Table): ModelFacts {
  const name = nameOf(m, table)
  return {
    id: m.id,
    side: m.side,
    name,
    eye: [m.x, m.y, m.z + m.eyeMm],
    centre: [m.x, m.y, m.z + m.heightMm / 2],
    weapons: m.weapons.map((w): WeaponFacts => ({ id: w.id, name: typeof w.name === 'string' ? w.name : w.id, rangeBandsMm: rangeBandsOf(w) })),
  }
}

/**
 * The ranges a weapon's catalogue entry states (fields named rangeInches / …RangeInches / rangeMm,
 * at any depth, e.g. per firing profile), in mm, ascending. These are data for drawing rings; the
 * ruling itself uses the system's own threshold (the card's margin).
 */
export function rangeBandsOf(weapon: unknown): number[] {
  const found = new Set<number>()
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'number' && Number.isFinite(x) && x > 0) {
          if (k === 'rangeInches' || /RangeInches$/.test(k)) found.add(inches(x))
          else if (k === 'rangeMm') found.add(x)
        } else walk(x)
      }
    }
  }
  walk(weapon)
  return [...found].sort((a, b) => a - b)
}
