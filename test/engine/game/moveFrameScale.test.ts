// A tracked move in a surveyed frame (issue 31): when both ends were seen by the camera (each with its own
// σ) and the start scene carries the frame's scale σ (table.scaleUncertainty), the move's length is off by
// that share of it too, so its check says ± √(σstart² + σend² + (s·length)²). Figures by hand.
import { describe, expect, it } from 'vitest'
import { codesAt, replayWithCli, scriptLog, skirmishScene } from './scriptedGame.ts'

const MM_PER_IN = 25.4

function sceneWith(scale: number | null, startSigma: number | null): Record<string, unknown> {
  const s = skirmishScene() as { table: Record<string, unknown>; models: Array<Record<string, unknown>> }
  return {
    ...s,
    table: { ...s.table, ...(scale !== null ? { scaleUncertainty: scale } : {}) },
    models: s.models.map((m) => (startSigma !== null ? { ...m, uncertainty: startSigma } : m)),
  }
}

// a1 (100, 100) → (100, 227): 127 mm = 5" of its 6" [Models > Movement]; the end tracked with σ 0.4 mm.
const script = [
  { type: 'round-start' as const, round: 1, initiative: ['A', 'B'] },
  { type: 'turn-start' as const, side: 'A' },
  { type: 'activation' as const, model: 'a1' },
  { type: 'move' as const, model: 'a1', to: [100, 227] as [number, number], source: 'tracked' as const, uncertainty: 0.4 },
]

describe("a tracked move carries the frame's scale σ", () => {
  it('both ends tracked, s = 1 %: ± √(0.3² + 0.4² + 1.27²) = 1.365 mm = 0.054"', async () => {
    const { code, out } = await replayWithCli(scriptLog(sceneWith(0.01, 0.3), script))
    expect(code).toBe(0)
    expect(out.events[3]!.move!.uncertainty).toBeCloseTo(Math.hypot(0.3, 0.4, 1.27) / MM_PER_IN, 3)
    expect(codesAt(out, 4)).toEqual([])
  })

  it('without the field, or with a start placed by hand: the two ends only', async () => {
    const plain = await replayWithCli(scriptLog(sceneWith(null, 0.3), script))
    expect(plain.out.events[3]!.move!.uncertainty).toBeCloseTo(0.5 / MM_PER_IN, 3)
    const byHand = await replayWithCli(scriptLog(sceneWith(0.01, null), script))
    expect(byHand.out.events[3]!.move!.uncertainty).toBeCloseTo(0.4 / MM_PER_IN, 3)
  })
})
