// Which model stands on each base found (issue 34): a base carries no id, so identity comes from what
// is known about the models, in this order, and a doubtful one is asked, never guessed.
// 1. Still where it was: a base found where a model was last seen (or where the table's saved
//    positions put it) — within a few mm, and of its size — is that model.
// 2. A model's last spot in view and empty for a few frames: it was picked up.
// 3. A base where none was: the models that could be it are those not found where they were (picked
//    up, hidden, out of view, never placed yet), of its size, within their game's move allowance of
//    their last spot, or of any spot they may stand at (a base asked about that listed them, even
//    once that base is gone: they may have moved on from there). When the bases and those models pair up in exactly one way, that is the answer
//    (one model moved; the only model of that size not placed yet: elimination). When they pair up in
//    more than one way (two models picked up and set down within reach of each other's spots: they
//    could have swapped), the models' looks (describeAppearance, learned on the frames where each
//    identity was certain) decide only when they decide clearly; otherwise every base of the tangle is
//    "unidentified" with its candidates, and asked ("Which model is this?", a tap: `teach`).
// A base found where a model stood but looking clearly unlike it is doubted, and asked too.
// Pure: observations and time in, identities out; no clock, no randomness.
import type { BaseShape } from '../../engine/index.ts'
import { facingSymmetryDeg } from './baseOutline.ts'
import { type AppearanceModel, appearanceDistance, createAppearanceModel, learnAppearance } from './describeAppearance.ts'
import type { BaseObservation } from './findBases.ts'
import type { BaseIdentityEvidence } from './baseTypes.ts'

/** A model on bases (no marker): its base, its game's move allowance, where it was last known to stand. */
export type BaseModelSpec = {
  id: string
  /** baseKey of its base. */
  key: string
  shape: BaseShape
  /** The most it moves between two turns, mm (its game's allowance, run or charge included). */
  allowanceMm: number
  /** Where the table's saved positions (the scene) put it; null when nowhere yet. */
  previous: { x: number; y: number; facingDeg: number } | null
}

export type IdentityEvidence = BaseIdentityEvidence

/** A base with the observation's appearance (describeAppearance) and how much of it was seen. */
export type SeenBase = BaseObservation & { appearance: Float64Array; appearanceSeen: number }

export type IdentifiedBase = SeenBase & {
  /** The model, or null when not known (then `label` names the base until it is answered). */
  modelId: string | null
  /** A name for the base while it has no model ("base 3"), stable while it is tracked. */
  label: string
  /** ok: identity and position certain; doubted: placed but check it (rim hidden, looks unlike it); unidentified: asked. */
  identityStatus: 'ok' | 'doubted' | 'unidentified'
  evidence: IdentityEvidence | null
  /** The models it could be (unidentified ones: the question's choices). */
  candidates: string[]
  reasons: string[]
  /** Facing to report: the model's known facing where the base shows none (round), else the outline's nearest to it. */
  reportedFacingDeg: number
}

export type IdentityParams = {
  /** A base this close to where a model was (and within 3 σ) is that model still standing, mm. */
  stillMm: number
  /** Frames in a row a model's spot is in view and empty before it counts as picked up. */
  liftFrames: number
  /** A move is within the allowance plus this (measuring, a base's own size), mm. */
  allowanceSlackMm: number
  /** Appearance: frames learned before a model's look counts; a look within this (spread units) matches … */
  minLearned: number
  matchAppearance: number
  /** … and decides only when every other pairing is worse by this much per base. */
  decideMargin: number
  /** A base at a model's spot that looks further than this from it is doubted. */
  contradictAppearance: number
  /** Appearance is learned only from bases this much seen (rim) and this much of the figure seen. */
  learnRim: number
  learnFigure: number
  /** A base that moved is identified only with at least this share of its rim seen (and one size fitting it). */
  clearRim: number
  /** Tangles bigger than this are asked at once, not enumerated. */
  maxTangle: number
  /** A base asked about stays in its tangle this many frames after it was last seen (then it is forgotten). */
  phantomFrames: number
}

export const DEFAULT_IDENTITY_PARAMS: IdentityParams = {
  stillMm: 3,
  liftFrames: 2,
  allowanceSlackMm: 5,
  minLearned: 3,
  matchAppearance: 3,
  decideMargin: 2,
  contradictAppearance: 6,
  learnRim: 0.6,
  learnFigure: 0.6,
  clearRim: 0.7,
  maxTangle: 6,
  phantomFrames: 8,
}

type ModelTrack = {
  spec: BaseModelSpec
  pos: { x: number; y: number; facingDeg: number } | null
  /** Seen (identified) in this session at `pos`; false: pos is the saved position only. */
  seen: boolean
  sigmaMm: number
  missing: number
  lifted: boolean
  look: AppearanceModel
  /** A tap named it: keep it even against its look. */
  taught: boolean
  /**
   * Spots it may stand at, by the label of the base asked about there (the question listed it): it
   * may have moved on from any of them, so a base within its allowance of one may be it, even once that
   * question is gone. Cleared when it is placed for certain.
   */
  maybe: Map<string, { x: number; y: number }>
}

type AnonTrack = { label: string; key: string; x: number; y: number; candidates: string[]; unseen: number }

export type IdentifyFrame = {
  bases: readonly SeenBase[]
  /**
   * What the frame shows at a model's spot: 'empty' (bare mat where its base stood), 'covered'
   * (something else: a hand, a neighbour, its own base not recognised) or 'out' (not in the frame).
   */
  spot: (x: number, y: number, key: string) => 'empty' | 'covered' | 'out'
  /** Models placed by their markers in this frame (a base found on one of them is that model's). */
  markerModels?: ReadonlyArray<{ id: string; x: number; y: number; reachMm: number }>
}

export class BaseIdentities {
  readonly params: IdentityParams
  private readonly tracks = new Map<string, ModelTrack>()
  private anon: AnonTrack[] = []
  private nextLabel = 1

  constructor(models: readonly BaseModelSpec[], params: Partial<IdentityParams> = {}) {
    this.params = { ...DEFAULT_IDENTITY_PARAMS, ...params }
    for (const spec of models) {
      this.tracks.set(spec.id, { spec, pos: spec.previous ? { ...spec.previous } : null, seen: false, sigmaMm: 2, missing: 0, lifted: false, look: createAppearanceModel(), taught: false, maybe: new Map() })
    }
  }

  /** The models, with where each is known to stand (for the finder's tracked starts). */
  known(): Array<{ id: string; key: string; x: number; y: number; facingDeg: number; seen: boolean; lifted: boolean }> {
    const out = []
    for (const t of this.tracks.values()) if (t.pos) out.push({ id: t.spec.id, key: t.spec.key, x: t.pos.x, y: t.pos.y, facingDeg: t.pos.facingDeg, seen: t.seen, lifted: t.lifted })
    return out
  }

  /** Bases seen but not yet identified (their labels and places, for tracked starts and the question). */
  unidentified(): readonly AnonTrack[] {
    return this.anon
  }

  /** Models never seen in this session (the list of models not yet seen). */
  notSeen(): string[] {
    return [...this.tracks.values()].filter((t) => !t.seen).map((t) => t.spec.id)
  }

  /**
   * The player's answer ("Which model is this?"): the base called `label` (or standing at x, y) is
   * `modelId`. Its model is then certain there; a base the model was given before loses it.
   */
  teach(modelId: string, where: { label: string } | { x: number; y: number }): boolean {
    const t = this.tracks.get(modelId)
    if (!t) return false
    let spot: { x: number; y: number } | null = null
    if ('label' in where) {
      const a = this.anon.find((b) => b.label === where.label)
      if (!a) return false
      spot = { x: a.x, y: a.y }
      this.anon = this.anon.filter((b) => b !== a)
    } else spot = { x: where.x, y: where.y }
    t.pos = { x: spot.x, y: spot.y, facingDeg: t.pos?.facingDeg ?? 0 }
    t.seen = true
    t.lifted = false
    t.missing = 0
    t.taught = true
    t.maybe.clear()
    return true
  }

  update(frame: IdentifyFrame): IdentifiedBase[] {
    const p = this.params
    const out: IdentifiedBase[] = []
    const claimed = new Set<ModelTrack>()
    let rest: SeenBase[] = []
    // 0. A base on a marker-tracked model is that model's (markers break ties): not ours to place.
    for (const b of frame.bases) {
      if (frame.markerModels?.some((m) => Math.hypot(m.x - b.x, m.y - b.y) < m.reachMm)) continue
      rest.push(b)
    }
    // 1. Still where it was: nearest first, one base per model (not a model whose spot was seen
    //    empty: whatever stands there now may be another model).
    const pairs: Array<{ b: SeenBase; t: ModelTrack; d: number }> = []
    for (const b of rest) for (const t of this.tracks.values()) {
      if (!t.pos || t.lifted || !fits(t.spec, b)) continue
      const d = Math.hypot(t.pos.x - b.x, t.pos.y - b.y)
      if (d <= Math.max(p.stillMm, 3 * Math.hypot(b.sigmaMm, t.sigmaMm))) pairs.push({ b, t, d })
    }
    pairs.sort((a, b) => a.d - b.d)
    const used = new Set<SeenBase>()
    for (const { b, t, d } of pairs) {
      if (used.has(b) || claimed.has(t)) continue
      used.add(b)
      claimed.add(t)
      const evidence: IdentityEvidence = t.taught && d < p.stillMm
        ? { by: 'tap', text: 'named by the player', distanceMm: round(d) }
        : t.seen
          ? { by: 'still', text: `still where it was seen (${round(d)} mm)`, distanceMm: round(d) }
          : { by: 'saved-position', text: `at its saved position (${round(d)} mm)`, distanceMm: round(d) }
      out.push(this.place(b, t, evidence, []))
    }
    rest = rest.filter((b) => !used.has(b))
    // 2. Models not found where they were: picked up once their spot has shown bare mat for a few frames.
    for (const t of this.tracks.values()) {
      if (claimed.has(t) || !t.pos) continue
      if (frame.spot(t.pos.x, t.pos.y, t.spec.key) === 'empty') {
        t.missing++
        if (t.missing >= p.liftFrames) t.lifted = true
      } else t.missing = 0
    }
    // 3. Bases where none was: tangles of bases and the models that could be them. A base asked
    //    about before and hidden in this frame still takes part (with the candidates it had): a
    //    question is not settled by one of its bases passing out of sight for a moment.
    const free = [...this.tracks.values()].filter((t) => !claimed.has(t))
    // (from where it was last certainly seen, or from any spot it may stand at: a base asked about)
    const within = (t: ModelTrack, b: SeenBase, x: number, y: number) => Math.hypot(x - b.x, y - b.y) <= t.spec.allowanceMm + p.allowanceSlackMm + 3 * Math.hypot(b.sigmaMm, t.sigmaMm)
    const reach = (t: ModelTrack, b: SeenBase) => {
      if (!fits(t.spec, b)) return false
      if (!t.pos || within(t, b, t.pos.x, t.pos.y)) return true
      for (const m of t.maybe.values()) if (within(t, b, m.x, m.y)) return true
      return false
    }
    const near = (a: AnonTrack, b: SeenBase) => a.key === b.key && Math.hypot(a.x - b.x, a.y - b.y) <= Math.max(p.stillMm, 3 * b.sigmaMm)
    const hidden = this.anon.filter((a) => !rest.some((b) => near(a, b)) && a.unseen < p.phantomFrames)
    for (const a of hidden) a.unseen++
    const nodes: Node[] = [...rest.map((b) => ({ base: b, anon: null })), ...hidden.map((a) => ({ base: null, anon: a }))]
    const cands = new Map<Node, ModelTrack[]>(nodes.map((n) => [n, n.base ? free.filter((t) => reach(t, n.base!)) : free.filter((t) => n.anon!.candidates.includes(t.spec.id))]))
    const names = (ts: readonly ModelTrack[]) => ts.map((t) => t.spec.id)
    for (const { nodes: group } of tangles(nodes, cands)) {
      const seenHere = group.filter((n): n is Node & { base: SeenBase } => n.base !== null)
      if (seenHere.length === 0) continue
      const matchings = group.length <= p.maxTangle ? allMatchings(group, cands) : []
      // A base asked about and hidden now may have been no base (a shadow, a figure: a question proves
      // nothing), so the models it could be are not accounted for by it: the bases seen here are
      // given models only when they are so without it too.
      const forced = matchings.length === 1 && (seenHere.length === group.length || allMatchings(seenHere, cands).length === 1)
      // A base that moved is given a model only when it is seen clearly (most of its rim, one size).
      const clear = seenHere.every((n) => n.base.rimSeen >= p.clearRim && n.base.alsoFits.length === 0)
      if (forced && clear) {
        const m = matchings[0]!
        group.forEach((n, i) => {
          if (!n.base) return
          const b = n.base, t = m[i]!
          const d = t.pos ? Math.hypot(t.pos.x - b.x, t.pos.y - b.y) : undefined
          const evidence: IdentityEvidence = t.pos && t.seen
            ? { by: 'moved', text: `moved ${round(d!)} mm, within its ${round(t.spec.allowanceMm)} mm allowance; no other model could be it`, distanceMm: round(d!), allowanceMm: t.spec.allowanceMm, candidates: names(cands.get(n)!) }
            : { by: 'elimination', text: cands.get(n)!.length === 1 ? 'the only model of this base that could be here' : 'the other models are accounted for', candidates: names(cands.get(n)!), ...(d !== undefined ? { distanceMm: round(d) } : {}) }
          claimed.add(t)
          out.push(this.place(b, t, evidence, []))
        })
        continue
      }
      // More than one pairing (or none complete): the looks decide, clearly or not at all.
      const decided = matchings.length > 1 && clear && seenHere.length === group.length ? decideByLook(seenHere.map((n) => n.base), matchings, p) : null
      if (decided) {
        seenHere.forEach((n, i) => {
          const t = decided.pairing[i]!
          claimed.add(t)
          out.push(this.place(n.base, t, { by: 'appearance', text: `looks like it (${decided.own[i]!.toFixed(1)} spreads off) and unlike ${decided.runnerUp[i]!.id} (${decided.runnerUp[i]!.appearance.toFixed(1)})`, appearance: round(decided.own[i]!), runnerUp: decided.runnerUp[i]!, candidates: names(cands.get(n)!) }, []))
        })
        continue
      }
      for (const n of seenHere) {
        const direct = cands.get(n)!
        // No model within its allowance: the question offers every model of this base not found where it was.
        const c = direct.length ? direct : free.filter((t) => fits(t.spec, n.base) && !claimed.has(t))
        const reason = !clear && matchings.length >= 1
          ? `not seen clearly enough to say which model it is (${Math.round(n.base.rimSeen * 100)} % of its rim${n.base.alsoFits.length ? `, or a ${n.base.alsoFits.join(' or ')} base` : ''}): could be ${names(c).join(' or ')}`
          : direct.length === 0
          ? `no model of this base could have come here within its move allowance${c.length ? ` (${names(c).join(', ')} moved further?)` : ''}: which model is this?`
          : matchings.length === 0 ? `more bases than models that could be them (${names(c).join(', ')}): which model is this?` : `could be ${names(c).join(' or ')}: which model is this?`
        // (a model offered only because none could have come here is not taken to stand here)
        out.push(this.ask(n.base, names(c), reason, direct.length > 0))
      }
    }
    // 4. Looks learned from certain identities.
    for (const r of out) {
      if (!r.modelId || r.identityStatus !== 'ok') continue
      if (r.rimSeen < p.learnRim || r.appearanceSeen < p.learnFigure) continue
      learnAppearance(this.tracks.get(r.modelId)!.look, r.appearance)
    }
    // A base asked about and not seen for a while is forgotten (a question about a base not there is moot).
    this.anon = this.anon.filter((a) => a.unseen < p.phantomFrames)
    return out
  }

  private place(b: SeenBase, t: ModelTrack, evidence: IdentityEvidence, reasons: string[]): IdentifiedBase {
    const p = this.params
    const facing = reportFacing(t, b)
    const why = [...b.reasons, ...reasons]
    let status: IdentifiedBase['identityStatus'] = b.status === 'ok' ? 'ok' : 'doubted'
    // A base at a model's spot that clearly looks like another model: doubted (it may have been swapped).
    if (!t.taught && t.look.count >= p.minLearned && b.appearanceSeen >= p.learnFigure) {
      const own = appearanceDistance(t.look, b.appearance)
      if (own > p.contradictAppearance) {
        status = 'doubted'
        why.push(`looks unlike ${t.spec.id} (${own.toFixed(1)} spreads off what it looked like): swapped? Which model is this?`)
      }
    }
    // Where the model stands is taken only from a base seen well (status ok): a base half under a hand
    // fits a little off, and the next frame's "still" is judged against where it stood, not against
    // that (else a covered base could creep, frame by frame, onto the hand's edge).
    if (b.status === 'ok' || !t.seen) {
      t.pos = { x: b.x, y: b.y, facingDeg: facing }
      t.sigmaMm = b.sigmaMm
    }
    t.seen = true
    t.missing = 0
    t.lifted = false
    if (status === 'ok') t.maybe.clear()
    // A base named earlier as unidentified at this spot is this model now.
    this.anon = this.anon.filter((a) => Math.hypot(a.x - b.x, a.y - b.y) > Math.max(p.stillMm, 3 * b.sigmaMm))
    return { ...b, modelId: t.spec.id, label: t.spec.id, identityStatus: status, evidence, candidates: [], reasons: why, reportedFacingDeg: facing }
  }

  private ask(b: SeenBase, candidates: string[], reason: string, reachable: boolean): IdentifiedBase {
    const p = this.params
    let a = this.anon.find((x) => x.key === b.key && Math.hypot(x.x - b.x, x.y - b.y) <= Math.max(p.stillMm, 3 * b.sigmaMm))
    if (!a) {
      a = { label: `base ${this.nextLabel++}`, key: b.key, x: b.x, y: b.y, candidates, unseen: 0 }
      this.anon.push(a)
    }
    a.x = b.x
    a.y = b.y
    a.unseen = 0
    a.candidates = candidates
    // each model that could have come here may stand here (and keeps the spot after the question goes)
    for (const t of this.tracks.values()) {
      if (reachable && candidates.includes(t.spec.id)) t.maybe.set(a.label, { x: b.x, y: b.y })
      else t.maybe.delete(a.label)
    }
    return { ...b, modelId: null, label: a.label, identityStatus: 'unidentified', evidence: null, candidates, reasons: [...b.reasons, reason], reportedFacingDeg: b.facingDeg }
  }
}

const round = (v: number) => Math.round(v * 10) / 10

/** The base found is of the model's size (or another size fits it nearly as well). */
function fits(spec: BaseModelSpec, b: SeenBase): boolean {
  return b.key === spec.key || b.alsoFits.includes(spec.key)
}

/** The facing to report: the model's own where the outline shows none, else the outline's turn nearest it. */
function reportFacing(t: ModelTrack, b: SeenBase): number {
  const sym = facingSymmetryDeg(t.spec.shape)
  const known = t.pos?.facingDeg ?? 0
  if (sym === 0) return known
  let best = b.facingDeg, gap = Infinity
  for (let k = 0; k * sym < 360; k++) {
    const f = b.facingDeg + k * sym
    const d = Math.abs(((f - known + 540) % 360) - 180)
    if (d < gap) { gap = d; best = f }
  }
  return ((best + 540) % 360) - 180
}

/** A base of the tangle: one seen in this frame, or one asked about before and hidden now. */
type Node = { base: SeenBase; anon: null } | { base: null; anon: AnonTrack }

/** Connected groups of bases and the models that could be them. */
function tangles(nodes: readonly Node[], cands: ReadonlyMap<Node, ModelTrack[]>): Array<{ nodes: Node[]; models: ModelTrack[] }> {
  const out: Array<{ nodes: Node[]; models: ModelTrack[] }> = []
  const seen = new Set<Node>()
  for (const start of nodes) {
    if (seen.has(start)) continue
    const group = { nodes: [] as Node[], models: [] as ModelTrack[] }
    const queue = [start]
    seen.add(start)
    while (queue.length) {
      const n = queue.pop()!
      group.nodes.push(n)
      for (const t of cands.get(n)!) {
        if (group.models.includes(t)) continue
        group.models.push(t)
        for (const other of nodes) if (!seen.has(other) && cands.get(other)!.includes(t)) { seen.add(other); queue.push(other) }
      }
    }
    out.push(group)
  }
  return out
}

/** Every way to give each base its own model from its candidates (a base with none: no way). */
function allMatchings(nodes: readonly Node[], cands: ReadonlyMap<Node, ModelTrack[]>): ModelTrack[][] {
  const out: ModelTrack[][] = []
  const pick: ModelTrack[] = []
  const go = (i: number) => {
    if (out.length > 720) return
    if (i === nodes.length) { out.push([...pick]); return }
    for (const t of cands.get(nodes[i]!)!) {
      if (pick.includes(t)) continue
      pick.push(t)
      go(i + 1)
      pick.pop()
    }
  }
  go(0)
  return out
}

/**
 * The pairing the looks choose, when they choose clearly: every base's model has a learned look, the
 * best pairing's bases each match their model (within matchAppearance), and every other pairing is
 * worse by decideMargin per base it changes. Null otherwise.
 */
function decideByLook(bases: readonly SeenBase[], matchings: readonly ModelTrack[][], p: IdentityParams): { pairing: ModelTrack[]; own: number[]; runnerUp: Array<{ id: string; appearance: number }> } | null {
  const dist = (b: SeenBase, t: ModelTrack) => (t.look.count >= p.minLearned && b.appearanceSeen >= p.learnFigure ? appearanceDistance(t.look, b.appearance) : Number.NaN)
  const scored = matchings.map((m) => ({ m, d: m.map((t, i) => dist(bases[i]!, t)) }))
  if (scored.some((s) => s.d.some((v) => v !== v))) return null
  scored.sort((a, b) => sum(a.d) - sum(b.d))
  const best = scored[0]!
  if (best.d.some((v) => v > p.matchAppearance)) return null
  for (const other of scored.slice(1)) {
    const changed = other.m.filter((t, i) => t !== best.m[i]).length || 1
    if (sum(other.d) - sum(best.d) < p.decideMargin * changed) return null
  }
  const runnerUp = bases.map((b, i) => {
    let id = '', appearance = Infinity
    for (const s of scored.slice(1)) {
      const t = s.m[i]!
      if (t === best.m[i]) continue
      if (s.d[i]! < appearance) { appearance = s.d[i]!; id = t.spec.id }
    }
    return { id, appearance: round(appearance) }
  })
  return { pairing: best.m, own: best.d, runnerUp }
}

function sum(v: readonly number[]): number {
  let s = 0
  for (const x of v) s += x
  return s
}
