// Every ruleset declares the move modes its `reach` answers (issue 32; the planner lists them from the
// declaration, no longer from the words of a refusal). The names are the book's, written here from each
// book; each declared mode is answered under its own name on the ruleset's planning scene (test/scenarios),
// the default first; a mode that needs a context the query lacks is refused naming that context; any
// other name is refused at path `mode`.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type Scene, SceneError, loadScene, runQuery } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'

const known = ruleSystems.map((s) => s.id)

const CADENCE_CORE = ['move', 'advance', 'move-advance', 'deploy', 'disembark'] // playing-a-game.html#action-move, #action-advance, #deploying-from-reserve; advanced-rules.html#embarking-and-disembarking

/** Each book's move modes, the default (the move a model makes when nothing else is said) first. */
const BOOK: Record<string, { modes: string[]; needs?: Record<string, string> }> = {
  // §8.1 Types of Movement (Normal, Sprint) and §12 Rush Phase.
  'jagged-shards': { modes: ['normal', 'sprint', 'rush'] },
  // §12.1 normal, §12.4 hurry, §12.5 charge, §12.7 fly, §16.4.1 retreat, §12.9.8 jump.
  skrapyard: { modes: ['normal', 'hurry', 'charge', 'fly', 'retreat', 'jump'] },
  // The core's Move, Advance (one after the other), and placements from reserve or a Transport.
  cadence: { modes: CADENCE_CORE, needs: { deploy: 'entryPoint', disembark: 'transport' } },
  'cadence/devils-bluff': { modes: CADENCE_CORE, needs: { deploy: 'entryPoint', disembark: 'transport' } },
  'cadence/fracture': { modes: CADENCE_CORE, needs: { deploy: 'entryPoint', disembark: 'transport' } },
  'cadence/halo-breakpoint': { modes: CADENCE_CORE, needs: { deploy: 'entryPoint', disembark: 'transport' } },
  'cadence/respawn': { modes: CADENCE_CORE, needs: { deploy: 'entryPoint', disembark: 'transport' } },
  'cadence/survivors': { modes: CADENCE_CORE, needs: { deploy: 'entryPoint', disembark: 'transport' } },
  // Scraplands cars: Move, Advance, and the Drift and J-Turn upgrades (module-rules.html, building-a-team.html).
  'cadence/scraplands': { modes: ['move', 'advance', 'drift', 'j-turn'] },
  // Squadrons ships: Move, Advance, Advance with a turn, Evade (sideways), and Move + Advance.
  'cadence/squadrons': { modes: ['move', 'advance', 'advance-turn', 'evade', 'move-advance'] },
  // §02 Actions (Move, Sprint L246), Status effects (Prone: Crawl L313; Take Cover L321), Melee (break free L285,
  // Fight into contact L248), §26 Crackerjack Advance Under Fire L2396.
  'operator-tactics': { modes: ['move', 'sprint', 'crawl', 'take-cover', 'break-free', 'fight', 'advance-under-fire'] },
  // §16 L1456–1461: the manoeuvre table (Advance, Wheel, Shuffle, Retreat, Reform).
  'iron-line': { modes: ['advance', 'wheel', 'shuffle', 'retreat', 'reform'] },
  // Models > Movement: one move (up to three in an activation, each costing AP).
  'narrative-skirmish': { modes: ['move'] },
}

const SCENES: Record<string, string> = Object.fromEntries(known.map((id) => [id, id.startsWith('cadence') ? `${id}/planning-reach-threat-exposure.scenario.json` : id === 'narrative-skirmish' ? `${id}/planning-reach-threat-exposure.scenario.json` : `${id}/planning-reach-threat-exposure.json`]))

function sceneOf(file: string): Scene {
  const doc = JSON.parse(readFileSync(new URL(`../../scenarios/${file}`, import.meta.url), 'utf8')) as { scene?: Scene } & Scene
  return doc.scene ?? doc
}

/** The issues of a refused query (a SceneError), or null when it was answered. */
function refusal(run: () => unknown): Array<{ path: string; message: string }> | null {
  try {
    run()
    return null
  } catch (e) {
    if (e instanceof SceneError) return e.issues
    throw e
  }
}

describe('move modes each ruleset declares', () => {
  it('every ruleset (the 13 games) answers reach and declares its modes', () => {
    expect(ruleSystems).toHaveLength(13)
    expect(new Set(Object.keys(BOOK))).toEqual(new Set(known))
    expect(ruleSystems.filter((s) => !s.handlers.reach || !s.moveModes?.length).map((s) => s.id)).toEqual([])
  })

  for (const system of ruleSystems) {
    it(`${system.id}: the book's modes, each answered under its name on the planning scene; others refused`, () => {
      const book = BOOK[system.id]!
      const declared = system.moveModes!
      expect(declared.map((d) => d.mode)).toEqual(book.modes)
      expect(Object.fromEntries(declared.filter((d) => d.needs?.length).map((d) => [d.mode, d.needs!.join(',')]))).toEqual(book.needs ?? {})

      const scene = sceneOf(SCENES[system.id]!)
      expect(scene.system).toBe(system.id)
      const model = ((scene.queries ?? []).find((q) => q.type === 'reach') as { model: string }).model
      const table = loadScene({ ...scene, queries: [] }, findRuleSystem, known)
      const reach = (mode?: string) => runQuery(table, { id: 'q', type: 'reach', model, ...(mode ? { mode } : {}) } as never) as unknown as { mode: string }

      expect(reach().mode, 'the default mode is declared first').toBe(declared[0]!.mode)
      for (const d of declared) {
        if (d.needs?.length) {
          const issues = refusal(() => reach(d.mode))
          expect(issues?.map((i) => i.path), `${d.mode} without its context`).toEqual(d.needs.map((n) => `context.${n}`))
        } else {
          expect(reach(d.mode).mode, d.mode).toBe(d.mode)
        }
      }
      const other = refusal(() => reach('no-such-move-mode'))
      expect(other?.map((i) => i.path)).toEqual(['mode'])
    })
  }
})
