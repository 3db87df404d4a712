// Build step (a Vite plugin, for the worker bundles: vite.config.ts `worker.plugins`): OpenCV.js's
// wasm as its own hashed file instead of the base64 data URI @techstark/opencv-js embeds.
//
// The package ships one 10.8 MB script whose Emscripten loader holds the 7.9 MB wasm as
// `var wasmBinaryFile="data:application/octet-stream;base64,…"`. From a data URI the loader
// decodes and compiles an ArrayBuffer after the worker has parsed all 10.8 MB of JS. Given a URL
// (not a data URI) the same loader calls WebAssembly.instantiateStreaming(fetch(url)): the browser
// compiles while the bytes arrive and keeps the compiled code for the next start (V8's wasm code
// cache, for HTTP- and service-worker-cached responses). The file is precached with the rest of
// the build (pwaOptions.ts globs *.wasm) and served as application/wasm (staticFiles.ts; vite
// preview does the same), which instantiateStreaming requires.
//
// Only the build is changed: Node (CLI, tests) require()s the package as it is, and the dev server
// serves it pre-bundled as it is. A package whose loader no longer has this shape fails the build
// with a message here, never a silently inlined or missing wasm.
import type { Plugin } from 'vite'

/** The package's script, as the bundler names it. */
const OPENCV_SCRIPT = /[\\/]@techstark[\\/]opencv-js[\\/]dist[\\/]opencv\.js$/
/** The embedded wasm and the loader's next statement (which would prefix a URL with the script's folder). */
const EMBEDDED_WASM = /var wasmBinaryFile="data:application\/octet-stream;base64,([A-Za-z0-9+/]+={0,2})";if\(!isDataURI\(wasmBinaryFile\)\)\{wasmBinaryFile=locateFile\(wasmBinaryFile\)\}/
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d]

export type OpenCvWasmFile = { wasm: Uint8Array<ArrayBuffer>; code: (urlExpression: string) => string }

/**
 * Split OpenCV.js's script into its wasm bytes and the script that loads them from
 * `urlExpression` (a JS expression giving an absolute URL). Throws when the script has no embedded wasm.
 */
export function splitOpenCvWasm(script: string, where = '@techstark/opencv-js/dist/opencv.js'): OpenCvWasmFile {
  const found = EMBEDDED_WASM.exec(script)
  if (!found || script.split('var wasmBinaryFile=').length !== 2) {
    throw new Error(`${where}: no single embedded wasm (var wasmBinaryFile="data:application/octet-stream;base64,…") found; the OpenCV.js loader changed shape, so src/server/openCvWasm.ts must follow it`)
  }
  const wasm = new Uint8Array(Buffer.from(found[1]!, 'base64'))
  if (!WASM_MAGIC.every((b, i) => wasm[i] === b)) throw new Error(`${where}: the embedded data URI does not decode to a WebAssembly module`)
  const before = script.slice(0, found.index)
  const after = script.slice(found.index + found[0].length)
  return { wasm, code: (urlExpression) => `${before}var wasmBinaryFile=${urlExpression};${after}` }
}

/** Vite plugin: emit OpenCV's wasm as `assets/opencv-<hash>.wasm` and load it by URL. Build only. */
export function openCvWasmFile(): Plugin {
  return {
    name: 'tabletop:opencv-wasm-file',
    apply: 'build',
    transform: {
      filter: { id: OPENCV_SCRIPT },
      handler(code, id) {
        if (!OPENCV_SCRIPT.test(id)) return null
        const split = splitOpenCvWasm(code, id)
        const ref = this.emitFile({ type: 'asset', name: 'opencv.wasm', source: split.wasm })
        // The bundler turns this into new URL('opencv-<hash>.wasm', import.meta.url).href in the worker chunk.
        return { code: split.code(`import.meta.ROLLUP_FILE_URL_${ref}`), map: null }
      },
    },
  }
}
