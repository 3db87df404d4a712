// Operator Tactics' LoS classes as shown (tabletop-result/1 `sight.display`); citations are the field
// manual's (../field-manual/fieldManual.ts, one book with Iron Line).
import type { LosClassDecl } from '../../engine/index.ts'
import { LOS_RULE_TEXT } from './sight.ts'

export const LOS_CLASSES = {
  'open-ground': { display: 'clear', reason: 'the centre-to-centre line is clear and no cover applies', rule: LOS_RULE_TEXT },
  'light-cover': { display: 'partial', reason: 'light cover applies to the target (a terrain cover class, even when the line is clear)', rule: '§06 Terrain types L766–774' },
  'heavy-cover': { display: 'partial', reason: 'heavy cover applies to the target (a terrain cover class, even when the line is clear)', rule: '§06 Terrain types L766–774' },
  'full-cover': { display: 'blocked', reason: 'solid terrain (Full Cover) breaks the centre-to-centre line', rule: LOS_RULE_TEXT },
} as const satisfies Record<string, LosClassDecl>

export { fieldManualTitle as citationTitle } from '../field-manual/fieldManual.ts'
