// The CLI as a user runs it: `track` over rendered photos, `scene` merging tracked poses into a
// ruleset's demo scene and piping into `eval -`, and the input errors (one line, exit 2).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writePng } from '../../src/cli/tracking/readImage.ts'
import { intrinsicsFile } from '../../src/tracking/calibration/intrinsicsSchema.ts'
import { renderTableFrame } from './synth/renderTableFrame.ts'
import { buildSceneFrame, buildTabletopScene, type TabletopScene } from './synth/tabletopScene.ts'
import { openCv } from './helpers.ts'
import { spawnCli } from '../cli/runCli.ts'

const root = join(import.meta.dirname, '..', '..')
let dir: string
let tabletop: TabletopScene
let demo: TabletopScene

const cli = spawnCli

const demoPath = join(root, 'src/systems/narrative-skirmish/demo.json')

beforeAll(async () => {
  const cv = await openCv()
  dir = mkdtempSync(join(tmpdir(), 'tabletop-track-'))
  tabletop = buildTabletopScene(cv, { seed: 21, models: 8, hands: 0 })
  writePng(join(dir, 'table.png'), renderTableFrame(tabletop.spec).frame)
  writeFileSync(join(dir, 'registry.json'), JSON.stringify(tabletop.registry))
  const scene = JSON.parse(readFileSync(demoPath, 'utf8'))
  // The photo shows the demo's models moved: a1 and b2 elsewhere, b1 turned.
  demo = buildSceneFrame(cv, scene, { seed: 22, moves: { a1: { position: [150, 250], facing: 30 }, b2: { position: [820, 620], facing: 200 }, b1: { position: [250, 650], facing: 180 } } })
  writePng(join(dir, 'demo.png'), renderTableFrame(demo.spec).frame)
  writeFileSync(join(dir, 'demo-registry.json'), JSON.stringify(demo.registry))
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('cli track', () => {
  it('prints detections, the table pose and object poses in mm for an image', () => {
    const r = cli(['track', join(dir, 'table.png'), '--registry', join(dir, 'registry.json')])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(out.format).toBe('tabletop-track/1')
    const img = out.images[0]
    expect(img.table.ok).toBe(true)
    expect(img.table.reprojectionErrorPx).toBeLessThan(0.3)
    expect(img.detections.length).toBeGreaterThan(8)
    expect(img.objects.length).toBeGreaterThan(5)
    for (const o of img.objects) {
      const t = tabletop.truth.find((x) => x.id === o.id)!
      expect(Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1])).toBeLessThan(1.5)
      expect(o.uncertainty).toBeGreaterThan(0)
      expect(o.markers.length).toBeGreaterThan(0)
      expect(['ok', 'doubted', 'held']).toContain(o.status)
      expect(Array.isArray(o.reasons)).toBe(true)
    }
    expect(img.timing.totalMs).toBeGreaterThan(0)
    // Registry objects not placed are listed in the JSON and named in one stderr warning line.
    const registryObjects = new Set(tabletop.registry.markers.flatMap((m) => (m.role === 'model' ? [m.model] : m.role === 'terrain' ? [m.terrain] : [])))
    expect(img.objects.length + img.notSeen.length).toBe(registryObjects.size)
    expect(img.table.twoMarkers).toBe(false)
    expect(img.rejected).toEqual([])
    const warning = r.stderr.split('\n').filter((l) => l.includes('not seen'))
    if (img.notSeen.length) expect(warning).toEqual([expect.stringMatching(new RegExp(`table\\.png: ${img.notSeen.length} registry objects? not seen: ${img.notSeen[0].id}`))])
    else expect(warning).toEqual([])
  })

  it('with --scene, reads each marked model\'s base rim with its markers and says whether it was used (additive baseRim)', () => {
    // The demo's scene gives each model's base; the photo shows them moved (the rim is read where the marker puts it).
    const r = cli(['track', join(dir, 'demo.png'), '--registry', join(dir, 'demo-registry.json'), '--scene', demoPath])
    expect(r.code).toBe(0)
    const img = JSON.parse(r.stdout).images[0]
    const models = img.objects.filter((o: { kind: string; placed: boolean }) => o.kind === 'model' && o.placed)
    expect(models.length).toBeGreaterThan(3)
    for (const o of models) {
      expect(o.baseRim).toEqual(expect.objectContaining({ used: expect.any(Boolean), offsetMm: [expect.any(Number), expect.any(Number)], sigmaMm: expect.any(Number) }))
      if (!o.baseRim.used) expect(o.baseRim.why).toEqual(expect.any(String))
      const t = demo.truth.find((x) => x.id === o.id)!
      // Where it stands, within 3 × its radial σ.
      expect(Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1])).toBeLessThan(3 * o.uncertainty)
    }
    expect(models.filter((o: { baseRim: { used: boolean } }) => o.baseRim.used).length).toBeGreaterThan(models.length / 2)
    // Without --scene the tracker knows no bases: no baseRim.
    const bare = JSON.parse(cli(['track', join(dir, 'demo.png'), '--registry', join(dir, 'demo-registry.json')]).stdout).images[0]
    expect(bare.objects.some((o: { baseRim?: unknown }) => o.baseRim)).toBe(false)
  })

  it('a folder with an unreadable image: that entry says why, the others are still measured, exit 2', () => {
    writeFileSync(join(dir, 'broken.png'), 'not an image')
    const r = cli(['track', dir, '--registry', join(dir, 'registry.json')])
    rmSync(join(dir, 'broken.png'))
    expect(r.code).toBe(2)
    const out = JSON.parse(r.stdout)
    const names = out.images.map((i: { image: string }) => i.image.split('/').pop())
    expect(names).toEqual(['broken.png', 'demo.png', 'table.png'])
    expect(out.images[0].error).toMatch(/broken\.png/)
    expect(out.images[2].objects.length).toBeGreaterThan(5)
    expect(r.stderr).toMatch(/error: .*broken\.png/)
  })

  it('--camera uses the stored intrinsics (and rejects a camera file without fx)', () => {
    writeFileSync(join(dir, 'camera.json'), JSON.stringify(intrinsicsFile(tabletop.spec.intrinsics, 'synthetic')))
    const r = cli(['track', join(dir, 'table.png'), '--registry', join(dir, 'registry.json'), '--camera', join(dir, 'camera.json')])
    expect(r.code).toBe(0)
    const img = JSON.parse(r.stdout).images[0]
    expect(img.table.camera.intrinsics.source).toBe('calibration')
    expect(img.table.cameraReprojectionErrorPx).toBeLessThan(0.3)
    const { fx: _fx, ...noFx } = intrinsicsFile(tabletop.spec.intrinsics)
    writeFileSync(join(dir, 'bad-camera.json'), JSON.stringify(noFx))
    const bad = cli(['track', join(dir, 'table.png'), '--registry', join(dir, 'registry.json'), '--camera', join(dir, 'bad-camera.json')])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^error: \S*bad-camera\.json: fx: missing/)
  })

  it('a registry that names an id twice is rejected with its path, exit 2', () => {
    const bad = { ...tabletop.registry, markers: [...tabletop.registry.markers, { id: 3, role: 'model', model: 'x', size: 20 }] }
    writeFileSync(join(dir, 'bad-registry.json'), JSON.stringify(bad))
    const r = cli(['track', join(dir, 'table.png'), '--registry', join(dir, 'bad-registry.json')])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/markers\[\d+\]\.id: .*marker id 3 is named twice/)
  })
})

describe('cli scene', () => {
  it('merges tracked poses into the base scene so that `scene … | eval -` gives a ruling', () => {
    const r = cli(['scene', join(dir, 'demo.png'), '--registry', join(dir, 'demo-registry.json'), '--base', demoPath])
    expect(r.stderr).not.toMatch(/^error/m)
    expect(r.code).toBe(0)
    const scene = JSON.parse(r.stdout)
    const placed: string[] = scene.meta.tracking.placed
    expect(placed).toEqual(expect.arrayContaining(['a1', 'b1', 'b2']))
    // Additive fields: how the lock rests, which objects are doubted and why, what was rejected, and
    // which registry objects were not seen (also one stderr warning line when there are any).
    const tracking = scene.meta.tracking
    expect(tracking.twoMarkers).toBe(false)
    expect(Array.isArray(tracking.objectStatus) && Array.isArray(tracking.rejected) && Array.isArray(tracking.registryNotSeen)).toBe(true)
    expect(r.stderr.split('\n').filter((l) => l.includes('registry object')).length).toBe(tracking.registryNotSeen.length ? 1 : 0)
    for (const id of placed) {
      const m = scene.models.find((x: { id: string }) => x.id === id)
      const t = demo.truth.find((x) => x.id === id)!
      expect(Math.hypot(m.position[0] - t.position[0], m.position[1] - t.position[1])).toBeLessThan(1.5)
      expect(m.uncertainty).toBeGreaterThan(0)
    }
    const evaluated = cli(['eval', '-'], r.stdout)
    expect(evaluated.stderr).toBe('')
    expect(evaluated.code).toBe(0)
    const result = JSON.parse(evaluated.stdout)
    const range = JSON.stringify(result).includes('range-a1-b1')
    expect(range).toBe(true)
  })

  it('without two table markers in view the scene command says "table not locked", exit 2', () => {
    const onlyOne = { ...demo.registry, markers: demo.registry.markers.filter((m) => m.role !== 'table' || m.id === 3) }
    writeFileSync(join(dir, 'one-ref.json'), JSON.stringify(onlyOne))
    const r = cli(['scene', join(dir, 'demo.png'), '--registry', join(dir, 'one-ref.json'), '--base', demoPath])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/table not locked/)
  })
})
