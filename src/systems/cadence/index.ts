// Ruleset "cadence": the Cadence Wargame System core rules, and the public surface every game built
// on it imports (see CORE-API.md). Games: ./devils-bluff, ./fracture, ./survivors (and, by another
// author, ./halo-breakpoint, ./respawn, ./scraplands, ./squadrons).
import type { RuleSystem } from '../../engine/index.ts'
import { createCadenceSystem } from './system.ts'
import { coreCatalogue } from './catalogue.ts'
import demoScene from './demo.json' with { type: 'json' }

export { createCadenceSystem, resolveCore, coreHooks, CORE_NUMBERS, CORE_TERRAIN_TYPES, CORE_TERRAIN_KEYWORDS, mergeOptions } from './system.ts'
export type { UpgradableStats, CadenceSpec, CadenceCore, CadenceHooks, CadenceModelView, ChainNumbers, CitedNumber, AttackSituation, ChainAdjustment, LosAdjustment, WeaponAdjustment, AuraDecl } from './spec.ts'
export type { CadenceCatalogue, CadenceModelProfile, CadenceWeaponProfile, CadenceUpgrade, CadenceSpecialRuleText, CadenceConstant } from './types.ts'
export type { CadenceOptionDecl } from './options.ts'
export { coreOptions } from './options.ts'
export { CORE } from './constants.ts'
export { coreSpecialRules } from './specialRulesText.ts'
export { parseSpecialRule, parseSpecialRules, findRule, hasRule, ruleValue, kebab, type ParsedRule } from './specialRules.ts'
export { weaponNumber, weaponRules, baseHeightLevel } from './modelView.ts'
export { MEASURE_RULE, measureGap, measureUnitGap, nearestOf, isModelWithin, withinReading, distanceFigure } from './measure.ts'
export { LOS_RULE, COVER_RULE, judgeUnitSight, sightOfModel, cadenceLosRule, unitSightBlock, type LosClass, type SightHook, type UnitSight } from './lineOfSight.ts'
export { ARC_RULE, CADENCE_ARCS, ARC_PRIORITY, classifyCadenceArc, isInForwardPath, type ArcName } from './arcs.ts'
export { resolveAttack, type AttackHooks, type GameHookNote, type HookSource, pickWeapon, counterTarget, heightAdvantage, coreContextShape, ATTACK_SECTIONS } from './attack.ts'
export { blastVictims, blastVictimsAt, BLAST_RULE } from './blast.ts'
export { resolveObjective, markerGap, markerToGroupMm, objectiveArea, objectiveContextShape, type ObjectiveUnit } from './objective.ts'
export { resolveAura } from './aura.ts'
export { resolveMove, levelAt, moveContextShape, MV as MOVE_SECTIONS } from './move.ts'
export { type CadencePlanning, cadenceExposure, cadenceMovement, cadenceReach, cadenceThreat } from './planning.ts'
export { measureFormation, FORMATION_RULE } from './formation.ts'
export { resolveEmbark, embarkQuerySchema, TRANSPORT_RULES } from './transport.ts'
export { evaluateAttackChain, summariseChain, type AttackChainSpec, type AttackChainResult } from './probability/attackChain.ts'
export { successProbability, finalFaceDist, faceSucceeds, type RollCheck } from './probability/rollCheck.ts'
export * from './probability/exactFraction.ts'
export { book } from './book.ts'
// Shared by several games (one place, so no game imports another: test/architecture.test.ts).
export { anySightlineCrosses, baseOverlapsFootprint, measureBaseFootprintGap, measureDistanceToContact, measureSegmentBaseGap, overlapsModel, sweepBase, type SweepStop } from './flatGeometry.ts'
export { measurePathOverlaps, solveOnePivot, traceVehiclePath, type VehiclePath } from './vehiclePath.ts'
export { ruleText, withDefaultWeapons } from './gameCatalogue.ts'
export { targetOnlyHook, visibilityWith } from './gameAttack.ts'
export { counterNeed, d6Success } from './counterRoll.ts'
/** A copy of the table with one edit (a Hunter Charge's moved Hunter, Respawn's clear-for-movement terrain): only those two use it. */
export { deriveTable } from './derivedTable.ts'

/** The core rules on their own (no catalogue: give stats inline). */
export const cadence: RuleSystem = createCadenceSystem({
  id: 'cadence',
  title: 'Cadence Wargame System — core rules',
  dice: 'D6',
  moduleSection: 'core-rules/index.html',
  catalogue: coreCatalogue,
  options: [],
  demoScene,
})
