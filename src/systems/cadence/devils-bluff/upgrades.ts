// Devil's Bluff upgrades and module special rules (devils-bluff/making-your-gang.html#upgrades, devils-bluff/module-rules.html#special-rules).
import type { CadenceSpecialRuleText, CadenceUpgrade } from '../index.ts'

export const devilsBluffUpgrades: readonly CadenceUpgrade[] = [
  { id: 'armoured-plates', name: 'Armoured Plates', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'One per gang. This model has a Defence of 8+.', points: 15 },
  { id: 'aces-wild', name: 'Aces Wild', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'One per gang. This model may count Aces as 11 when making a draw.', points: 20 },
  { id: 'climber', name: 'Climber', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'This model suffers no movement penalty for moving vertically on Climbable terrain and may climb impassable terrain at the cost of 2 inches of movement for each height level so long as there is clear terrain to be placed upon.', points: 10 },
  { id: 'dodge-roll', name: 'Dodge Roll', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'When this model is targeted in for an attack with and Assault weapon, you may spend 1 Command Point to move this model up to 2 inches. The model that made the attack may choose a new target or weapon.', points: 12 },
  { id: 'gunfighter', name: 'Gunfighter', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'This model may make 2 attack actions in a row when using a Revolver if it does not move during its activation.', points: 15 },
  { id: 'horse', name: 'Horse', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'This model gains the benefits of being mounted on a horse as outlined above. You may have a maximum of 2 horses in your gang.', points: 16 },
  { id: 'intuition', name: 'Intuition', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'One use. Only one model in your gang may have this upgrade. Your opponent must reveal all of the cards in their hand.', points: 10 },
  { id: 'mounted-combat', name: 'Mounted Combat', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'This model gains +2 to attack rolls when using Assault weapons while mounted on a Horse.', points: 8 },
  { id: 'move-it', name: 'Move It!', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'One use. After this model completes it\'s activation, you may immediately activate another of your models before your opponent may activate one of theirs.', points: 10 },
  { id: 'quick-draw', name: 'Quick Draw', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'One use, when this model is targeted in an attack it may immediately make a free attack action with a Revolver.', points: 15 },
  { id: 'runner', name: 'Runner', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'This model has a Movement of 6".', points: 7 },
  { id: 'steady-hands', name: 'Steady Hands', section: 'devils-bluff/making-your-gang.html#upgrades', effect: 'This model only suffers a -2 to draws for the Rush Penalty.', points: 12 },
]

export const devilsBluffSpecialRules: readonly CadenceSpecialRuleText[] = [
  { id: 'longshot', name: 'Longshot', section: 'devils-bluff/module-rules.html#special-rules', applies: 'module', text: 'This weapon may double it\'s Range, but it reduces its Attacks to 1.' },
  { id: 'leader', name: 'Leader', section: 'devils-bluff/module-rules.html#special-rules', applies: 'module', text: 'This model, and friendly models within 6 inches always pass the check when activating with 1 Command Point.' },
]
