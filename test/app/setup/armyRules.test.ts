// Every game's army able to rule (issue 31): for each of the rulesets, an army made from its catalogue
// the way My table's army step makes it (the profiles it offers, armed as the book arms them: what the
// book gives, else the first weapon the step offers, as a player must pick one; the characteristics
// the book leaves to the player given within its bounds; two sides deployed along their edges) rules
// an attack from every armed profile, as the card asks for it (evaluateOverlay, the attack with the
// attacker's first weapon). A profile the book gives no weapon at all gets the engine's refusal, and
// the card names the model by its name, never by its id.
import { describe, expect, it } from 'vitest'
import type { RuleSystem, Scene } from '../../../src/engine/index.ts'
import { ruleSystems } from '../../../src/systems/index.ts'
import { addModels, emptyDraft, sceneOfDraft, setSide } from '../../../src/app/setup/tableDraft.ts'
import { defaultBase } from '../../../src/app/setup/bookDefaults.ts'
import { armedWith, bookSides, missingForAdd, profileGroups, sideLabel, weaponOffer } from '../../../src/app/setup/armyChoices.ts'
import { evaluateOverlay } from '../../../src/app/engine/evaluateOverlay.ts'
import { modelNames, withNames } from '../../../src/app/format/names.ts'

/** A number the book leaves to the player: the middle of its bounds. */
const mid = (s: { min: number; max: number }) => Math.round((s.min + s.max) / 2)

/** One model of `profile` added as the army step adds it, named `name`, on `side`. */
function addAsTheStepDoes(system: RuleSystem, d: ReturnType<typeof emptyDraft>, profile: string, name: string, side: string) {
  const offer = weaponOffer(system, profile)
  const chosen = offer.required || (offer.carried.length === 0 && offer.choices.length > 0) ? offer.choices.slice(0, 1).map((c) => c.id) : []
  const stats = Object.fromEntries(offer.playerStats.map((s) => [s.key, mid(s)]))
  const own = offer.playerWeapon.length ? { id: 'own-weapon', name: 'Own weapon', ...Object.fromEntries(offer.playerWeapon.map((s) => [s.key, mid(s)])), specialRules: [] } : null
  const ownStats = Object.fromEntries(offer.playerWeapon.map((s) => [s.key, mid(s)]))
  // What the step would refuse, it refuses here too: the test adds only what a player could.
  expect(missingForAdd(offer, chosen, stats, ownStats), `${system.id} ${profile}`).toBeNull()
  const base = defaultBase(system, profile)
  return addModels(d, { profile, name, side, count: 1, base: base.base, heightMm: base.heightMm, weapons: armedWith(offer, chosen, own), stats, layout: 'auto' })
}

describe("every game's army, made as the army step makes it, can rule an attack", () => {
  for (const system of ruleSystems) {
    it(`${system.id}`, () => {
      const profiles = profileGroups(system).flatMap(([, list]) => list.map(([id]) => id))
      expect(profiles.length, `${system.id}: the army step offers profiles`).toBeGreaterThan(0)
      const [sideA, sideB] = [...bookSides(system).map((s) => s.id), 'A', 'B'].filter((s, i, all) => all.indexOf(s) === i)
      const target = profiles.find((p) => weaponOffer(system, p).carried.length + weaponOffer(system, p).choices.length + weaponOffer(system, p).playerWeapon.length > 0) ?? profiles[0]!
      let ruled = 0
      for (const profile of profiles) {
        let d = emptyDraft(system.id, { widthMm: 914.4, depthMm: 914.4 })
        d = addAsTheStepDoes(system, d, profile, 'Rex', sideA!)
        d = addAsTheStepDoes(system, d, target, 'Vera', sideB!)
        const scene: Scene = sceneOfDraft(d)
        const [attacker, defender] = scene.models
        const overlay = evaluateOverlay(scene, { attackerId: attacker!.id, targetId: defender!.id, weaponId: null, rays: false })
        const offer = weaponOffer(system, profile)
        // A game with no weapons at all (Iron Line: a unit attacks with its Attacks, §13) arms every profile.
        const armed = Object.keys(system.catalogue.weapons).length === 0 || offer.carried.length + offer.choices.length + offer.playerWeapon.length > 0
        if (armed) {
          expect(overlay.attackError, `${system.id}: ${profile} (${JSON.stringify(attacker!.weapons ?? [])})`).toBeNull()
          expect(typeof (overlay.attack as { allowed?: unknown } | null)?.allowed, `${system.id}: ${profile} gets a verdict`).toBe('boolean')
          ruled++
        } else if (overlay.attackError) {
          // The book gives it no weapon: refused, and the card says so by the model's name.
          const shown = withNames(overlay.attackError, modelNames(overlay, scene.models))
          expect(shown, `${system.id}: ${profile}`).toMatch(/Rex/)
          expect(shown).not.toContain(attacker!.id)
        }
      }
      expect(ruled, `${system.id}: armed profiles that rule`).toBeGreaterThan(0)
    })
  }

  it('Survivors: a Leader named Rex, armed from the book\'s lists, rules against a zombie; unarmed, the step will not add it', () => {
    const system = ruleSystems.find((s) => s.id === 'cadence/survivors')!
    const offer = weaponOffer(system, 'leader')
    expect(offer.required).toBe(true)
    expect(offer.choices.map((c) => c.name)).toEqual(expect.arrayContaining(['Pistol', 'Shotgun', 'Heavy Club', 'Chainsaw']))
    expect(offer.arming?.section).toBe('survivors/gather-your-survivors.html#survivor-groups')
    expect(missingForAdd(offer, [], {}, {})).toMatch(/^Choose its weapons: it cannot attack without one\. The book: "To create your group of Survivors/)
    expect(weaponOffer(system, 'zombie').carried.map((c) => c.id)).toEqual(['zombie-attack'])
    let d = emptyDraft(system.id, { widthMm: 914.4, depthMm: 914.4 })
    const base = defaultBase(system, 'leader')
    d = addModels(d, { profile: 'leader', name: 'Rex', side: 'south', count: 1, base: base.base, heightMm: base.heightMm, weapons: armedWith(offer, ['shotgun'], null), layout: 'auto' })
    d = addModels(d, { profile: 'zombie', name: 'Walker', side: 'zombies', count: 1, base: base.base, heightMm: base.heightMm, weapons: armedWith(weaponOffer(system, 'zombie'), [], null), layout: 'auto' })
    const scene = sceneOfDraft(d)
    // Within the shotgun's 6" (survivors/gather-your-survivors.html#ranged-weapons): 100 mm apart.
    scene.models[0]!.position = [400, 450]
    scene.models[1]!.position = [500, 450]
    const overlay = evaluateOverlay(scene, { attackerId: scene.models[0]!.id, targetId: scene.models[1]!.id, weaponId: null, rays: false })
    expect(overlay.attackError).toBeNull()
    expect(overlay.attackQuery?.weapon).toBe('shotgun')
    expect((overlay.attack as { allowed?: unknown } | null)?.allowed).toBe(true)
  })
})

describe('sides: chosen by the player, shown by their books\' names, changeable in the list', () => {
  const sys = (id: string) => ruleSystems.find((s) => s.id === id)!
  it('the books\' names, never bare codes', () => {
    expect(bookSides(sys('iron-line')).map((s) => [s.id, s.name])).toEqual([['naf', 'NAF Adaptive Strike Force'], ['eo', 'EO Armored Advance']])
    expect(bookSides(sys('cadence/fracture')).map((s) => s.name).sort()).toEqual(['Marauders', 'Sentinels', 'The Endless', 'The Swarm', 'Voidborn Corsairs'])
    expect(bookSides(sys('cadence/halo-breakpoint')).map((s) => s.name)).toEqual(['UNSC', 'Covenant'])
    expect(bookSides(sys('jagged-shards')).map((s) => s.name)).toEqual(['Human Colonies', 'Martian Order'])
    expect(sideLabel('naf', bookSides(sys('iron-line')))).toBe('NAF Adaptive Strike Force')
    expect(sideLabel('Kitchen crew', bookSides(sys('iron-line')))).toBe('Kitchen crew')
  })
  it('a model moved to another side in the list goes with that side along its edge', () => {
    const system = sys('cadence/survivors')
    const offer = weaponOffer(system, 'leader')
    const base = defaultBase(system, 'leader')
    let d = emptyDraft(system.id, { widthMm: 914.4, depthMm: 914.4 })
    d = addModels(d, { profile: 'leader', name: 'Rex', side: 'north', count: 1, base: base.base, heightMm: base.heightMm, weapons: armedWith(offer, ['pistol'], null), layout: 'auto' })
    d = addModels(d, { profile: 'leader', name: 'Vera', side: 'south', count: 1, base: base.base, heightMm: base.heightMm, weapons: armedWith(offer, ['knife'], null), layout: 'auto' })
    // The first side deploys along the front edge (y = 100 mm), the second along the back.
    expect(d.models.map((m) => [m.name, m.side, m.position[1]])).toEqual([['Rex', 'north', 100], ['Vera', 'south', 814.4]])
    const moved = setSide(d, d.models[1]!.id, 'north')
    expect(moved.models.map((m) => [m.name, m.side, m.position[1]])).toEqual([['Rex', 'north', 100], ['Vera', 'north', 100]])
    expect(setSide(d, d.models[1]!.id, '   ')).toBe(d)
  })
})
