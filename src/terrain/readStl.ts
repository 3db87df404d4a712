// STL as exported in the wild, binary or ASCII, read in one pass with no loader log:
// - binary: 80-byte header (which may itself begin with "solid"), a triangle count, 50 bytes a triangle.
//   It is binary when the count fits the file's size exactly, or the file holds at least that many
//   triangles (some exporters pad the end); a file shorter than its count says is truncated.
// - ASCII: keywords in any case, any whitespace and line ends, several solids in one file, "endsolid"
//   optional, a loop of more than three vertices fanned into triangles.
// three's STLLoader wants a lower-case "solid … endsolid" block and yields nothing otherwise.
import type { MeshReadError } from './meshFileFormat.ts'

export type StlMesh = { positions: Float64Array; indices: Uint32Array; warnings: string[] }

const HEADER = 80

export function readStl(bytes: Uint8Array, fail: MeshReadError): StlMesh {
  if (bytes.length >= HEADER + 4) {
    const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(HEADER, true)
    const expected = HEADER + 4 + 50 * count
    if (expected === bytes.length || (count > 0 && expected < bytes.length && !looksAscii(bytes))) return readBinary(bytes, count, expected !== bytes.length)
    if (!looksAscii(bytes)) {
      if (count > 0 && expected > bytes.length) fail(`is a truncated binary STL: its header says ${count} triangles, the file holds ${Math.floor((bytes.length - HEADER - 4) / 50)}`)
      fail('is neither a binary STL (its triangle count does not fit its size) nor an ASCII STL (no "solid … facet … vertex" text)')
    }
  }
  if (!looksAscii(bytes)) fail('is too short to be an STL file')
  return readAscii(bytes, fail)
}

/** ASCII STL starts (after blanks) with "solid" and has "facet" text early on. */
function looksAscii(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, Math.min(bytes.length, 1024))).trimStart().toLowerCase()
  return head.startsWith('solid') && (head.includes('facet') || head.includes('vertex') || bytes.length < 1024)
}

function readBinary(bytes: Uint8Array, count: number, padded: boolean): StlMesh {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const positions = new Float64Array(count * 9)
  const indices = new Uint32Array(count * 3)
  for (let t = 0; t < count; t++) {
    const o = HEADER + 4 + 50 * t + 12
    for (let k = 0; k < 9; k++) positions[9 * t + k] = view.getFloat32(o + 4 * k, true)
    indices[3 * t] = 3 * t
    indices[3 * t + 1] = 3 * t + 1
    indices[3 * t + 2] = 3 * t + 2
  }
  return { positions, indices, warnings: padded ? [`binary STL has ${bytes.length - HEADER - 4 - 50 * count} bytes after its ${count} triangles (ignored)`] : [] }
}

const C = { Space: 32, Tab: 9, Nl: 10, Cr: 13 } as const

function readAscii(bytes: Uint8Array, fail: MeshReadError): StlMesh {
  const positions: number[] = []
  const indices: number[] = []
  const loop: number[] = []
  let line = 1
  let i = 0
  const n = bytes.length
  const decoder = new TextDecoder()
  const next = (): string | null => {
    while (i < n) {
      const c = bytes[i]!
      if (c === C.Nl) line++
      if (c !== C.Space && c !== C.Tab && c !== C.Nl && c !== C.Cr) break
      i++
    }
    if (i >= n) return null
    const s = i
    while (i < n) {
      const c = bytes[i]!
      if (c === C.Space || c === C.Tab || c === C.Nl || c === C.Cr) break
      i++
    }
    return decoder.decode(bytes.subarray(s, i))
  }
  const endLoop = () => {
    if (loop.length >= 9) {
      const base = positions.length / 3
      for (let k = 0; k < loop.length; k++) positions.push(loop[k]!)
      // a polygon loop (some exporters write quads) is fanned from its first vertex
      for (let k = 1; k + 1 < loop.length / 3; k++) indices.push(base, base + k, base + k + 1)
    }
    loop.length = 0
  }
  for (let tok = next(); tok !== null; tok = next()) {
    const word = tok.toLowerCase()
    if (word === 'vertex') {
      for (let k = 0; k < 3; k++) {
        const v = next()
        const x = v === null ? NaN : Number(v)
        if (!Number.isFinite(x)) fail(`line ${line}: expected three numbers after "vertex", got ${v === null ? 'the end of the file' : JSON.stringify(v.slice(0, 20))}`)
        loop.push(x)
      }
    } else if (word === 'endloop' || word === 'endfacet') endLoop()
    else if (word === 'solid' || word === 'endsolid') {
      endLoop()
      // the solid's name runs to the end of the line
      while (i < n && bytes[i] !== C.Nl) i++
    }
  }
  endLoop()
  return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices), warnings: [] }
}
