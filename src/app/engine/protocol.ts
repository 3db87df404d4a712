// The typed message protocol between the app and its engine worker (house style §14: a
// discriminated union of requests and replies). Everything here is plain, structured-clonable data.
import type { ArcLine, LosRay, Query, QueryResult, ResultDocument, Scene, SceneIssue, SceneWarning, Vec3Tuple } from '../../engine/index.ts'
import type { MeshFileReport } from '../../terrain/index.ts'
import type { PlanAnswer, PlanAsk } from './planProtocol.ts'

/** What the player picked: who shoots, with what, at whom. Ids may be stale; the worker checks them. */
export type Selection = {
  attackerId: string | null
  weaponId: string | null
  targetId: string | null
  /** Also return the sampled sight lines to the target (drawn on demand). */
  rays: boolean
}

export type WeaponFacts = { id: string; name: string; rangeBandsMm: number[] }

/** Per model, what the overlay draws that only the prepared table knows (eye height, resolved weapons). */
export type ModelFacts = {
  id: string
  side: string
  name: string
  eye: Vec3Tuple
  centre: Vec3Tuple
  weapons: WeaponFacts[]
}

/** One line of sight from the attacker to an enemy, as the engine classed it. */
export type LosLine = { to: string; visible: boolean; fraction: number; class?: string; /** tabletop-result/1 `sight.display` */ display?: 'clear' | 'partial' | 'blocked'; from: Vec3Tuple; aim: Vec3Tuple }

export type AttackQuery = { id: string; type: 'attack'; attacker: string; target: string; weapon?: string }

/** A terrain warning of the result (its path terrain[i]) with the piece it is about. */
export type PieceWarning = SceneWarning & { piece: string; text: string }

export type Overlay = {
  systemId: string
  models: ModelFacts[]
  /** The attack query the card shows, and its result exactly as evaluateTable returns it. */
  attackQuery: AttackQuery | null
  attack: QueryResult | null
  /** Why the attack query itself was rejected (e.g. the weapon cannot be used that way). */
  attackError: string | null
  /** How the files of the pieces between attacker and target were read, where that changes what they hide (terrain-read-as, terrain-sinks). */
  terrainWarnings: PieceWarning[]
  losRow: LosLine[]
  sampleRays: LosRay[] | null
  engagement: { rangeMm: number; engaged: boolean; with: string[] } | null
  arc: { of: string; arc: string | null; lines: ArcLine[] } | null
  /** The visibility matrix (every model against every enemy): size, pairs by display class (the game's classes, shown as clear / partial / blocked), time taken. */
  matrix: { pairs: number; visible: number; byDisplay: { clear: number; partial: number; blocked: number }; ms: number } | null
  ms: number
}

/** Terrain files the player added (name → blob: URL), for scenes that name them (bundledMeshes.ts). */
export type MeshFileUrls = Record<string, string>

export type EngineRequest =
  /**
   * live: the overlay loop's request. A newer live request cancels it (the reply says superseded);
   * the sight lines it finished stay in the worker's memo and are reused.
   */
  | { kind: 'evaluate'; requestId: number; scene: Scene; selection: Selection; live?: boolean; meshFiles?: MeshFileUrls }
  | { kind: 'rule'; requestId: number; scene: Scene; query: Query; meshFiles?: MeshFileUrls }
  /** A terrain file read, repaired and simplified at a scale (src/terrain), for drawing it and for adding it. */
  | { kind: 'prepareMesh'; requestId: number; name: string; scale: number; meshFiles?: MeshFileUrls }
  /** A planning ask (planProtocol.ts): a newer one on the same channel (`ask.what`) supersedes it while it waits. */
  | { kind: 'plan'; requestId: number; scene: Scene; ask: PlanAsk; meshFiles?: MeshFileUrls }

/** A prepared terrain file as the main thread draws it (typed arrays travel by structured clone). */
export type PreparedMeshReply = {
  full: { positions: Float64Array; indices: Uint32Array }
  los: { positions: number[]; indices: number[] }
  report: MeshFileReport
}

export type EngineReply =
  | { kind: 'evaluated'; requestId: number; ok: true; overlay: Overlay }
  | { kind: 'ruled'; requestId: number; ok: true; document: ResultDocument }
  | { kind: 'preparedMesh'; requestId: number; ok: true; mesh: PreparedMeshReply }
  | { kind: 'planned'; requestId: number; ok: true; answer: PlanAnswer }
  | { kind: 'evaluated' | 'ruled' | 'preparedMesh' | 'planned'; requestId: number; ok: false; issues: SceneIssue[]; superseded?: true }
