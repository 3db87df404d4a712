// The one game list (src/systems/games.ts: ids and titles for the picker, each game's code loaded on demand)
// must be the registry the engine worker rules with: same ids, same order, same titles, and each
// loader must give that game's system. A game added to src/systems/index.ts and not here fails.
import { describe, expect, it } from 'vitest'
import { ruleSystems } from '../../src/systems/index.ts'
import { isKnownSystem, loadDemoScene, loadRuleSystem, systemList, systemTitle } from '../../src/app/state/systemLoader.ts'
import { DEFAULT_SYSTEM_ID, useApp } from '../../src/app/state/appStore.ts'

describe('systemLoader: the games the main thread loads one at a time', () => {
  it('lists exactly the registry, in its order, with its titles', () => {
    expect(systemList.map((s) => [s.id, s.title])).toEqual(ruleSystems.map((s) => [s.id, s.title]))
  })
  it('each loader gives the system with its own id (the same object the registry holds)', async () => {
    for (const s of ruleSystems) expect(await loadRuleSystem(s.id)).toBe(s)
  })
  it('an unknown id loads nothing and is not known', async () => {
    expect(await loadRuleSystem('no-such-game')).toBeUndefined()
    expect(await loadDemoScene('no-such-game')).toBeNull()
    expect(isKnownSystem('no-such-game')).toBe(false)
    expect(systemTitle('cadence/respawn')).toBe('Respawn (Cadence): team skirmish with respawns')
  })
  it('the demo scene is a copy of the system\'s, and the store opens on the default game\'s demo', async () => {
    const demo = await loadDemoScene('jagged-shards')
    const system = ruleSystems.find((s) => s.id === 'jagged-shards')!
    expect(demo).toEqual(system.demoScene)
    expect(demo).not.toBe(system.demoScene)
    expect(DEFAULT_SYSTEM_ID).toBe(ruleSystems[0]!.id)
    expect(useApp.getState().scene).toEqual(ruleSystems[0]!.demoScene)
  })
})
