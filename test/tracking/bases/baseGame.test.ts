// A move of a game on a table without model markers (issue 34), frame by frame through the marker
// tracker and the base tracker, in camera-order frames (test/tracking/camera/baseGame.ts): a hand
// reaches for a model, picks it up, sets it down within its allowance and withdraws. No model is ever
// reported "ok" where another stands (0 swaps); while the hand covers a model it is not reported ok
// elsewhere; once the table is still, the moved model is itself at its new spot ("moved", within its
// allowance) and the others are still where they were. The 50-move game is in the benchmark.
import { beforeAll, describe, expect, it } from 'vitest'
import { openCv } from '../helpers.ts'
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import { FrameTracker } from '../../../src/tracking/frameTracker.ts'
import { parseRegistry } from '../../../src/tracking/registry/registrySchema.ts'
import { BaseTracker } from '../../../src/tracking/bases/baseTracker.ts'
import { tableMarkersKeepOut } from '../../../src/tracking/bases/moveAllowance.ts'
import { renderCameraOrder } from '../camera/renderCameraOrder.ts'
import { arucoCells, type OpenCvForPatterns } from '../camera/arucoPattern.ts'
import { buildBaseGame, gameFrameScene } from '../camera/baseGame.ts'

let handle: OpenCvHandle
beforeAll(async () => {
  handle = await openCv()
})

describe('a model moved by hand, frame by frame', () => {
  it('keeps every identity: no swap reported ok, the moved model itself at its new spot', () => {
    const cv = handle.cv as unknown as OpenCvForPatterns
    const lens = { width: 1024, height: 576, fx: 800, fy: 800, cx: 511.5, cy: 287.5 }
    const game = buildBaseGame({ seed: 3, moves: 1, sizes: [{ shape: 'round', diameter: 25 }, { shape: 'round', diameter: 32 }], models: 6, mat: 'green', allowanceMm: 152.4, lens })
    const registry = parseRegistry({ format: 'tabletop-markers/1', ...game.registry })
    const tracker = new FrameTracker(handle, registry)
    const bases = new BaseTracker(handle, {
      table: game.table,
      keepOut: tableMarkersKeepOut(registry),
      models: game.army.map((m) => ({ id: m.id, base: m.base, allowanceMm: 152.4, previous: { position: m.position, facing: m.facingDeg } })),
    })
    const moveFrame = game.frames.find((f) => /set down/.test(f.step))!
    const moved = /: (m\d+) set down/.exec(moveFrame.step)![1]!
    let last: ReturnType<BaseTracker['track']> | null = null
    for (const [i, f] of game.frames.entries()) {
      const frame = renderCameraOrder(gameFrameScene(game, f, (id) => arucoCells(cv, 'DICT_4X4_100', id), 'green'), game.lens, f.placement, game.pipeline(i))
      const result = tracker.track(frame, false, f.timeMs)
      expect(result.table.locked, f.step).toBe(true)
      last = bases.track(frame, result, f.timeMs)
      for (const o of last.objects) {
        if (o.status !== 'ok') continue
        const there = f.models.find((m) => Math.hypot(m.position[0] - o.position[0], m.position[1] - o.position[1]) < 6)
        expect(there?.id, `${f.step}: ${o.id} reported ok at (${o.position.map(Math.round).join(', ')})`).toBe(o.id)
      }
    }
    tracker.dispose()
    bases.dispose()
    const end = game.frames.at(-1)!
    const at = new Map(last!.objects.map((o) => [o.id, o]))
    for (const m of end.models) {
      const o = at.get(m.id)
      expect(o?.status, m.id).toBe('ok')
      expect(Math.hypot(o!.position[0] - m.position[0], o!.position[1] - m.position[1]), m.id).toBeLessThan(1.5)
      expect(o!.identity?.by, m.id).toBe(m.id === moved ? 'moved' : 'still')
    }
    expect(at.get(moved)!.identity!.distanceMm!).toBeLessThanOrEqual(152.4)
  })
})
