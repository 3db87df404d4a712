// A validated scene made ready for rulings: bases placed, profiles resolved against the
// ruleset's catalogue (inline stats and weapons win), options resolved, the terrain BVH built.
import type { Scene } from '../scene/sceneSchema.ts'
import { isMeshTerrain } from '../scene/sceneSchema.ts'
import { placeBase } from '../geometry/baseShape.ts'
import { type TerrainMesh, type TerrainWorld, buildTerrainWorld } from '../los/terrainWorld.ts'
import type { OptionValue, RuleSystem, Table, TableModel, TableTerrain, Weapon } from '../ruleSystem.ts'
import { type SceneIssue, SceneError, showValue } from '../scene/sceneError.ts'
import { own } from '../own.ts'
import { sameJson } from './sameJson.ts'
import type { SceneReuse } from '../scene/sceneReuse.ts'

/** Default eye height as a fraction of model height when a scene gives none. */
export const DEFAULT_EYE_FRACTION = 0.9
/** Thickness assumed for a base (mm): where base sample points sit (mid-thickness) and the base's own volume. */
export const BASE_THICKNESS_MM = 3

// The table's types live with RuleSystem (each names the other); re-exported here for old imports.
export type { Table, TableModel, TableTerrain, Weapon } from '../ruleSystem.ts'

export type MeshLibrary = Readonly<Record<string, TerrainMesh>>

/** Options in force: defaults overridden by the scene's `options`, each checked against its declaration. */
export function resolveOptions(system: RuleSystem, given: Record<string, unknown> | undefined): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {}
  const issues: SceneIssue[] = []
  for (const o of system.options) out[o.name] = o.default
  for (const [name, value] of Object.entries(given ?? {})) {
    const decl = system.options.find((o) => o.name === name)
    const path = `options.${name}`
    if (!decl) {
      issues.push({ path, message: `unknown option for ${system.id}; known options: ${system.options.map((o) => o.name).join(', ') || '(none)'}` })
      continue
    }
    if (decl.values) {
      if (!decl.values.includes(value as OptionValue)) {
        issues.push({ path, message: `expected one of ${decl.values.map((v) => JSON.stringify(v)).join(', ')}, got ${showValue(value)}` })
        continue
      }
    } else {
      const type = decl.type ?? typeof decl.default
      if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
        issues.push({ path, message: `expected a ${type}, got ${showValue(value)}` })
        continue
      }
    }
    out[name] = value as OptionValue
  }
  if (issues.length) throw new SceneError(issues)
  return out
}

/**
 * Reuse of the terrain world (and its BVH) between tables: given the terrain's signature and how to
 * build it, returns the world (los/losMemo.ts keeps the last one: built once per terrain state).
 */
export type TerrainWorldCache = (terrainSig: string, build: () => TerrainWorld) => TerrainWorld

/**
 * The mesh library of a table without one: one object for all, so a terrain world cache keyed on the
 * library's identity (LosMemo.worldFor) finds the world again (a fresh {} per call never did).
 */
const NO_MESHES: MeshLibrary = Object.freeze({})

/**
 * `reuse`: the models of the table prepared before (a LosMemo's SceneReuse): a model whose parsed
 * entry is the very one it was made from last time, under the same system and table scale, is taken
 * as it was (nothing else of the scene goes into a TableModel).
 */
export function prepareTable(scene: Scene, system: RuleSystem, meshes: MeshLibrary = NO_MESHES, worldCache?: TerrainWorldCache, reuse?: SceneReuse): Table {
  const issues: SceneIssue[] = []
  const options = resolveOptions(system, scene.options)
  const { profiles, weapons: weaponCatalogue } = system.catalogue
  const scale = scene.table.scaleUncertainty ?? 0

  const models: TableModel[] = scene.models.map((m, index) => {
    const again = reuse?.tableModel(index, m, system, scale)
    if (again) return again
    const path = `models[${index}]`
    let profileId: string | null = null
    let stats: Record<string, unknown> = {}
    let defaultWeapons: readonly string[] = []
    let keywords: readonly string[] = m.keywords ?? []
    if (typeof m.profile === 'string') {
      const p = own(profiles, m.profile)
      if (!p) {
        issues.push({ path: `${path}.profile`, message: `unknown profile "${m.profile}" in ${system.id}'s catalogue${suggest(m.profile, Object.keys(profiles))}` })
      } else {
        profileId = m.profile
        stats = { ...(p.stats ?? {}) }
        defaultWeapons = p.weapons ?? []
        keywords = [...(p.keywords ?? []), ...keywords]
      }
    } else if (m.profile) {
      stats = { ...m.profile }
    }
    stats = { ...stats, ...(m.stats ?? {}) }
    const weapons: Weapon[] = []
    const refs = m.weapons ?? defaultWeapons
    refs.forEach((w, wi) => {
      const wpath = `${path}.weapons[${wi}]`
      if (typeof w === 'string') {
        const entry = own(weaponCatalogue, w)
        if (!entry) issues.push({ path: wpath, message: `unknown weapon "${w}" in ${system.id}'s catalogue${suggest(w, Object.keys(weaponCatalogue))}` })
        else weapons.push(catalogueWeapon(entry, w))
      } else {
        const entry = own(weaponCatalogue, w.id)
        weapons.push({ name: w.id, section: 'inline (scene)', ...(entry ?? {}), ...w, id: w.id } as Weapon)
      }
    })
    const facingDeg = m.facing ?? 0
    const z = m.z ?? 0
    if (m.eye !== undefined && m.eye > m.height) issues.push({ path: `${path}.eye`, message: `eye height ${m.eye} mm is above the model's height ${m.height} mm` })
    return {
      id: m.id,
      index,
      side: m.side,
      unit: m.unit ?? m.id,
      scene: m,
      base: m.base,
      placed: placeBase(m.base, m.position[0], m.position[1], facingDeg),
      x: m.position[0],
      y: m.position[1],
      z,
      facingDeg,
      heightMm: m.height,
      eyeMm: m.eye ?? DEFAULT_EYE_FRACTION * m.height,
      keywords,
      status: m.status ?? [],
      profileId,
      stats,
      weapons,
      uncertaintyMm: m.uncertainty ?? 0,
      frameScaleSigma: scale,
    }
  })

  const terrainScene = scene.terrain ?? []
  terrainScene.forEach((t, i) => {
    if (isMeshTerrain(t) && !meshOf(meshes, t.mesh, t.scale)) {
      issues.push({ path: `terrain[${i}].mesh`, message: `mesh "${t.mesh}" not found in models/ (known: ${Object.keys(meshes).filter((k) => !k.includes('@')).join(', ') || 'none loaded'})` })
    }
    if (!system.terrainTypes.some((d) => d.id === t.type)) {
      issues.push({ path: `terrain[${i}].type`, message: `unknown terrain type "${t.type}" for ${system.id}; expected one of ${system.terrainTypes.map((d) => d.id).join(', ')}` })
    }
    if (system.terrainKeywords) {
      ;(t.keywords ?? []).forEach((k, ki) => {
        if (!system.terrainKeywords!.includes(k)) issues.push({ path: `terrain[${i}].keywords[${ki}]`, message: `unknown terrain keyword "${k}" for ${system.id}; expected one of ${system.terrainKeywords!.join(', ')}` })
      })
    }
  })
  if (system.modelStatuses) {
    scene.models.forEach((m, i) => (m.status ?? []).forEach((s, si) => {
      if (!system.modelStatuses!.includes(s)) issues.push({ path: `models[${i}].status[${si}]`, message: `unknown status "${s}" for ${system.id}; expected one of ${system.modelStatuses!.join(', ')}` })
    }))
  }
  issues.push(...gameStateIssues(scene, system))
  if (issues.length) throw new SceneError(issues)

  const build = () => buildTerrainWorld(
    terrainScene.map((t) =>
      isMeshTerrain(t)
        ? { id: t.id, mesh: meshOf(meshes, t.mesh, t.scale)!, position: t.position, rotationDeg: t.rotation ?? 0, scale: t.scale ?? 1, origin: t.origin ?? 'file' }
        : { id: t.id, footprint: t.footprint, bottomZ: t.z ?? 0, heightMm: t.height },
    ),
  )
  const world = worldCache ? worldCache(terrainSignature(meshes, terrainScene), build) : build()
  const terrain: TableTerrain[] = terrainScene.map((t, index) => {
    const again = reuse?.tableTerrain(index, t, world)
    if (again) return again
    const keywords = t.keywords ?? []
    return { id: t.id, index, type: t.type, keywords, scene: t, solid: world.solids[index]!, has: (k: string) => t.type === k || keywords.includes(k) }
  })

  const byId = new Map<string, TableModel>()
  for (const m of models) byId.set(m.id, m)
  const terrainById = new Map<string, TableTerrain>()
  for (const t of terrain) terrainById.set(t.id, t)
  // (made here, not when first asked: a getter on the table made every read of its fields slower, 8 % of a fresh 300-model matrix)
  const units = new Map<string, TableModel[]>()
  for (const m of models) {
    const list = units.get(m.unit)
    if (list) list.push(m)
    else units.set(m.unit, [m])
  }
  const table: Table = {
    scene,
    system,
    options,
    widthMm: scene.table.width,
    depthMm: scene.table.depth,
    models,
    terrain,
    world,
    model: (id) => {
      const m = byId.get(id)
      if (!m) throw new SceneError([{ path: '', message: `unknown model id "${id}"` }])
      return m
    },
    findModel: (id) => byId.get(id),
    terrainPiece: (id) => {
      const t = terrainById.get(id)
      if (!t) throw new SceneError([{ path: '', message: `unknown terrain id "${id}"` }])
      return t
    },
    unitOf: (m) => units.get(m.unit) ?? [m],
    units,
  }
  const extra = system.checkScene?.(table) ?? []
  if (extra.length) throw new SceneError(extra)
  reuse?.keepTable(models, terrain, system, scale)
  return table
}

/** The scene's game state (issue 33) against the ruleset's declaration: counters and resources by their declared names. */
function gameStateIssues(scene: Scene, system: RuleSystem): SceneIssue[] {
  const issues: SceneIssue[] = []
  const counters = system.game?.counters.map((c) => c.id) ?? []
  const resources = system.game?.resources.map((r) => r.id) ?? []
  const expected = (names: string[]) => (names.length ? `expected one of ${names.join(', ')}` : `${system.id} declares none`)
  scene.models.forEach((m, i) => {
    for (const c of Object.keys(m.state?.counters ?? {})) {
      if (!counters.includes(c)) issues.push({ path: `models[${i}].state.counters.${c}`, message: `unknown counter "${c}" for ${system.id}; ${expected(counters)}` })
    }
  })
  for (const [owner, pool] of Object.entries(scene.game?.resources ?? {})) {
    for (const r of Object.keys(pool)) {
      if (!resources.includes(r)) issues.push({ path: `game.resources.${owner}.${r}`, message: `unknown resource "${r}" for ${system.id}; ${expected(resources)}` })
    }
  }
  return issues
}

/**
 * Two lists of the very same parsed entries (a SceneReuse gave the table its unchanged pieces again:
 * parsed objects, which nothing changes in place).
 */
function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * The signature a terrain world is cached by: the mesh library's identity and the pieces' JSON. The
 * last one is kept with the pieces it was made from: a table whose pieces are the same JSON (a
 * model moved) gets it by a walk over the pieces, without writing them out again.
 */
let lastTerrain: { meshes: MeshLibrary; pieces: readonly unknown[]; readonly sig: string } | null = null
function terrainSignature(meshes: MeshLibrary, pieces: readonly unknown[]): string {
  if (lastTerrain !== null && lastTerrain.meshes === meshes) {
    if (sameItems(lastTerrain.pieces, pieces)) return lastTerrain.sig
    // the same JSON in other objects (another reader's, or a load without a memo between): these
    // pieces are the ones the next table most likely shares
    if (sameJson(lastTerrain.pieces, pieces)) {
      lastTerrain.pieces = pieces
      return lastTerrain.sig
    }
  }
  const sig = `${identityOf(meshes)}\u0000${JSON.stringify(pieces)}`
  lastTerrain = { meshes, pieces, sig }
  return sig
}

/**
 * A catalogue weapon as models carry it (the entry with its id): one object per entry and id, shared
 * by every model and table that names it (frozen: a table is immutable), instead of a copy per model
 * per table.
 */
const weaponsByEntry = new WeakMap<object, Map<string, Weapon>>()
function catalogueWeapon(entry: Omit<Weapon, 'id'>, id: string): Weapon {
  let byId = weaponsByEntry.get(entry)
  if (!byId) weaponsByEntry.set(entry, (byId = new Map()))
  let weapon = byId.get(id)
  if (!weapon) byId.set(id, (weapon = Object.freeze({ ...entry, id }) as Weapon))
  return weapon
}

/**
 * The mesh a piece names: prepared at its scale (src/terrain prepares a file at each scale a scene uses
 * it at, since its tolerances are in table mm: key `name@scale`), else by its name.
 */
function meshOf(meshes: MeshLibrary, name: string, scale: number | undefined): TerrainMesh | undefined {
  return own(meshes, scaledMeshKey(name, scale ?? 1)) ?? own(meshes, name)
}

/** The key of a mesh prepared at a scale in a MeshLibrary (mesh names have no "@"). */
export function scaledMeshKey(name: string, scale: number): string {
  return `${name}@${scale}`
}

const identities = new WeakMap<object, number>()
let nextIdentity = 1
/** A number that stays with an object (the same object → the same number): caches key on it so they never mix, say, mesh libraries or rule systems. */
export function identityOf(o: object): number {
  let id = identities.get(o)
  if (id === undefined) {
    id = nextIdentity++
    identities.set(o, id)
  }
  return id
}

function suggest(given: string, known: string[]): string {
  const near = known.filter((k) => k.includes(given) || given.includes(k) || levenshtein(k, given) <= 2).slice(0, 3)
  return near.length ? ` (did you mean ${near.map((n) => `"${n}"`).join(', ')}?)` : ''
}

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0]![j] = j
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
  return d[a.length]![b.length]!
}
