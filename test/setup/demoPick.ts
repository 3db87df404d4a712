// The attack a browser test picks on a system's demo table: the demo's own first attack query,
// else its first armed model against the first enemy.
import { type Query, type Scene, loadScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { libraryMeshes } from './libraryMeshes.ts'

// demo scenes stand terrain files from models/ on the table (issue #18): the CLI's mesh library
const meshes = await libraryMeshes()


export type Pick = { attacker: string; target: string; weapon?: string }

export function pickFor(scene: Scene): Pick {
  const q = (scene.queries ?? []).find((x) => x.type === 'attack') as (Query & { attacker?: string; target?: string; weapon?: string }) | undefined
  if (q?.attacker && q.target) return { attacker: q.attacker, target: q.target, ...(q.weapon ? { weapon: q.weapon } : {}) }
  const table = loadScene({ ...scene, queries: [] }, findRuleSystem, ruleSystems.map((s) => s.id), { meshes })
  const a = table.models.find((m) => m.weapons.length > 0) ?? table.models[0]!
  const t = table.models.find((m) => m.side !== a.side)!
  return { attacker: a.id, target: t.id, ...(a.weapons[0] ? { weapon: a.weapons[0].id } : {}) }
}

/** The selector of the card once it shows this pick's ruling for the table on screen. */
export function cardFor(pick: Pick): string {
  return `[data-testid="card"][data-fresh="yes"][data-attacker="${pick.attacker}"][data-target="${pick.target}"]${pick.weapon ? `[data-weapon="${pick.weapon}"]` : ''}`
}
