// `cli room create [--url <base>] [--data <dir>]`: make a shared-table room in the server's data
// folder and print its id and two links as JSON (the edit link changes the table, the view link
// only watches). The keys are printed once here and stored only as digests.
import { resolve } from 'node:path'
import { SceneError } from '../engine/index.ts'
import { DEFAULT_DATA_DIR } from '../server/dataDir.ts'
import { RoomRegistry, roomLinks } from '../server/roomRegistry.ts'

export function runRoomCommand(args: readonly string[]): number {
  const [sub, ...rest] = args
  if (sub !== 'create') throw new SceneError([{ path: '', message: `room: unknown subcommand "${sub ?? ''}" (use: room create [--url <base>] [--data <dir>])` }])
  let url = 'http://127.0.0.1:5173/'
  let dataDir = DEFAULT_DATA_DIR
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]
    const v = rest[i + 1]
    if ((a === '--url' || a === '--data') && v === undefined) throw new SceneError([{ path: a, message: 'needs a value' }])
    if (a === '--url') {
      try {
        const u = new URL(v!)
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error()
        url = `${u.origin}/`
      } catch {
        throw new SceneError([{ path: '--url', message: `"${v}" is not an http(s) URL` }])
      }
      i++
    } else if (a === '--data') {
      dataDir = resolve(v!)
      i++
    } else throw new SceneError([{ path: '', message: `room create: unknown option "${a}"` }])
  }
  const links = roomLinks(url, new RoomRegistry(dataDir).create())
  process.stdout.write(JSON.stringify(links, null, 2) + '\n')
  return 0
}
