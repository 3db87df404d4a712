// Ruleset "skrapyard": Skrapyard: Raw Rules (Robey Jenkins, 2 March 2011), roll-under d12.
import { LOS_CLASSES, citationTitle } from './losClasses.ts'
import type { ProfileEntry, QueryHandler, RuleSystem, WeaponEntry } from '../../engine/index.ts'
import { answerArc, answerAura, answerEngagement, answerFormation, answerLos, answerMove, answerObjective, answerTest, answerVisibility, formationQuerySchema, testQuerySchema } from './answerQueries.ts'
import { COMBAT_WEAPONS, PROFILES, RANGED_WEAPONS } from './catalogue.ts'
import { contextSchema } from './contextSchema.ts'
import { OPTION_SPECS } from './options.ts'
import { MODEL_KEYWORDS, MODEL_STATUSES, checkCharacters, readOptions } from './readCharacter.ts'
import { TERRAIN_KEYWORDS, TERRAIN_TYPES, checkTerrain } from './readTerrain.ts'
import { resolveAttack } from './resolveAttack.ts'
import { sampleSkrapyardLos } from './sampleSkrapyardLos.ts'
import { exposure, moveModes, reach, threat } from './planning.ts'
import type { PlayerStat, ProfileArming } from '../arming.ts'
import demoScene from './demo.json' with { type: 'json' }
import { skrapyardGame } from './gameState.ts'

// The book prints no character's F, S, A or D ("The minimum value for any characteristic is 3. The
// maximum is 10.", §6.1): the setup asks the player for the ones a profile leaves out (systems/arming.ts).
// Everyone has a basic weapon (§13.1); specialist shooting weapons (§13.6) and combat weapons (§14.4) are carried besides.
const CHARACTERISTICS: readonly PlayerStat[] = [
  { key: 'F', name: 'Fight', min: 3, max: 10, section: '§6.1.1' },
  { key: 'S', name: 'Shoot', min: 3, max: 10, section: '§6.1.2' },
  { key: 'A', name: 'Armour', min: 3, max: 10, section: '§6.1.3' },
  { key: 'D', name: 'Discipline', min: 3, max: 10, section: '§6.1.4' },
]
const ARMING: ProfileArming = {
  section: '§13.1',
  quote: 'All characters are assumed to have some form of ranged weapon, even if it is only rocks or other thrown items, unless specifically stated in the character\'s rules. This is called a basic weapon. (Besides: medium-ranged, long-ranged and sniper weapons, §13.6; combat weapons, §14.4.)',
  weapons: [...RANGED_WEAPONS, ...COMBAT_WEAPONS].filter((w) => w.id !== 'basic-weapon' && w.id !== 'basic-combat-weapon' && w.id !== 'aethyric-arc').map((w) => w.id),
}
const profiles: Record<string, ProfileEntry> = Object.fromEntries(
  PROFILES.map((p) => [p.id, {
    name: p.name, section: p.section, stats: { ...p.stats }, weapons: p.weapons, base: { shape: 'round', diameter: p.baseMinMm }, note: p.note,
    arming: ARMING,
    playerStats: CHARACTERISTICS.filter((c) => p.stats[c.key as keyof typeof p.stats] === undefined),
  }]),
)
const weapons: Record<string, WeaponEntry> = Object.fromEntries([...RANGED_WEAPONS, ...COMBAT_WEAPONS].map((w) => [w.id, { ...w }]))

export const skrapyard: RuleSystem = {
  id: 'skrapyard',
  title: 'Skrapyard: Raw Rules',
  book: { file: '../shared/seeds/001_030bf9119bb13d80.txt', title: 'Skrapyard: Raw Rules', edition: '2 March 2011 (Raw Rules, pre-final)' },
  citation: 'the book\'s paragraph numbers, e.g. §13.2.4',
  dice: 'd12',
  options: OPTION_SPECS,
  terrainTypes: TERRAIN_TYPES,
  terrainKeywords: TERRAIN_KEYWORDS,
  modelKeywords: [...MODEL_KEYWORDS],
  modelStatuses: [...MODEL_STATUSES],
  catalogue: { profiles, weapons },
  rules: (table) => {
    const o = readOptions(table)
    return {
      measure: { reference: o.rangeReference === 'base-centre' ? 'centre' : 'edge', mode: o.distanceMode, within: o.withinComparator === 'strict' ? 'lt' : 'le', rule: '§1.2, §13.2' },
      los: {
        mode: '3d',
        from: 'eye',
        to: 'volume',
        terrainBlocks: () => true,
        modelBlocks: () => false,
        rule: '§13.2.1–§13.2.4 (the ruleset answers los queries with its own sampler: front half-space, target-zone cylinder, 1" rule)',
      },
      engagement: { rangeMm: o.baseContactToleranceMm, within: 'le', reference: 'edge', rule: '§14.1 (base contact)' },
      arcs: {
        arcs: [
          { name: 'front', fromDeg: -90, toDeg: 90 },
          { name: 'behind', fromDeg: 90, toDeg: 270 },
        ],
        test: 'partly',
        priority: ['behind', 'front'],
        rule: '§2.4.1–§2.4.2',
      },
    }
  },
  losClasses: LOS_CLASSES,
  citationTitle,
  classifyLos: (table, viewer, target) => sampleSkrapyardLos(table, viewer, target, readOptions(table)).class,
  contextSchema,
  queryTypes: { test: testQuerySchema, formation: formationQuerySchema },
  moveModes,
  handlers: {
    attack: resolveAttack,
    los: answerLos,
    arc: answerArc,
    engagement: answerEngagement,
    visibility: answerVisibility,
    move: answerMove,
    reach,
    threat,
    exposure,
    aura: answerAura,
    objective: answerObjective,
    test: answerTest as QueryHandler<never>,
    formation: answerFormation as QueryHandler<never>,
  },
  demoScene,
  checkScene: (table) => [...checkCharacters(table), ...checkTerrain(table)],
  game: skrapyardGame,
}
