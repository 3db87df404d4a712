// §05 Scenarios / §06 Deployment zones / §26 Deployment: the geometry the text gives, in table inches.
// The §07 map images are missing from the source, so only what the scenario text states is here:
// deployment zones, objective points, the Black Site ring, the Dead Drop placement band.
import { SK } from './constants.ts'
import type { SkirmishOptions } from './options.ts'

export type ScenarioId = 'crossfire' | 'smash-and-grab' | 'black-site' | 'high-value-target' | 'dead-drop' | 'total-war' | 'crackerjack'

export type Edge = 'south' | 'north' | 'west' | 'east'
export type Corner = 'south-west' | 'south-east' | 'north-west' | 'north-east'

/** A zone in inches: a polygon (table frame) or a circle. */
export type Zone =
  | { kind: 'polygon'; points: Array<[number, number]>; label: string; rule: string }
  | { kind: 'circle'; centre: [number, number]; radius: number; label: string; rule: string }

export type ScenarioDecl = {
  id: ScenarioId
  name: string
  section: string
  line: number
  deployment: 'edges' | 'corners' | 'black-site' | 'crackerjack'
  objectives: (w: number, d: number, o: Pick<SkirmishOptions, 'crossfireSpacing'>) => Array<{ name: string; at: [number, number] }>
  note: string
}

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioDecl>> = {
  crossfire: {
    id: 'crossfire', name: 'Crossfire', section: '§05 Crossfire', line: 588, deployment: 'edges',
    objectives: (w, d, o) => (o.crossfireSpacing === 'quarters' ? [w / 4, w / 2, (3 * w) / 4] : [w / 6, w / 2, (5 * w) / 6]).map((x, i) => ({ name: `objective-${i + 1}`, at: [x, d / 2] })),
    note: 'Three objectives on the centerline, evenly spaced. Opposing edges, 6" deep. Control: operator within 3", opponent not; checked Rounds 4, 6, 8.',
  },
  'smash-and-grab': {
    id: 'smash-and-grab', name: 'Smash & Grab', section: '§05 Smash & Grab', line: 598, deployment: 'edges',
    objectives: (w, d) => [{ name: 'package', at: [w / 2, d / 2] }],
    note: 'One objective at the board center. Opposing edges, 6" deep. Carrier −2 MOBI, cannot Sprint.',
  },
  'black-site': {
    id: 'black-site', name: 'Black Site', section: '§05 Black Site', line: 608, deployment: 'black-site',
    objectives: (w, d) => [{ name: 'centre', at: [w / 2, d / 2] }],
    note: 'Defender within 12" of center. Attacker from any edge.',
  },
  'high-value-target': {
    id: 'high-value-target', name: 'High Value Target', section: '§05 High Value Target', line: 622, deployment: 'edges',
    objectives: (w, d) => [{ name: 'hvt', at: [w / 2, d / 2] }],
    note: 'One HVT at the board center. Opposing edges, 6" deep.',
  },
  'dead-drop': {
    id: 'dead-drop', name: 'Dead Drop', section: '§05 Dead Drop', line: 634, deployment: 'corners',
    objectives: () => [],
    note: 'Corner deployment, 8". Each player secretly notes a drop in the opponent\'s half, 6"+ from any edge.',
  },
  'total-war': {
    id: 'total-war', name: 'Total War', section: '§05 Total War', line: 646, deployment: 'edges',
    objectives: () => [],
    note: 'No objectives. Opposing edges, 6" deep.',
  },
  crackerjack: {
    id: 'crackerjack', name: 'Crackerjack deployment', section: '§26 Deployment', line: 2399, deployment: 'crackerjack',
    objectives: () => [],
    note: 'Standard operators within 6" of the table edge; Infiltrators after everyone else in the middle third.',
  },
}

const OPPOSITE_EDGE: Record<Edge, Edge> = { south: 'north', north: 'south', west: 'east', east: 'west' }
const OPPOSITE_CORNER: Record<Corner, Corner> = { 'south-west': 'north-east', 'north-east': 'south-west', 'south-east': 'north-west', 'north-west': 'south-east' }

export function oppositeEdge(e: Edge): Edge {
  return OPPOSITE_EDGE[e]
}
export function oppositeCorner(c: Corner): Corner {
  return OPPOSITE_CORNER[c]
}

/** "Standard. 6" from your board edge." (§06 Deployment zones L782) */
export function edgeZone(edge: Edge, w: number, d: number, depth: number, rule: string): Zone {
  const rect = (x0: number, y0: number, x1: number, y1: number): Array<[number, number]> => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
  const points = edge === 'south' ? rect(0, 0, w, depth) : edge === 'north' ? rect(0, d - depth, w, d) : edge === 'west' ? rect(0, 0, depth, d) : rect(w - depth, 0, w, d)
  return { kind: 'polygon', points, label: `${depth}" from the ${edge} edge`, rule }
}

/** "Corners (Dead Drop). 8" from the corner in both directions." (§06 L783) */
export function cornerZone(corner: Corner, w: number, d: number): Zone {
  const s = SK.cornerDeploymentInches.value
  const x0 = corner.endsWith('west') ? 0 : w - s
  const y0 = corner.startsWith('south') ? 0 : d - s
  return { kind: 'polygon', points: [[x0, y0], [x0 + s, y0], [x0 + s, y0 + s], [x0, y0 + s]], label: `${s}" square at the ${corner} corner`, rule: '§06 Deployment zones L783' }
}

/**
 * Dead Drop: the drop goes "in the opponent's half, 6"+ from any edge" (§05 L636). The half is the
 * side of the board nearer the opponent's corner (diagonal split) or across the centre line (option).
 */
export function deadDropZone(ownCorner: Corner, w: number, d: number, o: Pick<SkirmishOptions, 'deadDropHalf'>): Zone {
  const g = SK.deadDropEdgeGapInches.value
  const inner: Array<[number, number]> = [[g, g], [w - g, g], [w - g, d - g], [g, d - g]]
  const opp = oppositeCorner(ownCorner)
  const ox = opp.endsWith('west') ? 0 : w
  const oy = opp.startsWith('south') ? 0 : d
  const cx = ownCorner.endsWith('west') ? 0 : w
  const cy = ownCorner.startsWith('south') ? 0 : d
  // Half-plane: points nearer the opponent's corner than one's own (diagonal) or beyond y = d/2 toward the opponent.
  const inHalf = (x: number, y: number) =>
    o.deadDropHalf === 'nearer-corner'
      ? (x - ox) ** 2 + (y - oy) ** 2 <= (x - cx) ** 2 + (y - cy) ** 2
      : (oy > cy ? y >= d / 2 : y <= d / 2)
  const points = clipPolygon(inner, inHalf, (a, b) => bisect(a, b, inHalf))
  return { kind: 'polygon', points, label: `drop band for the ${ownCorner} player (opponent's half, ${g}"+ from every edge)`, rule: '§05 Dead Drop L636' }
}

/** "Defender within 12" of center." (§05 Black Site L612) */
export function blackSiteZone(w: number, d: number): Zone {
  return { kind: 'circle', centre: [w / 2, d / 2], radius: SK.blackSiteDefenderRadiusInches.value, label: 'within 12" of center', rule: '§05 Black Site L612' }
}

/**
 * §26 Deployment L2402: Infiltrators "anywhere in the middle third of the board (more than 12" from
 * either edge)". On a 24" board the parenthesis leaves nothing; middle-third keeps the band D/3–2D/3.
 */
export function crackerjackInfiltratorZone(edge: Edge, w: number, d: number, o: Pick<SkirmishOptions, 'crackerjackInfiltratorZone'>): Zone | null {
  const across = edge === 'south' || edge === 'north' ? d : w
  const [lo, hi] = o.crackerjackInfiltratorZone === 'middle-third' ? [across / 3, (2 * across) / 3] : [SK.crackerjackInfiltratorEdgeGapInches.value, across - SK.crackerjackInfiltratorEdgeGapInches.value]
  if (hi - lo <= 1e-6) return null
  const points: Array<[number, number]> = edge === 'south' || edge === 'north' ? [[0, lo], [w, lo], [w, hi], [0, hi]] : [[lo, 0], [hi, 0], [hi, d], [lo, d]]
  return { kind: 'polygon', points, label: o.crackerjackInfiltratorZone === 'middle-third' ? 'middle third' : 'more than 12" from either edge', rule: '§26 Deployment L2402' }
}

// Sutherland–Hodgman against a convex region given by a predicate and an edge-crossing finder.
function clipPolygon(poly: Array<[number, number]>, inside: (x: number, y: number) => boolean, cross: (a: [number, number], b: [number, number]) => [number, number]): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!
    const b = poly[(i + 1) % poly.length]!
    const ia = inside(a[0], a[1])
    const ib = inside(b[0], b[1])
    if (ia) out.push(a)
    if (ia !== ib) out.push(cross(a, b))
  }
  // Drop vertices that the crossing search put on top of an existing corner.
  const near = (p: [number, number], q: [number, number]) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= 1e-4
  const kept: Array<[number, number]> = []
  for (const p of out) if (!kept.length || !near(p, kept[kept.length - 1]!)) kept.push(p)
  while (kept.length > 1 && near(kept[0]!, kept[kept.length - 1]!)) kept.pop()
  return kept
}

function bisect(a: [number, number], b: [number, number], inside: (x: number, y: number) => boolean): [number, number] {
  let lo = a
  let hi = b
  const ia = inside(a[0], a[1])
  for (let k = 0; k < 60; k++) {
    const m: [number, number] = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2]
    if (inside(m[0], m[1]) === ia) lo = m
    else hi = m
  }
  return [Math.round(lo[0] * 1e6) / 1e6, Math.round(lo[1] * 1e6) / 1e6]
}

/** §05 Crossfire: "Check on Rounds 4, 6, and 8." VP "+1 per objective per check (max 9)". */
export const CROSSFIRE_CHECK_ROUNDS = [4, 6, 8] as const
export const CROSSFIRE_STATED_MAX_VP = { value: 9, section: '§05 Crossfire', line: 594 } as const

/** §25 Convention module timing (setup, acts) in minutes, as printed, against its "two hours". */
export const CONVENTION_TIMING = {
  setupMinutes: [5, 5],
  act1Minutes: [25, 30],
  act2Minutes: [60, 65],
  act3Minutes: [20, 25],
  statedTotalMinutes: 120,
  section: '§25 The Convention module',
  lines: [2195, 2243, 2266, 2299],
} as const
