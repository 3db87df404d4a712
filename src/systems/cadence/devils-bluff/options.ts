// Devil's Bluff readings the book leaves open (on top of the core options).
import type { CadenceOptionDecl } from '../index.ts'

export const devilsBluffOptions = [
  {
    name: 'drawModel', values: ['independent', 'without-replacement'], default: 'without-replacement', section: 'devils-bluff/module-rules.html#draws',
    note: 'Cards are drawn from one shuffled 52-card deck. Default: the draws of one attack come from the same deck without replacement (hypergeometric), from a full deck or the remaining counts given in context.deck; independent treats every draw as a fresh full deck (each value 4/52). Both give the same per-draw odds; the joint odds (at least one hit) differ.',
  },
  {
    name: 'modifierDoubling', values: ['double-unlisted-modifiers', 'as-printed'], default: 'double-unlisted-modifiers', section: 'devils-bluff/module-rules.html#draws',
    note: '"for any modifier that is not specifically mentioned in these rules the modifier is doubled - so -1 would become -2". Default doubles Accurate, Cover, Stealth, Shred, Weak Spot and the like; the attack modifiers Devil\'s Bluff restates (close range, rush, height, obscured) use its own numbers.',
  },
  {
    name: 'piercingScale', values: ['as-printed', 'doubled'], default: 'as-printed', section: 'devils-bluff/making-your-gang.html#weapons',
    note: 'Piercing is a weapon attribute, not a "modifier", and the Devil\'s Bluff weapon table prints its own values next to card-scale Defences (10+); default subtracts Prc as printed. doubled treats it as an unlisted modifier.',
  },
  {
    name: 'coverCap', values: ['13', '6'], default: '13', section: 'devils-bluff/module-rules.html#draws',
    note: 'Cover: "may not have their Defence Roll modified to worse than 6+"; a required 6 "requires a draw of 13 instead", so the cap becomes 13.',
  },
  {
    name: 'aceAlwaysFails', type: 'boolean', default: true, section: 'core-rules/basic-rules.html#dice',
    note: 'A roll of 1 always fails; an Ace has value 1, so it always fails (unless Aces Wild counts it as 11).',
  },
  {
    name: 'longshot', values: ['auto', 'never', 'always'], default: 'auto', section: 'devils-bluff/module-rules.html#special-rules',
    note: 'Longshot: "may double it\'s Range, but it reduces its Attacks to 1". auto uses it only when the target is beyond the normal range; context.longshot overrides.',
  },
  {
    name: 'mountedHeightLevel', values: ['level-1', 'terrain-plus-1'], default: 'level-1', section: 'devils-bluff/module-rules.html#horses',
    note: 'A mounted model "Count as being at height level 1". Mounted models cannot climb (climbable is impassable), so the literal level 1 is the default.',
  },
] as const satisfies readonly CadenceOptionDecl[]
