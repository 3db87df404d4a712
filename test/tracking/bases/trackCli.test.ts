// `cli track FRAMES --registry REG --scene SCENE` as a player runs it (issue 34): a table that prints
// only its four table markers, a scene whose models carry no marker, two photos of a game (the second
// after one model moved 3"), drawn by the camera-order renderer. Each model is found by its base, with
// "source": "base", a status, σ and its identity's evidence: at its saved position in the first
// photo, "moved" within its allowance in the second; the output keeps every field it had (additive);
// a scene that is not one is refused in one line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writePng } from '../../../src/cli/tracking/readImage.ts'
import { openCv } from '../helpers.ts'
import { renderCameraOrder } from '../camera/renderCameraOrder.ts'
import { arucoCells, type OpenCvForPatterns } from '../camera/arucoPattern.ts'
import { cameraLookingAt, eyeAround } from '../camera/cameraProjection.ts'
import { BASE_PAINTS, buildBaseTableScene, type BaseModel } from '../camera/baseTableScene.ts'
import { randomFigure, uniformSource } from '../camera/baseSurfaces.ts'
import { cornerRegistry } from '../camera/baseGame.ts'
import { spawnCli } from '../../cli/runCli.ts'

let dir: string
const W = 700, D = 600
const SPOTS: Array<[string, [number, number]]> = [['a1', [250, 230]], ['a2', [330, 260]], ['b1', [420, 330]], ['b2', [300, 370]]]
const MOVED: [number, number] = [250 + 60, 230 - 50]

const cli = spawnCli

function army(moved: boolean): BaseModel[] {
  const rnd = uniformSource(91)
  return SPOTS.map(([id, p], i) => ({
    id, base: { shape: 'round', diameter: 25 }, baseHeightMm: 3.5 + 0.3 * i, position: moved && id === 'a1' ? MOVED : p, facingDeg: 90,
    paint: BASE_PAINTS[i % 3]!, figure: randomFigure(rnd), figureSeed: 100 + i,
  }))
}

beforeAll(async () => {
  const cv = (await openCv()).cv as unknown as OpenCvForPatterns
  dir = mkdtempSync(join(tmpdir(), 'tabletop-bases-'))
  const registry = { format: 'tabletop-markers/1', ...cornerRegistry(W, D) }
  writeFileSync(join(dir, 'registry.json'), JSON.stringify(registry))
  const scene = {
    format: 'tabletop-scene/1', system: 'narrative-skirmish', table: { width: W, depth: D },
    models: SPOTS.map(([id, p]) => ({ id, side: id[0]!.toUpperCase(), profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: p, facing: 90 })),
  }
  writeFileSync(join(dir, 'scene.json'), JSON.stringify(scene))
  const lens = { width: 1024, height: 576, fx: 800, fy: 800, cx: 511.5, cy: 287.5 }
  const placement = cameraLookingAt(eyeAround([W / 2, D / 2], 800, 52, 12), [W / 2, D / 2, 0])
  for (const [i, moved] of [false, true].entries()) {
    const s = buildBaseTableScene({ table: { widthMm: W, depthMm: D }, registry, cellsOf: (id) => arucoCells(cv, 'DICT_4X4_100', id), mat: 'green', models: army(moved), shadows: true })
    const frame = renderCameraOrder(s, lens, placement, { exposure: 1, vignette: 0.15, defocusSigmaPx: 0.5, noise: { fullWellElectrons: 4000, readElectrons: 3 }, tone: { kind: 'srgb' }, contrast: 0.2, sharpen: { amount: 0.5, sigmaPx: 1 }, jpegQuality: 88, seed: i + 1 })
    writePng(join(dir, `photo-${i + 1}.png`), frame)
  }
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('cli track --scene: models without markers found by their bases', () => {
  it('finds each model by its base, with source "base", status, σ and the evidence of its identity', () => {
    const r = cli(['track', join(dir, 'photo-1.png'), join(dir, 'photo-2.png'), '--registry', join(dir, 'registry.json'), '--scene', join(dir, 'scene.json')])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(out.format).toBe('tabletop-track/1')
    const [first, second] = out.images
    for (const [k, img] of [first, second].entries()) {
      expect(img.table.ok).toBe(true)
      // The fields every object had before, and the new ones.
      for (const o of img.objects) {
        expect(Object.keys(o)).toEqual(expect.arrayContaining(['id', 'kind', 'frame', 'position', 'z', 'facing', 'uncertainty', 'markers', 'residualMm', 'status', 'reasons', 'source', 'identity']))
        expect(o.source).toBe('base')
        expect(o.markers).toEqual([])
      }
      expect(img.bases.notSeen).toEqual([])
      const byId = new Map(img.objects.map((o: { id: string }) => [o.id, o]))
      for (const [id, spot] of SPOTS) {
        const o = byId.get(id) as { status: string; position: [number, number]; uncertainty: number; identity: { by: string; distanceMm?: number; allowanceMm?: number } }
        expect(o, `${id} in photo ${k + 1}`).toBeDefined()
        const truth = k === 1 && id === 'a1' ? MOVED : spot
        const error = Math.hypot(o.position[0] - truth[0], o.position[1] - truth[1])
        expect(error, `${id} in photo ${k + 1}`).toBeLessThan(1.5)
        expect(o.uncertainty).toBeGreaterThan(0.05)
        expect(error).toBeLessThan(3 * o.uncertainty)
        expect(o.status).toBe('ok')
        expect(o.identity.by).toBe(k === 0 ? 'saved-position' : id === 'a1' ? 'moved' : 'still')
      }
    }
    // a1 moved 78 mm, within narrative-skirmish's 6" (the ruleset's move allowance).
    const a1 = second.objects.find((o: { id: string }) => o.id === 'a1')
    expect(a1.identity.allowanceMm).toBeCloseTo(152.4, 1)
    expect(a1.identity.distanceMm).toBeCloseTo(Math.hypot(60, 50), -0.3)
  })

  it('a scene that is not a scene is refused in one line (exit 2)', () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ format: 'tabletop-scene/1', system: 'narrative-skirmish' }))
    const r = cli(['track', join(dir, 'photo-1.png'), '--registry', join(dir, 'registry.json'), '--scene', join(dir, 'bad.json')])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/bad\.json/)
  })
})

