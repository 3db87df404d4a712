// Fracture readings the book leaves open (on top of the core options).
import type { CadenceOptionDecl } from '../index.ts'

export const fractureOptions = [
  {
    name: 'moraleFriendlyModels', values: ['other-units', 'any-model'], default: 'other-units', section: 'fracture/module-rules.html#morale',
    note: '"If there are any friendly models within 6 inches add 1": default counts models of other friendly units (the testing unit\'s own models are always near themselves).',
  },
  {
    name: 'moraleDistanceFrom', values: ['any-model-of-unit'], default: 'any-model-of-unit', section: 'fracture/module-rules.html#morale',
    note: 'Distances for morale are unit distances ("the distance between the two closest models", core basic-rules.html#distance-and-measuring).',
  },
  {
    name: 'longShot', values: ['auto', 'never', 'always'], default: 'auto', section: 'fracture/module-rules.html#special-rules',
    note: 'Long Shot: "may add 8 inches to it\'s Range but if it does it reduces it\'s Attacks to 1". auto uses it only when the target is beyond the printed range; context.longShot overrides.',
  },
  {
    name: 'overcharge', values: ['off', 'on'], default: 'off', section: 'fracture/module-rules.html#special-rules',
    note: 'Overcharge is the attacker\'s choice; default off, context.overcharge true adds 1 Attack and makes every natural 1 hit the attacker.',
  },
  {
    name: 'controlObjectiveHold', values: ['until-enemy-attempt'], default: 'until-enemy-attempt', section: 'fracture/module-rules.html#objectives',
    note: '"Control objectives in Fracture remain secured until an enemy unit attempts to secure it, even if they fail" (replaces the core 3" hold).',
  },
  {
    name: 'psionicFieldNaturalSix', type: 'boolean', default: true, section: 'fracture/army-lists/the-swarm.html#special-rules',
    note: 'Psionic Field: "always passes a Defence Roll on a physical roll of a 6 regardless of modifiers".',
  },
] as const satisfies readonly CadenceOptionDecl[]
