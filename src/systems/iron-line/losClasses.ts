// Iron Line's LoS classes as shown (tabletop-result/1 `sight.display`); citations are the field manual's
// (../field-manual/fieldManual.ts, one book with Operator Tactics).
import type { LosClassDecl } from '../../engine/index.ts'
export { fieldManualTitle } from '../field-manual/fieldManual.ts'

export const LOS_CLASSES = {
  clear: { display: 'clear', reason: 'a line from the attacker\'s front edge reaches the target through no Obscuring or Fortified terrain', rule: '§16 L1475' },
  obscured: { display: 'partial', reason: 'the line passes through Obscuring terrain: Cover (+1), though it reaches the target', rule: '§16 L1512–1517' },
  fortified: { display: 'partial', reason: 'the target is inside Fortified terrain: +2, though the line reaches it', rule: '§16 L1512–1517' },
  blocked: { display: 'blocked', reason: 'other units or Blocking terrain block every line', rule: '§16 L1475' },
} as const satisfies Record<string, LosClassDecl>
