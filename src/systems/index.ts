// The registry of game systems: one line per ruleset (house style §20: explicit registration).
import type { RuleSystem } from '../engine/index.ts'
import { narrativeSkirmish } from './narrative-skirmish/index.ts'
import { jaggedShards } from './jagged-shards/index.ts'
import { skrapyard } from './skrapyard/index.ts'
import { cadence } from './cadence/index.ts'
import { devilsBluff } from './cadence/devils-bluff/index.ts'
import { fracture } from './cadence/fracture/index.ts'
import { survivors } from './cadence/survivors/index.ts'
// [cadence-games-a] import lines (devils-bluff, fracture, survivors) go here
import { haloBreakpoint } from './cadence/halo-breakpoint/index.ts'
import { respawn } from './cadence/respawn/index.ts'
import { scraplands } from './cadence/scraplands/index.ts'
import { squadrons } from './cadence/squadrons/index.ts'
import { operatorTactics } from './operator-tactics/index.ts'
import { ironLine } from './iron-line/index.ts'

export const ruleSystems: readonly RuleSystem[] = [
  narrativeSkirmish,
  jaggedShards,
  skrapyard,
  cadence,
  devilsBluff,
  fracture,
  survivors,
  // [cadence-games-a] registry entries go here
  haloBreakpoint,
  respawn,
  scraplands,
  squadrons,
  operatorTactics,
  ironLine,
]

/** Find a rule system by its id (e.g. "narrative-skirmish", "cadence/respawn"). */
export function findRuleSystem(id: string): RuleSystem | undefined {
  return ruleSystems.find((s) => s.id === id)
}
