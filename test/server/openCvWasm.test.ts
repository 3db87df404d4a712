// The build's OpenCV wasm as its own file (src/server/openCvWasm.ts): the real @techstark/opencv-js
// script is split into a valid WebAssembly module and a loader that fetches it by URL; a script of
// another shape fails with a message naming the file, never a silently inlined or missing wasm.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { splitOpenCvWasm } from '../../src/server/openCvWasm.ts'

const scriptPath = createRequire(import.meta.url).resolve('@techstark/opencv-js/dist/opencv.js')

describe('OpenCV wasm split out of the script', () => {
  const script = readFileSync(scriptPath, 'utf8')

  it('gives a valid WebAssembly module and a loader that takes it from the given URL', () => {
    const split = splitOpenCvWasm(script, scriptPath)
    expect(WebAssembly.validate(split.wasm)).toBe(true)
    // The embedded base64 is 4/3 of the module: the script shrinks by at least that much.
    const code = split.code('new URL("opencv.wasm", import.meta.url).href')
    expect(script.length - code.length).toBeGreaterThan(split.wasm.length * 1.3)
    expect(code).toContain('var wasmBinaryFile=new URL("opencv.wasm", import.meta.url).href;')
    expect(code.length, 'no embedded module left').toBeLessThan(1_000_000)
  })

  it('the module is the one OpenCV runs: its exports are the ones the loader reads', async () => {
    const split = splitOpenCvWasm(script, scriptPath)
    const module = await WebAssembly.compile(split.wasm)
    const exports = WebAssembly.Module.exports(module).map((e) => e.name)
    expect(exports.length).toBeGreaterThan(10)
    expect(exports.some((n) => /malloc/.test(n))).toBe(true)
  })

  it('refuses a script without the embedded wasm, naming the file', () => {
    expect(() => splitOpenCvWasm('var x=1;', 'some/opencv.js')).toThrow(/some\/opencv\.js: no single embedded wasm/)
    const twice = script.replace('var wasmBinaryFile=', 'var wasmBinaryFile="a";var wasmBinaryFile=')
    expect(() => splitOpenCvWasm(twice, 'twice.js')).toThrow(/twice\.js/)
  })
})
