// Wavefront OBJ geometry, every object and group of the file: "v x y z" vertices and "f" faces
// (v, v/vt, v//vn, v/vt/vn; negative indices count back from the last vertex; polygons fanned; "\"
// continues a line). Everything else (materials, normals, texture coordinates, lines, points,
// smoothing groups) is not geometry for sight lines and is skipped without a word on the console
// (three's OBJLoader warns on lines it does not know, which put a loader log before our one line).
import type { MeshReadError } from './meshFileFormat.ts'

export type ObjMesh = { positions: Float64Array; indices: Uint32Array; warnings: string[]; objects: number }

export function readObj(bytes: Uint8Array, fail: MeshReadError): ObjMesh {
  const text = new TextDecoder().decode(bytes).replace(/\\\r?\n/g, ' ')
  const positions: number[] = []
  const indices: number[] = []
  const face: number[] = []
  const objects = new Set<string>()
  let lineNo = 0
  let skippedFaces = 0
  for (const raw of text.split(/\r\n|\n|\r/)) {
    lineNo++
    const line = raw.trim()
    if (line.length < 2) continue
    const c0 = line.charCodeAt(0), c1 = line.charCodeAt(1)
    if (c0 === 118 /* v */ && (c1 === 32 || c1 === 9)) {
      const parts = line.split(/\s+/)
      if (parts.length < 4) fail(`line ${lineNo}: a vertex needs x, y and z`)
      for (let k = 1; k <= 3; k++) {
        const x = Number(parts[k])
        if (!Number.isFinite(x)) fail(`line ${lineNo}: vertex coordinate ${JSON.stringify(parts[k]!.slice(0, 20))} is not a finite number`)
        positions.push(x)
      }
    } else if (c0 === 102 /* f */ && (c1 === 32 || c1 === 9)) {
      const parts = line.split(/\s+/)
      const nv = positions.length / 3
      face.length = 0
      for (let k = 1; k < parts.length; k++) {
        const ref = parts[k]!
        const slash = ref.indexOf('/')
        const idx = Number(slash < 0 ? ref : ref.slice(0, slash))
        if (!Number.isInteger(idx) || idx === 0) fail(`line ${lineNo}: face vertex ${JSON.stringify(ref.slice(0, 20))} is not a vertex number`)
        const v = idx > 0 ? idx - 1 : nv + idx
        if (v < 0 || v >= nv) fail(`line ${lineNo}: face refers to vertex ${idx}, but ${nv} vertices are defined before it`)
        face.push(v)
      }
      if (face.length < 3) { skippedFaces++; continue }
      for (let k = 1; k + 1 < face.length; k++) indices.push(face[0]!, face[k]!, face[k + 1]!)
    } else if ((c0 === 111 /* o */ || c0 === 103 /* g */) && (c1 === 32 || c1 === 9)) objects.add(line.slice(2).trim())
  }
  const warnings = skippedFaces ? [`skipped ${skippedFaces} face(s) with fewer than 3 vertices`] : []
  return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices), warnings, objects: objects.size }
}
