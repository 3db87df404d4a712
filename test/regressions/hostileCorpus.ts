// The hostile inputs of issue 12, generated (the big ones would bloat the repository): each is a set of
// files and a CLI command, with the outcome it must get — exit 2 with one bounded line, or exit 0 (with
// warnings where the scene is odd). Used by the fuzz suite (in-process) and by scripts/hostile-report.ts
// (spawned, with time and memory measured).
import { deflateSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

export type HostileCase = {
  name: string
  /** Input file kind of issue 12's list. */
  kind: 'scene' | 'registry' | 'camera' | 'image' | 'mesh' | 'ruling'
  /** CLI arguments; `{dir}` is replaced with the folder the files are written to. */
  args: string[]
  files: Record<string, string | Uint8Array>
  /** 2: refused with one line (matching `message` when given); 0: answered. */
  expect: { code: 0 | 2; message?: RegExp; warning?: RegExp }
}

export const demoScene = (): Json => JSON.parse(readFileSync(join(root, 'src/systems/narrative-skirmish/demo.json'), 'utf8')) as Json

const deep = (n: number, open = '[', close = ']', inner = '0') => open.repeat(n) + inner + close.repeat(n)

function model(id: string, side: string, x: number, y: number): Json {
  return { id, side, profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: [x, y] }
}

/** A PNG whose header says width × height, with a tiny IDAT (zeros compress to almost nothing). */
export function bombPng(width: number, height: number, rowsOfData = 16): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0 })
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0 }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td))
    return Buffer.concat([len, td, c])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2
  const rowBytes = width * 3 + 1
  const raw = Buffer.alloc(rowBytes > 1e6 ? 0 : Math.min(height, rowsOfData) * rowBytes)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

const registry = (markers: Json[]): Json => ({ format: 'tabletop-markers/1', markers })
const tableMarkers = (positions: Array<[number, number]>) => positions.map(([x, y], i) => ({ id: i, role: 'table', size: 50, position: [x, y] }))
const goodRegistry = () => registry(tableMarkers([[50, 50], [1150, 50], [1150, 1150], [50, 1150]]))
const camera = (over: Json = {}): Json => ({ format: 'tabletop-camera/1', width: 640, height: 480, fx: 500, fy: 500, cx: 320, cy: 240, ...over })
const smallPng = () => bombPng(64, 48, 48)

export function hostileCases(): HostileCase[] {
  const cases: HostileCase[] = []
  const scene = (name: string, doc: Json | string, expect: HostileCase['expect'], cmd: 'eval' | 'validate' = 'eval') =>
    cases.push({ name, kind: 'scene', args: [cmd, '{dir}/scene.json'], files: { 'scene.json': typeof doc === 'string' ? doc : JSON.stringify(doc) }, expect })

  // Crashes
  scene('100k-deep nesting in format', `{"format":${deep(100_000)}}`, { code: 2, message: /nest/ })
  { const d = demoScene(); scene('100k-deep nesting in an option value', JSON.stringify(d).replace('"options":{}', `"options":{"within":${deep(100_000)}}`), { code: 2, message: /nest/ }) }
  { const d = demoScene(); d.models[0].weapons = ['toString']; scene('weapon "toString"', d, { code: 2, message: /unknown weapon "toString"/ }) }
  { const d = demoScene(); d.models[0].weapons = ['toString']; scene('weapon "toString" (validate)', d, { code: 2, message: /unknown weapon "toString"/ }, 'validate') }
  { const d = demoScene(); d.terrain.push({ id: 'arch', type: 'solid', mesh: 'constructor', position: [100, 100, 0] }); scene('mesh "constructor"', d, { code: 2, message: /constructor.*not found/ }) }
  { const d = demoScene(); d.queries = [{ id: 'q', type: 'valueOf' }]; scene('query type "valueOf"', d, { code: 2, message: /unknown query type "valueOf"/ }) }
  { const d = demoScene(); for (const m of d.models) if (m.side === 'A') m.side = 'hasOwnProperty'; scene('side "hasOwnProperty"', d, { code: 0 }) }
  {
    const d = demoScene()
    d.queries = Array.from({ length: 100_000 }, (_, i) => ({ id: `q${i}`, type: 'los', from: 'a1', to: 'b2', rays: true }))
    scene('100k los queries with rays', d, { code: 2, message: /limit/ })
  }
  // Hang
  {
    const d = demoScene()
    d.table = { width: 20000, depth: 20000 }
    d.models = Array.from({ length: 10_000 }, (_, i) => model(`m${i}`, i % 2 ? 'A' : 'B', 50 + (i % 100) * 150, 50 + Math.floor(i / 100) * 150))
    d.queries = [{ id: 'v', type: 'visibility' }]
    scene('10,000 models + one visibility query', d, { code: 2, message: /limit/ })
  }
  // Silently wrong
  { const d = demoScene(); d.table = { width: 1e308, depth: 1e308 }; scene('table 1e308', d, { code: 2, message: /table/ }) }
  { const d = demoScene(); d.terrain[0].height = 3.5e38; scene('terrain taller than float32', d, { code: 2, message: /height/ }) }
  { const d = demoScene(); d.models[0].position = [590, 610]; scene('model inside solid terrain', d, { code: 0, warning: /inside/ }) }
  { const d = demoScene(); d.models[1].position = [325, 305]; scene('overlapping bases', d, { code: 0, warning: /overlap/ }) }
  { const d = demoScene(); d.terrain[1].z = 200; scene('floating terrain', d, { code: 0, warning: /rest/ }) }
  { const d = demoScene(); d.queries = [{ id: 's', type: 'los', from: 'a1', to: 'a1' }]; scene('self-targeting query', d, { code: 0, warning: /itself/ }) }
  // Poor messages
  scene('deep unclosed JSON', '['.repeat(100_000), { code: 2, message: /not valid JSON/ })
  { const d = demoScene(); d.system = 'x'.repeat(10_000_000); scene('10 MB string', d, { code: 2 }) }
  { const d = demoScene(); d.queries = Array.from({ length: 100_000 }, (_, i) => ({ id: `q${i}`, type: 'distance', from: `nobody-${i}`, to: 'a1' })); scene('100k unknown ids', d, { code: 2 }) }
  { const d = demoScene(); d.queries = [{ id: 'w', type: 'attack', attacker: 'a1', target: 'b1', weapon: 'no-such-gun' }]; scene('unknown query weapon (validate)', d, { code: 2, message: /weapon/ }, 'validate') }

  // Registry, camera, image
  const track = (name: string, kind: HostileCase['kind'], files: HostileCase['files'], expect: HostileCase['expect'], extra: string[] = []) =>
    cases.push({ name, kind, args: ['track', '{dir}/photo.png', '--registry', '{dir}/registry.json', ...extra], files: { 'photo.png': smallPng(), 'registry.json': JSON.stringify(goodRegistry()), ...files }, expect })
  track('registry: 100k-deep nesting', 'registry', { 'registry.json': `{"format":"tabletop-markers/1","markers":[{"id":0,"role":"table","size":50,"position":[0,0]}],"meta":{"x":${deep(100_000)}}}` }, { code: 2, message: /nest/ })
  track('registry: bad marker size (path once)', 'registry', { 'registry.json': JSON.stringify(registry([{ id: 0, role: 'table', size: -1, position: [0, 0] }])) }, { code: 2, message: /registry\.json.*markers\[0\]\.size/ })
  track('registry: all table markers at one spot', 'registry', { 'registry.json': JSON.stringify(registry(tableMarkers([[100, 100], [100, 100], [100, 100], [100, 100]]))) }, { code: 2, message: /overlap.*coincident/ })
  track('registry: table markers on one line', 'registry', { 'registry.json': JSON.stringify(registry(tableMarkers([[100, 100], [300, 100], [500, 100], [700, 100]]))) }, { code: 2, message: /on one line/ })
  track('camera: fx 1e-300', 'camera', { 'camera.json': JSON.stringify(camera({ fx: 1e-300 })) }, { code: 2, message: /camera\.json.*fx/ }, ['--camera', '{dir}/camera.json'])
  track('camera: error names the file', 'camera', { 'camera.json': JSON.stringify(camera({ fy: 'x' })) }, { code: 2, message: /camera\.json.*fy/ }, ['--camera', '{dir}/camera.json'])
  track('image: 20000×20000 PNG', 'image', { 'photo.png': bombPng(20000, 20000) }, { code: 2, message: /pixels/ })
  track('image: truncated PNG', 'image', { 'photo.png': smallPng().slice(0, 60) }, { code: 2, message: /photo\.png/ })
  cases.push({ name: 'scene: 20000×20000 PNG', kind: 'image', args: ['scene', '{dir}/photo.png', '--registry', '{dir}/registry.json', '--base', '{dir}/scene.json'], files: { 'photo.png': bombPng(20000, 20000), 'registry.json': JSON.stringify(goodRegistry()), 'scene.json': JSON.stringify(demoScene()) }, expect: { code: 2, message: /pixels/ } })
  return cases
}
