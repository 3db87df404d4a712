// Layering (house style §1): the engine imports only three / three-mesh-bvh / zod; the systems only the
// engine; nothing in the engine touches React, the DOM, zustand or OpenCV; the browser's code imports
// nothing of Node; no import circle outside the app's store slices.
// Every import is read by a parser (vite's, oxc), not a pattern: static imports and re-exports, type
// imports, side-effect imports (`import 'node:fs'`), `import()` with a literal and `import('…')` in a type
// (a type import the parser's module lists leave out); an `import()` the
// rules cannot read (a computed name) is itself a finding outside the few named below. Each rule is a
// function of the source tree, and the last test breaks each one on purpose (a file added to the real
// tree) to show that it fails.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, posix } from 'node:path'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'
import { GAMES } from '../src/systems/games.ts'
import { ruleSystems } from '../src/systems/index.ts'

const root = join(import.meta.dirname, '..')

/** Source files by path from the repository root ('src/engine/index.ts'), with their text. */
type Tree = ReadonlyMap<string, string>

function readTree(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const f of readdirSync(join(root, dir)).sort()) {
    const p = posix.join(dir, f)
    if (statSync(join(root, p)).isDirectory()) readTree(p, into)
    else if (/\.(ts|tsx)$/.test(f)) into.set(p, readFileSync(join(root, p), 'utf8'))
  }
  return into
}

const TREE: Tree = readTree('src')

/** One import: the module named, the file it is when relative (root-relative), type-only or not. */
type Import = { spec: string; target: string | null; typeOnly: boolean; how: 'import' | 'side-effect' | 'export' | 'import()' | 'import type()' }
type Read = { imports: Import[]; computed: string[] }

const reads = new Map<string, Read>()

/** Every import of a file, as the parser sees it; `computed`: the `import()` calls whose module is not a literal. */
function readImports(path: string, code: string): Read {
  const key = `${path}\0${code}`
  const have = reads.get(key)
  if (have) return have
  const parsed = parseSync(path, code, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' })
  if (parsed.errors.length > 0) throw new Error(`${path} cannot be parsed, so its imports cannot be checked: ${parsed.errors[0]!.message}`)
  const target = (spec: string) => (spec.startsWith('.') ? posix.join(posix.dirname(path), spec) : null)
  const imports: Import[] = []
  for (const s of parsed.module.staticImports) {
    const spec = s.moduleRequest.value
    const typeOnly = s.entries.length > 0 && s.entries.every((e) => e.isType)
    imports.push({ spec, target: target(spec), typeOnly, how: s.entries.length === 0 ? 'side-effect' : 'import' })
  }
  for (const s of parsed.module.staticExports) {
    for (const e of s.entries) {
      if (!e.moduleRequest) continue
      imports.push({ spec: e.moduleRequest.value, target: target(e.moduleRequest.value), typeOnly: e.isType, how: 'export' })
    }
  }
  const computed: string[] = []
  for (const d of parsed.module.dynamicImports) {
    const text = code.slice(d.moduleRequest.start, d.moduleRequest.end).replace(/\/\*.*?\*\/\s*/g, '')
    const literal = /^'([^']*)'$|^"([^"]*)"$|^`([^`$]*)`$/.exec(text)
    if (!literal) {
      computed.push(text)
      continue
    }
    const spec = (literal[1] ?? literal[2] ?? literal[3])!
    imports.push({ spec, target: target(spec), typeOnly: false, how: 'import()' })
  }
  // `import('./x.ts').T` and `typeof import('./x.ts')` in a type: a type import the module lists do not hold.
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n)
      return
    }
    if (!node || typeof node !== 'object') return
    const n = node as { type?: string; source?: { value?: unknown } } & Record<string, unknown>
    if (n.type === 'TSImportType' && typeof n.source?.value === 'string') imports.push({ spec: n.source.value, target: target(n.source.value), typeOnly: true, how: 'import type()' })
    for (const k in n) if (k !== 'parent' && typeof n[k] === 'object') walk(n[k])
  }
  walk(parsed.program)
  const read = { imports, computed }
  reads.set(key, read)
  return read
}

/** Every import of every file under `dir` (or of the whole tree). */
function importsUnder(tree: Tree, dir: string): Array<{ file: string } & Import> {
  const out: Array<{ file: string } & Import> = []
  for (const [file, code] of tree) if (file.startsWith(`${dir}/`)) for (const i of readImports(file, code).imports) out.push({ file, ...i })
  return out
}

const under = (path: string | null, dir: string) => path !== null && path.startsWith(`${dir}/`)
const line = (i: { file: string; spec: string }, why?: string) => `${i.file} → ${i.spec}${why ? ` (${why})` : ''}`

/** Node's own modules (by `node:` and by bare name, 'fs' and 'fs/promises' alike) and the Node-only packages: they never run in a browser. */
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]!]))
const NODE_ONLY_PACKAGES = new Set(['ws', 'pg', 'pngjs', 'jpeg-js'])
function isNodeOnly(spec: string): boolean {
  return spec.startsWith('node:') || NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(spec.split('/')[0]!) || NODE_ONLY_PACKAGES.has(spec.split('/')[0]!)
}

/** The Cadence games: the folders under src/systems/cadence with their own demo scene. */
function cadenceGames(tree: Tree): string[] {
  const out = new Set<string>()
  for (const f of tree.keys()) {
    const m = /^src\/systems\/cadence\/([^/]+)\/index\.ts$/.exec(f)
    if (m && statSafe(`src/systems/cadence/${m[1]}/demo.json`)) out.add(m[1]!)
  }
  return [...out].sort()
}

/** Every game: a folder under src/systems with its own demo scene ("cadence" and "cadence/respawn" both are). */
function allGames(tree: Tree): string[] {
  const out = new Set<string>()
  for (const f of tree.keys()) {
    const m = /^src\/systems\/(.+)\/index\.ts$/.exec(f)
    if (m && statSafe(`src/systems/${m[1]}/demo.json`)) out.add(m[1]!)
  }
  return [...out].sort()
}

function statSafe(path: string): boolean {
  try {
    return statSync(join(root, path)).isFile()
  } catch {
    return false
  }
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

/** The titles in the game list that are not their ruleset's own (ids as in the list). */
function titleMismatches(list: ReadonlyArray<{ id: string; title: string }>, systems: ReadonlyArray<{ id: string; title: string }>): string[] {
  const bad: string[] = []
  if (list.map((g) => g.id).join() !== systems.map((s) => s.id).join()) bad.push(`the game list (${list.map((g) => g.id).join(', ')}) and the registry (${systems.map((s) => s.id).join(', ')}) differ in their games or their order`)
  for (const g of list) {
    const s = systems.find((x) => x.id === g.id)
    if (s && s.title !== g.title) bad.push(`${g.id}: the list says "${g.title}", the ruleset "${s.title}"`)
  }
  return bad
}

/** A rule over the source tree: what breaks it (nothing when the tree keeps it). */
type Rule = { name: string; check: (tree: Tree) => string[]; /** Files that, added to the real tree, break the rule (each set on its own). */ breaks: Array<Record<string, string>> }

const RULES: Rule[] = [
  {
    name: 'src/engine imports only three, three-mesh-bvh, zod and itself',
    check: (t) => importsUnder(t, 'src/engine').filter((i) => (i.target ? !under(i.target, 'src/engine') : !['three', 'three-mesh-bvh', 'zod'].includes(i.spec))).map((i) => line(i)),
    breaks: [
      { 'src/engine/broken.ts': "import 'react'\n" },
      { 'src/engine/broken.ts': "export const load = () => import('../app/App.tsx')\n" },
      { 'src/engine/broken.ts': "import type { Registry } from '../tracking/index.ts'\nexport type R = Registry\n" },
    ],
  },
  {
    name: 'src/systems imports only the engine (through its index), zod and itself',
    check: (t) => importsUnder(t, 'src/systems').filter((i) => (i.target ? !under(i.target, 'src/systems') && i.target !== 'src/engine/index.ts' : i.spec !== 'zod')).map((i) => line(i)),
    breaks: [
      { 'src/systems/broken.ts': "import { sampleLineOfSight } from '../engine/los/sampleLineOfSight.ts'\nexport const f = sampleLineOfSight\n" },
      { 'src/systems/broken.ts': "import 'three'\n" },
    ],
  },
  {
    name: 'src/terrain (file loading, repair, simplification) imports only the engine (through its index), three and its loaders, glTF-Transform, meshoptimizer, the Draco decoder, polygon-clipping and itself',
    check: (t) => {
      const allowed = (s: string) => s === 'three' || s.startsWith('three/examples/jsm/loaders/') || s === '@gltf-transform/core' || s === '@gltf-transform/extensions' || s === 'meshoptimizer' || s === 'draco3dgltf/draco_decoder_gltf_nodejs.js' || s === 'polygon-clipping'
      // the library generator (a script, run by npm run models:terrain) may also write files and PNGs, and encode Draco
      const script = (f: string) => f.startsWith('src/terrain/build/')
      return importsUnder(t, 'src/terrain')
        .filter((i) => (i.target ? !under(i.target, 'src/terrain') && i.target !== 'src/engine/index.ts' : !allowed(i.spec) && !(script(i.file) && (i.spec.startsWith('node:') || i.spec === 'pngjs' || i.spec === 'draco3dgltf'))))
        .map((i) => line(i))
    },
    breaks: [{ 'src/terrain/broken.ts': "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n" }, { 'src/terrain/broken.ts': "import '../engine/scene/sceneSchema.ts'\n" }],
  },
  {
    name: 'outside src/terrain, code imports terrain through its index only',
    check: (t) => [...t.keys()].filter((f) => !f.startsWith('src/terrain/')).flatMap((f) => readImports(f, t.get(f)!).imports.filter((i) => under(i.target, 'src/terrain') && i.target !== 'src/terrain/index.ts').map((i) => line({ file: f, spec: i.spec }))),
    breaks: [{ 'src/app/broken.ts': "import { meshFileFormatOf } from '../terrain/meshFileFormat.ts'\nexport const f = meshFileFormatOf\n" }],
  },
  {
    name: 'only the CLI, the app and tests use src/terrain (the engine, the systems and tracking never do)',
    check: (t) => ['src/engine', 'src/systems', 'src/tracking'].flatMap((d) => importsUnder(t, d).filter((i) => under(i.target, 'src/terrain')).map((i) => line(i))),
    breaks: [{ 'src/tracking/broken.ts': "export const load = () => import('../terrain/index.ts')\n" }],
  },
  {
    name: 'no Cadence game imports another; the Cadence layer imports no game (shared game code lives in the layer)',
    check: (t) => cadenceLayerViolations(importsUnder(t, 'src/systems/cadence').filter((i) => i.target).map((i) => [i.file, i.target!] as const), cadenceGames(t)),
    breaks: [{ 'src/systems/cadence/respawn/broken.ts': "import '../squadrons/options.ts'\n" }],
  },
  {
    name: 'no game imports another game anywhere under src/systems; a Cadence game reaches the core only through its index (CORE-API.md)',
    check: (t) => gameImportViolations(importsUnder(t, 'src/systems').filter((i) => i.target).map((i) => [i.file, i.target!] as const), allGames(t)),
    breaks: [{ 'src/systems/operator-tactics/broken.ts': "export type T = typeof import('../iron-line/index.ts')\nexport const x = () => import('../iron-line/index.ts')\n" }],
  },
  {
    name: 'Node-only code (Node\'s modules by node: or bare name, ws, pg, pngjs, jpeg-js) lives in src/cli, src/server and the terrain build scripts, never in code a browser runs (src/app, src/tracking, src/engine, src/systems, src/terrain)',
    check: (t) => ['src/app', 'src/tracking', 'src/engine', 'src/systems', 'src/terrain'].flatMap((d) => importsUnder(t, d).filter((i) => !i.file.startsWith('src/terrain/build/') && isNodeOnly(i.spec)).map((i) => line(i, 'Node only'))),
    breaks: [
      { 'src/tracking/broken.ts': "import 'node:fs'\n" },
      { 'src/tracking/broken.ts': "import { createHash } from 'crypto'\nexport const h = createHash\n" },
      { 'src/app/broken.ts': "import { fileURLToPath } from 'url'\nexport const f = fileURLToPath\n" },
      { 'src/app/broken.ts': "import { inspect } from 'util'\nexport const i = inspect\n" },
      { 'src/app/broken.ts': "export const connect = () => import('ws')\n" },
      { 'src/engine/broken.ts': "import pg from 'pg'\nexport const p = pg\n" },
      { 'src/tracking/broken.ts': "import { readFile } from 'fs/promises'\nexport const r = readFile\n" },
    ],
  },
  {
    name: 'nothing the app, tracking, the engine, the systems or terrain use imports src/cli',
    check: (t) => ['src/app', 'src/tracking', 'src/engine', 'src/systems', 'src/terrain'].flatMap((d) => importsUnder(t, d).filter((i) => under(i.target, 'src/cli')).map((i) => line(i))),
    breaks: [{ 'src/app/broken.ts': "import '../cli/readInput.ts'\n" }],
  },
  {
    name: 'no import circle in src, type imports and import() included, outside src/app/state (its slices take the store\'s type: zustand\'s slices pattern)',
    check: (t) => {
      const graph = new Map<string, string[]>()
      for (const [f, code] of t) graph.set(f, readImports(f, code).imports.flatMap((i) => (i.target ? [i.target] : [])))
      return cyclesOf(graph).filter((c) => !c.every((f) => f.startsWith('src/app/state/'))).map((c) => c.join(' → '))
    },
    breaks: [
      { 'src/app/setup/broken.tsx': "import '../setup/SetupScreen.tsx'\nexport function StepNav() { return null }\n", 'src/app/setup/SetupScreen.tsx': `${TREE.get('src/app/setup/SetupScreen.tsx')}\nimport './broken.tsx'\n` },
      { 'src/systems/cadence/respawn/broken.ts': "import type { GameEntry } from '../../games.ts'\nexport type G = GameEntry\n", 'src/systems/games.ts': `${TREE.get('src/systems/games.ts')}\nexport const broken = () => import('./cadence/respawn/broken.ts')\n` },
    ],
  },
  {
    name: 'the app\'s picker is made from the one game list (src/systems/games.ts), loading no ruleset itself',
    check: (t) => {
      const loader = readImports('src/app/state/systemLoader.ts', t.get('src/app/state/systemLoader.ts')!).imports
      const bad = loader.filter((i) => under(i.target, 'src/systems') && i.target !== 'src/systems/games.ts').map((i) => line({ file: 'src/app/state/systemLoader.ts', spec: i.spec }))
      if (!loader.some((i) => i.target === 'src/systems/games.ts')) bad.push('src/app/state/systemLoader.ts does not import src/systems/games.ts')
      return bad
    },
    breaks: [{ 'src/app/state/systemLoader.ts': `${TREE.get('src/app/state/systemLoader.ts')}\nexport const all = () => import('../../systems/index.ts')\n` }],
  },
  {
    name: 'src/server (Node) is never imported by the browser app, and imports no React, DOM or OpenCV code',
    check: (t) => [
      ...importsUnder(t, 'src/app').filter((i) => under(i.target, 'src/server')).map((i) => line(i)),
      ...importsUnder(t, 'src/server')
        .filter((i) => /^(react|react-dom|@react-three|zustand|@techstark)/.test(i.spec) || (under(i.target, 'src/app') && i.target !== 'src/app/sync/tableDoc.ts') || under(i.target, 'src/tracking'))
        .map((i) => line(i)),
    ],
    breaks: [{ 'src/app/broken.ts': "export const s = () => import('../server/roomKeys.ts')\n" }, { 'src/server/broken.ts': "import 'react'\n" }],
  },
  {
    name: 'src/cli uses the server only through src/server/index.ts (its public surface)',
    check: (t) => importsUnder(t, 'src/cli').filter((i) => under(i.target, 'src/server') && i.target !== 'src/server/index.ts').map((i) => line(i)),
    breaks: [{ 'src/cli/broken.ts': "import type { RoomStorage } from '../server/roomStorage.ts'\nexport type S = RoomStorage\n" }],
  },
  {
    name: 'src/tracking/hands is pure: it imports only the tracking layer (no MediaPipe, no DOM libraries)',
    check: (t) => importsUnder(t, 'src/tracking/hands').filter((i) => !under(i.target, 'src/tracking')).map((i) => line(i)),
    breaks: [{ 'src/tracking/hands/broken.ts': "import '@mediapipe/tasks-vision'\n" }],
  },
  {
    name: 'My table loads when opened: the page\'s first JavaScript holds only its button, mount and open flag; what the app prints sheets with is pure (no node:, no OpenCV at run time)',
    check: (t) => {
      const setup = 'src/app/setup'
      const staticOf = (f: string) => readImports(f, t.get(f)!).imports.filter((i) => i.how !== 'import()')
      const bad: string[] = []
      const entry = new Set(['setupOpen.ts', 'SetupMount.tsx', 'MyTableButton.tsx', 'WhichModel.tsx'])
      for (const f of t.keys()) {
        if (!f.startsWith('src/app/') || f.startsWith(`${setup}/`)) continue
        for (const i of staticOf(f)) if (under(i.target, setup) && !entry.has(posix.relative(setup, i.target!))) bad.push(line({ file: f, spec: i.spec }))
      }
      for (const name of ['setupOpen.ts', 'SetupMount.tsx', 'MyTableButton.tsx']) {
        for (const i of staticOf(`${setup}/${name}`)) if (i.spec.startsWith('./') && i.spec !== './setupOpen.ts') bad.push(`${setup}/${name} → ${i.spec} (load it with import() when the setup opens)`)
      }
      const printed = ['markers/personalSheet.ts', 'markers/sheetPdf.ts', 'markers/dictionaryCells.ts', 'markers/dict4x4Codes.ts', 'markers/markerSheets.ts', 'markers/markerPlan.ts', 'registry/registryFromArmy.ts']
      for (const name of printed) {
        for (const i of staticOf(`src/tracking/${name}`)) if (isNodeOnly(i.spec) || (!i.typeOnly && /opencv|writeMarkerSheets/.test(i.spec))) bad.push(`src/tracking/${name} → ${i.spec}`)
      }
      return bad
    },
    breaks: [
      { 'src/app/broken.ts': "import './setup/ArmyStep.tsx'\n" },
      { 'src/tracking/markers/sheetPdf.ts': `${TREE.get('src/tracking/markers/sheetPdf.ts')}\nimport '../opencv/openCv.ts'\n` },
    ],
  },
  {
    name: 'src/tracking/survey is pure: it imports only the tracking layer and the engine, and reaches OpenCV only through src/tracking/opencv',
    check: (t) => [
      ...importsUnder(t, 'src/tracking/survey').filter((i) => !under(i.target, 'src/tracking') && i.target !== 'src/engine/index.ts').map((i) => line(i)),
      ...[...t.keys()].filter((f) => f.startsWith('src/tracking/survey/') && /\bcv\.[a-zA-Z]/.test(t.get(f)!)).map((f) => `${f} touches cv.*`),
    ],
    breaks: [{ 'src/tracking/survey/broken.ts': "import '@techstark/opencv-js'\n" }, { 'src/tracking/survey/broken.ts': 'export const f = (cv: { imread: () => void }) => cv.imread()\n' }],
  },
  {
    name: 'every import() in src names its module literally (so the rules above read it), but the CLI\'s optional commands and the hand model\'s loader URL',
    check: (t) => {
      // The CLI loads its OpenCV commands by a name tsx resolves at run time, so that a missing optional
      // part is said, not thrown at start; the hands worker loads MediaPipe's loader from a URL it is given.
      const known = new Set(['src/cli/main.ts surveyModule', 'src/cli/main.ts trackingModule', 'src/app/hands/hands.worker.ts m.wasmLoaderUrl'])
      return [...t].flatMap(([f, code]) => readImports(f, code).computed.filter((c) => !known.has(`${f} ${c}`)).map((c) => `${f}: import(${c}) names its module by an expression`))
    },
    breaks: [{ 'src/app/broken.ts': "const where = '../cli/main.ts'\nexport const f = () => import(where)\n" }],
  },
]

// The frames and fixtures the tracker is checked against draw with the test tree's own camera
// (test/tracking/camera/cameraProjection.ts, held to OpenCV): were they to project with the tracker's
// geometry (src/tracking/math), a fault in it would be drawn into the frames and cancel out.
const RENDERER_DIRS = ['test/tracking/synth', 'test/tracking/camera', 'test/fixtures', 'test/e2e/handsRender']
const RENDERERS: Tree = new Map(RENDERER_DIRS.flatMap((d) => [...readTree(d)]).filter(([f]) => !/\.test\.tsx?$/.test(f)))
const trackerGeometryIn = (t: Tree) =>
  [...t].flatMap(([f, code]) => readImports(f, code).imports.filter((i) => !i.typeOnly && under(i.target, 'src/tracking/math')).map((i) => line({ file: f, spec: i.spec })))

describe('the frames the tracker is checked against', () => {
  it('no renderer or fixture imports the tracker\'s geometry (src/tracking/math; type imports aside)', () => {
    expect(RENDERERS.size).toBeGreaterThan(10)
    expect(trackerGeometryIn(RENDERERS)).toEqual([])
  })
  it('the check finds a renderer that does', () => {
    const broken = new Map(RENDERERS).set('test/tracking/synth/broken.ts', "import { projectPoint } from '../../../src/tracking/math/camera.ts'\nexport const p = projectPoint\n")
    expect(trackerGeometryIn(broken)).toEqual(['test/tracking/synth/broken.ts → ../../../src/tracking/math/camera.ts'])
  })
})

describe('architecture: dependencies point one way', () => {
  for (const rule of RULES) it(rule.name, () => expect(rule.check(TREE)).toEqual([]))

  it('each rule fails on a tree that breaks it (the real tree with a file added or changed)', () => {
    for (const rule of RULES) {
      for (const broken of rule.breaks) {
        const tree = new Map(TREE)
        for (const [f, code] of Object.entries(broken)) tree.set(f, code)
        const found = rule.check(tree)
        const named = Object.keys(broken).filter((f) => found.some((x) => x.includes(f)))
        expect(named.length, `"${rule.name}" on ${JSON.stringify(broken).slice(0, 200)}: found ${JSON.stringify(found)}`).toBeGreaterThan(0)
      }
    }
  })

  it('the import reader sees every kind of import, and nothing in comments or strings', () => {
    const read = readImports('src/app/x.ts', [
      "import 'node:fs'",
      "import type { A } from './a.ts'",
      "import { type B, c } from './b.ts'",
      "export { d } from './d.ts'",
      "export type { E } from './e.ts'",
      "export * from './f.ts'",
      "// import('./commented.ts')",
      "const s = \"import('./in-a-string.ts')\"",
      'const g = await import(/* @vite-ignore */ \'./g.ts\')',
      'const h = await import(`./h.ts`)',
      'const name = "./i.ts"',
      'const i = await import(name)',
      "type J = { v?: import('./j.ts').J }",
      "let k: typeof import('./k.ts') | null = null",
    ].join('\n'))
    expect(read.imports.map((i) => [i.spec, i.how, i.typeOnly, i.target])).toEqual([
      ['node:fs', 'side-effect', false, null],
      ['./a.ts', 'import', true, 'src/app/a.ts'],
      ['./b.ts', 'import', false, 'src/app/b.ts'],
      ['./d.ts', 'export', false, 'src/app/d.ts'],
      ['./e.ts', 'export', true, 'src/app/e.ts'],
      ['./f.ts', 'export', false, 'src/app/f.ts'],
      ['./g.ts', 'import()', false, 'src/app/g.ts'],
      ['./h.ts', 'import()', false, 'src/app/h.ts'],
      ['./j.ts', 'import type()', true, 'src/app/j.ts'],
      ['./k.ts', 'import type()', true, 'src/app/k.ts'],
    ])
    expect(read.computed).toEqual(['name'])
    for (const m of ['fs', 'node:fs', 'fs/promises', 'crypto', 'url', 'util', 'path', 'os', 'child_process', 'worker_threads', 'ws', 'pg', 'pngjs', 'jpeg-js']) expect(isNodeOnly(m), m).toBe(true)
    for (const m of ['three', 'zod', 'react', 'yjs', 'pdf-lib', 'three/examples/jsm/loaders/STLLoader.js']) expect(isNodeOnly(m), m).toBe(false)
  })

  it('the Cadence layer check finds a game importing another game, and the layer importing a game', () => {
    expect(cadenceGames(TREE).length).toBe(7)
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
  it('the game-import check finds a game importing another, a shared module is allowed, and a Cadence game reaching into the core', () => {
    expect(allGames(TREE).length).toBe(13)
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
  it('the cycle check finds a cycle when there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]])
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']])
  })

  it('Cadence games change the core attack through its hooks: only a Hunter Charge (moved Hunter) and Respawn moves (clear-for-movement terrain) use a copied table', () => {
    const users = [...TREE].filter(([f, code]) => f.startsWith('src/systems/cadence/') && !f.endsWith('derivedTable.ts') && /\bderiveTable\(/.test(code)).map(([f]) => f).sort()
    expect(users).toEqual(['src/systems/cadence/halo-breakpoint/rules.ts', 'src/systems/cadence/respawn/rules.ts'])
    // and the shared attack code never builds one
    for (const f of ['attack.ts', 'gameAttack.ts', 'lineOfSight.ts']) expect(TREE.get(`src/systems/cadence/${f}`)).not.toMatch(/deriveTable|prepareTable/)
  })
  it('one game list: every entry of src/systems/games.ts is its ruleset\'s id and title, in the registry\'s order', () => {
    expect(titleMismatches(GAMES, ruleSystems)).toEqual([])
    // (and the check finds a title that drifted, and a list out of order)
    expect(titleMismatches([{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }], [{ id: 'a', title: 'A' }, { id: 'b', title: 'B: second edition' }])).toEqual(['b: the list says "B", the ruleset "B: second edition"'])
    expect(titleMismatches([{ id: 'b', title: 'B' }, { id: 'a', title: 'A' }], [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }])).toHaveLength(1)
  })
  it('the engine compiles on its own without DOM or Node types (src/engine/tsconfig.json, run by npm run typecheck)', () => {
    const config = JSON.parse(readFileSync(join(root, 'src/engine/tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { compilerOptions: { lib: string[]; types: string[] } }
    expect(config.compilerOptions.lib.filter((l) => /dom|webworker/i.test(l))).toEqual([])
    expect(config.compilerOptions.types).toEqual([])
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.typecheck).toContain('src/engine/tsconfig.json')
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
