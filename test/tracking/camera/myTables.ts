// Tables as My table makes them for a new player, in several games: the game's catalogue, each
// model's base as the setup's book defaults give it (src/app/setup/bookDefaults.ts), the marker
// layout the setup proposes for that base, and the registry the app makes (registryFromArmy, with
// its proposed table-marker spots). Used by the camera-order benches and tests as the player's input.
import { findRuleSystem } from '../../../src/systems/index.ts'
import { defaultBase } from '../../../src/app/setup/bookDefaults.ts'
import { defaultLayout, registryFromArmy, type ArmyModel, type ArmyTerrain } from '../../../src/tracking/registry/registryFromArmy.ts'
import type { Registry } from '../../../src/tracking/registry/registrySchema.ts'
import type { ArmyPiece, BaseJson, TerrainPiece } from './playerTableScene.ts'

export type MyTable = {
  name: string
  game: string
  table: { widthMm: number; depthMm: number }
  registry: Registry
  army: ArmyPiece[]
  terrain: TerrainPiece[]
}

type TableRecipe = { name: string; game: string; table: { widthMm: number; depthMm: number }; models: number; terrain: number }

/** The tables of the issue (Iron Line 4'×4' with 8 models and 2 terrain pieces; Cadence Survivors 44"×30") and one more game. */
export const MY_TABLES: readonly TableRecipe[] = [
  { name: "Iron Line 4'×4'", game: 'iron-line', table: { widthMm: 1219.2, depthMm: 1219.2 }, models: 8, terrain: 2 },
  { name: 'Cadence Survivors 44"×30"', game: 'cadence/survivors', table: { widthMm: 1117.6, depthMm: 762 }, models: 10, terrain: 2 },
  { name: "Skrapyard 4'×4'", game: 'skrapyard', table: { widthMm: 1219.2, depthMm: 1219.2 }, models: 12, terrain: 2 },
]

/** A table of `recipe`: the first profiles of the game's catalogue in turn, each with its book's default base. */
export function makeMyTable(recipe: TableRecipe): MyTable {
  const system = findRuleSystem(recipe.game)
  if (!system) throw new Error(`makeMyTable: no game ${recipe.game}`)
  const profiles = Object.keys(system.catalogue.profiles)
  const army: ArmyPiece[] = []
  const armyModels: ArmyModel[] = []
  for (let i = 0; i < recipe.models; i++) {
    const profile = profiles[i % profiles.length]!
    const d = defaultBase(system, profile)
    const base = d.base as BaseJson
    const id = `${profile}-${i + 1}`
    army.push({ id, base, figureHeightMm: d.heightMm })
    armyModels.push({ id, base: d.base, layout: defaultLayout(d.base) })
  }
  // Terrain as a player adds it: a ruin with its marker on top, a crate stack with a tab under its front edge.
  const terrain: TerrainPiece[] = []
  const armyTerrain: ArmyTerrain[] = []
  for (let i = 0; i < recipe.terrain; i++) {
    const w = i % 2 ? 110 : 150, d = i % 2 ? 80 : 100, h = i % 2 ? 35 : 55
    const footprint: [number, number][] = [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]]
    const id = `terrain-${i + 1}`
    terrain.push({ id, footprint, heightMm: h })
    armyTerrain.push({ id, layout: i % 2 ? 'tab' : 'top', extent: { minX: -w / 2, maxX: w / 2, minY: -d / 2, maxY: d / 2 }, heightMm: h, footprint })
  }
  const { registry } = registryFromArmy({ table: recipe.table, models: armyModels, terrain: armyTerrain })
  return { name: recipe.name, game: recipe.game, table: recipe.table, registry, army, terrain }
}
