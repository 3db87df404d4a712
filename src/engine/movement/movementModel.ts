// What a ruleset tells the reach engine about one model's move in one mode: the allowance (fixed or
// dice), what each terrain piece and each other model is to this move, what climbing and dropping
// cost, where the base may not end, and the sections each comes from. The engine (reachField.ts)
// turns it into configuration-space obstacles and costs; the ruleset never sees the geometry.
import type { TableModel, TableTerrain } from '../ruleSystem.ts'
import type { Fraction } from '../dice/probability.ts'

/** Why something applies, with the section the book says it in. */
export type Because = { rule: string; reason: string }

/** The base may not end on a piece: overlapping it at all (`base`, the default) or with its centre over it (`centre`). */
export type NoEnd = Because & { by?: 'base' | 'centre' }

/**
 * A terrain piece to this move:
 * - `open`: no effect;
 * - `blocked`: the base may not pass through or end on it (its footprint grown by the base is a
 *   configuration-space obstacle);
 * - `region`: passable; while the path runs in it, each mm costs `weight` (default 1: "2\" per 1\"" is
 *   2); entering it costs `entryMm` (Cadence Rough: 1"); entering adds `tag` to the path (a dice cut, a
 *   halved allowance: see `Allowance.mm`); `noEnd` when the base may not end overlapping it;
 * - `surface`: a top the model can stand on at `topZ` when its base centre is over the footprint (climbing
 *   on and off costs what `levelChange` says); `noEnd` as for a region when the model does not stand on it.
 *   Its sides are solid by default: a base may overlap them only while climbing on or off (a leg whose
 *   centre crosses the footprint's edge), so two platforms closer than the base close the gap between
 *   them; `sides: 'open'` for a low piece a base may overhang (a hill's gentle edge).
 * `kind` names what it is in the game's words ("difficult", "rough", "heavy") for the charges listed.
 */
export type PieceRole =
  | { role: 'open' }
  | ({ role: 'blocked' } & Because)
  | { role: 'region'; kind: string; rule: string; weight?: number; entryMm?: number; tag?: string; noEnd?: NoEnd }
  | { role: 'surface'; kind: string; rule: string; topZ: number; noEnd?: NoEnd; sides?: 'solid' | 'open' }

/** Another model to this move: passed over freely, never passed (its base grown by ours), or passed but never ended on. */
export type ModelRole = { role: 'ignore' } | ({ role: 'blocked' } & Because) | ({ role: 'no-end' } & Because)

/** The cost of changing level along the path (climbing onto or off a surface); `costMm: null` when it cannot be done there, and why. */
export type LevelChange = { costMm: number; kind: string; rule: string } | { costMm: null; kind: string; rule: string; reason: string }

/** A region (in base-centre space) where the move may not end, e.g. within 1" of an enemy for a move that may not engage. */
export type NoEndZone = { id: string; polygon: Array<[number, number]> } & Because

/** One outcome of the move's roll (a fixed move has one, roll 0, chance 1). */
export type RollOutcome = { roll: number; chance: Fraction }

/** An allowance outcome given the roll and the path's tags: a length and its chance (dice the tags add). */
export type AllowanceShare = { mm: number; chance: Fraction }

export type Allowance = {
  /** As the book writes it: "M 6\"", "M + D6", "the two highest of 3D6". */
  formula: string
  rule: string
  /** The move's own roll (JS Sprint's D6, Scraplands Advance's 3D6 two highest); one outcome for a fixed move. */
  rolls: readonly RollOutcome[]
  /** The allowance (mm) for a roll along a path with these tags (sorted), as a distribution over the dice the tags add. */
  mm: (roll: number, tags: readonly string[]) => readonly AllowanceShare[]
  /** The most any roll and any path can give (mm): nothing farther is searched. */
  maxMm: number
}

export type MovementModel = {
  /** The move mode as the ruleset's `move` query names it. */
  mode: string
  model: TableModel
  allowance: Allowance
  piece: (t: TableTerrain) => PieceRole
  other: (o: TableModel) => ModelRole
  /** Climbing from level fromZ to toZ (surface tops; 0 the table) across `piece`'s edge (null: the table). Default: free. */
  levelChange?: (fromZ: number, toZ: number, piece: TableTerrain | null) => LevelChange
  /** Tags the path starts with (a piece the model starts in, e.g. Heavy terrain halving a Rush). */
  startTags?: readonly string[]
  noEndZones?: readonly NoEndZone[]
  /** The base may leave the table while moving (never, in the games here): default false. */
  offTable?: false
  /** The section that keeps the base on the table. */
  tableRule: string
  /** Sections the whole move relies on (movement rule, measuring convention). */
  rules: readonly string[]
  /** Notes the book attaches to any move in this mode (e.g. "a model that Sprinted cannot shoot"). */
  notes?: readonly Because[]
  /**
   * A move that runs straight toward a point (Jagged Shards' Rush "directly toward the target"): it
   * ends on that line, at most `stopMm` along it (where the bases would touch), and stops at the first
   * obstacle on it. `reason` says why a spot off the line cannot be reached.
   */
  straight?: { toward: [number, number]; stopMm: number } & Because
  /** Every leg of the move is one straight line from where it starts (Skrapyard's hurry and fly moves): no path bends. */
  straightOnly?: boolean
  /**
   * The move must end with the base centre within [innerMm, outerMm] of one of these points (a charge
   * into base contact, a fight move to within 1"); `choose: 'nearest'` keeps only the nearest target
   * that can be reached (Skrapyard's "the nearest opposing character that is in charge range").
   */
  endsNear?: { targets: ReadonlyArray<{ id: string; x: number; y: number; innerMm: number; outerMm: number }>; choose: 'nearest' | 'any' } & Because
  /** A vehicle: straight legs along its facing joined by pivots (vehicleReach.ts); its reach is sampled over its paths. */
  vehicle?: VehicleRules
  /** The move cannot be made at all (a wounded character, a Rush with no visible enemy): every spot is refused with this. */
  refusal?: Because & { code: string }
}

/** How a vehicle moves (vehicleReach.ts): straight legs along its facing joined by pivots. Here, beside MovementModel, so that the movement model does not import the vehicle's reach. */
export type VehicleRules = {
  /** Pivots allowed in the move (a final turn in place does not move the centre and is not counted). */
  pivots: number
  maxPivotDeg: number
  minBetweenPivotsMm: number
  /** Legs may be driven backward. */
  backward: boolean
  /** Legs may be driven forward (default true; Scraplands' J-Turn only backs). */
  forward?: boolean
  /** A path with a backward leg has at most this allowance (Scraplands: 2"). */
  backwardMaxMm?: number
  /** The move must use the whole allowance (Squadrons' ships): it ends exactly that far along its path. */
  fullDistance?: boolean
  rule: string
}
