// The worker's live overlay: a request that a newer scene overtakes stops between slices (the latest
// scene wins), the sight lines it had finished are reused by the next, and the overlay then equals
// the one a fresh evaluation gives.
import { describe, expect, it } from 'vitest'
import type { Scene } from '../../src/engine/index.ts'
import { evaluateOverlay, overlayMemo, warmOverlay } from '../../src/app/engine/evaluateOverlay.ts'
import { generateTable } from '../bench/benchTable.ts'

const sel = { attackerId: 'm0', weaponId: 'rifle', targetId: 'm20', rays: false }
const moved = (scene: Scene, id: string, dx: number): Scene =>
  ({ ...scene, models: scene.models.map((m) => (m.id === id ? { ...m, position: [m.position[0] + dx, m.position[1]] as [number, number] } : m)) })
const sameFigures = (a: ReturnType<typeof evaluateOverlay>) => ({ ...a, ms: 0, matrix: a.matrix && { ...a.matrix, ms: 0 } })

describe('live overlay in the engine worker', () => {
  it('a stale request stops at its first pause; its finished lines are reused; the result equals a fresh one', async () => {
    const scene = generateTable(11, 40, 25)
    let pauses = 0
    const first = await warmOverlay(scene, () => pauses > 0, async () => { pauses++ }, 0)
    expect(first).toBe(false)
    expect(pauses).toBe(1)
    const kept = overlayMemo.size
    expect(kept).toBe(1)

    // the newer scene: one model moved; this time nothing overtakes it
    const next = moved(scene, 'm5', 12)
    const sampledBefore = overlayMemo.stats.sampled
    const reusedBefore = overlayMemo.stats.reused
    expect(await warmOverlay(next, () => false, async () => {}, 2)).toBe(true)
    expect(overlayMemo.stats.reused).toBeGreaterThan(reusedBefore)
    expect(overlayMemo.stats.sampled - sampledBefore).toBeLessThan(800)
    const live = evaluateOverlay(next, sel)
    expect(live.matrix?.pairs).toBe(800)
    // a fresh evaluation (memo emptied by a different table) agrees on every figure
    evaluateOverlay(generateTable(99, 4, 2), sel)
    expect(sameFigures(evaluateOverlay(next, sel))).toEqual(sameFigures(live))
  })
})
