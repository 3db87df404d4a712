// Warnings travel with the answers (issue 35 item 8): every warning `validate` prints for a scene — the
// scene's own and how its terrain files were read — is in `eval`'s result (JSON `warnings`, and the text
// format's lines). Over every scene with terrain files (the terrain-library scenarios, each game's demo)
// and the cases that change the answer: a file read as thin surfaces, a centred piece sinking into the table.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ResultDocument, Scene } from '../../src/engine/index.ts'
import { ruleSystems } from '../../src/systems/index.ts'
import { runCli as cli } from './runCli.ts'

const tmp = mkdtempSync(join(tmpdir(), 'eval-warnings-'))

/** validate's warning lines and eval's result for one scene written to a file. */
async function bothWays(name: string, scene: unknown) {
  const file = join(tmp, `${name.replace(/[^a-z0-9-]+/gi, '-')}.json`)
  writeFileSync(file, JSON.stringify(scene))
  const v = await cli(['validate', file])
  const e = await cli(['eval', file])
  const t = await cli(['eval', file, '--format', 'text'])
  expect([v.code, e.code, t.code], `${name}: ${v.stderr}${e.stderr}`).toEqual([0, 0, 0])
  const printed = v.stderr.split('\n').filter((l) => l.startsWith('warning: ')).map((l) => l.slice('warning: '.length))
  const doc = JSON.parse(e.stdout) as ResultDocument
  return { printed, doc, text: t.stdout }
}

const SCENARIOS = join(import.meta.dirname, '../scenarios/terrain-library')
const withMeshes: Array<{ name: string; scene: Scene }> = [
  ...readdirSync(SCENARIOS).filter((f) => f.endsWith('.scenario.json')).map((f) => ({ name: f, scene: (JSON.parse(readFileSync(join(SCENARIOS, f), 'utf8')) as { scene: Scene }).scene })),
  ...ruleSystems.filter((s) => (s.demoScene as Scene).terrain?.some((t) => 'mesh' in t)).map((s) => ({ name: `demo ${s.id}`, scene: s.demoScene as Scene })),
]

describe('eval gives every warning validate prints', () => {
  it(`over every scene with terrain files (${withMeshes.length}: the terrain-library scenarios and the demos with meshes)`, async () => {
    expect(withMeshes.length).toBeGreaterThanOrEqual(5)
    let said = 0
    for (const { name, scene } of withMeshes) {
      const { printed, doc, text } = await bothWays(name, scene)
      const inResult = (doc.warnings ?? []).map((w) => `${w.path}: ${w.message}`)
      // (validate cuts a line to 300 characters with "…")
      for (const p of printed) expect(inResult.some((r) => r === p || (p.endsWith('…') && r.startsWith(p.slice(0, -1)))), `${name}: "${p}" is not in eval's warnings ${JSON.stringify(inResult)}`).toBe(true)
      expect(printed.length, name).toBe(inResult.length)
      for (const r of inResult) expect(text, name).toContain(`warning: ${r}`)
      said += printed.length
    }
    // (the tree cards are surfaces and the hill is open underneath: at least those two are said)
    expect(said).toBeGreaterThanOrEqual(2)
  }, 120_000)

  it('a file read as thin 1 mm surfaces between two models: eval says so in its result, with its code and the piece', async () => {
    const s = withMeshes.find((x) => x.name.startsWith('tree-cards'))!.scene
    const { doc } = await bothWays('tree-cards', s)
    const i = s.terrain!.findIndex((t) => 'mesh' in t && t.mesh === 'tree-cards.glb')
    expect(doc.warnings).toContainEqual({ code: 'terrain-read-as', path: `terrain[${i}]`, message: expect.stringMatching(/^tree-cards\.glb: .*read as thin surfaces 1 mm thick/) })
  })

  it('a centred file placed by its origin and not lifted: eval says it sinks into the table (and nothing when it stands on it)', async () => {
    // the library's files all have their lowest point at their origin: a scale of −… is refused, so the
    // ruined arch (0…120 mm) is lowered by its z instead, as a centred file would stand
    const base: Scene = { format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: 600, depth: 600 }, models: [{ id: 'a1', side: 'A', profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: [100, 300] }, { id: 'b1', side: 'B', profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: [500, 300] }], queries: [{ id: 'q', type: 'los', from: 'a1', to: 'b1' }] } as Scene
    const sunk = { ...base, terrain: [{ id: 'arch', type: 'solid', mesh: 'ruined-arch.json', position: [300, 300, -60] }] }
    const { doc, printed } = await bothWays('sunk', sunk)
    expect(doc.warnings?.map((w) => w.code)).toEqual(['terrain-sinks'])
    expect(printed).toEqual([`terrain[0]: ${doc.warnings![0]!.message}`])
    expect(doc.warnings![0]!.message).toContain('ruined-arch.json sinks 60.0 mm into the table')
    const resting = { ...base, terrain: [{ id: 'arch', type: 'solid', mesh: 'ruined-arch.json', position: [300, 300, 0] }] }
    expect((await bothWays('resting', resting)).doc.warnings).toBeUndefined()
  })
})
