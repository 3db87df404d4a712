// tabletop CLI. Exit 0 on success, 2 on invalid input (one line on stderr saying what and where),
// 1 on an internal error.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { SceneError, evaluateTable, loadScene, sceneSchema } from '../engine/index.ts'
import { findRuleSystem, ruleSystems } from '../systems/index.ts'
import { readJson } from './readInput.ts'
import { loadSceneMeshes } from './loadMeshes.ts'
import { repairNotes, reportTerrain } from './terrainReport.ts'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

const USAGE = `usage:
  cli eval <scene.json | ->            evaluate a scene's queries, print tabletop-result/1 JSON
  cli validate <scene.json | ->        check a scene; print "ok" or the problems
  cli terrain <scene.json | ->         the scene's mesh pieces: file, size in mm, triangles, repairs, LoS time
  cli systems                          list rule systems with their options
  cli schema                           print the scene JSON Schema
  cli track <images|folder> --registry <registry.json> [--camera <intrinsics.json>]
  cli scene <image> --registry <registry.json> --base <scene.json>
  cli markers [--out <dir>]            write printable marker sheets
  cli room create [--url <base>] [--data <dir>]   a shared-table room: JSON with its id, edit and view links`

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv
  const known = ruleSystems.map((s) => s.id)
  // only the meshes the scene names are read (src/cli/loadMeshes.ts); repairs are said on stderr
  const meshes = async (scene: unknown) => {
    const loaded = await loadSceneMeshes(join(repoRoot, 'models'), scene)
    for (const line of repairNotes(loaded.files)) process.stderr.write(line + '\n')
    return loaded.meshes
  }
  switch (cmd) {
    case 'eval': {
      const raw = readJson(need(rest[0], 'a scene file or -'))
      const table = loadScene(raw, findRuleSystem, known, { meshes: await meshes(raw) })
      process.stdout.write(JSON.stringify(evaluateTable(table), null, 2) + '\n')
      return 0
    }
    case 'validate': {
      const raw = readJson(need(rest[0], 'a scene file or -'))
      loadScene(raw, findRuleSystem, known, { meshes: await meshes(raw) })
      process.stdout.write('ok\n')
      return 0
    }
    case 'terrain': {
      process.stdout.write(JSON.stringify(await reportTerrain(repoRoot, readJson(need(rest[0], 'a scene file or -'))), null, 2) + '\n')
      return 0
    }
    case 'systems': {
      const out = ruleSystems.map((s) => ({ id: s.id, title: s.title, dice: s.dice, terrainTypes: s.terrainTypes.map((t) => t.id), options: s.options.map((o) => ({ name: o.name, default: o.default, values: o.values, section: o.section })) }))
      process.stdout.write(JSON.stringify(out, null, 2) + '\n')
      return 0
    }
    case 'schema': {
      process.stdout.write(JSON.stringify(z.toJSONSchema(sceneSchema, { unrepresentable: 'any' }), null, 2) + '\n')
      return 0
    }
    case 'room':
      return (await import('./room.ts')).runRoomCommand(rest)
    case 'track':
    case 'scene':
    case 'markers': {
      // Loaded lazily (OpenCV is heavy); the path is a variable so the CLI still type-checks and runs without it.
      const trackingModule = './track.ts'
      const tracking = (await import(trackingModule).catch(() => null)) as null | {
        runTrackingCommand: (cmd: string, args: string[], env: { repoRoot: string; findRuleSystem: typeof findRuleSystem; knownSystems: readonly string[] }) => Promise<number>
      }
      if (!tracking) throw new SceneError([{ path: '', message: `"${cmd}" needs the tracking module, which is not installed in this build` }])
      return tracking.runTrackingCommand(cmd, rest, { repoRoot, findRuleSystem, knownSystems: known })
    }
    case undefined:
    case '-h':
    case '--help':
      process.stdout.write(USAGE + '\n')
      return cmd === undefined ? 2 : 0
    default:
      throw new SceneError([{ path: '', message: `unknown command "${cmd}"\n${USAGE}` }])
  }
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
    process.stderr.write(`internal error: ${e instanceof Error ? e.message : String(e)}\n`)
    finish(1)
  })
}
