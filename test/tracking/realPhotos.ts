// The real-photo sets in ../shared/testdata/markers-real (see its README): loaders and a scorer that
// reports recall, wrong ids and corner error against each set's ground truth. Used by the real-photo
// test and the benchmark. The dictionary is a parameter (6X6_250, a custom 6×6 one, tag36h11).
// A user's clone has no ../shared: two sets (the OpenCV tutorial photos and Swarmathon, 1.4 MB) are
// vendored in test/fixtures/markers-real with their ground truth and licences, and run everywhere.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readImageFile } from '../../src/cli/tracking/readImage.ts'
import { createGrayFrame, toGray } from '../../src/tracking/pipeline/grayFrame.ts'
import { detectMarkers } from '../../src/tracking/pipeline/detectMarkers.ts'
import { DEFAULT_EDGE_REFINE_PARAMS } from '../../src/tracking/pipeline/refineCorners.ts'
import { MarkerDetector, type DetectorParams, type DictionarySpec } from '../../src/tracking/opencv/markerDetector.ts'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import type { GrayFrame, MarkerCorners } from '../../src/tracking/types.ts'

export const SHARED_PHOTOS_DIR = join(import.meta.dirname, '..', '..', '..', 'shared', 'testdata', 'markers-real')
export const VENDORED_PHOTOS_DIR = join(import.meta.dirname, '..', 'fixtures', 'markers-real')
/** Whether ../shared (the full sets) is beside the repository: true in CI and here, false in a user's clone. */
export const SHARED_PHOTOS_PRESENT = existsSync(SHARED_PHOTOS_DIR)
export const ALL_PHOTO_SETS = ['opencv-aruco-tutorial', 'apriltag-swarmathon', 'apriltag-mapping-swatbotics', 'apriltag-duckietown'] as const
/** The sets vendored into test/fixtures/markers-real (always present). */
export const VENDORED_PHOTO_SETS = ['opencv-aruco-tutorial', 'apriltag-swarmathon'] as const
/** The sets this checkout can read. */
export const AVAILABLE_PHOTO_SETS: readonly string[] = SHARED_PHOTOS_PRESENT ? ALL_PHOTO_SETS : VENDORED_PHOTO_SETS
/** Where a set's files are: ../shared when present, else the vendored copy. */
export function photoSetDir(set: string): string {
  return SHARED_PHOTOS_PRESENT ? join(SHARED_PHOTOS_DIR, set) : join(VENDORED_PHOTOS_DIR, set)
}

type Point = [number, number]
export type TruthMarker = { id: number; corners?: MarkerCorners }
export type PhotoCase = {
  set: string
  file: string
  dictionary: DictionarySpec
  /** Markers that must be found; corners when the set has them. */
  markers: TruthMarker[]
  /** Ids that may legitimately be found besides `markers` (human lists miss far tags). */
  alsoAllowed?: number[]
  /** Corners are upstream ground truth (true) or another tool's output (false). */
  cornersAreGroundTruth: boolean
  /**
   * Added to the reference corners before comparing. AprilTag reports corners with the origin at the
   * top-left pixel's corner, OpenCV at its centre: (−0.5, −0.5) converts (the stack probe measured this
   * constant offset against exact synthetic truth, and OpenCV's own CORNER_REFINE_APRILTAG shows it).
   */
  referenceOffsetPx: [number, number]
}

type Json = Record<string, unknown>
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json

export function loadPhotoCases(sets: readonly string[] = AVAILABLE_PHOTO_SETS): PhotoCase[] {
  const cases: PhotoCase[] = []
  if (sets.includes('opencv-aruco-tutorial')) {
    const gt = readJson(join(photoSetDir('opencv-aruco-tutorial'), 'ground_truth.json'))
    const dict = (gt.dictionaries as Json).tutorial_dict as { markerSize: number; maxCorrectionBits: number; bytesList: number[][][] }
    const images = gt.images as Record<string, Json>
    for (const file of ['singlemarkersoriginal.jpg', 'gboriginal.jpg', 'choriginal.jpg', 'chocclusion_original.jpg']) {
      const img = images[file]!
      const markers = ((img.ground_truth as Json).markers as { id: number; corners: Point[] }[]).map((m) => ({ id: m.id, corners: m.corners as MarkerCorners }))
      const custom = String(img.dictionary).startsWith('custom')
      cases.push({
        set: 'opencv-aruco-tutorial', file,
        dictionary: custom ? { markerSize: dict.markerSize, maxCorrectionBits: dict.maxCorrectionBits, bytesList: dict.bytesList } : 'DICT_6X6_250',
        markers, cornersAreGroundTruth: true, referenceOffsetPx: [0, 0],
      })
    }
  }
  if (sets.includes('apriltag-swarmathon')) {
    const gt = readJson(join(photoSetDir('apriltag-swarmathon'), 'ground_truth.json'))
    for (const [file, img] of Object.entries(gt.images as Record<string, Json>)) {
      const tags = (img.tags as { id: number; corners: Point[] }[]).map((t) => ({ id: t.id, corners: t.corners as MarkerCorners }))
      cases.push({ set: 'apriltag-swarmathon', file, dictionary: 'DICT_APRILTAG_36h11', markers: tags, cornersAreGroundTruth: true, referenceOffsetPx: [-0.5, -0.5] })
    }
  }
  if (sets.includes('apriltag-mapping-swatbotics')) {
    const gt = readJson(join(photoSetDir('apriltag-mapping-swatbotics'), 'ground_truth.json'))
    for (const [file, img] of Object.entries(gt.images as Record<string, Json>)) {
      const ref = (img.reference_detection_apriltag_3_3 as { id: number; corners: Point[] }[] | undefined) ?? []
      const visible = img.visible_ids as number[]
      cases.push({
        set: 'apriltag-mapping-swatbotics', file, dictionary: 'DICT_APRILTAG_36h11',
        markers: visible.map((id) => ({ id, corners: ref.find((r) => r.id === id)?.corners as MarkerCorners | undefined })),
        cornersAreGroundTruth: false, referenceOffsetPx: [-0.5, -0.5],
      })
    }
  }
  if (sets.includes('apriltag-duckietown')) {
    const gt = readJson(join(photoSetDir('apriltag-duckietown'), 'ground_truth.json'))
    for (const [file, img] of Object.entries(gt.images as Record<string, Json>)) {
      const ref = (img.reference_detection_apriltag_3_3 as { id: number; corners: Point[] }[] | undefined) ?? []
      cases.push({ set: 'apriltag-duckietown', file, dictionary: 'DICT_APRILTAG_36h11', markers: ref.map((r) => ({ id: r.id, corners: r.corners as MarkerCorners })), cornersAreGroundTruth: false, referenceOffsetPx: [-0.5, -0.5] })
    }
  }
  return cases
}

const grayCache = new Map<string, GrayFrame>()
export function loadGray(c: PhotoCase): GrayFrame {
  const key = `${c.set}/${c.file}`
  let g = grayCache.get(key)
  if (!g) {
    const rgba = readImageFile(join(photoSetDir(c.set), c.file))
    g = toGray(rgba, createGrayFrame(rgba.width, rgba.height))
    grayCache.set(key, g)
  }
  return g
}

export type SetScore = {
  set: string
  images: number
  expected: number
  found: number
  recall: number
  /** Detections whose id is neither expected nor allowed. */
  wrongIds: number
  /** Corner error of matched markers with corners, px (Euclidean), and the largest error on one axis. */
  cornerErrorPx: { mean: number; median: number; p95: number; max: number; maxPerAxis: number; n: number }
  cornersAreGroundTruth: boolean
  msPerImage: number
}

export type DetectorConfig = { name: string; params: Partial<DetectorParams>; edgeRefine: boolean }

const centre = (c: MarkerCorners): Point => [(c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4, (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4]

/** Score one detector configuration over photo cases, grouped by set. */
export function scorePhotos(cv: OpenCvHandle, cases: readonly PhotoCase[], config: DetectorConfig): SetScore[] {
  const bySet = new Map<string, PhotoCase[]>()
  for (const c of cases) bySet.set(c.set, [...(bySet.get(c.set) ?? []), c])
  const scores: SetScore[] = []
  for (const [set, list] of bySet) {
    let expected = 0, found = 0, wrong = 0, ms = 0, maxPerAxis = 0
    const errors: number[] = []
    const detectors = new Map<string, MarkerDetector>()
    try {
      for (const c of list) {
        const key = JSON.stringify(c.dictionary).slice(0, 64)
        let det = detectors.get(key)
        if (!det) { det = new MarkerDetector(cv, { ...config.params, dictionary: c.dictionary }); detectors.set(key, det) }
        const gray = loadGray(c)
        const started = performance.now()
        const result = detectMarkers(det, gray, undefined, config.edgeRefine ? DEFAULT_EDGE_REFINE_PARAMS : null)
        ms += performance.now() - started
        const allowed = new Set([...c.markers.map((m) => m.id), ...(c.alsoAllowed ?? [])])
        wrong += result.detections.filter((d) => !allowed.has(d.id)).length
        const used = new Set<number>()
        for (const m of c.markers) {
          expected++
          // Match by id, and by the nearest centre when ids repeat (the Swarmathon cubes are all id 0).
          let best = -1, bestDist = Infinity
          result.detections.forEach((d, i) => {
            if (d.id !== m.id || used.has(i)) return
            const dist = m.corners ? Math.hypot(centre(d.corners)[0] - centre(m.corners)[0] - c.referenceOffsetPx[0], centre(d.corners)[1] - centre(m.corners)[1] - c.referenceOffsetPx[1]) : 0
            if (dist < bestDist) { bestDist = dist; best = i }
          })
          if (best < 0 || (m.corners && bestDist > 10)) continue
          used.add(best)
          found++
          if (m.corners) {
            const d = result.detections[best]!
            const [ox, oy] = c.referenceOffsetPx
            for (let k = 0; k < 4; k++) {
              const ex = d.corners[k]![0] - (m.corners[k]![0] + ox), ey = d.corners[k]![1] - (m.corners[k]![1] + oy)
              errors.push(Math.hypot(ex, ey))
              maxPerAxis = Math.max(maxPerAxis, Math.abs(ex), Math.abs(ey))
            }
          }
        }
      }
    } finally {
      for (const d of detectors.values()) d.dispose()
    }
    errors.sort((a, b) => a - b)
    const q = (p: number) => errors[Math.min(errors.length - 1, Math.max(0, Math.ceil(p * errors.length) - 1))] ?? Number.NaN
    scores.push({
      set, images: list.length, expected, found, recall: expected ? found / expected : Number.NaN, wrongIds: wrong,
      cornerErrorPx: { mean: errors.reduce((s, e) => s + e, 0) / (errors.length || 1), median: q(0.5), p95: q(0.95), max: errors[errors.length - 1] ?? Number.NaN, maxPerAxis, n: errors.length },
      cornersAreGroundTruth: list[0]!.cornersAreGroundTruth, msPerImage: ms / list.length,
    })
  }
  return scores
}

export const PHOTO_CONFIGS: readonly DetectorConfig[] = [
  { name: 'opencv-defaults', params: { refine: 'none', minMarkerSidePx: 0 }, edgeRefine: false },
  { name: 'opencv-subpix', params: { refine: 'subpix', minMarkerSidePx: 0 }, edgeRefine: false },
  { name: 'ours (subpix + edge fit)', params: { refine: 'subpix' }, edgeRefine: true },
]
