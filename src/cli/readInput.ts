// Reading the CLI's inputs: a file path or "-" for stdin, parsed as JSON with a located error.
import { readFileSync } from 'node:fs'
import { SceneError } from '../engine/index.ts'

export function readText(path: string): string {
  try {
    return path === '-' ? readFileSync(0, 'utf8') : readFileSync(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new SceneError([{ path: '', message: `cannot read ${path === '-' ? 'standard input' : path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}` }])
  }
}

export function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text)
  } catch (e) {
    const msg = (e as Error).message
    const pos = /position (\d+)/.exec(msg)
    let where = ''
    if (pos) {
      const offset = Number(pos[1])
      const before = text.slice(0, offset)
      const line = before.split('\n').length
      const col = offset - before.lastIndexOf('\n')
      where = ` at line ${line}, column ${col}`
    }
    throw new SceneError([{ path: '', message: `${name} is not valid JSON${where}: ${msg.replace(/^.*?: /, '').replace(/ in JSON at position \d+.*$/, '')}` }])
  }
}

export function readJson(path: string): unknown {
  return parseJson(readText(path), path === '-' ? 'standard input' : path)
}
