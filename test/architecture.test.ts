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

/** Every cycle's files (one representative cycle per strongly connected group), relative to root. */
function importCycles(dir: string): string[][] {
  const graph = new Map<string, string[]>()
  for (const f of files(dir)) {
    const deps = imports(f).filter((i) => i.startsWith('.')).map((i) => relative(root, join(f, '..', i)))
    graph.set(relative(root, f), deps)
  }
  return cyclesOf(graph)
}

/** The Cadence games: the folders under src/systems/cadence with their own demo scene. */
function cadenceGames(): string[] {
  const dir = join(root, 'src/systems/cadence')
  return readdirSync(dir).filter((d) => statSync(join(dir, d)).isDirectory() && readdirSync(join(dir, d)).includes('demo.json'))
}

/** Import edges (file → target, relative to root) that break the Cadence layering. */
function cadenceLayerViolations(edges: ReadonlyArray<readonly [string, string]>, games: readonly string[]): string[] {
  const gameOf = (p: string): string | null => {
    const m = /^src\/systems\/cadence\/([^/]+)\//.exec(p)
    return m && games.includes(m[1]!) ? m[1]! : null
  }
  const bad: string[] = []
  for (const [from, to] of edges) {
    if (!to.startsWith('src/systems/cadence/')) continue
    const a = gameOf(from)
    const b = gameOf(to)
    if (a && b && a !== b) bad.push(`${from} → ${to} (a game imports another game: move the shared code into the Cadence layer)`)
    else if (!a && b) bad.push(`${from} → ${to} (the Cadence layer imports a game)`)
  }
  return bad
}

/** Every game: a folder under src/systems with its own demo scene ("cadence" and "cadence/respawn" both are). */
function allGames(): string[] {
  const out: string[] = []
  const walk = (dir: string, id: string) => {
    for (const d of readdirSync(dir)) {
      const p = join(dir, d)
      if (!statSync(p).isDirectory()) continue
      const gid = id ? `${id}/${d}` : d
      if (readdirSync(p).includes('demo.json')) out.push(gid)
      walk(p, gid)
    }
  }
  walk(join(root, 'src/systems'), '')
  return out.sort()
}

/**
 * Import edges under src/systems that cross games: a game may import its own folder, shared modules
 * (folders that are no game, such as field-manual/) and the engine; a Cadence game the Cadence core's
 * index.ts only (the core is itself a game, and the API its games build on).
 */
function gameImportViolations(edges: ReadonlyArray<readonly [string, string]>, games: readonly string[]): string[] {
  const gameOf = (p: string): string | null => {
    const m = /^src\/systems\/(.+)\/[^/]+$/.exec(p)
    if (!m) return null
    const parts = m[1]!.split('/')
    for (let n = parts.length; n > 0; n--) {
      const id = parts.slice(0, n).join('/')
      if (games.includes(id)) return id
    }
    return null
  }
  const bad: string[] = []
  for (const [from, to] of edges) {
    const a = gameOf(from)
    const b = gameOf(to)
    if (!a || !b || a === b) continue
    if (a.startsWith('cadence/') && b === 'cadence') {
      if (to !== 'src/systems/cadence/index.ts') bad.push(`${from} → ${to} (a Cadence game uses the core's index only)`)
      continue
    }
    bad.push(`${from} → ${to} (a game imports another game: move the shared code to a shared module)`)
  }
  return bad
}

/** Depth-first search: each back edge closes a cycle; report each cycle once (rotated to start at its least node). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const found = new Map<string, string[]>()
  const visit = (n: string): void => {
    state.set(n, 'open')
    stack.push(n)
    for (const d of graph.get(n) ?? []) {
      if (!graph.has(d)) continue
      if (state.get(d) === 'open') {
        const cycle = stack.slice(stack.indexOf(d))
        const least = cycle.indexOf([...cycle].sort()[0]!)
        const rotated = [...cycle.slice(least), ...cycle.slice(0, least)]
        found.set(rotated.join(' → '), [...rotated, rotated[0]!])
      } else if (!state.has(d)) visit(d)
    }
    stack.pop()
    state.set(n, 'done')
  }
  for (const n of [...graph.keys()].sort()) if (!state.has(n)) visit(n)
  return [...found.values()]
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
  it('src/terrain (file loading, repair, simplification) imports only the engine (through its index), three and its loaders, glTF-Transform, meshoptimizer, the Draco decoder, polygon-clipping and itself', () => {
    const bad: string[] = []
    const allowed = (i: string) => i === 'three' || i.startsWith('three/examples/jsm/loaders/') || i === '@gltf-transform/core' || i === '@gltf-transform/extensions' || i === 'meshoptimizer' || i === 'draco3dgltf/draco_decoder_gltf_nodejs.js' || i === 'polygon-clipping'
    for (const f of files(join(root, 'src/terrain'))) {
      // the library generator (a script, run by npm run models:terrain) may also write files and PNGs, and encode Draco
      const script = f.includes(join('src/terrain/build'))
      for (const i of imports(f)) {
        if (allowed(i) || (script && (i.startsWith('node:') || i === 'pngjs' || i === 'draco3dgltf'))) continue
        if (!i.startsWith('.')) { bad.push(`${relative(root, f)} → ${i}`); continue }
        const target = join(f, '..', i)
        if (target.startsWith(join(root, 'src/terrain')) || target === join(root, 'src/engine/index.ts')) continue
        bad.push(`${relative(root, f)} → ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('outside src/terrain, code imports terrain through its index, never its inner files', () => {
    const bad: string[] = []
    const entries = new Set([join(root, 'src/terrain/index.ts')])
    for (const f of files(join(root, 'src'))) {
      if (f.startsWith(join(root, 'src/terrain'))) continue
      for (const i of imports(f)) {
        if (!i.startsWith('.')) continue
        const target = join(f, '..', i)
        if (target.startsWith(join(root, 'src/terrain')) && !entries.has(target)) bad.push(`${relative(root, f)} → ${i}`)
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
  it('no Cadence game imports another; the Cadence layer imports no game (shared game code lives in the layer)', () => {
    const edges = files(join(root, 'src/systems/cadence')).flatMap((f) => imports(f).filter((i) => i.startsWith('.')).map((i) => [relative(root, f), relative(root, join(f, '..', i))] as const))
    expect(cadenceLayerViolations(edges, cadenceGames())).toEqual([])
    expect(cadenceGames().length).toBe(7)
  })
  it('Cadence games change the core attack through its hooks: only a Hunter Charge (moved Hunter) and Respawn moves (clear-for-movement terrain) use a copied table', () => {
    const users = files(join(root, 'src/systems/cadence')).filter((f) => !f.endsWith('derivedTable.ts') && /\bderiveTable\(/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f)).sort()
    expect(users).toEqual(['src/systems/cadence/halo-breakpoint/rules.ts', 'src/systems/cadence/respawn/rules.ts'])
    // and the shared attack code never builds one
    for (const f of ['attack.ts', 'gameAttack.ts', 'lineOfSight.ts']) expect(readFileSync(join(root, 'src/systems/cadence', f), 'utf8')).not.toMatch(/deriveTable|prepareTable/)
  })
  it('the Cadence layer check finds a game importing another game, and the layer importing a game', () => {
    const edges = [
      ['src/systems/cadence/respawn/rules.ts', 'src/systems/cadence/gameAttack.ts'],
      ['src/systems/cadence/respawn/rules.ts', 'src/systems/cadence/squadrons/flatGeometry.ts'],
      ['src/systems/cadence/attack.ts', 'src/systems/cadence/scraplands/controlCheck.ts'],
      ['src/systems/cadence/squadrons/rules.ts', 'src/systems/cadence/squadrons/options.ts'],
    ] as const
    expect(cadenceLayerViolations(edges, ['respawn', 'scraplands', 'squadrons'])).toEqual([
      'src/systems/cadence/respawn/rules.ts → src/systems/cadence/squadrons/flatGeometry.ts (a game imports another game: move the shared code into the Cadence layer)',
      'src/systems/cadence/attack.ts → src/systems/cadence/scraplands/controlCheck.ts (the Cadence layer imports a game)',
    ])
  })
  it('no game imports another game anywhere under src/systems; a Cadence game reaches the core only through its index (CORE-API.md)', () => {
    const edges = files(join(root, 'src/systems')).flatMap((f) => imports(f).filter((i) => i.startsWith('.')).map((i) => [relative(root, f), relative(root, join(f, '..', i))] as const))
    expect(gameImportViolations(edges, allGames())).toEqual([])
    expect(allGames().length).toBe(13)
  })
  it('the game-import check finds a game importing another, a shared module is allowed, and a Cadence game reaching into the core', () => {
    const games = ['iron-line', 'operator-tactics', 'cadence', 'cadence/respawn']
    expect(gameImportViolations([
      ['src/systems/operator-tactics/losClasses.ts', 'src/systems/iron-line/losClasses.ts'],
      ['src/systems/operator-tactics/attack.ts', 'src/systems/field-manual/fieldManual.ts'],
      ['src/systems/cadence/respawn/rules.ts', 'src/systems/cadence/index.ts'],
      ['src/systems/cadence/respawn/rules.ts', 'src/systems/cadence/flatGeometry.ts'],
      ['src/systems/cadence/respawn/rules.ts', 'src/systems/cadence/respawn/catalogue.ts'],
    ], games)).toEqual([
      'src/systems/operator-tactics/losClasses.ts → src/systems/iron-line/losClasses.ts (a game imports another game: move the shared code to a shared module)',
      'src/systems/cadence/respawn/rules.ts → src/systems/cadence/flatGeometry.ts (a Cadence game uses the core\'s index only)',
    ])
  })
  it('Node-only code lives in src/cli (and src/server), never in the tracking layer, and nothing the app or the engine uses imports src/cli', () => {
    const bad: string[] = []
    const nodeOnly = (i: string) => i.startsWith('node:') || ['fs', 'path', 'os', 'child_process', 'worker_threads', 'pngjs', 'jpeg-js'].includes(i)
    for (const f of files(join(root, 'src/tracking'))) for (const i of imports(f)) if (nodeOnly(i)) bad.push(`${relative(root, f)} → ${i}`)
    for (const dir of ['src/app', 'src/tracking', 'src/engine', 'src/systems', 'src/terrain']) {
      for (const f of files(join(root, dir))) for (const i of imports(f)) if (i.startsWith('.') && join(f, '..', i).startsWith(join(root, 'src/cli'))) bad.push(`${relative(root, f)} → ${i}`)
    }
    expect(bad).toEqual([])
  })
  it('the engine compiles on its own without DOM or Node types (src/engine/tsconfig.json, run by npm run typecheck)', () => {
    const config = JSON.parse(readFileSync(join(root, 'src/engine/tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { compilerOptions: { lib: string[]; types: string[] } }
    expect(config.compilerOptions.lib.filter((l) => /dom|webworker/i.test(l))).toEqual([])
    expect(config.compilerOptions.types).toEqual([])
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.typecheck).toContain('src/engine/tsconfig.json')
  })
  it('one game list: the app\'s picker is made from src/systems/games.ts, and each entry is its ruleset\'s id and title, in the registry\'s order', async () => {
    expect(imports(join(root, 'src/app/state/systemLoader.ts'))).toContain('../../systems/games.ts')
    expect(readFileSync(join(root, 'src/app/state/systemLoader.ts'), 'utf8')).not.toMatch(/import\(['"][^'"]*systems\//)
    const { GAMES } = await import('../src/systems/games.ts')
    const { ruleSystems } = await import('../src/systems/index.ts')
    expect(GAMES.map((g) => [g.id, g.title])).toEqual(ruleSystems.map((s) => [s.id, s.title]))
  })
  it('src/engine has no import cycles (type imports included)', () => {
    expect(importCycles(join(root, 'src/engine'))).toEqual([])
  })
  it('the cycle check finds a cycle when there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]])
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']])
  })
  it('src/server (Node) is never imported by the browser app, and imports no React, DOM or OpenCV code', () => {
    const bad: string[] = []
    for (const f of files(join(root, 'src/app'))) {
      for (const i of imports(f)) if (i.startsWith('.') && join(f, '..', i).startsWith(join(root, 'src/server'))) bad.push(`${relative(root, f)} → ${i}`)
    }
    for (const f of files(join(root, 'src/server'))) {
      for (const i of imports(f)) {
        const target = i.startsWith('.') ? join(f, '..', i) : ''
        const allowedApp = target === join(root, 'src/app/sync/tableDoc.ts')
        if (/^(react|react-dom|@react-three|zustand|@techstark)/.test(i) || (target.startsWith(join(root, 'src/app')) && !allowedApp) || target.startsWith(join(root, 'src/tracking'))) bad.push(`${relative(root, f)} → ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('src/cli uses the server only through src/server/index.ts (its public surface)', () => {
    const bad: string[] = []
    for (const f of files(join(root, 'src/cli'))) {
      for (const i of imports(f)) {
        const target = i.startsWith('.') ? join(f, '..', i) : ''
        if (target.startsWith(join(root, 'src/server')) && target !== join(root, 'src/server/index.ts')) bad.push(`${relative(root, f)} → ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('src/tracking/hands is pure: it imports only the tracking layer (no MediaPipe, no DOM libraries)', () => {
    const bad: string[] = []
    for (const f of files(join(root, 'src/tracking/hands'))) {
      for (const i of imports(f)) {
        if (!i.startsWith('.') || !join(f, '..', i).startsWith(join(root, 'src/tracking'))) bad.push(`${relative(root, f)} → ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('My table loads when opened: the page\'s first JavaScript holds only its button, mount and open flag; what the app prints sheets with is pure (no node:, no OpenCV at run time)', () => {
    const setup = join(root, 'src/app/setup')
    const staticImports = (file: string) => {
      const src = readFileSync(file, 'utf8')
      return [...src.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => ({ path: (m[3] ?? m[4])!, typeOnly: m[2] !== undefined }))
    }
    const bad: string[] = []
    const entry = new Set(['setupOpen.ts', 'SetupMount.tsx', 'MyTableButton.tsx', 'WhichModel.tsx'])
    for (const f of files(join(root, 'src/app'))) {
      if (f.startsWith(setup)) continue
      for (const i of staticImports(f)) {
        const target = i.path.startsWith('.') ? join(f, '..', i.path) : ''
        if (target.startsWith(setup) && !entry.has(relative(setup, target))) bad.push(`${relative(root, f)} → ${i.path}`)
      }
    }
    for (const name of ['setupOpen.ts', 'SetupMount.tsx', 'MyTableButton.tsx']) {
      for (const i of staticImports(join(setup, name))) if (i.path.startsWith('./') && !['./setupOpen.ts'].includes(i.path)) bad.push(`src/app/setup/${name} → ${i.path} (load it with import() when the setup opens)`)
    }
    const printed = ['markers/personalSheet.ts', 'markers/sheetPdf.ts', 'markers/dictionaryCells.ts', 'markers/dict4x4Codes.ts', 'markers/markerSheets.ts', 'markers/markerPlan.ts', 'registry/registryFromArmy.ts']
    for (const name of printed) {
      for (const i of staticImports(join(root, 'src/tracking', name))) {
        if (i.path.startsWith('node:') || (!i.typeOnly && /opencv|writeMarkerSheets/.test(i.path))) bad.push(`src/tracking/${name} → ${i.path}`)
      }
    }
    expect(bad).toEqual([])
  })
  it('src/tracking/survey is pure: it imports only the tracking layer and the engine, and reaches OpenCV only through src/tracking/opencv', () => {
    const bad: string[] = []
    for (const f of files(join(root, 'src/tracking/survey'))) {
      for (const i of imports(f)) {
        if (!i.startsWith('.') || !join(f, '..', i).startsWith(join(root, 'src'))) bad.push(`${relative(root, f)} → ${i}`)
        else if (!join(f, '..', i).startsWith(join(root, 'src/tracking')) && !join(f, '..', i).startsWith(join(root, 'src/engine/index.ts'))) bad.push(`${relative(root, f)} → ${i}`)
      }
      if (/\bcv\.[a-zA-Z]/.test(readFileSync(f, 'utf8'))) bad.push(`${relative(root, f)} touches cv.*`)
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
  it('the committed result JSON Schema is the one the code generates (npx tsx scripts/writeResultSchema.ts)', async () => {
    const { z } = await import('zod')
    const { resultDocumentSchema } = await import('../src/engine/resultSchema.ts')
    const committed = JSON.parse(readFileSync(join(root, 'src/engine/result.schema.json'), 'utf8'))
    expect(committed).toEqual(JSON.parse(JSON.stringify(z.toJSONSchema(resultDocumentSchema, { unrepresentable: 'any', reused: 'ref' }))))
  })
})
