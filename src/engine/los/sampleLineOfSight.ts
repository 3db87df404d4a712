// True line of sight by sampling sight lines from the viewer's eye (or a ruleset-chosen point)
// to a lattice of target points, against the terrain BVH and the other models' volumes.
// Also a 2D mode (segments against footprints and bases) for rulesets that judge LoS on the flat.
import type { LosRule } from '../ruleSystem.ts'
import type { Table, TableModel } from '../table/prepareTable.ts'
import { BASE_THICKNESS_MM } from '../table/prepareTable.ts'
import { frontEdgeCentre, sampleBaseArea, baseFrameToTable } from '../geometry/baseShape.ts'
import { GRAZE_MM, measureFootprintCrossing2, measureModelCrossing2, measureModelCrossing3, measureTerrainCrossing3 } from './castSegment.ts'
import type { LosRay, Vec3Tuple } from '../results.ts'
import { ERODE_MM } from './terrainWorld.ts'

/** Target lattice: heights (fractions of model height) × footprint points (centre + ring). */
export const VOLUME_HEIGHT_FRACTIONS = [0.1, 0.3, 0.5, 0.7, 0.9] as const
/** Ring points at this fraction of the base's semi-axes (plus the centre). */
export const VOLUME_RING_FRACTION = 0.7
export const VOLUME_RING_POINTS = 8
/** Base sample points (sunflower over the base area, at mid-thickness of the base). */
export const BASE_SAMPLE_POINTS = 64

export type LineOfSight = {
  visible: boolean
  /** Fraction of target points seen (0..1). */
  fraction: number
  /** Fraction of base sample points hidden by blocking or obscuring terrain/models (0..1). */
  baseHidden: number
  blockers: string[]
  obscuring: string[]
  baseHiddenBy: Record<string, number>
  /** Fraction of the target-point sight lines each id blocks. */
  blockedBy: Record<string, number>
  rays: number
  baseRays: number
  mode: '2d' | '3d'
  rule: string
  sampleRays?: LosRay[]
}

export type LosOptions = { rays?: boolean; override?: Partial<LosRule> }

const scratchByTable = new WeakMap<Table, Float64Array>()

/** Viewer points for a rule (table frame, mm). */
export function viewerPoints(viewer: TableModel, from: LosRule['from']): Vec3Tuple[] {
  switch (from) {
    case 'eye':
      return [[viewer.x, viewer.y, viewer.z + viewer.eyeMm]]
    case 'base-centre':
      return [[viewer.x, viewer.y, viewer.z + BASE_THICKNESS_MM / 2]]
    case 'front-edge-centre-eye': {
      const [x, y] = frontEdgeCentre(viewer.placed)
      return [[x, y, viewer.z + viewer.eyeMm]]
    }
  }
}

/** Target points for a rule (table frame, mm). */
export function targetPoints(target: TableModel, to: LosRule['to']): Vec3Tuple[] {
  const b = target.placed
  switch (to) {
    case 'centre':
      return [[target.x, target.y, target.z + target.heightMm / 2]]
    case 'eye':
      return [[target.x, target.y, target.z + target.eyeMm]]
    case 'base':
      return basePoints(target)
    case 'volume': {
      const out: Vec3Tuple[] = []
      const ring: Array<[number, number]> = [[b.cx, b.cy]]
      for (let i = 0; i < VOLUME_RING_POINTS; i++) {
        const t = (2 * Math.PI * i) / VOLUME_RING_POINTS
        ring.push(baseFrameToTable(b, VOLUME_RING_FRACTION * b.halfLengthMm * Math.cos(t), VOLUME_RING_FRACTION * b.halfWidthMm * Math.sin(t)))
      }
      for (const h of VOLUME_HEIGHT_FRACTIONS) for (const [x, y] of ring) out.push([x, y, target.z + h * target.heightMm])
      return out
    }
  }
}

export function basePoints(target: TableModel): Vec3Tuple[] {
  return sampleBaseArea(target.placed, BASE_SAMPLE_POINTS).map(([x, y]) => [x, y, target.z + BASE_THICKNESS_MM / 2])
}

/**
 * Sample a line of sight from viewer to target under a ruleset's LoS rule.
 * A sight line is blocked when it runs more than GRAZE_MM inside a blocking solid; grazing an
 * edge or a corner does not block. Viewer and target never block themselves.
 */
export function sampleLineOfSight(table: Table, viewer: TableModel, target: TableModel, rule: LosRule, opts: LosOptions = {}): LineOfSight {
  const r: LosRule = { ...rule, ...opts.override }
  const pieces = table.terrain
  let inside = scratchByTable.get(table)
  if (!inside || inside.length !== pieces.length) {
    inside = new Float64Array(pieces.length)
    scratchByTable.set(table, inside)
  }
  const blocksPiece = pieces.map((p) => r.terrainBlocks(p))
  const obscuresPiece = pieces.map((p) => !blocksPiece[p.index] && (r.terrainObscures?.(p) ?? false))
  const others = table.models.filter((m) => m.id !== viewer.id && m.id !== target.id)
  const blocksModel = others.map((m) => r.modelBlocks(m, viewer, target))
  const obscuresModel = others.map((m, i) => !blocksModel[i] && (r.modelObscures?.(m, viewer, target) ?? false))
  // Model volumes are eroded like terrain (ERODE_MM), so a line grazing a base never blocks.
  const solids = others.map((m) => ({
    base: { ...m.placed, halfLengthMm: m.placed.halfLengthMm - ERODE_MM, halfWidthMm: m.placed.halfWidthMm - ERODE_MM },
    zBottom: m.z + ERODE_MM,
    zTop: m.z + m.heightMm - ERODE_MM,
  }))

  const from = viewerPoints(viewer, r.from)
  const blockCount = new Map<string, number>()
  const hideCount = new Map<string, number>()
  const rays: LosRay[] | undefined = opts.rays ? [] : undefined

  // Trace one sight line: which ids block it, which hide (obscure) it.
  const by: string[] = []
  const hides: string[] = []
  const trace = (a: Vec3Tuple, b: Vec3Tuple): void => {
    by.length = 0
    hides.length = 0
    if (r.mode === '3d') measureTerrainCrossing3(table.world, a[0], a[1], a[2], b[0], b[1], b[2], inside!)
    for (const p of pieces) {
      const len = r.mode === '3d' ? inside![p.index]! : measureFootprintCrossing2(p.solid.losFootprint, a[0], a[1], b[0], b[1])
      if (len <= GRAZE_MM) continue
      if (blocksPiece[p.index]) by.push(p.id)
      else if (obscuresPiece[p.index]) hides.push(p.id)
    }
    for (let i = 0; i < others.length; i++) {
      if (!blocksModel[i] && !obscuresModel[i]) continue
      const s = solids[i]!
      const len = r.mode === '3d' ? measureModelCrossing3(s, a[0], a[1], a[2], b[0], b[1], b[2]) : measureModelCrossing2(s, a[0], a[1], b[0], b[1])
      if (len <= GRAZE_MM) continue
      if (blocksModel[i]) by.push(others[i]!.id)
      else hides.push(others[i]!.id)
    }
  }

  // Target points: seen when any viewer point has an unblocked line to it.
  const pts = r.mode === '2d' ? basePoints(target).map(([x, y]) => [x, y, 0] as Vec3Tuple) : targetPoints(target, r.to)
  let seen = 0
  for (const p of pts) {
    let clear = false
    const pointBlockers = new Set<string>()
    for (const f of from) {
      trace(f, p)
      rays?.push({ from: f, to: p, blocked: by.length > 0, by: [...by], hides: [...hides], base: false })
      if (by.length === 0) {
        clear = true
        break
      }
      for (const id of by) pointBlockers.add(id)
    }
    if (clear) seen++
    else for (const id of pointBlockers) blockCount.set(id, (blockCount.get(id) ?? 0) + 1)
  }

  // Base points: hidden when every viewer point's line is blocked or obscured.
  const bps = basePoints(target)
  let hidden = 0
  for (const p of bps) {
    let open = false
    const pointHiders = new Set<string>()
    for (const f of from) {
      trace(r.mode === '2d' ? [f[0], f[1], 0] : f, r.mode === '2d' ? [p[0], p[1], 0] : p)
      if (rays && r.to !== 'base') rays.push({ from: f, to: p, blocked: by.length > 0, by: [...by], hides: [...hides], base: true })
      if (by.length === 0 && hides.length === 0) {
        open = true
        break
      }
      for (const id of by) pointHiders.add(id)
      for (const id of hides) pointHiders.add(id)
    }
    if (!open) {
      hidden++
      for (const id of pointHiders) hideCount.set(id, (hideCount.get(id) ?? 0) + 1)
    }
  }

  const fraction = seen / pts.length
  const threshold = r.visibleAbove ?? 0
  const blockers = [...blockCount.keys()].sort()
  const obscuring = [...hideCount.keys()].filter((id) => !blockCount.has(id)).sort()
  const baseHiddenBy: Record<string, number> = {}
  for (const [id, n] of [...hideCount.entries()].sort()) baseHiddenBy[id] = n / bps.length
  const blockedBy: Record<string, number> = {}
  for (const [id, n] of [...blockCount.entries()].sort()) blockedBy[id] = n / pts.length
  return {
    visible: fraction > threshold,
    fraction,
    baseHidden: hidden / bps.length,
    blockers,
    obscuring,
    baseHiddenBy,
    blockedBy,
    rays: pts.length,
    baseRays: bps.length,
    mode: r.mode,
    rule: r.rule,
    ...(rays ? { sampleRays: rays } : {}),
  }
}
