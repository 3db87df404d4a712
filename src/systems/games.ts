// The one list of games: id, title, and how to load its ruleset. The app's picker is made from it
// (loading a game's code only when it is chosen: src/app/state/systemLoader.ts). Each ruleset names
// its own title (it is the game's data; a ruleset importing this list, which loads every ruleset, tied
// them all into one import circle); test/architecture.test.ts checks that every entry here has its
// ruleset's title, and the registry (index.ts) lists the same games in the same order. Adding a game:
// one line here and one in index.ts.
import type { RuleSystem } from '../engine/index.ts'

export type GameEntry = { readonly id: string; readonly title: string; readonly load: () => Promise<RuleSystem> }

export const GAMES = [
  { id: 'narrative-skirmish', title: 'Skirmish Rules (generic narrative skirmish)', load: () => import('./narrative-skirmish/index.ts').then((m) => m.narrativeSkirmish) },
  { id: 'jagged-shards', title: 'Jagged Shards: Skirmish Protocol (v1.07)', load: () => import('./jagged-shards/index.ts').then((m) => m.jaggedShards) },
  { id: 'skrapyard', title: 'Skrapyard: Raw Rules', load: () => import('./skrapyard/index.ts').then((m) => m.skrapyard) },
  { id: 'cadence', title: 'Cadence Wargame System — core rules', load: () => import('./cadence/index.ts').then((m) => m.cadence) },
  { id: 'cadence/devils-bluff', title: "Devil's Bluff (Cadence): Wild West skirmish with playing cards", load: () => import('./cadence/devils-bluff/index.ts').then((m) => m.devilsBluff) },
  { id: 'cadence/fracture', title: 'Fracture (Cadence): sci-fi army battles', load: () => import('./cadence/fracture/index.ts').then((m) => m.fracture) },
  { id: 'cadence/survivors', title: 'Survivors (Cadence): zombie-apocalypse skirmish', load: () => import('./cadence/survivors/index.ts').then((m) => m.survivors) },
  { id: 'cadence/halo-breakpoint', title: 'Halo: Breakpoint (Cadence, fan game)', load: () => import('./cadence/halo-breakpoint/index.ts').then((m) => m.haloBreakpoint) },
  { id: 'cadence/respawn', title: 'Respawn (Cadence): team skirmish with respawns', load: () => import('./cadence/respawn/index.ts').then((m) => m.respawn) },
  { id: 'cadence/scraplands', title: 'Scraplands (Cadence): post-apocalyptic car racing and combat', load: () => import('./cadence/scraplands/index.ts').then((m) => m.scraplands) },
  { id: 'cadence/squadrons', title: 'Squadrons (Cadence): space fighter combat', load: () => import('./cadence/squadrons/index.ts').then((m) => m.squadrons) },
  { id: 'operator-tactics', title: 'Operator Tactics: Skirmish (with Vertical Pressure, Convention and Crackerjack modules)', load: () => import('./operator-tactics/index.ts').then((m) => m.operatorTactics) },
  { id: 'iron-line', title: 'Operator Tactics: Iron Line (mass battle)', load: () => import('./iron-line/index.ts').then((m) => m.ironLine) },
] as const satisfies readonly GameEntry[]
