// `cli survey` as a player runs it: a folder of photos (PNG and JPEG files rendered from a sweep with
// ground truth) and a registry whose table markers have no position; the completed registry on stdout
// tracks (`cli track`), and its positions are the truth's. Then the input errors: one line, exit 2.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPoint } from '../../src/tracking/math/camera.ts'
import { writePng } from '../../src/cli/tracking/readImage.ts'
import { intrinsicsFile } from '../../src/tracking/calibration/intrinsicsSchema.ts'
import { parseRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { openCv } from './helpers.ts'
import { runCli, spawnCli } from '../cli/runCli.ts'
import { renderAll } from './surveyScore.ts'
import { buildSurveySweep, cornerPoint, type SurveySweep } from './synth/surveySweep.ts'

let dir: string
let sweep: SurveySweep

const cli = spawnCli
const at = (name: string) => join(dir, name)
const oneLine = (r: { code: number | null; stderr: string }) => {
  const lines = r.stderr.trim().split('\n')
  expect(r.code).toBe(2)
  expect(lines).toHaveLength(1)
  expect(lines[0]!.length).toBeLessThanOrEqual(300)
  expect(lines[0]).toMatch(/^error: /)
  return lines[0]!
}

beforeAll(async () => {
  const cv = await openCv()
  dir = mkdtempSync(join(tmpdir(), 'tabletop-survey-'))
  sweep = buildSurveySweep(cv, { seed: 21, views: 6, heldOut: 0, models: 8 })
  mkdirSync(at('photos'))
  renderAll(sweep.views).forEach((f, i) => {
    // Half PNG, half JPEG (what a phone saves), as a player's folder would hold.
    if (i % 2 === 0) writePng(at(`photos/IMG_${100 + i}.png`), f.frame)
    else writeFileSync(at(`photos/IMG_${100 + i}.jpg`), jpeg.encode({ width: f.frame.width, height: f.frame.height, data: Buffer.from(f.frame.data) }, 92).data)
  })
  writeFileSync(at('photos/notes.txt'), 'not a photo')
  writeFileSync(at('input.json'), JSON.stringify(sweep.input, null, 2))
  writeFileSync(at('camera.json'), JSON.stringify(intrinsicsFile(sweep.calibration)))
  // The same registry without corner declarations: the table's corners are tapped on a photo instead.
  writeFileSync(at('no-corners.json'), JSON.stringify({ ...sweep.input, markers: sweep.input.markers.map((m) => (m.role === 'table' ? { id: m.id, role: m.role, size: m.size } : m)) }))
  const view = sweep.views[2]!
  const taps = (['x0y0', 'x1y0', 'x1y1', 'x0y1'] as const).flatMap((corner) => {
    const p = projectPoint(view.intrinsics, view.pose, [...cornerPoint(corner), 0])!
    return p[0] > 0 && p[1] > 0 && p[0] < view.width && p[1] < view.height ? [{ image: at('photos/IMG_102.png'), corner, point: [p[0] + 1.5, p[1] - 1] }] : []
  })
  writeFileSync(at('taps.json'), JSON.stringify(taps))
}, 300_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const positionError = (registry: ReturnType<typeof parseRegistry>) => Math.max(...registry.markers.flatMap((m) => {
  if (m.role !== 'table') return []
  const t = sweep.truthTable.get(m.id)!
  return [Math.hypot(m.position[0] - t.position[0], m.position[1] - t.position[1])]
}))

describe('cli survey', () => {
  it('a folder of photos and a registry without table positions → the complete registry, positions within 1.5 mm of the truth', () => {
    const r = cli(['survey', at('photos'), '--registry', at('input.json'), '--camera', at('camera.json')])
    expect(r.stderr).toMatch(/survey: 8 table markers from 6 of 6 images \(RMS 0\.\d\d px, focal length calibration\); largest residual 0\.\d\d mm/)
    expect(r.code).toBe(0)
    const out = parseRegistry(JSON.parse(r.stdout))
    expect(positionError(out)).toBeLessThan(1.5)
    expect(out.survey).toMatchObject({ frames: 6, camera: { source: 'calibration' }, table: { from: 'corner-markers' } })
    expect(out.survey!.markers.map((m) => m.id).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    // Everything else as it came in: model markers, terrain footprints, corner declarations.
    expect(out.markers.filter((m) => m.role !== 'table')).toEqual(sweep.input.markers.filter((m) => m.role !== 'table'))
    expect(out.terrain).toEqual(sweep.input.terrain)
    writeFileSync(at('surveyed.json'), r.stdout)
    // The surveyed registry tracks.
    const track = cli(['track', at('photos/IMG_101.jpg'), '--registry', at('surveyed.json'), '--camera', at('camera.json')])
    expect(track.code).toBe(0)
    expect(JSON.parse(track.stdout).images[0].table.ok).toBe(true)
  }, 180_000) // the CLI's survey of 6 photos, then a track: ~40 s quiet, 102 s seen under load

  it('without a camera file, and with corners tapped on a photo instead of corner markers', () => {
    const r = cli(['survey', at('photos'), '--registry', at('input.json')])
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/focal length estimated/)
    expect(positionError(parseRegistry(JSON.parse(r.stdout)))).toBeLessThan(2)
    const tapped = cli(['survey', at('photos'), '--registry', at('no-corners.json'), '--camera', at('camera.json'), '--corners', at('taps.json')])
    expect(tapped.code).toBe(0)
    const out = parseRegistry(JSON.parse(tapped.stdout))
    expect(out.survey!.table.from).toBe('tapped-corners')
    expect(positionError(out)).toBeLessThan(4)
  }, 120_000)

  it('refusals and bad input: one line on stderr, exit 2', async () => {
    expect(oneLine(cli(['survey', at('photos/IMG_100.png'), at('photos/IMG_101.jpg'), '--registry', at('input.json')]))).toMatch(/^error: survey refused: too few views: 2 show two or more table markers, at least 3/)
    expect(oneLine(cli(['survey', at('photos'), '--registry', at('no-corners.json')]))).toMatch(/^error: survey refused: the table's corners are not known: tap at least two table corners/)
    // The entry point's one line and exit code are checked on the two spawned runs above (and for
    // every command in test/cli); the others run the same main() in-process (test/cli/runCli.ts,
    // stdout and stderr captured), without a process (~1.2 s of CPU) each.
    // Said before a photo is read: a broken file among them is not what the player is told about.
    writeFileSync(at('broken.jpg'), 'not a jpeg')
    expect(oneLine(await runCli(['survey', at('broken.jpg'), at('photos/IMG_100.png'), '--registry', at('no-corners.json')]))).toMatch(/^error: survey refused: the table's corners are not known/)
    expect(oneLine(await runCli(['survey', at('photos')]))).toBe('error: missing --registry <registry.json>')
    expect(oneLine(await runCli(['survey', at('photos'), '--registry', at('missing.json')]))).toMatch(/^error: cannot read .*missing\.json: no such file/)
    expect(oneLine(await runCli(['survey', at('photos'), '--registry', at('input.json'), '--table-size', 'big']))).toMatch(/--table-size takes <width>x<depth>/)
    writeFileSync(at('bad-taps.json'), JSON.stringify([{ image: at('photos/IMG_102.png'), corner: 'middle', point: [1, 2] }]))
    expect(oneLine(await runCli(['survey', at('photos'), '--registry', at('no-corners.json'), '--corners', at('bad-taps.json')]))).toMatch(/bad-taps\.json: \[0\]\.corner: /)
    writeFileSync(at('bad-registry.json'), JSON.stringify({ ...sweep.input, markers: [{ id: 0, role: 'table', size: 70, corner: 'x0y0' }, { id: 1, role: 'table', size: 70, corner: 'x0y0' }] }))
    expect(oneLine(await runCli(['survey', at('photos'), '--registry', at('bad-registry.json')]))).toMatch(/markers\[1\]\.corner: two table markers \(0 and 1\) are declared in corner x0y0/)
    // Tracking needs every table marker's place: the survey's input is refused with what to do.
    expect(oneLine(await runCli(['track', at('photos/IMG_100.png'), '--registry', at('input.json')]))).toMatch(/markers\[0\]\.position: table marker \d has no position yet: survey the table first/)
  }, 180_000)
})
