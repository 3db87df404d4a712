// The tracking flow with hands in it: each tracking result, with the latest hands (landmarks in the
// same camera image), goes through HandOcclusion. The gate says which tracked poses may be placed on
// the table now (free ones; held, moving and settling models stay where the hand found them), how
// many models a hand is holding, and how many recent frames a freeze may average for a ruling.
// Keys are `kind:id` (a model and a terrain piece may share an id).
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

export class HandTrackingGate {
  readonly occlusion: HandOcclusion
  private reach = new Map<string, number>()
  private registry: Registry
  private readonly hulls: Hull[] = Array.from({ length: MAX_HANDS }, () => createHull())
  private readonly objects: OccludableObject[] = []
  private readonly positions = new Map<string, [number, number]>()

  constructor(registry: Registry, params: Partial<OcclusionParams> = {}) {
    this.occlusion = new HandOcclusion(params)
    this.registry = registry
  }

  setRegistry(registry: Registry): void {
    this.registry = registry
    this.reach.clear()
  }

  private reachOf(kind: 'model' | 'terrain', id: string, key: string): number {
    let r = this.reach.get(key)
    if (r === undefined) {
      r = markerReachMm(this.registry, kind, id)
      this.reach.set(key, r)
    }
    return r
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
    let count = 0
    for (const t of tracked) {
      const key = `${t.kind}:${t.id}`
      let o = this.objects[count]
      if (!o) {
        o = { id: key, position: [0, 0], facing: 0, seen: false, reachMm: 0 }
        this.objects.push(o)
      }
      let pos = this.positions.get(key)
      if (!pos) { pos = [0, 0]; this.positions.set(key, pos) }
      const measured = findMeasured(result.objects, t.kind, t.id)
      pos[0] = measured ? measured.position[0] : t.position[0]
      pos[1] = measured ? measured.position[1] : t.position[1]
      o.id = key
      o.position = pos
      o.facing = measured ? measured.facing : t.facing
      o.seen = measured !== null
      o.reachMm = this.reachOf(t.kind, t.id, key)
      count++
    }
    this.objects.length = count
    this.occlusion.update(this.hulls, n, this.objects, timeMs)
  }

  state(kind: 'model' | 'terrain', id: string): ModelOcclusion | undefined {
    return this.occlusion.get(`${kind}:${id}`)
  }

  /** May this tracked pose be put on the table now (no hand holding it, at rest)? */
  isFree(kind: 'model' | 'terrain', id: string): boolean {
    const s = this.occlusion.get(`${kind}:${id}`)
    return !s || s.state === 'free'
  }

  isMoving(kind: 'model' | 'terrain', id: string): boolean {
    return this.occlusion.isMoving(`${kind}:${id}`)
  }

  holdingCount(): number {
    return this.occlusion.holdingCount()
  }

  /** Model ids a hand is holding (held, moving or settling). */
  heldModelIds(): string[] {
    const out: string[] = []
    for (const m of this.occlusion.all()) if (m.state !== 'free' && m.id.startsWith('model:')) out.push(m.id.slice(6))
    return out
  }

  canRule(modelIds: Iterable<string>): boolean {
    for (const id of modelIds) if (!this.isFree('model', id)) return false
    return true
  }

  /** Frames a freeze may average for these models (0 = not now: a hand is near one of them, or it is settling). */
  freezeFrames(modelIds: Iterable<string>, max: number): number {
    const keys: string[] = []
    for (const id of modelIds) keys.push(`model:${id}`)
    return this.occlusion.cleanFramesFor(keys, max)
  }

  /** "hand over the table: holding N models" (null when no model is held). */
  statusText(): string | null {
    const n = this.heldModelIds().length
    return n === 0 ? null : `hand over the table: holding ${n} model${n === 1 ? '' : 's'}`
  }
}
