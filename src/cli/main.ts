// tabletop CLI. Exit 0 on success, 2 on invalid input (one line on stderr saying what and where),
// 1 on an internal error.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { type InputLimits, type LengthUnit, type SceneWarning, LENGTH_UNITS, LIMIT_NAMES, LIMIT_UNITS, SceneError, renderResultText, cut, evaluateTable, gameLogSchema, inFile, limitError, loadScene, resolveLimits, sceneSchema } from '../engine/index.ts'
import { readJson } from './readInput.ts'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

// The rule systems and the terrain code are loaded by the commands that use them (about a third of
// the CLI's start-up), so `survey`, `track` and a refusal do not wait for them.
async function loadSystems() {
  const { findRuleSystem, ruleSystems } = await import('../systems/index.ts')
  return { findRuleSystem, ruleSystems, known: ruleSystems.map((s) => s.id) }
}

const USAGE = `usage:
  cli eval <scene.json | ->            evaluate a scene's queries, print tabletop-result/1 JSON
      [--format text] [--unit in|cm|mm]  or the verdicts and reasons as text, lengths in that unit (default in)
  cli validate <scene.json | ->        check a scene; print "ok" or the problems
  cli terrain <scene.json | ->         the scene's mesh pieces: file, size in mm, triangles, repairs, LoS time
  cli game replay <log.json | -> [--at N] [--format text]   replay a game log (tabletop-game/1): the state
                                       after each event (or after event N) and the rules' findings
  cli systems                          list rule systems with their options
  cli schema [scene|game]              print the scene (or game log, tabletop-game/1) JSON Schema
  cli track <images|folder> --registry <registry.json> [--scene <scene.json>] [--camera <intrinsics.json>]
      marker poses per image; with --scene, models with no marker are found by their bases
  cli scene <image> --registry <registry.json> --base <scene.json>
  cli survey <images|folder> --registry <registry.json> [--camera <intrinsics.json>]
      [--corners <taps.json>] [--table-size <w>x<d>]   measure the table markers' places; print the registry
  cli markers [--out <dir>]            write printable marker sheets
  cli room create [--url <base>] [--data <dir>]   a shared-table room: JSON with its id, edit and view links
  cli room import [--data <dir>]       copy a data folder's rooms into PostgreSQL (DATABASE_URL)
  any command: --limit <name>=<n>      raise an input limit (${LIMIT_NAMES.join(', ')})`

export async function main(argv: string[]): Promise<number> {
  const { args: [cmd, ...rest], limits } = takeLimits(argv)
  // only the meshes the scene names are read (src/cli/loadMeshes.ts); repairs are said on stderr, and
  // how a file was read (area terrain, thin surfaces; a piece sunk into the table) is in the result's
  // warnings with the scene's own (eval's JSON and text, validate's stderr)
  let meshWarnings: SceneWarning[] = []
  const meshes = async (scene: unknown) => {
    const [{ loadSceneMeshes }, { repairNotes }] = await Promise.all([import('./loadMeshes.ts'), import('./terrainReport.ts')])
    const loaded = await loadSceneMeshes(join(repoRoot, 'models'), scene)
    for (const line of repairNotes(loaded.files)) process.stderr.write(line + '\n')
    meshWarnings = loaded.warnings
    return loaded.meshes
  }
  /** Load and evaluate a scene file; its input errors name the file once. */
  const evaluateFile = async (path: string) => {
    try {
      const raw = readJson(path, limits)
      const [{ findRuleSystem, known }, { withMeshWarnings }] = await Promise.all([loadSystems(), import('../terrain/index.ts')])
      const doc = withMeshWarnings(evaluateTable(loadScene(raw, findRuleSystem, known, { meshes: await meshes(raw), limits })), meshWarnings)
      return { doc, text: printJson(doc, limits) }
    } catch (e) {
      throw e instanceof SceneError ? inFile(e, path === '-' ? 'standard input' : path) : e
    }
  }
  switch (cmd) {
    case 'eval': {
      const { args, format, unit } = takeTextOptions(rest)
      const { doc, text } = await evaluateFile(need(args[0], 'a scene file or -'))
      process.stdout.write((format === 'text' ? renderResultText(doc, unit) : text) + '\n')
      return 0
    }
    case 'validate': {
      // The queries are run too (output discarded): a query eval would refuse (a weapon the model
      // does not carry) must not pass validate.
      const { doc } = await evaluateFile(need(rest[0], 'a scene file or -'))
      for (const w of doc.warnings ?? []) process.stderr.write(`warning: ${cut(`${w.path}: ${w.message}`, 291)}\n`)
      process.stdout.write('ok\n')
      return 0
    }
    case 'terrain': {
      const { reportTerrain } = await import('./terrainReport.ts')
      process.stdout.write(JSON.stringify(await reportTerrain(repoRoot, readJson(need(rest[0], 'a scene file or -'))), null, 2) + '\n')
      return 0
    }
    case 'systems': {
      const { ruleSystems } = await loadSystems()
      const out = ruleSystems.map((s) => ({ id: s.id, title: s.title, dice: s.dice, terrainTypes: s.terrainTypes.map((t) => t.id), options: s.options.map((o) => ({ name: o.name, default: o.default, values: o.values, section: o.section })) }))
      process.stdout.write(JSON.stringify(out, null, 2) + '\n')
      return 0
    }
    case 'schema': {
      const which = rest[0] ?? 'scene'
      if (which !== 'scene' && which !== 'game') throw new SceneError([{ path: '', message: `schema takes scene or game; got "${which.slice(0, 40)}"` }])
      process.stdout.write(JSON.stringify(z.toJSONSchema(which === 'game' ? gameLogSchema : sceneSchema, { unrepresentable: 'any' }), null, 2) + '\n')
      return 0
    }
    case 'game': {
      const { findRuleSystem, known } = await loadSystems()
      return (await import('./gameReplay.ts')).runGameCommand(rest, { modelsDir: join(repoRoot, 'models'), findRuleSystem, known, limits })
    }
    case 'room':
      return (await import('./room.ts')).runRoomCommand(rest)
    case 'survey': {
      // Loaded lazily, as the tracking commands: OpenCV is heavy.
      const surveyModule = './survey.ts'
      const survey = (await import(surveyModule).catch(() => null)) as null | { runSurveyCommand: (args: string[], limits: InputLimits) => Promise<number> }
      if (!survey) throw new SceneError([{ path: '', message: '"survey" needs the tracking module, which is not installed in this build' }])
      return survey.runSurveyCommand(rest, limits)
    }
    case 'track':
    case 'scene':
    case 'markers': {
      // Loaded lazily (OpenCV is heavy); the path is a variable so the CLI still type-checks and runs without it.
      const trackingModule = './track.ts'
      const tracking = (await import(trackingModule).catch(() => null)) as null | {
        runTrackingCommand: (cmd: string, args: string[], env: { repoRoot: string; ruleSystem: (id: string) => Promise<unknown>; limits: InputLimits }) => Promise<number>
      }
      if (!tracking) throw new SceneError([{ path: '', message: `"${cmd}" needs the tracking module, which is not installed in this build` }])
      return tracking.runTrackingCommand(cmd, rest, { repoRoot, ruleSystem: async (id) => (await loadSystems()).findRuleSystem(id), limits })
    }
    case undefined:
    case '-h':
    case '--help':
      process.stdout.write(USAGE + '\n')
      return cmd === undefined ? 2 : 0
    default:
      process.stderr.write(USAGE + '\n')
      throw new SceneError([{ path: '', message: `unknown command "${cmd.slice(0, 40)}" (usage above)` }])
  }
}

/** `--limit name=value` (any number, anywhere) taken out of the arguments. */
function takeLimits(argv: readonly string[]): { args: string[]; limits: InputLimits } {
  const args: string[] = []
  const over: Partial<InputLimits> = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const inline = a.startsWith('--limit=') ? a.slice('--limit='.length) : null
    if (a !== '--limit' && inline === null) {
      args.push(a)
      continue
    }
    const spec = inline ?? argv[++i] ?? ''
    const m = /^([A-Za-z]+)=(\d+(?:\.\d+)?(?:e\d+)?)$/.exec(spec)
    const name = m?.[1] as keyof InputLimits | undefined
    if (!m || !name || !(LIMIT_NAMES as string[]).includes(name)) {
      throw new SceneError([{ path: '', message: `--limit takes <name>=<number> with a name among ${LIMIT_NAMES.map((n) => `${n} (${LIMIT_UNITS[n]})`).join(', ')}; got "${spec.slice(0, 40)}"` }])
    }
    over[name] = Number(m[2])
  }
  return { args, limits: resolveLimits(over) }
}

/** The result as printed, refused over the "outputBytes" limit (measured compact first, so a huge result never becomes one string). */
function printJson(doc: { results: unknown[] }, limits: InputLimits): string {
  let compact = 0
  for (const r of doc.results) {
    compact += JSON.stringify(r).length
    if (compact > limits.outputBytes) throw limitError('', 'outputBytes', `the result is over ${limits.outputBytes.toLocaleString('en-US')} bytes`, limits.outputBytes)
  }
  const text = JSON.stringify(doc, null, 2)
  if (text.length > limits.outputBytes) throw limitError('', 'outputBytes', `the result has ${text.length.toLocaleString('en-US')} bytes`, limits.outputBytes)
  return text
}

/** `--format json|text` and `--unit in|cm|mm` taken out of eval's arguments. */
function takeTextOptions(argv: readonly string[]): { args: string[]; format: 'json' | 'text'; unit: LengthUnit } {
  const args: string[] = []
  let format: 'json' | 'text' = 'json'
  let unit: LengthUnit = 'in'
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const m = /^--(format|unit)(?:=(.*))?$/.exec(a)
    if (!m) {
      args.push(a)
      continue
    }
    const v = m[2] ?? argv[++i] ?? ''
    if (m[1] === 'format') {
      if (v !== 'json' && v !== 'text') throw new SceneError([{ path: '', message: `--format takes json or text; got "${v.slice(0, 40)}"` }])
      format = v
    } else {
      if (!(LENGTH_UNITS as readonly string[]).includes(v)) throw new SceneError([{ path: '', message: `--unit takes ${LENGTH_UNITS.join(', ')}; got "${v.slice(0, 40)}"` }])
      unit = v as LengthUnit
    }
  }
  return { args, format, unit }
}

function need(arg: string | undefined, what: string): string {
  if (!arg) throw new SceneError([{ path: '', message: `missing argument: ${what}` }])
  return arg
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]
if (isEntry) {
  // Exit only once stdout has been flushed: process.exit() right after a large write to a pipe
  // would cut the JSON short (stdout to a pipe is asynchronous).
  const finish = (code: number) => process.stdout.write('', () => process.exit(code))
  main(process.argv.slice(2)).then(finish, (e: unknown) => {
    if (e instanceof SceneError) {
      process.stderr.write(`error: ${e.message.replace(/\n/g, ' ')}\n`)
      finish(2)
      return
    }
    process.stderr.write(`internal error: ${(e instanceof Error ? e.message : String(e)).replace(/\n/g, ' ').slice(0, 300)}\n`)
    finish(1)
  })
}
