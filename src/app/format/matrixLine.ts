// The visibility matrix in one line, by the game's classes as shown (clear / partial / blocked),
// never by raw rays: "Sight lines between all models: 12 clear · 3 partial · 2 blocked (of 17)".
import type { Overlay } from '../engine/protocol.ts'
import { LOS_DISPLAY } from './losDisplay.ts'

export function matrixLine(m: NonNullable<Overlay['matrix']>): string {
  const parts = (['clear', 'partial', 'blocked'] as const).filter((k) => m.byDisplay[k] > 0).map((k) => `${m.byDisplay[k]} ${LOS_DISPLAY[k].word.toLowerCase()}`)
  return `Sight lines between all models: ${parts.length ? parts.join(' · ') : 'none'} (of ${m.pairs}; ${m.ms.toFixed(1)} ms in the engine worker)`
}
