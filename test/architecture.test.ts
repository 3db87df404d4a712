// Layering (house style §1): engine imports only three / three-mesh-bvh / zod; systems import only
// the engine; nothing in the engine touches React, the DOM, zustand or OpenCV.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

function files(dir: string): string[] {
  const out: string[] = []
  for (const f of readdirSync(dir)) {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) out.push(...files(p))
    else if (/\.(ts|tsx)$/.test(f)) out.push(p)
  }
  return out
}

function imports(file: string): string[] {
  const src = readFileSync(file, 'utf8')
  return [...src.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!)
}

describe('architecture: dependencies point one way', () => {
  it('src/engine imports only three, three-mesh-bvh, zod and itself', () => {
    const bad: string[] = []
    for (const f of files(join(root, 'src/engine'))) {
      for (const i of imports(f)) {
        const ok = i === 'three' || i === 'three-mesh-bvh' || i === 'zod' || i.startsWith('.')
        const escapes = i.startsWith('.') && !join(f, '..', i).startsWith(join(root, 'src/engine'))
        if (!ok || escapes) bad.push(`${relative(root, f)} → ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('src/systems imports only the engine (through its index), zod and itself', () => {
    const bad: string[] = []
    for (const f of files(join(root, 'src/systems'))) {
      for (const i of imports(f)) {
        if (i === 'zod') continue
        if (!i.startsWith('.')) { bad.push(`${relative(root, f)} → ${i}`); continue }
        const target = join(f, '..', i)
        if (target.startsWith(join(root, 'src/systems'))) continue
        if (target === join(root, 'src/engine/index.ts')) continue
        bad.push(`${relative(root, f)} → ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('src/terrain (file loading, repair, simplification) imports only the engine (through its index), three and its loaders, glTF-Transform, meshoptimizer and itself', () => {
    const bad: string[] = []
    const allowed = (i: string) => i === 'three' || i.startsWith('three/examples/jsm/loaders/') || i === '@gltf-transform/core' || i === 'meshoptimizer'
    for (const f of files(join(root, 'src/terrain'))) {
      // the library generator (a script, run by npm run models:terrain) may also write files and PNGs
      const script = f.includes(join('src/terrain/build'))
      for (const i of imports(f)) {
        if (allowed(i) || (script && (i.startsWith('node:') || i === 'pngjs'))) continue
        if (!i.startsWith('.')) { bad.push(`${relative(root, f)} → ${i}`); continue }
        const target = join(f, '..', i)
        if (target.startsWith(join(root, 'src/terrain')) || target === join(root, 'src/engine/index.ts')) continue
        bad.push(`${relative(root, f)} → ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('only the CLI, the app and tests use src/terrain (the engine and the systems never do)', () => {
    const bad: string[] = []
    for (const dir of ['src/engine', 'src/systems', 'src/tracking']) {
      for (const f of files(join(root, dir))) for (const i of imports(f)) if (i.startsWith('.') && join(f, '..', i).startsWith(join(root, 'src/terrain'))) bad.push(`${relative(root, f)} → ${i}`)
    }
    expect(bad).toEqual([])
  })
  it('the engine version matches package.json', async () => {
    const { ENGINE_VERSION } = await import('../src/engine/index.ts')
    expect(ENGINE_VERSION).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version)
  })
  it('the committed JSON Schema is the one the code generates (npm run schema)', async () => {
    const { z } = await import('zod')
    const { sceneSchema } = await import('../src/engine/index.ts')
    const committed = JSON.parse(readFileSync(join(root, 'src/engine/scene/scene.schema.json'), 'utf8'))
    expect(committed).toEqual(JSON.parse(JSON.stringify(z.toJSONSchema(sceneSchema, { unrepresentable: 'any' }))))
  })
})
