// CLI subcommands of the tracking layer (dispatched by main.ts):
//   track <images|folder> --registry <registry.json> [--scene <scene.json>] [--camera <intrinsics.json>]   → tabletop-track/1 JSON
//     With --scene, the scene's models that have no marker in the registry are found by their bases
//     (src/tracking/bases): the images are taken in order as frames of one game, the scene's positions
//     as where each model was before the first; each such object has "source": "base", a status
//     (ok, doubted, unidentified), its σ ("uncertainty") and its identity's evidence.
//   scene <image> --registry <registry.json> --base <scene.json> [--camera …]       → tabletop-scene/1 JSON
//   markers [--out <dir>]                                                            → printable sheets
// Input errors throw SceneError (main prints one line, exit 2). `track` over several images reports an
// unreadable one in its entry and carries on (exit 2 at the end), so nothing already measured is lost.
import { readdirSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { type InputLimits, type RuleSystem, DEFAULT_LIMITS, SceneError, inFile, parseScene } from '../engine/index.ts'
import { readJson } from './readInput.ts'
import { FrameTracker, loadOpenCv, parseRegistry, type CameraIntrinsics, type Registry, type TrackFrameResult } from '../tracking/index.ts'
import { parseIntrinsics, scaleIntrinsics } from '../tracking/calibration/intrinsicsSchema.ts'
import { IMAGE_EXTENSIONS, readImageFile } from './tracking/readImage.ts'
import { mergeTrackedScene, sceneSurfaceHeight, trackedCameraOf } from '../tracking/scene/mergeTrackedScene.ts'
import { writeMarkerSheets } from './tracking/writeMarkerSheets.ts'
import { BaseTracker, type BaseTrackingSetup, DEFAULT_ALLOWANCE_MM, baseSetupOf, markedBases, markedModelsOf } from '../tracking/index.ts'

/** `ruleSystem` loads the rule systems when a command needs one (a scene's move allowances). */
export type TrackingEnv = { repoRoot: string; ruleSystem: (id: string) => Promise<unknown>; limits?: InputLimits }

export type Parsed = { positional: string[]; flags: Map<string, string> }

export function parseArgs(args: readonly string[], known: readonly string[]): Parsed {
  const positional: string[] = []
  const flags = new Map<string, string>()
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a.startsWith('--')) {
      const name = a.slice(2)
      if (!known.includes(name)) throw new SceneError([{ path: '', message: `unknown option ${a} (expected ${known.map((k) => `--${k}`).join(', ')})` }])
      const value = args[i + 1]
      if (value === undefined || value.startsWith('--')) throw new SceneError([{ path: '', message: `option ${a} needs a value` }])
      flags.set(name, value)
      i++
    } else positional.push(a)
  }
  return { positional, flags }
}

export function requireFlag(p: Parsed, name: string, what: string): string {
  const v = p.flags.get(name)
  if (!v) throw new SceneError([{ path: '', message: `missing --${name} <${what}>` }])
  return v
}

/** Parse a file with `parse`; its input errors name the file once. */
export function loadFile<T>(path: string, parse: (raw: unknown) => T, limits: InputLimits): T {
  try {
    return parse(readJson(path, limits))
  } catch (e) {
    throw e instanceof SceneError ? inFile(e, path) : e
  }
}

function loadRegistry(path: string, limits: InputLimits): Registry {
  return loadFile(path, parseRegistry, limits)
}

function loadCamera(path: string | undefined, limits: InputLimits): CameraIntrinsics | null {
  return path ? loadFile(path, parseIntrinsics, limits) : null
}

/** Image files named on the command line, folders expanded (sorted, PNG/JPEG by extension). */
export function collectImages(inputs: readonly string[]): string[] {
  const out: string[] = []
  for (const input of inputs) {
    let isDir = false
    try {
      isDir = statSync(input).isDirectory()
    } catch {
      out.push(input) // reported as unreadable in its own entry
      continue
    }
    if (!isDir) {
      out.push(input)
      continue
    }
    const files = readdirSync(input).filter((f) => (IMAGE_EXTENSIONS as readonly string[]).includes(extname(f).toLowerCase())).sort()
    if (files.length === 0) throw new SceneError([{ path: '', message: `no PNG or JPEG images in ${input}` }])
    out.push(...files.map((f) => join(input, f)))
  }
  return out
}

const r3 = (v: number) => Math.round(v * 1000) / 1000

/** The JSON shape `track` prints for one image. */
export function describeFrame(image: string, result: TrackFrameResult, loadMs: number): Record<string, unknown> {
  const bases = result.bases
  const t = result.table
  return {
    image,
    width: result.width,
    height: result.height,
    detections: result.detections.map((d) => ({ id: d.id, corners: d.corners.map(([x, y]) => [r3(x), r3(y)]), sidePx: r3(d.sidePx) })),
    conflicts: result.conflicts,
    unknownIds: result.unknownIds,
    table: t.locked
      ? {
          ok: true,
          referenceIds: t.referenceIds,
          twoMarkers: t.twoMarkers,
          reprojectionErrorPx: r3(t.reprojectionErrorPx),
          maxReprojectionErrorPx: r3(t.maxReprojectionErrorPx),
          cameraReprojectionErrorPx: r3(t.cameraReprojectionErrorPx),
          camera: {
            positionMm: t.cameraPositionMm.map(r3),
            intrinsics: { source: t.intrinsics.source, fx: r3(t.intrinsics.fx), fy: r3(t.intrinsics.fy), cx: r3(t.intrinsics.cx), cy: r3(t.intrinsics.cy) },
          },
        }
      : { ok: false, reason: t.reason, referenceIds: t.referenceIds },
    objects: [
      ...result.objects.map((o) => ({
        id: o.id,
        kind: o.kind,
        frame: o.frame,
        position: o.position.map(r3),
        z: r3(o.z),
        facing: r3(o.facing),
        ...(o.uncertainty !== undefined ? { uncertainty: r3(o.uncertainty) } : {}),
        markers: o.markers,
        residualMm: r3(o.residualMm),
        status: o.status ?? 'ok',
        reasons: o.reasons ?? [],
        ...(o.source === 'base' ? { source: 'base', identity: o.identity ?? null } : bases ? { source: 'marker' } : {}),
        // Additive (issue 31): placed only when every check passed; the doubts with their codes.
        placed: o.frame === 'table' && (o.status ?? 'ok') === 'ok',
        doubts: (o.doubts ?? []).map((d) => ({ code: d.code, message: d.message, ...(d.lockSigmaMm !== undefined ? { lockSigmaMm: r3(d.lockSigmaMm) } : {}) })),
        ...(o.lockSigmaMm !== undefined ? { lockSigmaMm: r3(o.lockSigmaMm) } : {}),
        // Additive (issue 31): the base's rim read with the markers (with --scene), and whether it was fused.
        ...(o.baseRim ? { baseRim: { used: o.baseRim.used, offsetMm: o.baseRim.offsetMm.map(r3), sigmaMm: r3(o.baseRim.sigmaMm), ...(o.baseRim.why ? { why: o.baseRim.why } : {}) } } : {}),
      })),
      // Bases found whose model is not known: named by a label, not a model id ("model": null).
      ...(bases?.unidentified ?? []).map((u) => ({
        id: u.label,
        model: null,
        kind: 'model',
        frame: 'table',
        position: u.position.map(r3),
        z: 0,
        facing: 0,
        uncertainty: r3(u.uncertainty),
        markers: [],
        residualMm: 0,
        status: 'unidentified',
        reasons: u.reasons,
        placed: false,
        doubts: [],
        source: 'base',
        identity: null,
        candidates: u.candidates,
        base: u.shape,
      })),
    ],
    ...(bases ? { bases: { searched: bases.searched, notSeen: bases.notSeen, fits: bases.fits, ms: r3(bases.ms) } } : {}),
    rejected: result.rejected,
    notSeen: result.notSeen,
    warnings: result.warnings,
    timing: { loadMs: r3(loadMs), detectMs: r3(result.timing.detectMs), poseMs: r3(result.timing.poseMs), totalMs: r3(result.timing.totalMs) },
  }
}

/** One line naming the registry objects with no usable marker in the frame (or null). */
export function notSeenWarning(result: Pick<TrackFrameResult, 'notSeen'>): string | null {
  if (result.notSeen.length === 0) return null
  return `${result.notSeen.length} registry object${result.notSeen.length === 1 ? '' : 's'} not seen: ${result.notSeen.map((o) => (o.kind === 'terrain' ? `terrain ${o.id}` : o.id)).join(', ')}`
}

export async function runTrackingCommand(cmd: 'track' | 'scene' | 'markers', args: string[], env: TrackingEnv): Promise<number> {
  switch (cmd) {
    case 'track': return runTrack(args, env, env.limits ?? DEFAULT_LIMITS)
    case 'scene': return runScene(args, env.limits ?? DEFAULT_LIMITS)
    case 'markers': return runMarkers(args, env)
  }
}

async function runTrack(args: string[], env: TrackingEnv, limits: InputLimits): Promise<number> {
  const p = parseArgs(args, ['registry', 'camera', 'scene'])
  if (p.positional.length === 0) throw new SceneError([{ path: '', message: 'missing argument: image files or a folder' }])
  const registry = loadRegistry(requireFlag(p, 'registry', 'registry.json'), limits)
  const camera = loadCamera(p.flags.get('camera'), limits)
  const scenePath = p.flags.get('scene')
  let bases: BaseTrackingSetup | null = null
  if (scenePath) {
    const scene = loadFile(scenePath, (raw) => parseScene(raw, { limits }), limits)
    const made = baseSetupOf(scene, registry, (await env.ruleSystem(scene.system)) as RuleSystem | undefined)
    if (made.defaulted.length) process.stderr.write(`warning: ${scenePath}: the ruleset ${scene.system} gives no move allowance for ${made.defaulted.join(', ')}; taken as ${DEFAULT_ALLOWANCE_MM} mm (12")\n`)
    bases = made.setup
  }
  const images = collectImages(p.positional)
  const cv = await loadOpenCv()
  // The scene's marked models' bases: their rims are read with their markers (issue 31).
  const tracker = new FrameTracker(cv, registry, { modelBases: markedBases(bases) })
  // Photos, not a video: a base counts in the photo it is found in (no confirmation over frames).
  const baseTracker = bases && bases.models.length ? new BaseTracker(cv, bases, { confirmFrames: 1 }) : null
  const out: Record<string, unknown>[] = []
  let failed = 0
  try {
    for (const [index, image] of images.entries()) {
      const started = performance.now()
      try {
        const frame = readImageFile(image, limits)
        const loadMs = performance.now() - started
        tracker.setCalibration(camera ? scaleIntrinsics(camera, frame.width, frame.height) : null)
        tracker.reset()
        const result = tracker.track(frame, true)
        if (baseTracker) {
          // The images are the frames of one game, in order, far enough apart that each is searched whole.
          const found = baseTracker.track(frame, result, index * 10_000)
          result.objects.push(...found.objects)
          result.bases = found.report
        }
        out.push(describeFrame(image, result, loadMs))
        const notSeen = notSeenWarning(result)
        if (notSeen) process.stderr.write(`warning: ${image}: ${notSeen}\n`)
      } catch (e) {
        if (!(e instanceof SceneError)) throw e
        failed++
        out.push({ image, error: e.message })
        process.stderr.write(`error: ${e.message}\n`)
      }
    }
  } finally {
    tracker.dispose()
    baseTracker?.dispose()
  }
  process.stdout.write(JSON.stringify({ format: 'tabletop-track/1', images: out }, null, 2) + '\n')
  return failed > 0 ? 2 : 0
}

async function runScene(args: string[], limits: InputLimits): Promise<number> {
  const p = parseArgs(args, ['registry', 'camera', 'base'])
  if (p.positional.length !== 1) throw new SceneError([{ path: '', message: 'scene takes exactly one image' }])
  const image = p.positional[0]!
  const registry = loadRegistry(requireFlag(p, 'registry', 'registry.json'), limits)
  const basePath = requireFlag(p, 'base', 'scene.json')
  const base = loadFile(basePath, (raw) => parseScene(raw, { limits }), limits)
  const camera = loadCamera(p.flags.get('camera'), limits)
  const frame = readImageFile(image, limits)
  const cv = await loadOpenCv()
  const tracker = new FrameTracker(cv, registry, {
    calibration: camera ? scaleIntrinsics(camera, frame.width, frame.height) : null,
    surfaceHeightAt: sceneSurfaceHeight(base),
    // The scene's marked models' bases: their rims are read with their markers (issue 31).
    modelBases: markedBases({ marked: markedModelsOf(base, registry) }),
  })
  let result: TrackFrameResult
  try {
    result = tracker.track(frame, true)
  } finally {
    tracker.dispose()
  }
  if (!result.table.locked) throw new SceneError([{ path: '', message: `${image}: ${result.table.reason}` }])
  // A doubted or held pose is never a fact: the model keeps its base pose and the JSON says why.
  const placed = result.objects.filter((o) => (o.status ?? 'ok') === 'ok')
  const { scene, report } = mergeTrackedScene(base, registry, placed, {
    image: relative(process.cwd(), image) || image,
    reprojectionErrorPx: r3(result.table.reprojectionErrorPx),
    referenceIds: result.table.referenceIds,
    intrinsics: result.table.intrinsics.source,
    twoMarkers: result.table.twoMarkers,
    frameWarnings: result.warnings,
    objectStatus: result.objects.filter((o) => (o.status ?? 'ok') !== 'ok').map((o) => ({ id: o.id, kind: o.kind, status: o.status, reasons: o.reasons ?? [], doubts: (o.doubts ?? []).map((d) => d.code), placed: false })),
    rejected: result.rejected,
    registryNotSeen: result.notSeen,
  }, trackedCameraOf(result))
  const notSeen = notSeenWarning(result)
  const doubted = result.objects.filter((o) => (o.status ?? 'ok') !== 'ok').map((o) => `${o.kind === 'terrain' ? `terrain ${o.id}` : o.id} not placed (${o.status}): ${(o.doubts ?? []).map((d) => d.code).join(', ') || (o.reasons ?? []).join('; ')}`)
  for (const w of [...result.warnings, ...report.warnings, ...(notSeen ? [notSeen] : []), ...doubted]) process.stderr.write(`warning: ${w}\n`)
  process.stdout.write(JSON.stringify(scene, null, 2) + '\n')
  return 0
}

async function runMarkers(args: string[], env: TrackingEnv): Promise<number> {
  const p = parseArgs(args, ['out'])
  if (p.positional.length) throw new SceneError([{ path: '', message: `markers takes no positional arguments (got ${p.positional.join(' ')})` }])
  const outDir = p.flags.get('out') ?? join(env.repoRoot, 'markers')
  const cv = await loadOpenCv()
  const written = await writeMarkerSheets(cv, outDir)
  for (const f of written) process.stdout.write(`${f}\n`)
  return 0
}
