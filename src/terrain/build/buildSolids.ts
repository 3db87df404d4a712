// Closed, outward-wound meshes built from simple descriptions, for the project's own terrain library
// (makeTerrainLibrary.ts) and for tests: cells of a rectilinear grid (walls, windows, arches: every
// face between a filled and an empty cell becomes two triangles), heightfields (hills) and extruded
// outlines (bases). Units mm, z up.
import { ShapeUtils, Vector2 } from 'three'

export type BuiltMesh = { positions: number[]; indices: number[]; uvs?: number[] }

/** A box [x0, y0, z0, x1, y1, z1] in mm. */
export type Box = readonly [number, number, number, number, number, number]

/**
 * The union of boxes (which may overlap or touch) as one closed mesh: the grid of all box faces'
 * coordinates (plus `extraLines` per axis, to tessellate finer) is filled cell by cell.
 */
export function buildBoxUnion(boxes: readonly Box[], extraLines: readonly [number[], number[], number[]] = [[], [], []]): BuiltMesh {
  const axis = (k: 0 | 1 | 2) => [...new Set([...boxes.flatMap((b) => [b[k], b[k + 3]!]), ...extraLines[k]])].sort((a, b) => a - b)
  const xs = axis(0), ys = axis(1), zs = axis(2)
  const nx = xs.length - 1, ny = ys.length - 1, nz = zs.length - 1
  const filled = new Uint8Array(nx * ny * nz)
  const cell = (i: number, j: number, k: number) => i + nx * (j + ny * k)
  const lo = (arr: number[], v: number) => arr.indexOf(v)
  for (const b of boxes) {
    for (let k = lo(zs, b[2]); k < lo(zs, b[5]); k++)
      for (let j = lo(ys, b[1]); j < lo(ys, b[4]); j++)
        for (let i = lo(xs, b[0]); i < lo(xs, b[3]); i++) filled[cell(i, j, k)] = 1
  }
  const isFilled = (i: number, j: number, k: number) => i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz && filled[cell(i, j, k)] === 1
  const positions: number[] = []
  const indices: number[] = []
  const ids = new Map<number, number>()
  const vertex = (i: number, j: number, k: number) => {
    const key = i + (nx + 1) * (j + (ny + 1) * k)
    let v = ids.get(key)
    if (v === undefined) { v = positions.length / 3; ids.set(key, v); positions.push(xs[i]!, ys[j]!, zs[k]!) }
    return v
  }
  // quad o, o+u, o+u+v, o+v with u × v the outward normal (grid steps)
  const quad = (o: [number, number, number], u: [number, number, number], v: [number, number, number]) => {
    const a = vertex(...o)
    const b = vertex(o[0] + u[0], o[1] + u[1], o[2] + u[2])
    const c = vertex(o[0] + u[0] + v[0], o[1] + u[1] + v[1], o[2] + u[2] + v[2])
    const d = vertex(o[0] + v[0], o[1] + v[1], o[2] + v[2])
    indices.push(a, b, c, a, c, d)
  }
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!isFilled(i, j, k)) continue
        if (!isFilled(i - 1, j, k)) quad([i, j, k], [0, 0, 1], [0, 1, 0])
        if (!isFilled(i + 1, j, k)) quad([i + 1, j, k], [0, 1, 0], [0, 0, 1])
        if (!isFilled(i, j - 1, k)) quad([i, j, k], [1, 0, 0], [0, 0, 1])
        if (!isFilled(i, j + 1, k)) quad([i, j + 1, k], [0, 0, 1], [1, 0, 0])
        if (!isFilled(i, j, k - 1)) quad([i, j, k], [0, 1, 0], [1, 0, 0])
        if (!isFilled(i, j, k + 1)) quad([i, j, k + 1], [1, 0, 0], [0, 1, 0])
      }
  return { positions, indices }
}

/** Evenly spaced lines from a to b every stepMm (for finer tessellation). */
export function gridLines(a: number, b: number, stepMm: number): number[] {
  const out: number[] = []
  for (let v = a; v <= b + 1e-9; v += stepMm) out.push(Math.round(v * 1000) / 1000)
  return out
}

/** A heightfield z = height(x, y) ≥ 0 over a rectangle, closed by a flat bottom at z = 0 and four sides. */
export function buildHeightfield(x0: number, y0: number, x1: number, y1: number, nx: number, ny: number, height: (x: number, y: number) => number): BuiltMesh {
  const positions: number[] = []
  const indices: number[] = []
  const top = (i: number, j: number) => j * (nx + 1) + i
  const bottom = (i: number, j: number) => (nx + 1) * (ny + 1) + j * (nx + 1) + i
  for (const z of [true, false])
    for (let j = 0; j <= ny; j++)
      for (let i = 0; i <= nx; i++) {
        const x = x0 + ((x1 - x0) * i) / nx, y = y0 + ((y1 - y0) * j) / ny
        positions.push(x, y, z ? Math.round(height(x, y) * 1000) / 1000 : 0)
      }
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      indices.push(top(i, j), top(i + 1, j), top(i + 1, j + 1), top(i, j), top(i + 1, j + 1), top(i, j + 1))
      indices.push(bottom(i, j), bottom(i + 1, j + 1), bottom(i + 1, j), bottom(i, j), bottom(i, j + 1), bottom(i + 1, j + 1))
    }
  // sides: walk the rim counter-clockwise seen from above; outward quads (bottom a, bottom b, top b, top a)
  const rim: Array<[number, number]> = []
  for (let i = 0; i < nx; i++) rim.push([i, 0])
  for (let j = 0; j < ny; j++) rim.push([nx, j])
  for (let i = nx; i > 0; i--) rim.push([i, ny])
  for (let j = ny; j > 0; j--) rim.push([0, j])
  rim.forEach(([i, j], n) => {
    const [i2, j2] = rim[(n + 1) % rim.length]!
    indices.push(bottom(i, j), bottom(i2, j2), top(i2, j2), bottom(i, j), top(i2, j2), top(i, j))
  })
  return { positions, indices }
}

/** A flat outline (counter-clockwise, mm) extruded from z = 0 to heightMm, with uvs mapped from x, y. */
export function buildExtrusion(outline: ReadonlyArray<readonly [number, number]>, heightMm: number, uvScaleMm = 100): BuiltMesh {
  const n = outline.length
  const positions: number[] = []
  const uvs: number[] = []
  for (const z of [0, heightMm]) for (const [x, y] of outline) { positions.push(x, y, z); uvs.push(x / uvScaleMm, y / uvScaleMm) }
  const indices: number[] = []
  for (const [a, b, c] of ShapeUtils.triangulateShape(outline.map(([x, y]) => new Vector2(x, y)), [])) {
    indices.push(n + a!, n + b!, n + c!)
    indices.push(c!, b!, a!)
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n
    indices.push(i, j, n + j, i, n + j, n + i)
  }
  return { positions, indices, uvs }
}

/** One closed box [x0, y0, z0, x1, y1, z1] as its own shell (12 triangles, wound outward). */
export function buildBox(b: Box): BuiltMesh {
  const [x0, y0, z0, x1, y1, z1] = b
  const positions = [x0, y0, z0, x1, y0, z0, x1, y1, z0, x0, y1, z0, x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1]
  const q = (a: number, b2: number, c: number, d: number) => [a, b2, c, a, c, d]
  return { positions, indices: [...q(0, 3, 2, 1), ...q(4, 5, 6, 7), ...q(0, 1, 5, 4), ...q(1, 2, 6, 5), ...q(2, 3, 7, 6), ...q(3, 0, 4, 7)] }
}

/** A closed prism along x from x0 to x1 over a counter-clockwise (y, z) outline: a gable roof, a ramp. */
export function buildPrismAlongX(x0: number, x1: number, outlineYz: ReadonlyArray<readonly [number, number]>): BuiltMesh {
  const n = outlineYz.length
  const positions: number[] = []
  for (const x of [x0, x1]) for (const [y, z] of outlineYz) positions.push(x, y, z)
  const indices: number[] = []
  // the outline is counter-clockwise seen from +x: the x1 end faces +x as it runs, the x0 end reversed
  for (let i = 1; i + 1 < n; i++) indices.push(n, n + i, n + i + 1, 0, i + 1, i)
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n
    indices.push(i, j, n + j, i, n + j, n + i)
  }
  return { positions, indices }
}

/** Several meshes as one file's triangles, each keeping its own vertices: a kitbash of separate shells. */
export function joinShells(meshes: readonly BuiltMesh[]): BuiltMesh {
  const positions: number[] = []
  const indices: number[] = []
  for (const m of meshes) {
    const base = positions.length / 3
    for (const v of m.positions) positions.push(v)
    for (const k of m.indices) indices.push(base + k)
  }
  return { positions, indices }
}
