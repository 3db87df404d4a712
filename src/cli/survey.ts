// `cli survey <images|folder> --registry <registry.json> [--camera <camera.json>] [--corners <taps.json>]
// [--table-size <width>x<depth>]`: measure where the table markers lie from photos of the table (the
// table survey, src/tracking/survey) and print the registry with every table marker's position and
// rotation filled in, and what was measured in its `survey` field. A survey that does not close
// (too few views, a marker never seen or moved, no table corners) is an input error: one line, exit 2.
import { z } from 'zod'
import { type InputLimits, SceneError, inFile, zodIssues } from '../engine/index.ts'
import {
  CORNERS_NOT_KNOWN, SurveyCollector, TABLE_CORNERS, cornersCanBeKnown, loadOpenCv, parseIntrinsics, parseSurveyRegistry, scaleIntrinsics, surveyTable,
  type CameraIntrinsics, type SurveyView, type TableTap,
} from '../tracking/index.ts'
import { readImageFile } from './tracking/readImage.ts'
import { collectImages, loadFile, parseArgs, requireFlag } from './track.ts'

/** More photos than this are a folder of something else, not one table's survey. */
const MAX_IMAGES = 300

/** Corners tapped on photos: `[{ "image": "photos/3.jpg", "corner": "x0y0", "point": [u, v] }, …]` (image px). */
const tapsSchema = z.array(z.strictObject({
  image: z.string().min(1),
  corner: z.enum(TABLE_CORNERS),
  point: z.tuple([z.number(), z.number()]),
})).min(1, 'give at least one tapped corner')

function parseTableSize(text: string): { widthMm: number; depthMm: number } {
  const m = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(text)
  const w = Number(m?.[1]), d = Number(m?.[2])
  if (!m || !(w > 0) || !(d > 0)) throw new SceneError([{ path: '', message: `--table-size takes <width>x<depth> in mm (e.g. 1219.2x1219.2); got "${text.slice(0, 40)}"` }])
  return { widthMm: w, depthMm: d }
}

export async function runSurveyCommand(args: string[], limits: InputLimits): Promise<number> {
  const p = parseArgs(args, ['registry', 'camera', 'corners', 'table-size'])
  if (p.positional.length === 0) throw new SceneError([{ path: '', message: 'missing argument: photos of the table (image files or a folder)' }])
  const registryPath = requireFlag(p, 'registry', 'registry.json')
  const registry = loadFile(registryPath, parseSurveyRegistry, limits)
  const cameraPath = p.flags.get('camera')
  const camera: CameraIntrinsics | null = cameraPath ? loadFile(cameraPath, parseIntrinsics, limits) : null
  const cornersPath = p.flags.get('corners')
  const tapped = cornersPath
    ? loadFile(cornersPath, (raw) => {
        const r = tapsSchema.safeParse(raw)
        if (!r.success) throw new SceneError(zodIssues(r.error))
        return r.data
      }, limits)
    : null
  // Known before any photo is read: without a tapped or declared corner the table cannot be placed.
  if (!cornersCanBeKnown(registry, tapped !== null)) throw new SceneError([{ path: '', message: `survey refused: ${CORNERS_NOT_KNOWN}` }])
  const tableSizeText = p.flags.get('table-size')
  const tableSize = tableSizeText ? parseTableSize(tableSizeText) : null
  const images = collectImages(p.positional)
  if (images.length > MAX_IMAGES) throw new SceneError([{ path: '', message: `${images.length} images: a survey takes at most ${MAX_IMAGES} (photos of one table)` }])
  if (tapped) {
    for (const t of tapped) {
      if (!images.includes(t.image)) throw new SceneError([{ path: '', message: `${cornersPath}: the corner ${t.corner} is tapped on ${t.image.slice(0, 80)}, which is not one of the photos given` }])
    }
  }

  const cv = await loadOpenCv()
  const collector = new SurveyCollector(cv, registry)
  const views: SurveyView[] = []
  const idOf = new Map<string, number>()
  try {
    for (const image of images) {
      const frame = readImageFile(image, limits)
      if (camera) {
        try {
          scaleIntrinsics(camera, frame.width, frame.height)
        } catch (e) {
          throw e instanceof SceneError ? inFile(new SceneError([{ path: '', message: `${image}: ${e.issues[0]?.message ?? e.message}` }]), cameraPath!) : e
        }
      }
      const seen = collector.observe(frame, 'photo', image)
      if (seen.viewId === null) process.stderr.write(`warning: ${image}: ${seen.seen.length} table marker${seen.seen.length === 1 ? '' : 's'} found (${seen.reason}); not used\n`)
      else idOf.set(image, seen.viewId)
    }
    views.push(...collector.views())
  } finally {
    collector.dispose()
  }
  const taps: TableTap[] | undefined = tapped?.map((t) => {
    const viewId = idOf.get(t.image)
    if (viewId === undefined) throw new SceneError([{ path: '', message: `${cornersPath}: the corner ${t.corner} is tapped on ${t.image.slice(0, 80)}, which shows fewer than two table markers` }])
    return { viewId, corner: t.corner, pointPx: t.point }
  })
  const result = surveyTable(cv, views, registry, { calibration: camera, taps, tableSize })
  if (!result.ok) throw new SceneError([{ path: '', message: `survey refused: ${result.reason}` }])
  for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`)
  const worst = result.markers.reduce((a, b) => (b.residualMm > a.residualMm ? b : a))
  const size = result.table.widthMm !== undefined || result.table.depthMm !== undefined ? `, ${result.table.widthMm?.toFixed(1) ?? '?'} × ${result.table.depthMm?.toFixed(1) ?? '?'} mm` : ''
  process.stderr.write(`survey: ${result.markers.length} table markers from ${result.map.views.length} of ${images.length} images (RMS ${result.map.rmsErrorPx.toFixed(2)} px, focal length ${result.report.camera.source}); largest residual ${worst.residualMm.toFixed(2)} mm (marker ${worst.id}); table from ${result.table.from.replace('-', ' ')}${size}\n`)
  process.stdout.write(JSON.stringify(result.registry, null, 2) + '\n')
  return 0
}
