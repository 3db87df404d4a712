// The scenes the result contract is checked on: every ruleset's demo scene and every scenario scene
// under test/scenarios (a `.scenario.json`'s `scene`, or a `tabletop-scene/1` file), in a fixed order.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ruleSystems } from '../../src/systems/index.ts'

const root = join(import.meta.dirname, '../..')

export type ContractScene = { name: string; scene: unknown }

function scenarioScenes(): ContractScene[] {
  const out: ContractScene[] = []
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f)
      if (statSync(p).isDirectory()) walk(p)
      else if (f.endsWith('.scenario.json')) out.push({ name: p.slice(root.length + 1), scene: (JSON.parse(readFileSync(p, 'utf8')) as { scene: unknown }).scene })
      else if (f.endsWith('.json') && !f.endsWith('.expect.json')) {
        const doc = JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>
        if (doc.format === 'tabletop-scene/1') out.push({ name: p.slice(root.length + 1), scene: doc })
      }
    }
  }
  walk(join(root, 'test/scenarios'))
  return out
}

/** The 13 demo scenes, then every scenario scene (sorted by path). */
export function contractScenes(): ContractScene[] {
  return [...ruleSystems.map((s) => ({ name: `demo ${s.id}`, scene: s.demoScene })), ...scenarioScenes()]
}
