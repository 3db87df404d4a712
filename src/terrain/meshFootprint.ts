// The footprint of a piece made of several shells (or of thin surfaces): the union of each shell's
// outline FOOTPRINT_CUT_MM above the piece's bottom, as one polygon (outer rings and holes joined by
// zero-width bridges, as the engine's own cut gives for one shell). The engine cuts a single closed
// shell itself; where shells overlap, its even-odd cut would leave their overlap out (two walls
// meeting at a corner), so the union is made here with polygon-clipping and handed to the engine with
// the mesh. A shell whose cut does not close (pinched where it meets another) counts by its convex hull.
import * as clippingModule from 'polygon-clipping'
import type { MultiPolygon, Polygon as ClipPolygon } from 'polygon-clipping'
import { FOOTPRINT_CUT_MM, convexHull, joinLoops, outlineMeshAtHeight, signedAreaMm2 } from '../engine/index.ts'

type Ring = Array<[number, number]>
// its ES build has a default export only, its CommonJS build (Node) the functions: either way the same object
const clipping = (clippingModule as unknown as { default?: typeof clippingModule }).default ?? clippingModule

/**
 * The union footprint (mm, the mesh's own frame), or null when the engine's own cut gives the same
 * area (separate shells that neither overlap nor share an edge at the cut: `touching` false) or
 * nothing stands at the cut height.
 */
export function findShellsFootprint(positions: Float64Array, indices: Uint32Array, shellOf: Int32Array, shellCount: number, touching: boolean): Array<[number, number]> | null {
  let zMin = Infinity, zMax = -Infinity
  for (let i = 2; i < positions.length; i += 3) { zMin = Math.min(zMin, positions[i]!); zMax = Math.max(zMax, positions[i]!) }
  const z = zMin + Math.min(FOOTPRINT_CUT_MM, (zMax - zMin) / 2)
  // triangles by shell (a counting sort)
  const start = new Int32Array(shellCount + 1)
  for (let t = 0; t < shellOf.length; t++) start[shellOf[t]! + 1]!++
  for (let s = 0; s < shellCount; s++) start[s + 1]! += start[s]!
  const fill = start.slice(0, shellCount)
  const tris = new Uint32Array(indices.length)
  for (let t = 0; t < shellOf.length; t++) {
    const o = 3 * fill[shellOf[t]!]!++
    tris[o] = indices[3 * t]!; tris[o + 1] = indices[3 * t + 1]!; tris[o + 2] = indices[3 * t + 2]!
  }
  const parts: MultiPolygon[] = []
  let separateArea = 0
  let cutFailed = false
  for (let s = 0; s < shellCount; s++) {
    const sub = tris.subarray(3 * start[s]!, 3 * start[s + 1]!)
    if (!sub.length || !crosses(positions, sub, z)) continue
    const loops = outlineMeshAtHeight(positions, sub, z)
    if (!loops.length) cutFailed = true
    for (const l of loops) separateArea += signedAreaMm2(l)
    parts.push(loops.length ? ringsToPolygons(loops) : [[closeRing(hullOf(positions, sub))]])
  }
  if (!parts.length) return null
  let union: MultiPolygon
  try {
    union = clipping.union(parts[0]!, ...parts.slice(1))
  } catch {
    // polygon-clipping's sweep can lose a segment on near-degenerate input: the engine's own cut
    // (or its convex hull) stands in, as for a mesh whose outline does not close
    return null
  }
  const unionArea = union.reduce((a, poly) => a + poly.reduce((b, ring, i) => b + (i === 0 ? 1 : -1) * Math.abs(signedAreaMm2(openRing(ring as Ring))), 0), 0)
  if (!touching && !cutFailed && Math.abs(unionArea - separateArea) <= 1e-9 * Math.max(1, unionArea)) return null
  const rings = union.flatMap((poly) => poly.map((ring) => openRing(ring as Ring)))
  return joinLoops(rings.filter((r) => r.length >= 3))
}

function crosses(positions: Float64Array, tris: Uint32Array, z: number): boolean {
  let below = false, above = false
  for (let i = 0; i < tris.length; i++) {
    const v = positions[3 * tris[i]! + 2]!
    if (v < z) below = true
    else above = true
    if (below && above) return true
  }
  return false
}

function hullOf(positions: Float64Array, tris: Uint32Array): Ring {
  const pts: Array<[number, number]> = []
  for (let i = 0; i < tris.length; i++) pts.push([positions[3 * tris[i]!]!, positions[3 * tris[i]! + 1]!])
  return convexHull(pts)
}

/** A shell's cut loops (counter-clockwise around solid, clockwise around holes) as polygons with holes. */
function ringsToPolygons(loops: Ring[]): MultiPolygon {
  const outers = loops.filter((l) => signedAreaMm2(l) > 0)
  const holes = loops.filter((l) => signedAreaMm2(l) < 0)
  const polys: ClipPolygon[] = outers.map((o) => [closeRing(o)])
  for (const h of holes) {
    const [x, y] = h[0]!
    let owner = -1
    outers.forEach((o, i) => { if (inRing(o, x, y) && (owner < 0 || Math.abs(signedAreaMm2(o)) < Math.abs(signedAreaMm2(outers[owner]!)))) owner = i })
    if (owner >= 0) polys[owner]!.push(closeRing(h))
  }
  return polys
}

function inRing(ring: Ring, x: number, y: number): boolean {
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!, [xj, yj] = ring[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

const closeRing = (r: Ring): Ring => [...r, r[0]!]
const openRing = (r: Ring): Ring => (r.length > 1 && r[0]![0] === r[r.length - 1]![0] && r[0]![1] === r[r.length - 1]![1] ? r.slice(0, -1) : r)
