// Bases found on a locked table in frames made the way a camera makes them (issue 34; the renderer
// knows nothing of the tracker): painted bases of an army's sizes with figures on them, shadows, the
// phone's tone curve, noise, sharpening and JPEG. Every base in view with at least 60 % of its rim
// seen is found, of its size, within 1.5 mm, and its σ says so (the error within 3σ, and σ not far
// too wide); the mat with no model on it, a terrain piece and the table markers give no base, nor does
// a printed hex grid with no model on it (its cells vote as bases do). On a hex mat each shape of the
// army gets looks of its own (the vote's peaks taken in turns); a known base mostly under a hand is
// not found again as a smaller base on what shows of it; a base whose top reads as a printed mat's colour is
// a base by its clear rim and its height when its figure is too slight to read; a near side's bottom
// edge is not taken for its top (one band inward of a top edge is no edge); a base behind a nearer
// figure is found by its crisp rim, and that figure's body, however crisp, is not taken for one, nor
// is a figure rising over a big base's far rim (on a flocked top too), nor an oval's end; two
// reported bases never interpenetrate; a fit that settled beside its base (the vote's peak beside
// it) is fitted again about it and the base found where it stands; a fingertip over the mat is no
// base (one piece with its arm), and a base with a crisp rim under a hand of its top's colour still is. The same through a lens that
// bends (the calibration given). One frame each: the sweeps over variants and base sizes are in the
// benchmark (npm run bench:bases).
import { beforeAll, describe, expect, it } from 'vitest'
import { openCv } from '../helpers.ts'
import type { OpenCvHandle } from '../../../src/tracking/opencv/openCv.ts'
import { FrameTracker } from '../../../src/tracking/frameTracker.ts'
import { parseRegistry } from '../../../src/tracking/registry/registrySchema.ts'
import { type BaseSearchRequest, BaseFinder, type FindBasesParams } from '../../../src/tracking/bases/findBases.ts'
import type { LockedTable } from '../../../src/tracking/bases/tableProjector.ts'
import { markerOnTable } from '../../../src/tracking/bases/baseTracker.ts'
import type { CameraIntrinsics } from '../../../src/tracking/types.ts'
import { renderCameraOrder } from '../camera/renderCameraOrder.ts'
import type { OpenCvForPatterns } from '../camera/arucoPattern.ts'
import { arucoCells } from '../camera/arucoPattern.ts'
import { buildBaseTableScene } from '../camera/baseTableScene.ts'
import { type BaseVariant, variantScene, type VariantScene } from './baseVariants.ts'
import { scoreBases, truthKey } from './scoreBases.ts'

let handle: OpenCvHandle

beforeAll(async () => {
  handle = await openCv()
})

type Frame = { width: number; height: number; data: Uint8ClampedArray }

/** The frame's table lock (the marker tracker's), and a search over it for the army's sizes (its unmarked models'). */
function searchOf(v: Pick<VariantScene, 'registry' | 'calibration' | 'models' | 'marked' | 'terrain'>, frame: Frame): { lock: LockedTable; request: BaseSearchRequest } {
  const registry = parseRegistry({ format: 'tabletop-markers/1', ...v.registry })
  const calibration: CameraIntrinsics | null = v.calibration ? { ...v.calibration, source: 'calibration' } : null
  const tracker = new FrameTracker(handle, registry, { calibration })
  const result = tracker.track(frame, true)
  tracker.dispose()
  if (!result.table.locked) throw new Error(result.table.reason)
  const lock = result.table
  const unmarked = v.models.filter((m) => !v.marked.has(m.id))
  const classes = [...new Map(unmarked.map((m) => [truthKey(m.base), { key: truthKey(m.base), shape: m.base, heightMm: 4 }])).values()]
  const exclude = (result.detections ?? []).flatMap((d) => markerOnTable(lock, d.corners))
  return { lock, request: { classes, table: { x0: 0, y0: 0, x1: 700, y1: 600 }, tracked: [], search: true, exclude, obstacles: v.terrain.map((t) => t.footprint) } }
}

function findIn(v: Pick<VariantScene, 'registry' | 'calibration' | 'models' | 'marked' | 'terrain'>, frame: Frame) {
  const { lock, request } = searchOf(v, frame)
  const finder = new BaseFinder(handle)
  const found = finder.find(frame, lock, request)
  finder.dispose()
  return found
}

/** One frame of a variant scene (the camera-order renderer), searched as `findIn` does. */
function searchVariant(variant: BaseVariant, seed: number) {
  const v = variantScene(handle.cv as unknown as OpenCvForPatterns, variant, seed, 1280)
  const frame = renderCameraOrder(v.scene, v.lens, v.placement, v.pipeline)
  return { v, frame, found: findIn(v, frame) }
}

/** One frame of a variant scene, its lock and the search request over it (for searches with other parameters). */
function frameToSearch(variant: BaseVariant, seed: number) {
  const v = variantScene(handle.cv as unknown as OpenCvForPatterns, variant, seed, 1280)
  const frame = renderCameraOrder(v.scene, v.lens, v.placement, v.pipeline)
  return { v, frame, ...searchOf(v, frame) }
}

/** A search of that frame by a finder with these parameters over the defaults. */
function searchWith(params: Partial<FindBasesParams>, s: Pick<ReturnType<typeof frameToSearch>, 'frame' | 'lock' | 'request'>) {
  const finder = new BaseFinder(handle, params)
  const found = finder.find(s.frame, s.lock, s.request)
  finder.dispose()
  return found
}

type Found = ReturnType<typeof findIn>
type Truth = VariantScene['models'][number]

/** The search's reports scored against the scene's truth (scoreBases: found, missed, false, errors). */
function scoreOf(v: VariantScene, found: Found) {
  return scoreBases(v.scene, v.lens, v.placement, v.models, found.observations.map((o) => ({ key: o.key, x: o.x, y: o.y, sigmaMm: o.sigmaMm, status: o.status })))
}

/** The model's own report (its size, within 5 mm), which must be there, and its distance from where the model stands. */
function ownReport(found: Found, m: Truth, label: string = m.id): { o: Found['observations'][number]; e: number } {
  const o = found.observations.find((b) => b.key === truthKey(m.base) && Math.hypot(b.x - m.position[0], b.y - m.position[1]) < 5)
  expect(o, `${label} (${truthKey(m.base)}) found`).toBeDefined()
  return { o: o!, e: Math.hypot(o!.x - m.position[0], o!.y - m.position[1]) }
}

/** The model's own report: within 1.5 mm of the truth, and within 3σ. */
function expectFoundWhereItStands(found: Found, m: Truth): Found['observations'][number] {
  const { o, e } = ownReport(found, m)
  expect(e, `${m.id} ${e.toFixed(2)} mm off`).toBeLessThan(1.5)
  expect(e / o.sigmaMm).toBeLessThan(3)
  return o
}

/** The model's own report within 3σ, and not by a σ grown past all need (its error at least 0.3σ). */
function expectWithinItsSigma(found: Found, m: Truth, label: string = m.id): void {
  const { o, e } = ownReport(found, m, label)
  const ratio = e / o.sigmaMm
  expect(ratio, `${label}: ${e.toFixed(2)} mm off, σ ${o.sigmaMm.toFixed(2)} mm`).toBeLessThan(3)
  expect(ratio, `${label}: ${e.toFixed(2)} mm off, σ ${o.sigmaMm.toFixed(2)} mm`).toBeGreaterThan(0.3)
}

/** … and no other report within `radiusMm` of it (no fit beside it, nor one of another size on it). */
function expectOnlyItsOwnReport(found: Found, m: Truth, radiusMm: number): void {
  const near = found.observations.filter((b) => Math.hypot(b.x - m.position[0], b.y - m.position[1]) < radiusMm)
  expect(near.map((b) => `${b.key} ${Math.hypot(b.x - m.position[0], b.y - m.position[1]).toFixed(1)} mm off`), `${m.id}: one report, its own`).toHaveLength(1)
  expectFoundWhereItStands(found, m)
}

/** In a frame of `variant` and `seed`, model `id` (a base of class `key`) is found where it stands and is the only report within `radiusMm` of it. */
function expectOnlyItsOwnReportIn(variant: BaseVariant, seed: number, id: string, key: string, radiusMm: number): void {
  const { v, found } = searchVariant(variant, seed)
  const m = v.models.find((x) => x.id === id)!
  expect(truthKey(m.base)).toBe(key)
  expectOnlyItsOwnReport(found, m, radiusMm)
}

describe('bases found on a locked table (camera-order frames)', () => {
  it('finds every base in view of the army\'s sizes, within 1.5 mm, its σ honest; reports nothing else', () => {
    const { v, found } = searchVariant('phone', 3)
    const score = scoreOf(v, found)
    expect(score.visible).toBeGreaterThanOrEqual(10)
    expect(score.missed).toEqual([])
    expect(score.falses).toEqual([])
    expect(score.wrongSize).toBe(0)
    for (const e of score.errors) {
      expect(e.errorMm, `${e.label}`).toBeLessThan(1.5)
      expect(e.errorMm / e.sigmaMm, `${e.label}: error ${e.errorMm.toFixed(2)} mm, σ ${e.sigmaMm.toFixed(2)} mm`).toBeLessThan(3)
    }
    // σ not too wide either: the errors are not all far inside their σ.
    const ratios = score.errors.map((e) => e.errorMm / e.sigmaMm).sort((a, b) => a - b)
    expect(ratios[Math.floor(ratios.length / 2)]!).toBeGreaterThan(0.25)
  })

  it('reads a base\'s near side by the right edge of its band: a bottom edge is not taken for the top', () => {
    // Phone seed 1: m9's 25 mm square, near side facing the camera. Its top reading (the near side
    // bounded by the top edge) fitted the rim better, but the edge it held there was the bottom one:
    // one band inward of it the picture steps again (the real top edge) and one band outward it does
    // not (the mat), so the base sat a band's width (2.9 mm) too near the camera, 2.7σ off.
    const { v, found } = searchVariant('phone', 1)
    const m9 = v.models.find((m) => m.id === 'm9')!
    expect(truthKey(m9.base)).toBe('rect:25x25')
    expect(expectFoundWhereItStands(found, m9).nearEdge).toBe('bottom')
  })

  it('a mat with no model, a terrain piece and the table markers give no base', () => {
    const cv = handle.cv as unknown as OpenCvForPatterns
    const v = variantScene(cv, 'terrain', 1, 1280)
    const scene = buildBaseTableScene({ table: { widthMm: 700, depthMm: 600 }, registry: v.registry, cellsOf: (id) => arucoCells(cv, 'DICT_4X4_100', id), mat: 'green', models: [], terrain: v.terrain, shadows: true })
    const frame = renderCameraOrder(scene, v.lens, v.placement, v.pipeline)
    const found = findIn({ ...v, models: v.models }, frame)
    expect(found.searched).toBe(true)
    expect(found.observations).toEqual([])
  })

  it('a fit both weak and loose is no new base: a figure\'s shadow on flagstones is not reported', () => {
    // Flagstones seed 1: a 25 mm square fitted to a shadow on the stones, 38 mm from the nearest base
    // (quality 0.46, edge σ 0.71 px, 63 % of a rim seen: enough to be reported "ok"). The app's films
    // asked in three frames which model stood there.
    const { v, found } = searchVariant('flagstones', 1)
    const nearest = Math.min(...v.models.map((m) => Math.hypot(m.position[0] - 421, m.position[1] - 243)))
    expect(nearest, 'no base stands there').toBeGreaterThan(25)
    expect(found.observations.filter((o) => Math.hypot(o.x - 421, o.y - 243) < 10).map((o) => `${o.key} at ${o.x.toFixed(0)}, ${o.y.toFixed(0)}`)).toEqual([])
    const score = scoreOf(v, found)
    expect(score.found, 'the bases found as before').toBeGreaterThanOrEqual(8)
  })

  it('a printed hex grid with no model on it gives no base: a print has nothing standing on it', () => {
    const cv = handle.cv as unknown as OpenCvForPatterns
    // (flagstones, the other printed mat, are in the benchmark: each frame here costs ~3 s of the unit run)
    for (const [mat, seed] of [['hex', 2]] as const) {
      // the army of a table on that mat (hex: 25 mm rounds and squares, the cells' own size)
      const v = variantScene(cv, mat, seed, 1280)
      const scene = buildBaseTableScene({ table: { widthMm: 700, depthMm: 600 }, registry: v.registry, cellsOf: (id) => arucoCells(cv, 'DICT_4X4_100', id), mat, models: [], terrain: [], shadows: true })
      const frame = renderCameraOrder(scene, v.lens, v.placement, v.pipeline)
      const found = findIn({ ...v, terrain: [] }, frame)
      expect(found.searched).toBe(true)
      expect(found.observations.map((o) => `${o.key} at ${o.x.toFixed(0)}, ${o.y.toFixed(0)}`), mat).toEqual([])
    }
  })

  it('on a printed hex grid every shape of the army is looked for: a big shape\'s print peaks do not take every place', () => {
    // Seed 1's army (25/32/60 mm rounds, 50 × 25 mm rectangles, 75 × 42 mm ovals) on a 1" hex mat: the
    // big oval gathers more of its rim's vote from the printed lines than a 32 mm base does from its
    // own, so with the peaks ranked by score alone only 8 of 12 bases got a look of their own shape
    // and 3 were found.
    const v = variantScene(handle.cv as unknown as OpenCvForPatterns, 'hex', 1, 1280)
    const frame = renderCameraOrder(v.scene, v.lens, v.placement, v.pipeline)
    const { lock, request } = searchOf(v, frame)
    expect(request.classes.length).toBeGreaterThanOrEqual(4)
    const finder = new BaseFinder(handle)
    const found = finder.find(frame, lock, request)
    const looks = finder.lastLooks
    finder.dispose()
    const withOwnLook = v.models.filter((m) => looks.some((l) => l.key === truthKey(m.base) && Math.hypot(l.x - m.position[0], l.y - m.position[1]) < 6))
    expect(withOwnLook.length, `bases with a look of their own shape: ${withOwnLook.map((m) => m.id).join(', ')}`).toBeGreaterThanOrEqual(v.models.length - 2)
    const score = scoreOf(v, found)
    expect(score.falses).toEqual([])
    expect(score.found).toBeGreaterThanOrEqual(11)
    // m8 and m12, the 50 × 25 mm rectangles: their sides lie along the grid's lines, whose votes, summed
    // over the shape's twelve orientations, peak 12–15 mm off them; each orientation voting apart, their
    // own orientation's peak stands where they do (8 of 12 found with one vote for all orientations).
    for (const id of ['m8', 'm12']) expectFoundWhereItStands(found, v.models.find((m) => m.id === id)!)
    // m10, a 60 mm round whose top reads as the mat where its look stands (top 1.00, rise 0.27): a look
    // that reads as a print is fitted once every other look is, and its fit's rim says it is a base.
    expectFoundWhereItStands(found, v.models.find((m) => m.id === 'm10')!)
    // m5's 32 mm base: its sand top reads as the mat's colour (the grid's lines widen what counts as the
    // mat round it) and its slim figure fills too little of the middle to read as rising: a print by its
    // top, but its rim stands out all round, crisp, over a side band of a base's height.
    const m5 = v.models.find((m) => m.id === 'm5')!
    expect(truthKey(m5.base)).toBe('round:32')
    expect(found.observations.some((o) => o.key === 'round:32' && Math.hypot(o.x - m5.position[0], o.y - m5.position[1]) < 1.5), 'm5 found').toBe(true)
  })

  it('on a black mat a base\'s near side is read by the edge that fits it best, and a tie between its two readings widens σ', () => {
    // Black-mat seed 5: m4 and m10, 25 mm squares with dark sides on the dark mat, so the bottom edge
    // barely shows. m4's near side read as the top edge fits better (quality 0.80 against 0.77, edge σ
    // 0.18 against 0.32 px) and lies where m4 stands; read as the bottom edge (the top edge taken for it)
    // it lies 3.0 mm too far from the camera, which a margin for the bottom reading (0.05) chose: 10σ off.
    // m10's two readings fit equally well (0.82), 2.4 mm apart: the frame cannot tell which edge its
    // near rim is, so its σ holds half that distance along the line between them (2.3 mm off: 9σ without).
    const { v, found } = searchVariant('black-mat', 5)
    const m4 = v.models.find((x) => x.id === 'm4')!, m10 = v.models.find((x) => x.id === 'm10')!
    expect([truthKey(m4.base), truthKey(m10.base)]).toEqual(['rect:25x25', 'rect:25x25'])
    expectOnlyItsOwnReport(found, m4, 15)
    const { o, e } = ownReport(found, m10)
    expect(e / o.sigmaMm, `m10 ${e.toFixed(2)} mm off, σ ${o.sigmaMm.toFixed(2)} mm`).toBeLessThan(3)
  })

  it('a fit that may hold one edge of its near side for the other widens its σ along the line to the camera', () => {
    // Each of these is off along the line to the camera, its fit's own σ 0.3–0.45 mm, one shortfall each:
    // terrain seed 6's m5 (a 32 mm round) fits weakly (quality 0.58), 2.2 mm off, 4.9σ on the fit's σ;
    // soft seed 1's m1 (a 32 mm round) has the mat outside only half its bottom edge (a neighbour's
    // shadow), 3.2 mm off, 7σ; soft seed 6's m5 (a 40 mm square) fits well (0.86) but reads 1.5 mm tall,
    // where bases are 3–5 mm, 1.1 mm off, 3.2σ. Within 3σ now, and not by a σ grown past all need
    // (error ≥ 0.3σ).
    for (const [variant, seed, ids] of [['terrain', 6, ['m5']], ['soft', 1, ['m1']], ['soft', 6, ['m5']]] as const) {
      const { v, found } = searchVariant(variant, seed)
      for (const id of ids) expectWithinItsSigma(found, v.models.find((x) => x.id === id)!, `${variant} ${seed} ${id}`)
    }
  })

  it('a bottom reading whose side band reads as the top\'s widens its σ along the line to the camera by a band\'s width', () => {
    // Hex seed 42's m12 and terrain seed 43's m3 (25 mm rounds) are read by the bottom edge, and each
    // fits well (quality 0.67 and 0.78) with its σ 0.40-0.44 mm; yet one band outward of that near rim
    // the picture steps 2-3 times as much as one band inward (111 against 39, 47 against 24 levels):
    // the band's bottom edge lies outside the rim, so the rim is its top edge. Each lies 2.8 and 1.7 mm
    // too far from the camera, 6.4σ and 4.3σ off. Within 3σ now, and not by a σ grown past all need.
    for (const [variant, seed, id] of [['hex', 42, 'm12'], ['terrain', 43, 'm3']] as const) {
      const { v, found } = searchVariant(variant, seed)
      expectWithinItsSigma(found, v.models.find((x) => x.id === id)!, `${variant} ${seed} ${id}`)
    }
  })

  it('a fit whose size reads off its nominal size widens its σ along the line to the camera, and a good fit\'s σ is not padded', () => {
    // Phone seed 5: m3, a 25 mm square, fits well (quality 0.72) but its outline reads 0.22 mm bigger
    // than 25 mm: one side's edge read about twice that off. It lies 0.43 mm from where it stands,
    // along the line to the camera, where the fit's own σ (0.1 mm) and the frame's edge bias put it 3.4σ
    // off. Within 3σ now, and not by a σ grown past all need (error ≥ 0.3σ).
    const { v, found } = searchVariant('phone', 5)
    const m = v.models.find((x) => x.id === 'm3')!
    expect(truthKey(m.base)).toBe('rect:25x25')
    expectWithinItsSigma(found, m)
    // Over the frame, σ neither too narrow nor too wide: each base within 3σ, the median |e|/σ in the
    // band a calibrated σ gives (0.67 along one axis, 0.83 for a round 2-D error; 0.5–0.9).
    const score = scoreOf(v, found)
    expect(score.errors.length).toBeGreaterThanOrEqual(10)
    const ratios = score.errors.map((x) => x.errorMm / x.sigmaMm).sort((a, b) => a - b)
    expect(ratios[ratios.length - 1]!).toBeLessThan(3)
    expect(ratios[Math.floor(ratios.length / 2)]!).toBeGreaterThan(0.5)
    expect(ratios[Math.floor(ratios.length / 2)]!).toBeLessThan(0.9)
  })

  it('a bigger fit about a base that fits well takes its place only when it fits nearly as well', () => {
    // Flagstones seed 4: m9, a 25 mm round, fits well where it stands (quality 0.77, 0.1 mm off). A
    // 32 mm round fitted about it, 4.5 mm off, holds it whole and so won the place as the base that
    // stands under it ("a base never stands on another") while fitting far worse (0.53 against 0.77).
    expectOnlyItsOwnReportIn('flagstones', 4, 'm9', 'round:25', 10)
  })

  it('a figure\'s body on a big base is no smaller base: the mat round the base\'s place counts, read by either edge', () => {
    // Phone seed 23: m5, a 40 mm square, carries a figure with a broad grey body. A 25 mm round fits
    // that body well (quality 0.84, 9.6 mm from m5's centre, inside its outline); m5 fits where it
    // stands (0.74 read by its top edge, 0.68 by its bottom edge, 0.1 mm apart). A bigger base holding
    // a smaller fit wins over it only with the mat round it: the top reading saw 62 % (the figure's
    // overhang cuts what lies outside its inferred bottom edge), the bottom reading of the same place
    // 100 %. With the top reading's share alone, the round was reported and m5 lost. (Stop 62: with the
    // corners read square to sheared edges the lock moved by a fraction of a px and the round fitted at
    // 0.93 against m5's 0.75; a bigger base may now trail by 0.2, containerMargin.)
    expectOnlyItsOwnReportIn('phone', 23, 'm5', 'rect:40x40', 15)
  })

  it('a figure rising over a big base\'s far rim is no smaller base straddling that rim', () => {
    // Phone seed 25: m5, a 50 mm round, carries a figure whose dark cloak rises over its far rim in the
    // picture. A 25 mm square fits that cloak (quality 0.66, its centre 24.8 mm from m5's, on the rim:
    // not inside m5's outline, so the container rule did not hold), with the mat round only 60 % of it
    // and a loose edge (0.59 px); m5 fits where it stands (0.61, the mat round 84 %). The square was
    // reported and m5 lost. A bigger base nearer the camera wins over a smaller fit that may be its
    // figure, as it does over one inside it.
    expectOnlyItsOwnReportIn('phone', 25, 'm5', 'round:50', 30)
  })

  it('a figure over a flocked big base is no smaller base there, though the mat lies all round it and its edge is crisp', () => {
    // Soft seed 32: m2, a 50 mm round with a green flocked top, fits where it stands (quality 0.59, the
    // mat round 94 %). Its figure's blue body, over its far rim in the picture, fits a 28 mm round
    // (0.60, 27.6 mm from m2's centre) with the mat all round its bottom edge (90 %: the flock is the
    // mat's green) and a crisp edge (0.60 px), as a base standing behind a figure does, so the figure
    // rule cleared it and it took m2's place. Where the two fits overlap, no base can stand behind the
    // other: only a fit as only a base gives (quality ≥ 0.75) keeps the smaller one.
    expectOnlyItsOwnReportIn('soft', 32, 'm2', 'round:50', 35)
  })

  it('a base nearer the camera takes a fit\'s place as its figure only when it is clearly the bigger', () => {
    // Hands seed 23: m12, a 50 × 25 mm rectangle, fits where it stands (quality 0.60). A 32 mm round
    // fitted 10 mm off it, nearer the camera (0.50), and the rectangle lay where that round's figure
    // would rise. A 50 × 25 rectangle is "no bigger" than a 32 mm round by their half-sizes (12.5 and
    // 16 mm: the figure rule's test, a figure being no wider than its own base), so the round took
    // the rectangle's place as if the rectangle were its figure. The clash asks that the base keeping
    // the place be clearly the bigger (1.2 × the area; 804 against 1,250 mm² here). (Stop 62: with the
    // lock moved by a fraction of a px, m12's best look read its top edge, 0.53 of the rim seen, under
    // the 0.55 a new base needs, where its bottom reading at the same place, tied in quality, saw 0.59:
    // what either reading of one place saw of the rim counts.)
    expectOnlyItsOwnReportIn('hands', 23, 'm12', 'rect:50x25', 20)
  })

  it('an oval\'s two ends are no two smaller rounds: a bigger base holds what lies wholly within its outline, not only within its inscribed circle', () => {
    // Hands seed 29: m8, a 60 × 35 mm oval, fits where it stands (quality 0.57); a 25 mm round fits its
    // one end (0.58, 16.5 mm from its centre) and a 32 mm round its other (0.56, 12.6 mm). Each lies
    // inside the oval's outline, but neither inside its inscribed circle (17.5 mm), so the oval held
    // no place against them: both rounds were reported and m8 lost.
    expectOnlyItsOwnReportIn('hands', 29, 'm8', 'oval:60x35', 25)
  })

  it('a big base\'s weak fit a few mm off is fitted again from starts a few mm about it, not half its size away', () => {
    // Desert seed 2: m11, a 40 mm square of brown on sand, got looks 4-5 mm off its centre, and its fits
    // settled there (quality 0.37-0.42); a 25 mm round fitted on part of it, 11.5 mm from its centre,
    // was reported instead. Fitted from the truth it fits well (three quarters of its rim within the
    // tight tolerance, edge sigma 0.26 px). Starts half its half-size (10 mm) about the weak fit land
    // beyond it; starts 6 mm about it find it.
    expectOnlyItsOwnReportIn('desert', 2, 'm11', 'rect:40x40', 20)
  })

  it('on a printed hex grid the search reaches the looks at every base before its budget runs out', () => {
    // Seed 6: the grid's cells give 360 looks (88 passed over as prints), best vote first. The looks
    // at m4 (a 25 mm square) and m11 (a 40 mm square) come late: with a budget of 160 fits (two a look:
    // its near side read by the bottom edge and by the top) m4 got no fit at all and m11 none of its
    // own shape.
    const { v, found } = searchVariant('hex', 6)
    for (const id of ['m4', 'm11']) {
      expectFoundWhereItStands(found, v.models.find((x) => x.id === id)!)
    }
  })

  it('a base behind a neighbour\'s figure is found by its crisp rim, though less of the mat shows round it', () => {
    // Desert seed 5: m1's 32 mm round and m8's 50 × 25 mm rectangle each stand where a nearer model's
    // figure rises in the picture, so a fit there might be that figure's body, and only 73–79 % of
    // their bottom edges have the mat outside (the neighbour's shadow). Their rims are a base's: edge σ
    // 0.2 px, three quarters of the rim within the tight tolerance. Without the crisp-rim rule neither
    // is reported.
    const { v, found } = searchVariant('desert', 5)
    const score = scoreOf(v, found)
    expect(score.falses).toEqual([])
    for (const id of ['m1', 'm8']) {
      expectFoundWhereItStands(found, v.models.find((x) => x.id === id)!)
    }
  })

  it('a base behind a neighbour\'s figure that fits as only a base does is found, whatever its edges', () => {
    // Desert seed 10: m9, a 25 mm round, stands where a nearer model's figure rises in the picture.
    // Its fit is a base's (quality 0.80, 0.8 mm off) but its edges are not crisp (0.54 px) and a
    // neighbour's shadow leaves the mat round only 76 % of its bottom edge, so the figure rule dropped it.
    expectOnlyItsOwnReportIn('desert', 10, 'm9', 'round:25', 15)
  })

  it('a fit that settled beside its base is fitted again from starts about it, and the base is found where it stands', () => {
    // Desert seed 8: m3 and m6, 25 mm squares of brown on sand with their figures' shadows beside them.
    // The vote's peaks lie 8–10 mm off each (the shadows' edges vote too), and a fit started there
    // settles on part of the rim: m3 as a square 8.8 mm off (quality 0.55, edge σ 0.34 px, half its
    // usual step), m6 as a 28 mm round 10.4 mm off. Fitted from the truth, each fits well (m3: a third
    // more of its rim within the tight tolerance, edge σ 0.22 px). Without the re-seat both are missed
    // and each has a false report beside it.
    const { v, found } = searchVariant('desert', 8)
    for (const id of ['m3', 'm6']) {
      const m = v.models.find((x) => x.id === id)!
      expect(truthKey(m.base)).toBe('rect:25x25')
      expectOnlyItsOwnReport(found, m, 15)
    }
  })

  it('a figure\'s body is no base, however crisp: a fit where the body of a nearer figure rises is not reported', () => {
    // Hex seed 5: the torso of the figure on a 60 mm base, seen behind that base, fits a 32 mm round
    // with crisp edges (σ 0.4 px) and 82 % of its rim; on the table its centre lies in the picture on
    // the axis of that figure's column, below its top. (The crisp-rim rule above would report it.)
    const { v, found } = searchVariant('hex', 5)
    const torso = [404, 310] as const
    const stands = v.models.find((m) => Math.hypot(m.position[0] - torso[0], m.position[1] - torso[1]) < 50 && truthKey(m.base) === 'round:60')
    expect(stands, 'the figure\'s own 60 mm base stands in front of the torso').toBeDefined()
    expect(v.models.some((m) => Math.hypot(m.position[0] - torso[0], m.position[1] - torso[1]) < 20), 'no base stands at the torso').toBe(false)
    expect(found.observations.filter((o) => Math.hypot(o.x - torso[0], o.y - torso[1]) < 10).map((o) => `${o.key} at ${o.x.toFixed(0)}, ${o.y.toFixed(0)}`)).toEqual([])
  })

  it('two bases never interpenetrate: of two fits that would, only the better is a base', () => {
    // Flagstones seed 7: m3's 25 mm round, and a second 25 mm round fitted 21.5 mm from it on a
    // flagstone's corner and m3's own shadow. Two bases on a table are disjoint, so their inscribed
    // circles are too: centres at least the sum of their inscribed radii apart (25 mm here), less
    // 2 mm for the fits' errors.
    const { v, found } = searchVariant('flagstones', 7)
    const inscribed = (b: { shape: string; diameter?: number; length?: number; width?: number }) => (b.shape === 'round' ? b.diameter! : Math.min(b.length!, b.width!)) / 2
    const clashes: string[] = []
    found.observations.forEach((a, i) => found.observations.slice(i + 1).forEach((b) => {
      const d = Math.hypot(a.x - b.x, a.y - b.y)
      if (d < inscribed(a.shape) + inscribed(b.shape) - 2) clashes.push(`${a.key} at ${a.x.toFixed(0)}, ${a.y.toFixed(0)} and ${b.key} at ${b.x.toFixed(0)}, ${b.y.toFixed(0)}: ${d.toFixed(1)} mm apart`)
    }))
    expect(clashes).toEqual([])
    const m3 = v.models.find((m) => m.id === 'm3')!
    expect(found.observations.some((o) => o.key === truthKey(m3.base) && Math.hypot(o.x - m3.position[0], o.y - m3.position[1]) < 1.5), 'm3 found').toBe(true)
  })

  it('a known base mostly under a hand is not found again as a smaller base on what shows of it', () => {
    // Seed 1 of the hands: a hand over most of m12's 60 × 35 mm oval. Searched alone, the part that
    // shows fits a 25 mm round (a base where none stands, asked about in the app once confirmed); with
    // m12 known where it stood (the table's saved position), that fit is a part of m12's base.
    const { v, frame, lock, request } = frameToSearch('hands', 1)
    const m12 = v.models.find((m) => m.id === 'm12')!
    expect(truthKey(m12.base)).toBe('oval:60x35')
    const inM12 = (o: { x: number; y: number }) => {
      const a = (m12.facingDeg * Math.PI) / 180, dx = o.x - m12.position[0], dy = o.y - m12.position[1]
      return ((Math.cos(a) * dx + Math.sin(a) * dy) / 30) ** 2 + ((-Math.sin(a) * dx + Math.cos(a) * dy) / 17.5) ** 2 <= 1
    }
    const finder = new BaseFinder(handle)
    const alone = finder.find(frame, lock, request)
    const known = finder.find(frame, lock, { ...request, tracked: [{ key: 'oval:60x35', x: m12.position[0], y: m12.position[1], facingDeg: m12.facingDeg, reachMm: 6 }] })
    finder.dispose()
    // The frame shows the case: searched alone, a smaller base is found inside m12's outline.
    expect(alone.observations.filter((o) => o.key !== 'oval:60x35' && inM12(o)).map((o) => o.key)).not.toEqual([])
    expect(known.observations.filter((o) => o.from === 'search' && inM12(o)).map((o) => `${o.key} at ${o.x.toFixed(0)}, ${o.y.toFixed(0)}`)).toEqual([])
  })

  it('a fingertip over the mat is no base: its top is one piece with the hand and arm reaching in', () => {
    // Hands seed 9: two arms reach over the table; a fingertip fits a 25 mm round (quality 0.50 and
    // 60 % of a rim: enough to be reported "ok"). Grown over the picture from the fit's top, it is one
    // piece of skin with its arm, which runs to the picture's edge.
    const s = frameToSearch('hands', 9)
    const v = s.v
    const tips = [[488, 498]] as const
    for (const [x, y] of tips) expect(Math.min(...v.models.map((m) => Math.hypot(m.position[0] - x, m.position[1] - y))), `no base stands at ${x}, ${y}`).toBeGreaterThan(25)
    const near = (found: Found) => found.observations.filter((o) => tips.some(([x, y]) => Math.hypot(o.x - x, o.y - y) < 10)).map((o) => `${o.key} at ${o.x.toFixed(0)}, ${o.y.toFixed(0)}`)
    const found = searchWith({}, s)
    const before = searchWith({ reachingIn: null }, s)
    // The frame shows the case: without the rule the tip is reported.
    expect(near(before)).toHaveLength(1)
    expect(near(found)).toEqual([])
    const score = scoreOf(v, found)
    expect(score.found, 'every base in view found as before').toBe(scoreOf(v, before).found)
    expect(score.missed).toEqual([])
  })

  it('a base with a crisp rim under a hand of its top\'s colour is still a base: only a rim as soft as a finger\'s is judged as a hand', () => {
    // Hands seed 15: m2, a sand-topped 60 mm round, with a light-skinned hand's fingers over its far
    // rim. Its top and the hand are nearly one colour, so grown over the picture its top runs up the
    // arm to the picture's edge; its rim is crisp (edge σ about 0.2 px) as a finger's is not.
    const s = frameToSearch('hands', 15)
    const m2 = s.v.models.find((m) => m.id === 'm2')!
    expect(truthKey(m2.base)).toBe('round:60')
    const at = (found: Found) => found.observations.filter((o) => o.key === 'round:60' && Math.hypot(o.x - m2.position[0], o.y - m2.position[1]) < 5)
    const found = searchWith({}, s)
    // The frame shows the case: judged whatever its rim, m2 is taken for a part of the hand.
    const judged = searchWith({ reachingInCrispEdgeSigmaPx: 0 }, s)
    expect(at(judged)).toEqual([])
    expect(at(found)).toHaveLength(1)
    expectFoundWhereItStands(found, m2)
  })

  it('through a lens that bends, with its calibration, the bases are found where they stand', () => {
    const { v, found } = searchVariant('distortion', 2)
    const score = scoreOf(v, found)
    expect(score.found).toBeGreaterThanOrEqual(score.visible - 1)
    expect(score.falses).toEqual([])
    for (const e of score.errors) expect(e.errorMm, e.label).toBeLessThan(1.5)
  })
})

