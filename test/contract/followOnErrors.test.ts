// A scene error lists the mistakes made, not their follow-on effects (issue 13: "a duplicate model id adds
// a misleading 'no model with id b' to the error").
import { describe, expect, it } from 'vitest'
import { SceneError, evaluateScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'

const model = (id: string, x: number) => ({ id, side: id === 'a' ? 'red' : 'blue', base: { shape: 'round', diameter: 32 }, height: 30, position: [x, 300] })
const messagesOf = (scene: unknown): string[] => {
  try {
    evaluateScene(scene, findRuleSystem, ruleSystems.map((s) => s.id))
  } catch (e) {
    if (e instanceof SceneError) return e.issues.map((i) => `${i.path}: ${i.message}`)
    throw e
  }
  return []
}
const scene = (models: unknown[]) => ({ format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 900, depth: 900 }, models, queries: [{ id: 'd', type: 'distance', from: 'a', to: 'b' }] })

describe('scene errors without follow-on errors', () => {
  it('a duplicate model id ("a" twice, "b" meant) reports the duplicate only', () => {
    expect(messagesOf(scene([model('a', 100), model('a', 400)]))).toEqual(['models[1].id: duplicate id "a" (already used at models[0].id)'])
  })
  it('without a duplicate, a query naming a missing model is still reported', () => {
    expect(messagesOf(scene([model('a', 100), model('c', 400)]))).toEqual(['queries[0].to: no model with id "b" in this scene'])
  })
})
