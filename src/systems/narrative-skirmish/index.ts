// Ruleset "narrative-skirmish": the short generic narrative skirmish game (d10 opposed rolls).
import { LOS_CLASSES, citationTitle } from './losClasses.ts'
import { type RuleSystem, terrainCrossingReaches } from '../../engine/index.ts'
import { catalogue, SECTION } from './catalogue.ts'
import { options } from './options.ts'
import { attack, blast, checkScene, contextSchema, decideCover, losRule, move, opt, armourArcs } from './rules.ts'
import { exposure, moveModes, planningContextShape, reach, threat } from './planning.ts'
import demoScene from './demo.json' with { type: 'json' }
import { narrativeSkirmishGame } from './gameState.ts'

export const narrativeSkirmish: RuleSystem = {
  id: 'narrative-skirmish',
  title: 'Skirmish Rules (generic narrative skirmish)',
  book: { file: '../shared/seeds/004_80773196855a1968.txt', title: 'Skirmish Rules' },
  citation: 'the book\'s headings, e.g. "Combat > Cover"',
  dice: 'd10',
  options,
  terrainTypes: [
    { id: 'solid', description: 'Buildings, walls, rocks: stop sight lines where they physically stand, give cover, impassable.', section: SECTION.cover },
    { id: 'area', description: 'Woods, ruins, crops: sight passes through but a model behind or inside is in cover; passable.', section: SECTION.cover },
  ],
  catalogue,
  rules: (table) => {
    const o = opt(table)
    return {
      measure: { reference: o.measureFrom, mode: o.measureMode, within: o.within, rule: SECTION.combatRanged },
      los: losRule(table),
      engagement: { rangeMm: o.meleeContactMm, within: 'le', rule: `${SECTION.combatMelee} (base contact, within ${o.meleeContactMm} mm)`, reference: 'edge' },
      arcs: { arcs: armourArcs(table), test: 'centre', rule: `${SECTION.bigModels} (Front/Side/Rear armour; arcs are an option)` },
    }
  },
  losClasses: LOS_CLASSES,
  citationTitle,
  classifyLos: (table, viewer, target, los) => {
    if (!los.visible) return 'blocked'
    const test = opt(table).coverTest
    if (test === 'centre-line') return decideCover(table, viewer, target).inCover ? 'cover' : 'clear'
    // terrainCrossing.figure > 0 || .base > 0, or .figure >= 0.5 (decideCover's test), asked so that a
    // matrix line counts its crossing lines only until the answer is known
    return (test === 'partly-hidden'
      ? terrainCrossingReaches(los, 'figure', 0, true) || terrainCrossingReaches(los, 'base', 0, true)
      : terrainCrossingReaches(los, 'figure', 0.5)) ? 'cover' : 'clear'
  },
  // The centre-line test reads the terrain under the centre-to-centre line, which the sampled lines need not meet.
  classOfLineOnly: (table) => opt(table).coverTest !== 'centre-line',
  contextSchema: contextSchema.extend(planningContextShape),
  moveModes,
  handlers: { attack, move, blast, reach, threat, exposure },
  demoScene,
  checkScene,
  game: narrativeSkirmishGame,
}
