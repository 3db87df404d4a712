// Real photos (../shared/testdata/markers-real): recall, wrong ids and corner error of our detector
// against each set's ground truth, with the set's dictionary (6X6_250, a custom 6×6 dictionary,
// tag36h11), and the ChArUco calibration against OpenCV's published result. Thresholds sit just
// under what was measured (see the tracking README), so a regression fails.
// The OpenCV tutorial and Swarmathon sets are vendored (test/fixtures/markers-real) and always run;
// the swatbotics and Duckietown sets need ../shared, which a user's clone does not have.
import { beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { OpenCvHandle } from '../../src/tracking/opencv/openCv.ts'
import { calibrateCharuco } from '../../src/tracking/opencv/charuco.ts'
import { readImageFile } from '../../src/cli/tracking/readImage.ts'
import { createGrayFrame, toGray } from '../../src/tracking/pipeline/grayFrame.ts'
import { PHOTO_CONFIGS, SHARED_PHOTOS_DIR, SHARED_PHOTOS_PRESENT, VENDORED_PHOTOS_DIR, VENDORED_PHOTO_SETS, loadPhotoCases, photoSetDir, scorePhotos, type SetScore } from './realPhotos.ts'
import { openCv } from './helpers.ts'

let cv: OpenCvHandle
let scores: Map<string, SetScore>

beforeAll(async () => {
  cv = await openCv()
  const ours = PHOTO_CONFIGS.find((c) => c.name.startsWith('ours'))!
  scores = new Map(scorePhotos(cv, loadPhotoCases(), ours).map((s) => [s.set, s]))
})

describe('real photos: our detector (OpenCV ArucoDetector + edge-fit corners)', () => {
  it('OpenCV tutorial photos (6X6_250 and a custom dictionary): every marker, no wrong id, corners within OpenCV\'s own test tolerance', () => {
    const s = scores.get('opencv-aruco-tutorial')!
    expect(s.images).toBe(4)
    expect(s.found).toBe(s.expected)
    expect(s.expected).toBe(6 + 35 + 17 + 13)
    expect(s.wrongIds).toBe(0)
    // The ground truth is OpenCV's unrefined output rounded to whole pixels (its tests allow 1 px per
    // axis); unrefined corners sit ~0.5 px inside the true edge, ours on it, and since the tone-curve
    // correction (refineCorners.ts) a little further out: mean 0.93 px, max 1.79 px per axis (0.71 /
    // < 1.5 px without it; the correction measures 0.3–0.45 px of tone bias on these photos).
    expect(s.cornerErrorPx.mean).toBeLessThan(1.0)
    expect(s.cornerErrorPx.maxPerAxis).toBeLessThan(2.0)
  })

  it('Swarmathon (tag36h11, small oblique tags outdoors): at least half the tags, no wrong id, corners ~0.3 px from AprilTag\'s', () => {
    const s = scores.get('apriltag-swarmathon')!
    expect(s.expected).toBe(47)
    expect(s.found).toBeGreaterThanOrEqual(23)
    expect(s.wrongIds).toBe(0)
    // AprilTag's corners are a reference with their own error, not the truth: the median was 0.391 px
    // before issue 31's tone-proof marker geometry (fitMarkerGrid.ts, checked against camera-order
    // renders whose corners are known exactly) and 0.401 px with it (p95 0.825 -> 0.846, max 1.42 -> 1.44);
    // the bound stays a few hundredths above what is measured.
    expect(s.cornerErrorPx.median).toBeLessThan(0.42)
  })

  if (!SHARED_PHOTOS_PRESENT) console.log(`real photos: ${SHARED_PHOTOS_DIR} is absent (a clone without ../shared): the swatbotics and Duckietown sets are skipped; the vendored OpenCV tutorial and Swarmathon sets run`)
})

describe.skipIf(!SHARED_PHOTOS_PRESENT)('real photos in ../shared only (skipped without it)', () => {
  it('swatbotics mapping set (72 photos, human-listed visible ids): recall ≥ 83 %, no wrong id, corners 0.1 px from AprilTag 3.3', () => {
    const s = scores.get('apriltag-mapping-swatbotics')!
    expect(s.images).toBe(72)
    expect(s.expected).toBe(236)
    expect(s.recall).toBeGreaterThanOrEqual(0.83)
    expect(s.wrongIds).toBe(0)
    // AprilTag 3.3 fits its edges to gradient-weighted points on the encoded (sRGB) image, which the
    // tone curve biases toward the dark side; ours correct that bias (refineCorners.ts), so the two
    // now disagree by about the bias: median 0.21 px, p95 0.71 px (0.10 / 0.35 px with the correction off).
    expect(s.cornerErrorPx.median).toBeLessThan(0.25)
    expect(s.cornerErrorPx.p95).toBeLessThan(0.8)
  })

  it('Duckietown lab table (tag36h11 on sign stands): recall ≥ 84 % of AprilTag 3.3\'s detections, no wrong id', () => {
    const s = scores.get('apriltag-duckietown')!
    expect(s.recall).toBeGreaterThanOrEqual(0.84)
    expect(s.wrongIds).toBe(0)
    expect(s.cornerErrorPx.median).toBeLessThan(0.15)
  })
})

describe('real photos: ChArUco calibration', () => {
  it('reproduces OpenCV\'s tutorial calibration from img_00–03 within a few percent', () => {
    const dir = photoSetDir('opencv-aruco-tutorial')
    const frames = ['img_00.jpg', 'img_01.jpg', 'img_02.jpg', 'img_03.jpg'].map((f) => {
      const rgba = readImageFile(join(dir, f))
      return toGray(rgba, createGrayFrame(rgba.width, rgba.height))
    })
    const result = calibrateCharuco(cv, { squaresX: 5, squaresY: 7, squareLength: 0.04, markerLength: 0.02, dictionary: 'DICT_6X6_250' }, frames)
    // Upstream tutorial_camera_charuco.yml: fx 452.5, fy 456.8, cx 317.7, cy 277.8, RMS 0.182 px
    // (OpenCV 4.6 reproduces fx 457.0, fy 460.6 from the same four views: weakly constrained).
    const k = result.intrinsics
    expect(Math.abs(k.fx / 452.51 - 1)).toBeLessThan(0.03)
    expect(Math.abs(k.fy / 456.77 - 1)).toBeLessThan(0.03)
    expect(Math.abs(k.cx - 317.70)).toBeLessThan(5)
    expect(Math.abs(k.cy - 277.75)).toBeLessThan(5)
    expect(result.rmsErrorPx).toBeLessThan(0.25)
    expect(result.views.every((v) => v.cornersUsed === 24)).toBe(true)
    // Its own σ (OpenCV's stdDeviationsIntrinsics), which the camera file keeps for the lock's doubt:
    // four views leave the focal length weakly held, and upstream's values (from the same views, another
    // OpenCV) lie within 3σ of this reproduction.
    const sd = k.sigmaPx!
    if (process.env.CAL_DEBUG) console.log(k, sd)
    for (const [key, truth] of [['fx', 452.51], ['fy', 456.77], ['cx', 317.70], ['cy', 277.75]] as const) {
      expect(sd[key], key).toBeGreaterThan(0)
      expect(Math.abs(k[key] - truth) / sd[key], `${key}: ${k[key].toFixed(2)} against upstream's ${truth}, σ ${sd[key].toFixed(2)} px`).toBeLessThan(3)
    }
  })
})

describe.skipIf(!SHARED_PHOTOS_PRESENT)('the vendored photos are the ../shared files (skipped without it)', () => {
  it('every vendored file is byte-identical to its source', () => {
    const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex')
    let files = 0
    for (const set of VENDORED_PHOTO_SETS) {
      for (const f of readdirSync(join(VENDORED_PHOTOS_DIR, set))) {
        expect(sha(join(VENDORED_PHOTOS_DIR, set, f)), `${set}/${f}`).toBe(sha(join(SHARED_PHOTOS_DIR, set, f)))
        files++
      }
    }
    expect(files).toBeGreaterThanOrEqual(17)
  })
})
