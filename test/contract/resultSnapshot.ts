// Byte-identity guard for tabletop-result/1 while rulesets change how they build their results.
//   npx tsx test/contract/resultSnapshot.ts write [file]   store every result of every contract scene
//   npx tsx test/contract/resultSnapshot.ts check [file]   compare today's results with the stored ones
// Each result is stored as canonical JSON (keys sorted, the form the ruling's content hash uses:
// src/app/record/canonicalJson.ts). `check` passes a result when its canonical JSON equals the stored
// one after (1) the stored document is read through `readResultDocument` (the engine's reader of saved
// results: it maps values a ruleset changed under tabletop-result/1 back, see src/engine/result/) and
// (2) the keys listed in ADDITIVE that the stored result lacks are taken out of today's. Anything else
// (a changed value, a removed or renamed field, a new field not listed) is a difference: exit 1.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { type ResultDocument, evaluateScene } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'
import { canonicalJson } from '../../src/app/record/canonicalJson.ts'
import { libraryMeshes } from '../setup/libraryMeshes.ts'
import { contractScenes } from './contractScenes.ts'

/** Fields a result may gain without a version bump: citations beside rule strings, and the side of a side arc. */
export const ADDITIVE = new Set(['citation', 'citations', 'side'])

const DEFAULT_FILE = join(import.meta.dirname, 'baseline/results.jsonl.gz')

/** One scene: its document fields, each result's canonical JSON, and a hash of each result as the CLI prints it (key order kept). */
type Line = { scene: string; doc: Omit<ResultDocument, 'results'>; results: Record<string, string>; printed: Record<string, string> }

const printedHash = (r: unknown): string => createHash('sha256').update(JSON.stringify(r)).digest('hex').slice(0, 16)

async function evaluateAll(): Promise<Line[]> {
  const meshes = await libraryMeshes()
  const known = ruleSystems.map((s) => s.id)
  return contractScenes().map(({ name, scene }) => {
    const { results, ...doc } = evaluateScene(scene, findRuleSystem, known, { meshes })
    return { scene: name, doc, results: Object.fromEntries(results.map((r) => [r.id, canonicalJson(r)])), printed: Object.fromEntries(results.map((r) => [r.id, printedHash(r)])) }
  })
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `now` without the additive keys `before` lacks (recursively, where both have the same shape). */
function withoutAdditions(now: unknown, before: unknown): unknown {
  if (Array.isArray(now) && Array.isArray(before)) return now.map((x, i) => withoutAdditions(x, before[i]))
  if (isObj(now) && isObj(before)) {
    const out: Obj = {}
    for (const [k, v] of Object.entries(now)) {
      if (!(k in before) && ADDITIVE.has(k)) continue
      out[k] = withoutAdditions(v, before[k])
    }
    return out
  }
  return now
}

/** The first path where two JSON values differ. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in a)) return `${path}.${k}: added ${JSON.stringify(b[k]).slice(0, 120)}`
      if (!(k in b)) return `${path}.${k}: removed (was ${JSON.stringify(a[k]).slice(0, 120)})`
      const d = firstDifference(a[k], b[k], `${path}.${k}`)
      if (d) return d
    }
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: ${a.length} items, now ${b.length}`
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`)
      if (d) return d
    }
  }
  return `${path}: ${JSON.stringify(a).slice(0, 120)} → ${JSON.stringify(b).slice(0, 120)}`
}

async function readStored(file: string): Promise<Line[]> {
  return gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line)
}

/** The reader of saved results, when the engine has one (it maps values changed under the same version). */
async function storedReader(): Promise<(doc: ResultDocument) => ResultDocument> {
  const engine = (await import('../../src/engine/index.ts')) as Record<string, unknown>
  const read = engine.readResultDocument as ((doc: unknown) => ResultDocument) | undefined
  return read ?? ((d) => d)
}

export async function checkResults(file = DEFAULT_FILE): Promise<{ identical: number; additive: number; differences: string[]; results: number; printedSame: number }> {
  const stored = await readStored(file)
  const now = await evaluateAll()
  const read = await storedReader()
  const differences: string[] = []
  let identical = 0
  let additive = 0
  let results = 0
  let printedSame = 0
  const byScene = new Map(now.map((l) => [l.scene, l]))
  for (const before of stored) {
    const after = byScene.get(before.scene)
    if (!after) { differences.push(`${before.scene}: no longer evaluated`); continue }
    byScene.delete(before.scene)
    if (canonicalJson(before.doc) !== canonicalJson(after.doc)) differences.push(`${before.scene}: document fields ${firstDifference(before.doc, after.doc)}`)
    const storedDoc = { ...before.doc, results: Object.entries(before.results).map(([, json]) => JSON.parse(json) as ResultDocument['results'][number]) } as ResultDocument
    const readDoc = read(storedDoc)
    for (const [i, [id, json]] of Object.entries(before.results).entries()) {
      results++
      const nowJson = after.results[id]
      if (nowJson === undefined) { differences.push(`${before.scene} ${id}: missing`); continue }
      if (before.printed?.[id] === after.printed[id]) printedSame++
      if (nowJson === json) { identical++; continue }
      const was = readDoc.results[i]
      const is = withoutAdditions(JSON.parse(nowJson), was)
      const d = firstDifference(was, is)
      if (d === null) additive++
      else differences.push(`${before.scene} ${id}${d}`)
    }
    for (const id of Object.keys(after.results)) if (!(id in before.results)) differences.push(`${before.scene} ${id}: new result`)
  }
  for (const scene of byScene.keys()) differences.push(`${scene}: new scene (not in the stored results)`)
  return { identical, additive, differences, results, printedSame }
}

async function main(): Promise<number> {
  const [cmd, file = DEFAULT_FILE] = process.argv.slice(2)
  if (cmd === 'write') {
    const lines = await evaluateAll()
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { level: 9 }))
    process.stdout.write(`stored ${lines.reduce((n, l) => n + Object.keys(l.results).length, 0)} results of ${lines.length} scenes in ${file}\n`)
    return 0
  }
  if (cmd === 'check') {
    const r = await checkResults(file)
    process.stdout.write(`${r.results} results: ${r.identical} byte-identical, ${r.additive} identical but for additive fields (${[...ADDITIVE].join(', ')}), ${r.differences.length} different; ${r.printedSame} also byte-identical as printed by the CLI (key order)\n`)
    for (const d of r.differences.slice(0, 40)) process.stdout.write(`  ${d}\n`)
    return r.differences.length ? 1 : 0
  }
  process.stderr.write('usage: npx tsx test/contract/resultSnapshot.ts write|check [file]\n')
  return 2
}

if (process.argv[1] && import.meta.filename === process.argv[1]) process.exitCode = await main()
