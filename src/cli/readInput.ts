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
  } catch {
    const { offset, expected } = findJsonError(text)
    const before = text.slice(0, offset)
    const line = before.split('\n').length
    const col = offset - before.lastIndexOf('\n')
    const found = offset >= text.length ? 'the end of the file' : JSON.stringify(text[offset])
    throw new SceneError([{ path: '', message: `${name} is not valid JSON at line ${line}, column ${col}: expected ${expected}, found ${found}` }])
  }
}

/** Locate the first syntax error of a JSON text (Node 20's messages give no position). */
export function findJsonError(text: string): { offset: number; expected: string } {
  let i = 0
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++ }
  const fail = (expected: string): never => { throw { offset: i, expected } }
  const lit = (word: string) => { if (text.startsWith(word, i)) i += word.length; else fail('a value') }
  const str = () => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++
      else if (text.charCodeAt(i) < 0x20) fail('a closing quote')
      i++
    }
    if (i >= text.length) fail('a closing quote')
    i++
  }
  const num = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!m) fail('a value')
    i += m![0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++; ws()
      if (text[i] === '}') { i++; return }
      for (;;) {
        ws(); if (text[i] !== '"') fail('a quoted key'); str(); ws()
        if (text[i] !== ':') fail('":"'); i++; value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === '}') { i++; return }
        fail('"," or "}"')
      }
    } else if (c === '[') {
      i++; ws()
      if (text[i] === ']') { i++; return }
      for (;;) {
        value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === ']') { i++; return }
        fail('"," or "]"')
      }
    } else if (c === '"') str()
    else if (c === 't') lit('true')
    else if (c === 'f') lit('false')
    else if (c === 'n') lit('null')
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) num()
    else fail('a value')
  }
  try {
    value(); ws()
    if (i < text.length) fail('the end of the document')
    return { offset: i, expected: 'nothing' }
  } catch (e) {
    return e as { offset: number; expected: string }
  }
}

export function readJson(path: string): unknown {
  return parseJson(readText(path), path === '-' ? 'standard input' : path)
}
