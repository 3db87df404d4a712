// The tracking flow with hands in it: each tracking result, with the latest hands (landmarks in the
// same camera image), goes through HandOcclusion. The gate says which tracked poses may be placed on
// the table now (free ones; held, moving and settling models stay where the hand found them), how
// many models a hand is holding, and how many recent frames a freeze may average for a ruling.
// Models and terrain pieces are kept apart (a model and a terrain piece may share an id).
// Hot path: update() runs per tracking result; its scratch is allocated once (not reentrant).
import type { Registry } from '../registry/registrySchema.ts'
import type { ObjectPose, TableLock } from '../types.ts'
import type { TrackedObject } from '../temporal/poseFilter.ts'
import type { HandObservation } from './handLandmarks.ts'
import { type Hull, createHull } from './handHull.ts'
import { HandOcclusion, type ModelOcclusion, type OccludableObject, type OcclusionParams } from './handOcclusion.ts'
import { handOutlineOnTable } from './handOutlineOnTable.ts'
import { markerReachMm } from './markerReach.ts'

const MAX_HANDS = 4

function findMeasured(objects: readonly ObjectPose[], kind: string, id: string): ObjectPose | null {
  for (const o of objects) if (o.frame === 'table' && o.kind === kind && o.id === id) return o
  return null
}

type Kind = 'model' | 'terrain'

/** Per kind (model ids and terrain ids are separate namespaces): the occlusion states and their scratch. */
type KindState = { occlusion: HandOcclusion; objects: OccludableObject[]; count: number; positions: Map<string, [number, number]>; reach: Map<string, number> }

export class HandTrackingGate {
  private readonly kinds: Record<Kind, KindState>
  private registry: Registry
  private readonly hulls: Hull[] = Array.from({ length: MAX_HANDS }, () => createHull())

  constructor(registry: Registry, params: Partial<OcclusionParams> = {}) {
    const kind = (): KindState => ({ occlusion: new HandOcclusion(params), objects: [], count: 0, positions: new Map(), reach: new Map() })
    this.kinds = { model: kind(), terrain: kind() }
    this.registry = registry
  }

  setRegistry(registry: Registry): void {
    this.registry = registry
    this.kinds.model.reach.clear()
    this.kinds.terrain.reach.clear()
  }

  /**
   * One tracking result taken at `timeMs` (its table lock and this frame's measured poses, and the
   * filtered poses) with the hands seen in that camera image (first `handCount`). Movement is judged on
   * the measurements (the filter holds a jump back until it is confirmed); objects not measured in this
   * frame keep their filtered pose. Without a table lock nothing maps to the table: states stay.
   */
  update(result: { table: TableLock; objects: readonly ObjectPose[] }, tracked: readonly TrackedObject[], hands: readonly HandObservation[], handCount: number, timeMs: number): void {
    const table = result.table
    if (!table.locked) return
    const n = Math.min(handCount, MAX_HANDS)
    for (let h = 0; h < n; h++) handOutlineOnTable(table, hands[h]!, this.hulls[h]!)
    this.kinds.model.count = 0
    this.kinds.terrain.count = 0
    for (const t of tracked) {
      const k = this.kinds[t.kind]
      let o = k.objects[k.count]
      if (!o) {
        o = { id: t.id, position: [0, 0], facing: 0, seen: false, reachMm: 0 }
        k.objects.push(o)
      }
      let pos = k.positions.get(t.id)
      if (!pos) { pos = [0, 0]; k.positions.set(t.id, pos) }
      let reach = k.reach.get(t.id)
      if (reach === undefined) { reach = markerReachMm(this.registry, t.kind, t.id); k.reach.set(t.id, reach) }
      const measured = findMeasured(result.objects, t.kind, t.id)
      pos[0] = measured ? measured.position[0] : t.position[0]
      pos[1] = measured ? measured.position[1] : t.position[1]
      o.id = t.id
      o.position = pos
      o.facing = measured ? measured.facing : t.facing
      o.seen = measured !== null
      o.reachMm = reach
      k.count++
    }
    this.updateKind(this.kinds.model, n, timeMs)
    this.updateKind(this.kinds.terrain, n, timeMs)
  }

  private updateKind(k: KindState, handCount: number, timeMs: number): void {
    k.objects.length = k.count
    k.occlusion.update(this.hulls, handCount, k.objects, timeMs)
  }

  state(kind: Kind, id: string): ModelOcclusion | undefined {
    return this.kinds[kind].occlusion.get(id)
  }

  /** May this tracked pose be put on the table now (no hand holding it, at rest)? */
  isFree(kind: Kind, id: string): boolean {
    const s = this.kinds[kind].occlusion.get(id)
    return !s || s.state === 'free'
  }

  isMoving(kind: Kind, id: string): boolean {
    return this.kinds[kind].occlusion.isMoving(id)
  }

  /** Models and terrain pieces a hand is holding. */
  holdingCount(): number {
    return this.kinds.model.occlusion.holdingCount() + this.kinds.terrain.occlusion.holdingCount()
  }

  /** Model ids a hand is holding (held, moving or settling). */
  heldModelIds(): string[] {
    const out: string[] = []
    for (const m of this.kinds.model.occlusion.all()) if (m.state !== 'free') out.push(m.id)
    return out
  }

  canRule(modelIds: Iterable<string>): boolean {
    for (const id of modelIds) if (!this.isFree('model', id)) return false
    return true
  }

  /** Frames a freeze may average for these models (0 = not now: a hand is near one of them, or it is settling). */
  freezeFrames(modelIds: Iterable<string>, max: number): number {
    return this.kinds.model.occlusion.cleanFramesFor(modelIds, max)
  }

  /** "hand over the table: holding N models" (null when no model is held). */
  statusText(): string | null {
    const n = this.heldModelIds().length
    return n === 0 ? null : `hand over the table: holding ${n} model${n === 1 ? '' : 's'}`
  }
}
