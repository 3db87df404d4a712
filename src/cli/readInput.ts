// Reading the CLI's inputs: a file path or "-" for stdin, parsed as JSON with a located error.
import { readFileSync, statSync } from 'node:fs'
import { type InputLimits, DEFAULT_LIMITS, SceneError, checkJsonShape, inFile, limitError } from '../engine/index.ts'

const nameOf = (path: string) => (path === '-' ? 'standard input' : path)

/** A file's text (or standard input's, for "-"), refused over the "inputBytes" limit before it is read. */
export function readText(path: string, limits: Pick<InputLimits, 'inputBytes'> = DEFAULT_LIMITS): string {
  let text: string
  try {
    if (path !== '-') {
      const size = statSync(path).size
      if (size > limits.inputBytes) throw inFile(limitError('', 'inputBytes', `the file has ${size.toLocaleString('en-US')} bytes`, limits.inputBytes), path)
    }
    text = path === '-' ? readFileSync(0, 'utf8') : readFileSync(path, 'utf8')
  } catch (e) {
    if (e instanceof SceneError) throw e
    const code = (e as NodeJS.ErrnoException).code
    throw new SceneError([{ path: '', message: `cannot read ${nameOf(path)}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}` }])
  }
  if (text.length > limits.inputBytes) throw inFile(limitError('', 'inputBytes', `the input has ${text.length.toLocaleString('en-US')} characters`, limits.inputBytes), nameOf(path))
  return text
}

export function parseJson(text: string, name: string, limits: Pick<InputLimits, 'nestingDepth'> = DEFAULT_LIMITS): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const { offset, expected } = findJsonError(text, limits.nestingDepth)
    const before = text.slice(0, offset)
    const line = before.split('\n').length
    const col = offset - before.lastIndexOf('\n')
    const found = offset >= text.length ? 'the end of the file' : JSON.stringify(text[offset])
    throw new SceneError([{ path: '', message: `${name} is not valid JSON at line ${line}, column ${col}: expected ${expected}, found ${found}` }])
  }
  try {
    checkJsonShape(value, limits)
  } catch (e) {
    throw e instanceof SceneError ? inFile(e, name) : e
  }
  return value
}

/**
 * Locate the first syntax error of a JSON text (Node 20's messages give no position). Nesting deeper
 * than `maxDepth` is reported as the error (so a 100,000-deep unclosed text cannot overflow the stack).
 */
export function findJsonError(text: string, maxDepth = DEFAULT_LIMITS.nestingDepth): { offset: number; expected: string } {
  let i = 0
  let depth = 0
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
  const number = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y
  const num = () => {
    number.lastIndex = i
    const m = number.exec(text)
    if (!m) fail('a value')
    i += m![0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if ((c === '{' || c === '[') && ++depth > maxDepth) fail(`at most ${maxDepth} nested arrays and objects (limit "nestingDepth")`)
    if (c === '{') {
      i++; ws()
      if (text[i] === '}') { i++; depth--; return }
      for (;;) {
        ws(); if (text[i] !== '"') fail('a quoted key'); str(); ws()
        if (text[i] !== ':') fail('":"'); i++; value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === '}') { i++; depth--; return }
        fail('"," or "}"')
      }
    } else if (c === '[') {
      i++; ws()
      if (text[i] === ']') { i++; depth--; return }
      for (;;) {
        value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === ']') { i++; depth--; return }
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

export function readJson(path: string, limits: InputLimits = DEFAULT_LIMITS): unknown {
  return parseJson(readText(path, limits), nameOf(path), limits)
}
