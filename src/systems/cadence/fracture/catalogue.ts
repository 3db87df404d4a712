// Fracture catalogue: every profile of the five army lists, the upgrades and the module special rules.
// Ids are kebab-case of the printed name; a name printed twice with different stats (Brute, Warrior,
// Heavy Shard Repeater) is told apart by army (and list) — see findProfile in ../catalogueLookup.ts.
import type { CadenceCatalogue } from '../index.ts'
import { maraudersModels, maraudersWeapons } from './marauders.ts'
import { sentinelsModels, sentinelsWeapons } from './sentinels.ts'
import { theEndlessModels, theEndlessWeapons } from './the-endless.ts'
import { theSwarmModels, theSwarmWeapons } from './the-swarm.ts'
import { voidbornCorsairsModels, voidbornCorsairsWeapons } from './voidborn-corsairs.ts'
import { fractureSpecialRules, fractureUpgrades } from './upgrades.ts'

export const FRACTURE_ARMIES = ['marauders', 'sentinels', 'the-endless', 'the-swarm', 'voidborn-corsairs'] as const

export const fractureCatalogue: CadenceCatalogue = {
  models: [...maraudersModels, ...sentinelsModels, ...theEndlessModels, ...theSwarmModels, ...voidbornCorsairsModels],
  weapons: [...maraudersWeapons, ...sentinelsWeapons, ...theEndlessWeapons, ...theSwarmWeapons, ...voidbornCorsairsWeapons],
  upgrades: fractureUpgrades,
  specialRules: fractureSpecialRules,
}
