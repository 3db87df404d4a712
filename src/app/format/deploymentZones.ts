// The deployment zones a ruleset's own `deployment` query gives (a scene that asks one, e.g. Operator
// Tactics' and Iron Line's demo tables), read into outlines for the exposure map. Two shapes exist:
// zones per side as polygons or circles (`{ zones: { A: [{ kind: 'polygon', points }, { kind: 'circle',
// centre, radiusMm }] } }`), and a list of rectangles (`{ zones: [{ side, rect: [[x0, y0], [x1, y1]] }] }`),
// both in mm. Reading only: the zones are the ruleset's; nothing is decided here.

export type DeploymentZone = {
  side: string
  label: string
  /** The outline, [x, y] mm, not closed. */
  outline: Array<[number, number]>
  /** The section the zone comes from, as the result cites it (may be empty). */
  rule: string
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const isPoint = (v: unknown): v is [number, number] => Array.isArray(v) && v.length >= 2 && typeof v[0] === 'number' && typeof v[1] === 'number'

/** Segments of a circle's outline: a 1 m circle's chord sags under 0.2 mm. */
const CIRCLE_STEPS = 96

function circle(cx: number, cy: number, r: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let i = 0; i < CIRCLE_STEPS; i++) out.push([cx + r * Math.cos((2 * Math.PI * i) / CIRCLE_STEPS), cy + r * Math.sin((2 * Math.PI * i) / CIRCLE_STEPS)])
  return out
}

function ruleOf(z: Obj): string {
  if (typeof z.rule === 'string') return z.rule
  const cites = Array.isArray(z.rules) ? z.rules.filter((r): r is string => typeof r === 'string') : []
  return cites.join(', ')
}

function zoneOf(side: string, z: unknown): DeploymentZone | null {
  if (!isObj(z)) return null
  const label = typeof z.label === 'string' ? z.label : `${side} deployment zone`
  if (z.kind === 'polygon' && Array.isArray(z.points) && z.points.every(isPoint) && z.points.length >= 3) {
    return { side, label, outline: z.points.map((p) => [p[0], p[1]]), rule: ruleOf(z) }
  }
  if (z.kind === 'circle' && isPoint(z.centre) && typeof z.radiusMm === 'number' && z.radiusMm > 0) {
    return { side, label, outline: circle(z.centre[0], z.centre[1], z.radiusMm), rule: ruleOf(z) }
  }
  if (Array.isArray(z.rect) && z.rect.length === 2 && isPoint(z.rect[0]) && isPoint(z.rect[1])) {
    const [[x0, y0], [x1, y1]] = z.rect
    return { side, label, outline: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], rule: ruleOf(z) }
  }
  return null
}

/** The zones of a deployment result (either shape), every side's; [] when it has none this app can read. */
export function readDeploymentZones(result: unknown): DeploymentZone[] {
  if (!isObj(result)) return []
  const zones = result.zones
  const out: DeploymentZone[] = []
  const rule = ruleOf(result)
  if (Array.isArray(zones)) {
    for (const z of zones) {
      if (!isObj(z) || typeof z.side !== 'string') continue
      const read = zoneOf(z.side, z)
      if (read) out.push(read.rule ? read : { ...read, rule })
    }
  } else if (isObj(zones)) {
    for (const [side, list] of Object.entries(zones)) {
      for (const z of Array.isArray(list) ? list : [list]) {
        const read = zoneOf(side, z)
        if (read) out.push(read.rule ? read : { ...read, rule })
      }
    }
  }
  return out
}
