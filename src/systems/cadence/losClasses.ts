// Cadence's LoS classes as shown (tabletop-result/1 `sight.display`); citation titles are in book.ts.
import type { LosClassDecl } from '../../engine/index.ts'
import { LOS_RULE } from './lineOfSight.ts'
export { citationTitle } from './book.ts'

export const LOS_CLASSES = {
  clear: { display: 'clear', reason: 'at least half the target models are fully visible', rule: LOS_RULE },
  obscured: { display: 'partial', reason: 'some target models are seen, but more than half are at least partly covered', rule: LOS_RULE },
  // "blocked" also covers targets every sight line reaches: a model partly hidden by another unit, or the friendly screen.
  blocked: { display: 'blocked', reason: 'no target model is seen, a target model is partly hidden by another unit, or the target is screened by a friendly unit', rule: LOS_RULE },
} as const satisfies Record<string, LosClassDecl>
