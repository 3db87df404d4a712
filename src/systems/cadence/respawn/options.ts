// Respawn ambiguities as named options (house style 6).

import type { CadenceOptionDecl } from '../index.ts'

const RULES = 'respawn/module-rules.html'
const TEAM = 'respawn/creating-your-team.html'
const S1 = 'respawn/season-1-big-guns.html'

export const RESPAWN_OPTIONS = [
  {
    name: 'characterIsUnit', type: 'boolean', default: true, section: TEAM,
    note: 'Never stated; each character activates alone and has its own Command, so each is a unit of one model (a scene model without "unit" is its own unit). Informational.',
  },
  {
    name: 'barrierAndSmokeReading', values: ['opaque', 'any-sightline'], default: 'opaque', section: `${S1}#special-terrain-energy-barriers`,
    note: '"any line of sight drawn through this terrain counts as blocked" (and Smoke: "draws line of sight through this marker"): default, a sightline through it is blocked, so the marker hides what is behind it like solid terrain of unlimited height and the core classes follow. any-sightline: if any sightline to the target crosses it, the whole attack is blocked.',
  },
  {
    name: 'smokeHeight', values: ['unlimited'], default: 'unlimited', section: `${TEAM}#equipment_1`,
    note: 'Smoke markers are flat 50mm tokens with no height given; they hide everything behind their footprint.',
  },
  {
    name: 'beamAnchor', values: ['base-centre', 'base-edge'], default: 'base-centre', section: `${S1}#the-big-guns`,
    note: '"Draw a line from this model to a point 24" away": default from the base centre; base-edge: from the base edge toward the point, 24" long.',
  },
  {
    name: 'beamIncludesAttacker', type: 'boolean', default: false, section: `${S1}#the-big-guns`,
    note: '"every model within 2 inches of that line, friendly or enemy": the firer is not attacked by its own beam.',
  },
  {
    name: 'coveringFireModifiers', values: ['core', 'skill-only'], default: 'core', section: `${TEAM}#perks`,
    note: 'Covering Fire makes "two Attack Rolls": an Attack Roll is defined with its modifiers (core step 2), so obscured -1, height +1 and the close-range penalty apply (no weapon, so no Assault exemption). skill-only: plain Skill rolls.',
  },
  {
    name: 'impactDirection', values: ['centre-to-centre'], default: 'centre-to-centre', section: `${RULES}#special-rules`,
    note: 'Impact (X): "move directly away from the attacker": along the line from the attacker\'s base centre through the target\'s base centre.',
  },
  {
    name: 'heavyBarricadeCover', type: 'boolean', default: true, section: `${TEAM}#equipment_3`,
    note: 'The Heavy class Deployable Barricade omits "This barricade has the Cover keyword" (the Support one has it); default the same barricade. Informational: a barricade is a scene terrain piece, whose keywords (cover or not) the scene gives.',
  },
] as const satisfies readonly CadenceOptionDecl[]
