// Tracking benchmark (a script, not a timed test): `npm run bench:tracking [-- --scenes 6 --steady 12 --variants 2 --recall 12 --photos --out file.json]`
// `--recall N` (default 12, 0 to skip): the recall study (recallStudy below).
// Prints JSON: recall by marker size (px), wrong ids, corner error (px), position error (mm, median
// and p95), facing error (deg), ms per frame — for our pipeline and, on the same frames, OpenCV's
// ArucoDetector with default parameters, OpenCV with CORNER_REFINE_SUBPIX and js-aruco2 (poses for the
// baselines come from the same pose stages, so only detection and corners differ).
// Frames: 1920×1080, camera 1.1 m from a 4'×4' table at 45°, 20 mm markers, noise/blur/vignetting/
// lighting gradient, a hand, figures (test/tracking/synth).
// Variants (issue 11, `--variants N` frames each, 0 to skip): the phone camera model's named variants
// (test/tracking/synth/variants.ts: 1920×1080, camera 1.45–1.7 m, 20 mm tabs), ours (the whole
// FrameTracker) against OpenCV defaults, CORNER_REFINE_SUBPIX and CORNER_REFINE_APRILTAG through the
// same pose stages: recall ≥ 16 px, wrong ids, unflagged misplacements (error > 5 mm and > 3σ on an
// object not flagged held/doubted), position median/p95 of unflagged objects, share within 3σ, per-axis
// |error|/σ of unflagged objects (median: 0.5–0.9 is honest, and share beyond 3σ), the same along
// each covariance's narrow axis, ms/frame. `--no-rim`: markers only (the models' base rims, from the
// scene's bases, are read with their markers by default: src/tracking/pipeline/baseRim.ts).
// Fusion (issue 26, `--fusion N` frames per variant, 0 to skip; `--fusion-variants motion|all`):
// consecutive frames of each variant's table (renderVariantSequence: fresh noise; the motion
// streak turning; the handheld variants along the hand's path at 30 fps), 40 models, scored frame
// by frame (fusion off: each frame alone) and after the last frame through PoseFilter (fusion on):
// models placed of those seen (a fully visible marker ≥ 16 px in some frame), marker recall,
// position p95 of unflagged objects, share beyond 3σ, unflagged misplacements, wrong ids.
// Budgets (issue 3 goals): position median ≤ 0.5 mm and p95 ≤ 1.5 mm; facing median ≤ 0.5°;
// recall ≥ 99 % for markers ≥ 16 px with zero wrong ids; steady-state tracking ≥ 3× faster than
// full-frame OpenCV defaults at the same recall.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg } from 'node:os'
import { loadOpenCv, type OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { MarkerDetector, OPENCV_DEFAULT_DETECTOR_PARAMS, quadSidePx } from '../../src/tracking/opencv/markerDetector.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import type { TrackerParamsInput } from '../../src/tracking/params.ts'
import { createGrayFrame, toGray } from '../../src/tracking/pipeline/grayFrame.ts'
import { detectMarkers } from '../../src/tracking/pipeline/detectMarkers.ts'
import { DEFAULT_EDGE_REFINE_PARAMS } from '../../src/tracking/pipeline/refineCorners.ts'
import { fuseTablePose } from '../../src/tracking/pipeline/fuseTablePose.ts'
import { estimateObjectPoses } from '../../src/tracking/pipeline/estimateObjectPoses.ts'
import { indexRegistry } from '../../src/tracking/registry/indexRegistry.ts'
import type { MarkerCorners, MarkerDetection, ObjectPose, RgbaFrame } from '../../src/tracking/types.ts'
import { renderTableFrame, type SynthFrame } from '../tracking/synth/renderTableFrame.ts'
import { buildTabletopScene, type TabletopScene } from '../tracking/synth/tabletopScene.ts'
import { withSensorNoise } from '../tracking/synth/sensorNoise.ts'
import { PHOTO_CONFIGS, loadPhotoCases, scorePhotos } from '../tracking/realPhotos.ts'
import { MOTION_VARIANT_NAMES, VARIANT_NAMES, renderVariant, renderVariantSequence, type VariantFrame } from '../tracking/synth/variants.ts'
import { PoseFilter } from '../../src/tracking/temporal/poseFilter.ts'
import { missedMarkers, newScore, scoreDetections as scoreVariantDetections, scoreObjects, summarizeScore, type MissedMarker } from '../tracking/variantScore.ts'
import { DEFAULT_CANDIDATE_DECODE_PARAMS } from '../../src/tracking/pipeline/decodeCandidates.ts'

const argv = process.argv.slice(2)
const flag = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? Number(argv[i + 1]) : fallback
}
const SCENES = flag('scenes', 6)
const VARIANT_FRAMES = flag('variants', 2)
const STEADY = flag('steady', 12)
const RECALL_FRAMES = flag('recall', 12)
const FUSION_FRAMES = flag('fusion', 8)
const FUSION_ALL = argv.includes('--fusion-variants') && argv[argv.indexOf('--fusion-variants') + 1] === 'all'
// `--no-rim`: markers only (no base rim read with them: pipeline/baseRim.ts), for a before/after.
const RIM = !argv.includes('--no-rim')
// `--first-seed N` (default 700): the variants table's frames are seeds N … N + frames − 1.
const FIRST_VARIANT_SEED = flag('first-seed', 700)
// `--params '<json>'`: tracker parameters for our tracker in the variants table (stop 58's: `--no-rim --params '{"pose":{"edgeFloorPx":0}}'`).
const TRACKER_PARAMS = argv.includes('--params') ? (JSON.parse(argv[argv.indexOf('--params') + 1]!) as TrackerParamsInput) : {}
const outIndex = argv.indexOf('--out')
const OUT = outIndex >= 0 ? argv[outIndex + 1] : undefined

const SIZE_BINS: [string, number, number][] = [['<16', 0, 16], ['16-20', 16, 20], ['20-24', 20, 24], ['24-32', 24, 32], ['32-48', 32, 48], ['>=48', 48, Infinity]]

type Detector = { name: string; detect(frame: RgbaFrame): { detections: MarkerDetection[]; ms: number }; dispose(): void }

/** CPU time of this process in ms (OpenCV.js is single-threaded, so on a loaded machine this is the fairer clock). */
function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

function quantile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!
}
const r3 = (v: number) => Math.round(v * 1000) / 1000
const stats = (v: readonly number[]) => ({ median: r3(quantile(v, 0.5)), p95: r3(quantile(v, 0.95)), n: v.length })

function openCvDetector(cv: OpenCvHandle, name: string, params: ConstructorParameters<typeof MarkerDetector>[1]): Detector {
  const detector = new MarkerDetector(cv, params)
  let gray = createGrayFrame(1, 1)
  return {
    name,
    detect(frame) {
      const started = performance.now()
      if (gray.width !== frame.width || gray.height !== frame.height) gray = createGrayFrame(frame.width, frame.height)
      toGray(frame, gray)
      const r = detector.detect(gray)
      return { detections: r.detections, ms: performance.now() - started }
    },
    dispose: () => detector.dispose(),
  }
}

function ourDetector(cv: OpenCvHandle): Detector {
  const detector = new MarkerDetector(cv, {})
  let gray = createGrayFrame(1, 1)
  return {
    name: 'ours (full frame: OpenCV SUBPIX + edge-fit corners)',
    detect(frame) {
      const started = performance.now()
      if (gray.width !== frame.width || gray.height !== frame.height) gray = createGrayFrame(frame.width, frame.height)
      toGray(frame, gray)
      const r = detectMarkers(detector, gray, undefined, DEFAULT_EDGE_REFINE_PARAMS)
      return { detections: r.detections, ms: performance.now() - started }
    },
    dispose: () => detector.dispose(),
  }
}

type JsArucoMarker = { id: number; corners: { x: number; y: number }[] }
function jsArucoDetector(): Detector {
  const require = createRequire(import.meta.url)
  const { AR } = require('js-aruco2') as { AR: { Detector: new (c: { dictionaryName: string }) => { detect(img: RgbaFrame): JsArucoMarker[] } } }
  require('js-aruco2/src/dictionaries/aruco_4x4_1000.js')
  const detector = new AR.Detector({ dictionaryName: 'ARUCO_4X4_1000' })
  return {
    name: 'js-aruco2 2.0.0 (ARUCO_4X4_1000)',
    detect(frame) {
      const started = performance.now()
      const markers = detector.detect(frame)
      const ms = performance.now() - started
      // js-aruco2's 4×4 ids and corner order equal OpenCV's (stack-probe §3); ids ≥ 100 are not ours.
      const detections = markers.filter((m) => m.id < 100).map((m) => {
        const corners = m.corners.map((c) => [c.x, c.y]) as MarkerCorners
        return { id: m.id, corners, sidePx: quadSidePx(corners) }
      })
      return { detections, ms }
    },
    dispose: () => {},
  }
}

type Accumulator = {
  ms: number[]
  cpuMs: number[]
  bins: Map<string, { found: number; total: number }>
  wrongIds: number
  cornerErrors: number[]
  positionErrors: number[]
  facingErrors: number[]
  tableLocked: number
  frames: number
}
const newAccumulator = (): Accumulator => ({ ms: [], cpuMs: [], bins: new Map(SIZE_BINS.map(([b]) => [b, { found: 0, total: 0 }])), wrongIds: 0, cornerErrors: [], positionErrors: [], facingErrors: [], tableLocked: 0, frames: 0 })

function scoreDetections(acc: Accumulator, render: SynthFrame, detections: readonly MarkerDetection[]): void {
  const truthIds = new Set(render.markers.map((m) => m.id))
  for (const d of detections) {
    const t = render.markers.find((m) => m.id === d.id)
    const cx = (d.corners[0][0] + d.corners[2][0]) / 2, cy = (d.corners[0][1] + d.corners[2][1]) / 2
    // A known id far from where that marker is, is as wrong as an unknown id.
    if (!truthIds.has(d.id) || !t || Math.hypot((t.corners[0][0] + t.corners[2][0]) / 2 - cx, (t.corners[0][1] + t.corners[2][1]) / 2 - cy) > 10) acc.wrongIds++
  }
  for (const m of render.markers) {
    if (!m.inFrame || m.visibleFraction < 0.999) continue
    const bin = SIZE_BINS.find(([, lo, hi]) => m.sidePx >= lo && m.sidePx < hi)![0]
    const b = acc.bins.get(bin)!
    b.total++
    const d = detections.find((x) => x.id === m.id)
    if (!d) continue
    b.found++
    for (let k = 0; k < 4; k++) acc.cornerErrors.push(Math.hypot(d.corners[k]![0] - m.corners[k]![0], d.corners[k]![1] - m.corners[k]![1]))
  }
}

function scorePoses(acc: Accumulator, scene: TabletopScene, objects: readonly ObjectPose[], locked: boolean): void {
  acc.frames++
  if (locked) acc.tableLocked++
  for (const o of objects) {
    if (o.frame !== 'table') continue
    const t = scene.truth.find((x) => x.id === o.id && x.kind === o.kind)
    if (!t) continue
    acc.positionErrors.push(Math.hypot(o.position[0] - t.position[0], o.position[1] - t.position[1]))
    acc.facingErrors.push(Math.abs(((((o.facing - t.facing) % 360) + 540) % 360) - 180))
  }
}

function summary(acc: Accumulator) {
  const bins: Record<string, { found: number; total: number; recall: number }> = {}
  let f16 = 0, t16 = 0
  for (const [name, lo] of SIZE_BINS) {
    const b = acc.bins.get(name)!
    bins[name] = { ...b, recall: r3(b.total ? b.found / b.total : Number.NaN) }
    if (lo >= 16) { f16 += b.found; t16 += b.total }
  }
  return {
    msPerFrame: stats(acc.ms),
    cpuMsPerFrame: stats(acc.cpuMs),
    recallBySizePx: bins,
    recallAtLeast16px: r3(t16 ? f16 / t16 : Number.NaN),
    wrongIds: acc.wrongIds,
    cornerErrorPx: stats(acc.cornerErrors),
    positionErrorMm: stats(acc.positionErrors),
    facingErrorDeg: stats(acc.facingErrors),
    tableLockedFrames: `${acc.tableLocked}/${acc.frames}`,
  }
}

async function main(): Promise<void> {
  const load = loadavg()
  const cv = await loadOpenCv()
  const scenes: TabletopScene[] = []
  const renders: SynthFrame[] = []
  const renderStarted = performance.now()
  for (let i = 0; i < SCENES; i++) {
    const scene = buildTabletopScene(cv, { seed: 500 + i, models: 16, hands: 1, principalOffsetPx: [10, -6] })
    scenes.push(scene)
    renders.push(renderTableFrame(scene.spec))
  }
  const renderMs = performance.now() - renderStarted

  const detectors: Detector[] = [
    ourDetector(cv),
    openCvDetector(cv, 'OpenCV ArucoDetector, default parameters', OPENCV_DEFAULT_DETECTOR_PARAMS),
    openCvDetector(cv, 'OpenCV ArucoDetector, CORNER_REFINE_SUBPIX', { ...OPENCV_DEFAULT_DETECTOR_PARAMS, refine: 'subpix' }),
    jsArucoDetector(),
  ]
  const results: Record<string, ReturnType<typeof summary>> = {}
  for (const det of detectors) {
    const acc = newAccumulator()
    scenes.forEach((scene, i) => {
      const render = renders[i]!
      det.detect(render.frame) // warm-up
      for (let rep = 0; rep < 3; rep++) {
        const frame = withSensorNoise(render.frame, 1.5, 900 + rep)
        const cpu0 = cpuMs()
        const { detections, ms } = det.detect(frame)
        acc.cpuMs.push(cpuMs() - cpu0)
        acc.ms.push(ms)
        if (rep > 0) continue
        scoreDetections(acc, render, detections)
        const registry = indexRegistry(scene.registry)
        const table = fuseTablePose(detections.filter((d) => registry.table.has(d.id)), registry.table, frame, null)
        scorePoses(acc, scene, estimateObjectPoses(detections, registry, table, null, frame), table.lock.locked)
      }
    })
    det.dispose()
    results[det.name] = summary(acc)
  }

  // Our whole pipeline, full frame every time, with estimated and with calibrated intrinsics.
  for (const calibrated of [false, true]) {
    const acc = newAccumulator()
    scenes.forEach((scene, i) => {
      const tracker = new FrameTracker(cv, scene.registry, { calibration: calibrated ? scene.spec.intrinsics : null, params: { roi: { enabled: false } } })
      tracker.track(renders[i]!.frame) // warm-up (JIT)
      const cpu0 = cpuMs()
      const r = tracker.track(renders[i]!.frame)
      acc.cpuMs.push(cpuMs() - cpu0)
      acc.ms.push(r.timing.totalMs)
      scoreDetections(acc, renders[i]!, r.detections)
      scorePoses(acc, scene, r.objects, r.table.locked)
      tracker.dispose()
    })
    results[`ours, whole pipeline, full frame, ${calibrated ? 'calibrated intrinsics' : 'focal length estimated from the table'}`] = summary(acc)
  }

  // Steady state: a still camera, fresh sensor noise each frame; ROI search after the first frame.
  const steady = newAccumulator()
  let roiFrames = 0, fullFrames = 0
  scenes.forEach((scene, i) => {
    const tracker = new FrameTracker(cv, scene.registry, { params: { roi: { fullFrameEvery: 30 } } })
    for (let k = 0; k < STEADY; k++) {
      const frame = withSensorNoise(renders[i]!.frame, 1.5, 7000 + k)
      const cpu0 = cpuMs()
      const r = tracker.track(frame)
      const cpu = cpuMs() - cpu0
      if (r.search.mode === 'full') { fullFrames++; continue }
      roiFrames++
      steady.cpuMs.push(cpu)
      steady.ms.push(r.timing.totalMs)
      scoreDetections(steady, renders[i]!, r.detections)
      scorePoses(steady, scene, r.objects, r.table.locked)
    }
    tracker.dispose()
  })
  const steadySummary = summary(steady)
  const baseline = results['OpenCV ArucoDetector, default parameters']!

  const report = {
    format: 'tabletop-tracking-bench/1',
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model, loadAverageAtStart: load.map(r3), note: 'msPerFrame is wall-clock (inflated when other processes share the cores), cpuMsPerFrame is this process\'s CPU time (OpenCV.js is single-threaded); compare configurations within one run' },
    setup: {
      scenes: SCENES, width: 1920, height: 1080, cameraDistanceMm: 1100, elevationDeg: 45, table: "4'×4' (1219.2 mm)", markerSizeMm: 20, tableMarkerSizeMm: 70,
      effects: scenes[0]!.spec.effects, renderMsPerFrame: r3(renderMs / SCENES), timedRepeatsPerFrame: 3,
    },
    goals: { positionMedianMm: 0.5, positionP95Mm: 1.5, facingMedianDeg: 0.5, recallAtLeast16px: 0.99, wrongIds: 0, steadyStateSpeedupVsOpenCvDefaults: 3.5 },
    results,
    steadyState: {
      description: 'ours with ROI tracking (full frame once, then regions around the known markers), still camera, fresh noise per frame',
      roiFrames, fullFrames,
      ...steadySummary,
      speedupVsOpenCvDefaultsFullFrame: {
        wallClock: r3(baseline.msPerFrame.median / steadySummary.msPerFrame.median),
        cpuTime: r3(baseline.cpuMsPerFrame.median / steadySummary.cpuMsPerFrame.median),
      },
    },
    ...(VARIANT_FRAMES > 0 ? { variants: variantsTable(cv) } : {}),
    ...(RECALL_FRAMES > 0 ? { recallStudy: recallStudy(cv) } : {}),
    ...(FUSION_FRAMES > 0 ? { fusion: fusionTable(cv) } : {}),
    ...(argv.includes('--photos') ? { realPhotos: realPhotos(cv) } : {}),
  }
  const json = JSON.stringify(report, null, 2)
  if (OUT) writeFileSync(OUT, json + '\n')
  process.stdout.write(json + '\n')
}

/** Every named variant, ours against OpenCV's refinements, on the same frames (see the header). */
function variantsTable(cv: OpenCvHandle) {
  const configs: { name: string; run(v: VariantFrame): { detections: MarkerDetection[]; objects: ObjectPose[]; locked: boolean; ms: number }; dispose(): void }[] = [
    {
      name: 'ours',
      run(v) {
        // The models' bases as a player's scene gives them (shape only: the height is the default 4 mm).
        const modelBases = RIM ? v.scene.spec.models.map((m) => ({ id: m.id, base: m.base })) : null
        const tracker = new FrameTracker(cv, v.scene.registry, { calibration: v.variant === 'distortion' ? v.calibration : null, params: { ...TRACKER_PARAMS, roi: { enabled: false } }, modelBases })
        tracker.track(v.render.frame) // warm-up
        const cpu0 = cpuMs()
        const r = tracker.track(v.render.frame)
        const ms = cpuMs() - cpu0
        tracker.dispose()
        return { detections: r.detections, objects: r.objects, locked: r.table.locked, ms }
      },
      dispose() {},
    },
    ...([['OpenCV defaults', 'none'], ['OpenCV SUBPIX', 'subpix'], ['OpenCV APRILTAG', 'apriltag']] as const).map(([name, refine]) => {
      const det = openCvDetector(cv, name, { ...OPENCV_DEFAULT_DETECTOR_PARAMS, refine })
      return {
        name,
        run(v: VariantFrame) {
          det.detect(v.render.frame) // warm-up
          const cpu0 = cpuMs()
          const { detections } = det.detect(v.render.frame)
          const ms = cpuMs() - cpu0
          const calibration = v.variant === 'distortion' ? v.calibration : null
          const registry = indexRegistry(v.scene.registry)
          const table = fuseTablePose(detections.filter((d) => registry.table.has(d.id)), registry.table, v.render.frame, calibration)
          return { detections, objects: estimateObjectPoses(detections, registry, table, calibration, v.render.frame), locked: table.lock.locked, ms }
        },
        dispose: () => det.dispose(),
      }
    }),
  ]
  const rows: Record<string, unknown>[] = []
  for (const variant of VARIANT_NAMES) {
    const frames: VariantFrame[] = []
    for (let i = 0; i < VARIANT_FRAMES; i++) frames.push(renderVariant(cv, variant, FIRST_VARIANT_SEED + i))
    for (const c of configs) {
      const score = newScore()
      const ms: number[] = []
      for (const v of frames) {
        const r = c.run(v)
        ms.push(r.ms)
        scoreVariantDetections(score, v, r.detections)
        scoreObjects(score, v, r.objects, r.locked)
      }
      const s = summarizeScore(score)
      rows.push({
        variant, config: c.name, recall: s.recall, found: s.found, wrongIds: s.wrongIds, unflaggedMisplaced: s.unflaggedMisplaced,
        flagged: s.flagged, positionMedianMm: s.positionMm.median, positionP95Mm: s.positionMm.p95, positionMaxMm: s.positionMm.max,
        within3Sigma: r3(1 - s.beyond3Sigma), axisErrorOverSigma: s.axisErrorOverSigma, narrowAxisErrorOverSigma: s.narrowAxisErrorOverSigma, objects: s.objects, radialBiasMedianPx: s.radialBiasPx.median, radialBiasMeanPx: s.radialBiasPx.mean, tableLocked: s.tableLocked,
        cpuMsPerFrame: r3(quantile(ms, 0.5)),
      })
    }
  }
  for (const c of configs) c.dispose()
  return { framesPerVariant: VARIANT_FRAMES, rows }
}

/** Single frames against frames fused, per variant (see the header). */
function fusionTable(cv: OpenCvHandle) {
  const rows: Record<string, unknown>[] = []
  for (const variant of FUSION_ALL ? VARIANT_NAMES : MOTION_VARIANT_NAMES) {
    const off = newScore()
    const on = newScore()
    const seen = new Set<string>()
    let placedPerFrame = 0, seenPerFrame = 0, usedFrames = 0, sharpFrames = 0
    let last: VariantFrame | null = null
    const tracker = { current: null as FrameTracker | null }
    const filter = new PoseFilter()
    const cpu0 = cpuMs()
    for (const v of renderVariantSequence(cv, variant, 800, FUSION_FRAMES, { models: 40 })) {
      last = v
      const calibration = v.variant === 'distortion' ? v.calibration : null
      tracker.current ??= new FrameTracker(cv, v.scene.registry, { calibration })
      // Fusion off: the frame alone (a full search, as the per-frame variants table).
      const alone = new FrameTracker(cv, v.scene.registry, { calibration })
      const single = alone.track(v.render.frame, true)
      alone.dispose()
      scoreVariantDetections(off, v, single.detections)
      scoreObjects(off, v, single.objects, single.table.locked)
      const owners = new Map(v.scene.registry.markers.flatMap((m) => (m.role === 'model' ? [[m.id, m.model] as const] : [])))
      const visible = new Set(v.render.markers.filter((m) => m.inFrame && m.visibleFraction > 0.999 && m.sidePx >= 16 && owners.has(m.id)).map((m) => owners.get(m.id)!))
      for (const id of visible) seen.add(id)
      seenPerFrame += visible.size
      placedPerFrame += single.objects.filter((o) => o.kind === 'model' && o.frame === 'table' && visible.has(o.id)).length
      // Fusion on: the same frames in order through one tracker (regions between full searches) and the filter.
      const r = tracker.current.track(v.render.frame, false, v.timeMs)
      filter.update(r, v.timeMs)
      if (r.quality.verdict !== 'blurred') usedFrames++
      if (r.quality.verdict === 'sharp') sharpFrames++
    }
    tracker.current?.dispose()
    const fused = filter.snapshot()
    scoreObjects(on, last!, fused.map((t) => ({ id: t.id, kind: t.kind, frame: 'table' as const, position: t.position, z: t.z, facing: t.facing, uncertainty: t.uncertainty, markers: t.markers, residualMm: 0, status: t.state === 'held' ? 'held' : 'ok' })), true)
    const a = summarizeScore(off), b = summarizeScore(on)
    const placedModels = fused.filter((t) => t.kind === 'model' && seen.has(t.id)).length
    rows.push({
      variant, frames: FUSION_FRAMES,
      fusionOff: { modelsPlaced: r3(seenPerFrame ? placedPerFrame / seenPerFrame : Number.NaN), markerRecall: a.recall, positionP95Mm: a.positionMm.p95, beyond3Sigma: a.beyond3Sigma, objects: a.objects, unflaggedMisplaced: a.unflaggedMisplaced, wrongIds: a.wrongIds },
      fusionOn: { modelsPlaced: r3(seen.size ? placedModels / seen.size : Number.NaN), placed: `${placedModels}/${seen.size}`, positionP95Mm: b.positionMm.p95, beyond3Sigma: b.beyond3Sigma, objects: b.objects, unflaggedMisplaced: b.unflaggedMisplaced },
      framesUsed: usedFrames, framesSharp: sharpFrames, cpuMsPerFrame: r3((cpuMs() - cpu0) / FUSION_FRAMES),
    })
  }
  return { description: 'fusion off: each frame alone (models placed of those seen in that frame, averaged over frames); fusion on: after the last frame, fused over the sequence (models placed of those seen in any frame); 40 models, seed 800, 30 fps', framesPerVariant: FUSION_FRAMES, rows }
}

/**
 * Recall on a sample big enough to show 98 % (`--recall N` frames per variant, 40 models each: ~28
 * fully visible markers ≥ 16 px per frame): our detection with and without the second reading of
 * OpenCV's rejected quads (pipeline/decodeCandidates.ts), wrong ids, and every missed marker with its
 * size, contrast, position and the stage that lost it.
 */
function recallStudy(cv: OpenCvHandle) {
  const detector = new MarkerDetector(cv, {})
  const out: Record<string, unknown> = {}
  for (const variant of ['clean', 'srgb-jpeg75-noise', 'blur', 'motion'] as const) {
    const frames = variant === 'blur' || variant === 'motion' ? Math.ceil(RECALL_FRAMES / 3) : RECALL_FRAMES
    const before = newScore(), after = newScore()
    const missed: (MissedMarker & { frame: number })[] = []
    for (let i = 0; i < frames; i++) {
      const v = renderVariant(cv, variant, 900 + i, { models: 40 })
      const gray = toGray(v.render.frame, createGrayFrame(v.render.frame.width, v.render.frame.height))
      scoreVariantDetections(before, v, detectMarkers(detector, gray, undefined, DEFAULT_EDGE_REFINE_PARAMS, null).detections)
      const r = detectMarkers(detector, gray, undefined, DEFAULT_EDGE_REFINE_PARAMS, DEFAULT_CANDIDATE_DECODE_PARAMS)
      scoreVariantDetections(after, v, r.detections)
      for (const m of missedMarkers(v, gray, r)) missed.push({ frame: i, ...m })
    }
    out[variant] = {
      frames,
      openCvDecodingOnly: { recall: r3(before.found / before.expected), found: `${before.found}/${before.expected}`, wrongIds: before.wrongIds },
      withSecondReading: { recall: r3(after.found / after.expected), found: `${after.found}/${after.expected}`, wrongIds: after.wrongIds },
      missedByStage: {
        noCandidate: missed.filter((m) => m.stage === 'no candidate').length,
        candidateNotDecoded: missed.filter((m) => m.stage === 'candidate not decoded').length,
      },
      ...(variant === 'blur' || variant === 'motion' ? {} : { missed }),
    }
  }
  detector.dispose()
  return { description: 'fully visible markers >= 16 px, 40 models per frame, seeds 900+', ...out }
}

function realPhotos(cv: OpenCvHandle) {
  const cases = loadPhotoCases()
  const out: Record<string, unknown> = {}
  for (const config of PHOTO_CONFIGS) {
    out[config.name] = scorePhotos(cv, cases, config).map((s) => ({
      set: s.set, images: s.images, recall: `${s.found}/${s.expected} (${r3(s.recall)})`, wrongIds: s.wrongIds,
      cornerErrorPx: { median: r3(s.cornerErrorPx.median), p95: r3(s.cornerErrorPx.p95), max: r3(s.cornerErrorPx.max) },
      cornersAreGroundTruth: s.cornersAreGroundTruth, msPerImage: r3(s.msPerImage),
    }))
  }
  return out
}

main().then(() => process.exit(0), (e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? e.message : String(e)}\n`)
  process.exit(1)
})
