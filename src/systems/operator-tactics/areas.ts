// Areas: objective control (§05, §06A Hardpoints), ability and detection radii (aura), deployment
// zones (§05, §06, §26), terrain setup checks (§06 Setup procedure) and falling (§02).
import { z } from 'zod'
import {
  type AreaResult, type QueryOf, type ResultBody, type Table, type TableModel, type UniformReason,
  areaFigure, areaMember,
  SceneError, inches, isWithin, marginOf, polygonContains, roundTo, toInches, own, sidesFromSouth, sidesFromSouthWest,
} from '../../engine/index.ts'
import { SK } from './constants.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { readContext } from './context.ts'
import { readOptions } from './options.ts'
import { distanceFigure, measureSkirmish } from './measure.ts'
import { baseToPieceMm, blocksSight, coverLevelOf, supportOf } from './terrain.ts'
import { traceCentreLine } from './sight.ts'
import { abilitiesOf, classOf, has } from './stats.ts'
import { fallingDamage } from './woundTrack.ts'
import { sitrepForMargin } from './sitrep.ts'
import {
  type Corner, type Edge, type ScenarioId, type Zone, SCENARIOS, blackSiteZone, cornerZone, crackerjackInfiltratorZone, deadDropZone, edgeZone, oppositeCorner, oppositeEdge,
} from './scenarios.ts'

// ---- objective ---------------------------------------------------------------------------------

export function objective(table: Table, q: QueryOf<'objective'>): AreaResult {
  const o = readOptions(table.options)
  const ctx = readContext(q.context)
  const shaken = new Set([...(ctx.shaken ?? []), ...table.models.filter((m) => has(m, 'shaken')).map((m) => m.id)])
  const beaten = new Set(ctx.beaten ?? [])
  const hardpoint = o.hardpoints ? table.terrain.find((p) => !p.has('objective') && polygonContains(p.solid.footprint, q.at[0], q.at[1], 1e-6)) : undefined
  const rules: string[] = []
  type Row = { model: string; side: string; inside: boolean; counts: boolean; why?: string; distance?: { mm: number; inches: number }; margin?: unknown; gapMm?: number }
  let rows: Row[]
  if (hardpoint) {
    // "An operator controls a Hardpoint while its base touches the piece (or sits inside it) and no enemy operator is in contact with the same piece."
    rules.push('§06A Hardpoints L800–812')
    rows = table.models.map((m) => {
      const gap = baseToPieceMm(m, hardpoint)
      const onTop = supportOf(table, m)?.id === hardpoint.id
      const inside = onTop || gap <= o.contactToleranceMm + 1e-6
      const why = shaken.has(m.id) ? 'failed its Contact Ceiling check this round: shaken don\'t hold' : beaten.has(m.id) ? 'lost a Fight on the Hardpoint: no longer contests it' : undefined
      return { model: m.id, side: m.side, inside, counts: inside && !why, ...(why ? { why } : {}), gapMm: roundTo(gap, 2) }
    })
  } else {
    // "Control objectives (operator within 3", opponent does not)."
    rules.push('§05 Crossfire L592', '§05 Pressure Clock L581')
    const within = SK.objectiveControlInches.value
    rows = table.models.map((m) => {
      const d = o.objectiveMeasure === 'centre-to-point'
        ? { ...measureSkirmish(table, m, q.at), rawMm: Math.hypot(m.x - q.at[0], m.y - q.at[1]) }
        : measureSkirmish(table, m, q.at)
      const inside = isWithin(d.rawMm, inches(within), 'le')
      return { model: m.id, side: m.side, inside, counts: inside, distance: distanceFigure(d), margin: marginOf(d, inches(within), 'le') }
    })
  }
  const sides = [...new Set(rows.filter((r) => r.counts).map((r) => r.side))]
  const controller = sides.length === 1 ? sides[0]! : null
  const contested = sides.length > 1
  const objectiveCover = o.crackerjack
    ? table.models.filter((m) => measureSkirmish(table, m, q.at, 0, '2d').rawMm <= inches(SK.crackerjackObjectiveCoverInches.value) + 1e-6).map((m) => m.id)
    : null
  const marginal = rows.map((r) => (r.margin ? sitrepForMargin(r.margin as ReturnType<typeof marginOf>, `${r.model} within 3"`) : null)).find((s) => s !== null)
  return {
    at: q.at,
    ...(q.name ? { name: q.name } : {}),
    kind: hardpoint ? 'hardpoint' : 'marker',
    ...(hardpoint ? { hardpoint: hardpoint.id } : {}),
    controlledBy: controller,
    contested,
    pressureClock: contested ? 'opposing operators within 3" of the same objective: the Pressure Clock gains a token (§05 L581)' : null,
    models: rows.filter((r) => r.inside || r.why),
    ...(objectiveCover ? { objectiveCover, objectiveCoverRule: '§26 Competition combat modifiers L2395', objectiveCoverCitation: book.citation('§26 Competition combat modifiers L2395') } : {}),
    ...(marginal ? { sitrep: marginal } : {}),
    ...book.sources(rules),
    area: areaFigure('objective', { source: null, centre: [q.at[0], q.at[1]], radiusMm: null, radiusInches: null, inside: rows.filter((r) => r.inside || r.why).map((r) => areaMember(r.model, r.distance)) }),
  }
}

// ---- aura: the book's ability and detection radii ----------------------------------------------------

type AuraDecl = {
  radiusInches: (t: Table) => number
  who: 'enemies' | 'friends' | 'all'
  needsLos: boolean
  within: 'le' | 'lt'
  rule: string
  meaning: string
}

export const AURAS: Readonly<Record<string, AuraDecl>> = {
  reaction: { radiusInches: () => SK.reactionTriggerInches.value, who: 'enemies', needsLos: true, within: 'le', rule: '§02 Reactions L318', meaning: 'enemies this operator can react to when they Shoot at it (within 12" and LoS)' },
  'passive-detection': { radiusInches: () => SK.passiveDetectionInches.value, who: 'enemies', needsLos: true, within: 'le', rule: '§02 Stealth L339', meaning: 'enemies within 6" with LoS roll 5+ at end of round to spot this stealthed operator' },
  'stealth-break': { radiusInches: () => SK.stealthOpenGroundBreakInches.value, who: 'enemies', needsLos: false, within: 'le', rule: '§02 Stealth L338', meaning: 'moving through open ground within 6" of these enemies breaks Stealth' },
  concealment: { radiusInches: (t) => readOptions(t.options).concealmentInches, who: 'enemies', needsLos: true, within: 'le', rule: '§06A Concealment L816', meaning: 'enemies within the Concealment band: they can target this operator despite Concealment' },
  'recon-drone': { radiusInches: () => SK.reconDroneRangeInches.value, who: 'enemies', needsLos: true, within: 'le', rule: '§03 Tech Specialist L490', meaning: 'recon drone: 8" range, LoS' },
  'last-signal': { radiusInches: () => 6, who: 'friends', needsLos: false, within: 'le', rule: '§05 League play (Callsign Traits: Last Signal)', meaning: 'friendlies within 6" auto-pass their next roll when this operator goes Out of Action' },
  'infiltrator-deploy': { radiusInches: () => SK.infiltratorEnemyGapInches.value, who: 'enemies', needsLos: false, within: 'le', rule: '§06 Deployment zones L784', meaning: 'an Infiltrator must deploy outside 12" of every enemy: these are too close' },
  'gunfire-alert': { radiusInches: () => SK.soloGunfireInches.value, who: 'enemies', needsLos: false, within: 'le', rule: '§08 Alert states L996', meaning: 'Solo mode: gunfire within 12" turns these Unaware enemies Suspicious' },
  'solo-spot': { radiusInches: () => SK.soloSpotInches.value, who: 'enemies', needsLos: false, within: 'le', rule: '§08 Alert states L996', meaning: 'Solo mode: an enemy within 6" rolls 5+ to turn Suspicious' },
  adjacent: { radiusInches: (t) => readOptions(t.options).adjacentInches, who: 'all', needsLos: false, within: 'le', rule: '§03 Medic L474 (adjacent: option adjacentInches)', meaning: 'adjacent models (Triage, Override, Body Shield, HVT contact, Carries the Line)' },
  darkness: { radiusInches: () => SK.conventionDarknessInches.value, who: 'enemies', needsLos: true, within: 'le', rule: '§25 Act 1 L2252', meaning: 'lights out: only enemies within 6" can be seen' },
  hide: { radiusInches: (t) => toInches(Math.hypot(t.widthMm, t.depthMm)), who: 'enemies', needsLos: true, within: 'le', rule: '§02 Stealth L336', meaning: 'Hide (TACT 4+) needs cover and no enemy LoS: these enemies see the operator' },
  'dead-drop-intel': { radiusInches: () => SK.deadDropIntelAreaInches.value, who: 'all', needsLos: false, within: 'le', rule: '§05 Dead Drop L640', meaning: 'Call the Target on a 6" area reveals a hidden objective inside it' },
}

export function aura(table: Table, q: QueryOf<'aura'>): AreaResult {
  const decl = own(AURAS, q.ability)
  if (!decl) throw new SceneError([{ path: 'ability', message: `unknown ability "${q.ability}"; expected one of ${Object.keys(AURAS).join(', ')}` }])
  const src = table.model(q.source)
  const radiusInches = decl.radiusInches(table)
  const rows = table.models
    .filter((m) => m.id !== src.id && (decl.who === 'all' || (decl.who === 'enemies' ? m.side !== src.side : m.side === src.side)))
    .map((m) => {
      const d = measureSkirmish(table, src, m)
      const inside = isWithin(d.rawMm, inches(radiusInches), decl.within)
      const los = decl.needsLos ? traceCentreLine(table, src, m).clear : null
      return { model: m.id, side: m.side, affected: inside && (los ?? true), withinRadius: inside, ...(los !== null ? { los } : {}), distance: distanceFigure(d), margin: marginOf(d, inches(radiusInches), decl.within) }
    })
  const extra: Record<string, unknown> = {}
  if (q.ability === 'hide') {
    const o = readOptions(table.options)
    const cover = table.terrain.filter((p) => (coverLevelOf(table, p, null).level !== 'none' || blocksSight(table, p)) && baseToPieceMm(src, p) <= inches(o.coverNearInches) + 1e-6).map((p) => p.id)
    const seen = rows.filter((x) => x.affected).length > 0
    extra.inCover = cover
    extra.canHide = cover.length > 0 && !seen
  }
  return {
    source: src.id,
    ability: q.ability,
    ...extra,
    radius: { inches: radiusInches, mm: roundTo(inches(radiusInches), 2) },
    meaning: decl.meaning,
    affected: rows.filter((x) => x.affected).map((x) => x.model),
    models: rows,
    ...book.sources([decl.rule]),
    area: areaFigure('aura', { source: src.id, centre: null, radiusMm: roundTo(inches(radiusInches), 2), radiusInches, inside: rows.filter((x) => x.affected).map((x) => areaMember(x.model)) }),
  }
}

// ---- deployment -------------------------------------------------------------------------------------

export const deploymentQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('deployment'),
  scenario: z.enum(['crossfire', 'smash-and-grab', 'black-site', 'high-value-target', 'dead-drop', 'total-war', 'crackerjack']),
  /** Which edge (or corner, for Dead Drop) each side deploys from; default: the first side south / south-west, the second opposite. */
  edges: z.record(z.string(), z.enum(['south', 'north', 'west', 'east', 'south-west', 'south-east', 'north-west', 'north-east'])).optional(),
  /** Black Site: the defending side. */
  defender: z.string().optional(),
})

function zoneToMm(z0: Zone): Record<string, unknown> {
  return z0.kind === 'circle'
    ? { kind: 'circle', centre: [roundTo(inches(z0.centre[0]), 2), roundTo(inches(z0.centre[1]), 2)], radiusMm: roundTo(inches(z0.radius), 2), label: z0.label, ...book.cite({ rule: z0.rule }) }
    : { kind: 'polygon', points: z0.points.map(([x, y]) => [roundTo(inches(x), 2), roundTo(inches(y), 2)]), label: z0.label, ...book.cite({ rule: z0.rule }) }
}

/** Is the whole base inside a zone (inches)? */
function baseInZone(m: TableModel, z0: Zone): boolean {
  const r = Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm)
  if (z0.kind === 'circle') return Math.hypot(m.x - inches(z0.centre[0]), m.y - inches(z0.centre[1])) + r <= inches(z0.radius) + 1e-6
  const poly = z0.points.map(([x, y]) => [inches(x), inches(y)] as [number, number])
  // Zones are convex: the base is inside when its centre and its bounding circle are.
  if (!polygonContains(poly, m.x, m.y, 1e-6)) return false
  for (let k = 0; k < 64; k++) {
    const t = (2 * Math.PI * k) / 64
    if (!polygonContains(poly, m.x + r * Math.cos(t), m.y + r * Math.sin(t), 1e-6)) return false
  }
  return true
}

export function deployment(table: Table, q: z.infer<typeof deploymentQuerySchema>): ResultBody {
  const o = readOptions(table.options)
  const w = toInches(table.widthMm)
  const d = toInches(table.depthMm)
  const sc = SCENARIOS[q.scenario as ScenarioId]
  // Not the order the models are listed in (issue 12): undeclared edges go to the side standing nearest
  // the south edge (south-west corner for Dead Drop) first, ties by side name; declared edges decide.
  const sides = sc.deployment === 'corners' ? sidesFromSouthWest(table) : sidesFromSouth(table)
  const zones = new Map<string, Zone[]>()
  const notes: string[] = []
  const corners = sc.deployment === 'corners'
  const given = q.edges ?? {}
  const first = sides[0]
  sides.forEach((s, i) => {
    const g = own(given, s)
    if (corners) {
      const c = (g && g.includes('-') ? g : i === 0 ? 'south-west' : oppositeCorner((own(given, first ?? '') as Corner | undefined) ?? 'south-west')) as Corner
      zones.set(s, [cornerZone(c, w, d), deadDropZone(c, w, d, o)])
    } else if (sc.deployment === 'black-site') {
      if (s === (q.defender ?? first)) zones.set(s, [blackSiteZone(w, d)])
      else notes.push(`${s} (attacker) enters from any edge (§05 Black Site L612)`)
    } else {
      const e = (g && !g.includes('-') ? g : i === 0 ? 'south' : oppositeEdge((own(given, first ?? '') as Edge | undefined) ?? 'south')) as Edge
      const depth = sc.deployment === 'crackerjack' ? SK.crackerjackDeploymentInches.value : SK.deploymentDepthInches.value
      zones.set(s, [edgeZone(e, w, d, depth, sc.deployment === 'crackerjack' ? '§26 Deployment L2401' : '§06 Deployment zones L782')])
      if (sc.deployment === 'crackerjack') {
        const inf = crackerjackInfiltratorZone(e, w, d, o)
        if (inf) zones.get(s)!.push({ ...inf, label: `${inf.label} (Infiltrators)` })
        else notes.push('Crackerjack Infiltrator zone is empty on this board: no point is more than 12" from both edges (option crackerjackInfiltratorZone)')
      }
    }
  })
  const objectives = sc.objectives(w, d, o).map((ob) => ({ name: ob.name, at: [roundTo(inches(ob.at[0]), 2), roundTo(inches(ob.at[1]), 2)] }))
  const models = table.models.map((m) => {
    const sideZones = zones.get(m.side) ?? []
    const isInfiltrator = classOf(m) === 'Infiltrator' || abilitiesOf(m).includes('ghost')
    if (isInfiltrator && sc.deployment !== 'crackerjack') {
      // "Anywhere on the board, in cover, outside 12" of any enemy. Deploys last."
      const enemies = table.models.filter((e) => e.side !== m.side)
      const tooClose = enemies.filter((e) => isWithin(measureSkirmish(table, m, e).rawMm, inches(SK.infiltratorEnemyGapInches.value), 'le')).map((e) => e.id)
      const inCover = table.terrain.some((p) => (coverLevelOf(table, p, null).level !== 'none' || blocksSight(table, p)) && baseToPieceMm(m, p) <= inches(readOptions(table.options).coverNearInches) + 1e-6)
      return { model: m.id, side: m.side, ...book.cite({ rule: '§06 Deployment zones L784 (Infiltrator Exception)' }), legal: tooClose.length === 0 && inCover, inCover, tooCloseTo: tooClose }
    }
    const zs = sc.deployment === 'crackerjack' ? sideZones.filter((z0) => (isInfiltrator ? z0.label.includes('Infiltrators') : !z0.label.includes('Infiltrators'))) : sideZones.slice(0, 1)
    const inside = zs.some((z0) => baseInZone(m, z0))
    return { model: m.id, side: m.side, ...book.cite({ rule: zs[0]?.rule ?? sc.section }), legal: zs.length === 0 ? null : inside, inZone: inside }
  })
  return {
    scenario: sc.id,
    name: sc.name,
    board: { widthInches: roundTo(w, 3), depthInches: roundTo(d, 3) },
    zones: Object.fromEntries([...zones].map(([s, zs]) => [s, zs.map(zoneToMm)])),
    objectives,
    models,
    notes: [sc.note, ...notes],
    ...book.sources([`${sc.section} L${sc.line}`, '§06 Deployment zones L780–784']),
  }
}

// ---- terrain setup ----------------------------------------------------------------------------------

export const setupQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('setup'),
  /** Deployment edges (default south and north). */
  edges: z.array(z.enum(['south', 'north', 'west', 'east'])).optional(),
})

export function setup(table: Table, q: z.infer<typeof setupQuerySchema>): ResultBody {
  const edges = q.edges ?? ['south', 'north']
  const W = table.widthMm
  const D = table.depthMm
  const gapEdge = inches(SK.terrainEdgeGapInches.value)
  const gapPiece = inches(SK.terrainPieceGapInches.value)
  const edgeDistance = (x: number, y: number, e: string) => (e === 'south' ? y : e === 'north' ? D - y : e === 'west' ? x : W - x)
  const pieces = table.terrain.filter((p) => !p.has('objective') && !p.has('smoke'))
  const problems: UniformReason[] = []
  for (const p of pieces) {
    for (const e of edges) {
      const dmin = Math.min(...p.solid.footprint.map(([x, y]) => edgeDistance(x, y, e)))
      if (dmin < gapEdge - 1e-6) problems.push(book.reason({ code: 'near-deployment-edge', message: `${p.id} is ${roundTo(toInches(dmin), 3)}" from the ${e} deployment edge (minimum 4")`, rule: '§06 Setup procedure L762' }))
    }
  }
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const a = pieces[i]!
      const b = pieces[j]!
      let g = Infinity
      for (const [x, y] of a.solid.footprint) g = Math.min(g, polygonContains(b.solid.footprint, x, y, 1e-9) ? 0 : distToPoly(b.solid.footprint, x, y))
      for (const [x, y] of b.solid.footprint) g = Math.min(g, polygonContains(a.solid.footprint, x, y, 1e-9) ? 0 : distToPoly(a.solid.footprint, x, y))
      if (g < gapPiece - 1e-6) problems.push(book.reason({ code: 'pieces-too-close', message: `${a.id} and ${b.id} are ${roundTo(toInches(g), 3)}" apart (minimum 3")`, rule: '§06 Setup procedure L762' }))
    }
  }
  const vertical = edges.includes('west') || edges.includes('east')
  const centre = vertical ? W / 2 : D / 2
  const onCentre = pieces.filter((p) => blocksSight(table, p) && (vertical ? p.solid.footprint.map(([x]) => x) : p.solid.footprint.map(([, y]) => y)).some((v, _i, all) => Math.min(...all) <= centre && Math.max(...all) >= centre)).map((p) => p.id)
  if (onCentre.length === 0) problems.push(book.reason({ code: 'no-centreline-blocker', message: 'no LoS-blocking piece crosses the centerline', rule: '§06 Setup procedure L762' }))
  return { legal: problems.length === 0, problems, centrelineBlockers: onCentre, ...book.sources(['§06 Setup procedure L759–764']) }
}

function distToPoly(poly: ReadonlyArray<readonly [number, number]>, x: number, y: number): number {
  let best = Infinity
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]!
    const [bx, by] = poly[(i + 1) % poly.length]!
    const dx = bx - ax
    const dy = by - ay
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)))
    best = Math.min(best, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)))
  }
  return best
}

// ---- falling ----------------------------------------------------------------------------------------

export const fallQuerySchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('fall'),
  model: z.string().min(1),
  /** Where it lands [x, y] (default: straight down). */
  to: z.tuple([z.number(), z.number()]).optional(),
})

export function fall(table: Table, q: z.infer<typeof fallQuerySchema>): ResultBody {
  const o = readOptions(table.options)
  const m = table.model(q.model)
  const [x, y] = q.to ?? [m.x, m.y]
  // The ground below the landing point: the highest piece top under it, else the table.
  const below = table.terrain.filter((p) => polygonContains(p.solid.footprint, x, y, 1e-6) && p.solid.topZ <= m.z + 1e-6 && !(q.to === undefined && supportOf(table, m)?.id === p.id))
  const groundZ = below.reduce((zz, p) => Math.max(zz, p.solid.topZ), 0)
  const heightMm = Math.max(0, m.z - groundZ)
  const heightInches = toInches(heightMm)
  const dmg = fallingDamage(heightInches, o)
  return {
    model: m.id,
    height: { mm: roundTo(heightMm, 2), inches: roundTo(heightInches, 3) },
    landsOn: below.length ? below.sort((a, b) => b.solid.topZ - a.solid.topZ)[0]!.id : 'table',
    fleshWounds: dmg.fleshWounds,
    mortalWounds: dmg.mortalWounds,
    bands: 'under 3": no damage; 3" to under 6": 1 FW per 3"; 6" or more: MW instead',
    ...book.sources(['§02 Movement details L258']),
  }
}

