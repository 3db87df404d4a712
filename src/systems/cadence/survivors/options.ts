// Survivors readings the book leaves open (on top of the core options).
import type { CadenceOptionDecl } from '../index.ts'

export const survivorsOptions = [
  {
    name: 'zombieProximityRolls', values: ['cumulative', 'exclusive'], default: 'cumulative', section: 'survivors/module-rules.html#disturbance-rolls',
    note: 'One roll "for each of": "within 6 inches of a single zombie or zombie entry point" and "within 6 inches of more than one zombie". Default cumulative: any zombie or zombie entry point within 6" gives 1 roll, and two or more zombies within 6" give 1 more; exclusive gives 1 roll for exactly one zombie (or an entry point) and 1 roll (not 2) for more than one.',
  },
  {
    name: 'disturbanceProximityAt', values: ['path', 'end-position'], default: 'path', section: 'survivors/module-rules.html#disturbance-rolls',
    note: '"during their activation": default checks the straight path from context.from (when given) to the model\'s position; end-position checks only where the model stands.',
  },
  {
    name: 'zombieCloserMetric', values: ['straight-line'], default: 'straight-line', section: 'survivors/module-rules.html#zombie-activity-events',
    note: 'A zombie "must finish closer to the nearest non-zombie model it has line-of-sight to": closer = smaller base-to-base distance.',
  },
  {
    name: 'bareRending', type: 'number', default: 1, section: 'survivors/gather-your-survivors.html#melee-weapons',
    note: 'The Large Blade prints "Rending" with no (X); default reads it as Rending (1).',
  },
  {
    name: 'leaderRule', values: ['undefined', 'devils-bluff-leader'], default: 'undefined', section: 'survivors/gather-your-survivors.html#survivor-groups',
    note: 'The Leader profile lists a "Leader" special rule that Survivors never defines: default no effect; devils-bluff-leader borrows the Devil\'s Bluff text (friendly models within 6" pass the 1-CP activation check).',
  },
  {
    name: 'inspirationApplies', values: ['attack-rolls', 'off'], default: 'attack-rolls', section: 'survivors/gather-your-survivors.html#upgrades',
    note: 'Inspiration: "Friendly models get +1 to skill rolls within 6" of this model": skill rolls = Attack Rolls made against Skill.',
  },
] as const satisfies readonly CadenceOptionDecl[]
