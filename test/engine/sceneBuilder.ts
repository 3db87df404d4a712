// Test helpers: small scenes built in code, and a minimal rule system for engine-only tests.
import type { RuleSystem, Scene, SceneModel, SceneTerrain } from '../../src/engine/index.ts'
import { loadScene, prepareTable, parseScene, type Table } from '../../src/engine/index.ts'

export const testSystem: RuleSystem = {
  id: 'test-system',
  title: 'engine test system',
  book: { file: '-', title: 'none' },
  citation: '-',
  dice: 'd6',
  options: [],
  terrainTypes: [
    { id: 'wall', description: 'blocks', section: 't' },
    { id: 'area', description: 'obscures', section: 't' },
  ],
  catalogue: { profiles: { trooper: { name: 'Trooper', section: 't', stats: { move: 6 }, weapons: ['gun'] } }, weapons: { gun: { name: 'Gun', section: 't', rangeInches: 24 } } },
  rules: () => ({
    measure: { reference: 'edge', mode: '2d', within: 'lt', rule: 't' },
    los: { mode: '3d', from: 'eye', to: 'volume', terrainBlocks: (p) => p.type === 'wall', terrainObscures: (p) => p.type === 'area', modelBlocks: () => true, rule: 't' },
    engagement: { rangeMm: 25.4, within: 'le', rule: 't' },
    arcs: { arcs: [{ name: 'front', fromDeg: -45, toDeg: 45 }, { name: 'left', fromDeg: 45, toDeg: 135 }, { name: 'rear', fromDeg: 135, toDeg: 225 }, { name: 'right', fromDeg: -135, toDeg: -45 }], test: 'centre', rule: 't' },
  }),
  handlers: {},
  demoScene: {},
}

export function model(id: string, side: string, x: number, y: number, extra: Partial<SceneModel> = {}): SceneModel {
  return { id, side, base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y], ...extra }
}

export function box(id: string, type: string, x0: number, y0: number, x1: number, y1: number, height: number, z = 0): SceneTerrain {
  return { id, type, footprint: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], height, z }
}

export function scene(models: SceneModel[], terrain: SceneTerrain[] = [], extra: Partial<Scene> = {}): Scene {
  return { format: 'tabletop-scene/1', system: 'test-system', table: { width: 1219.2, depth: 1219.2 }, terrain, models, ...extra }
}

export function table(models: SceneModel[], terrain: SceneTerrain[] = [], system: RuleSystem = testSystem): Table {
  return prepareTable(parseScene(scene(models, terrain)), system)
}

export function load(raw: unknown, system: RuleSystem = testSystem): Table {
  return loadScene(raw, (id) => (id === system.id ? system : undefined), [system.id])
}
