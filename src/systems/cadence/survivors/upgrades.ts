// Survivors upgrades and module special rules (survivors/gather-your-survivors.html#upgrades, survivors/module-rules.html#special-rules).
import type { CadenceSpecialRuleText, CadenceUpgrade } from '../index.ts'

export const survivorsUpgrades: readonly CadenceUpgrade[] = [
  { id: 'bag-of-bombs', name: 'Bag of Bombs', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Equipment', effect: 'This model gains the Pipe Bomb weapon but it loses the "One Use" special rule.', points: 4 },
  { id: 'leather-wraps', name: 'Leather Wraps', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Equipment', effect: 'This model gains +1 to Counter rolls against Zombie attacks.', points: 3 },
  { id: 'bullet-proof-vest', name: 'Bullet Proof Vest', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Equipment', effect: 'This model has a Defence of 4+', points: 6 },
  { id: 'zombie-camouflage', name: 'Zombie Camouflage', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Equipment', effect: 'Zombie Activity only activates Zombies within 9 inches of this model.', points: 4 },
  { id: 'med-pack', name: 'Med Pack', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Equipment', effect: 'One Use, this model may regain 1 lost Hit Point when making a Pass action.', points: 4 },
  { id: 'draw-attention', name: 'Draw Attention', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Skill', effect: 'This model may choose to fail their first Disturbance roll automatically.', points: 1 },
  { id: 'runner', name: 'Runner', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Skill', effect: 'This model has a Movement of 7, however it must make an additional Disturbance roll if it moves more than 12 inches in an activation.', points: 3 },
  { id: 'sneak', name: 'Sneak', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Skill', effect: 'This model may re-roll one failed Disturbance roll if it was triggered by moving within 6 inches of a Zombie.', points: 2 },
  { id: 'inspiration', name: 'Inspiration', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Skill', effect: 'Friendly models get +1 to skill rolls within 6" of this model.', points: 4 },
  { id: 'take-down', name: 'Take down', section: 'survivors/gather-your-survivors.html#upgrades', kind: 'Skill', effect: 'This model may make a 2nd attack action though it causes an automatic failed disturbance roll.', points: 9 },
]

export const survivorsSpecialRules: readonly CadenceSpecialRuleText[] = [
  { id: 'bad-idea', name: 'Bad Idea', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'When using this weapon the player counts as failing 3 disturbance rolls at the end of their activation, regardless of other actions they may have taken. In addition, the other player can select zombies up to 18 inches away this Zombie Activity Event.' },
  { id: 'fire', name: 'Fire', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'Zombies that take a hit from this weapon only counter the damage on a 6+.' },
  { id: 'loud', name: 'Loud', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'When using this weapon the player must make an additional disturbance roll at the end of it\'s activation.' },
  { id: 'rare', name: 'Rare', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'You may include only 1 instance of this weapon in your group.' },
  { id: 'reliable', name: 'Reliable', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'This weapon does not need to test to see if it becomes unusable.' },
  { id: 'reload', name: 'Reload', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'After this weapon has been used the model must take another Attack action with no effect to be able to use the weapon again.' },
  { id: 'risky', name: 'Risky', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'When using this weapon to attack Zombies, if the weapon fails an unreliable roll the Zombie target makes an immediate Attack against this model.' },
  { id: 'silent', name: 'Silent', section: 'survivors/module-rules.html#special-rules', applies: 'module', text: 'When using this weapon the player does not make a disturbance roll for this attack.' },
]
