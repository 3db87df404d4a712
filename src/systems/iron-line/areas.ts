// Areas: auras and ability radii (Command 8", cascade 8", Autonomous 4", EW surges 12"/18"), the Scrap
// Phase cascade, EW range and LoS from a Relay (§17), objectives of the §18 victory conditions and the
// §16A Strongpoints, and the deployment geometry of §15/§18 (zones 8" from the centerline, Last Stand).
import {
  type AreaMember, type AreaResult, type MarginFigure, type QueryOf, type ResultBody, type Table, type TableModel, type UniformReason, SceneError, areaFigure, areaMember, chance, frontEdgeCentre, inches,
  isWithin, marginOf, measureBaseGap2, measureModels, polygonContains, roundTo, toInches, formatFraction, toNumber, own, sidesFromSouth,
} from '../../engine/index.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { findEwAbility } from './catalogue.ts'
import { IRON_LINE } from './constants.ts'
import { type IronLineContext, type SitrepFigure, contextOf, marginalDistanceCall } from './context.ts'
import { commandRangeInches, findEngagements, measureIntegrity, measureWithin, withinReading } from './engagement.ts'
import { traceSight } from './lineOfSight.ts'
import { opt } from './options.ts'
import { probabilityPassKillzone, signalDominanceShift } from './rollOdds.ts'
import { baseCorners, footprintTouchesPolygon, hasKeyword, keywordValue, measureFootprintToPolygonMm, pointProbe, readUnit } from './unitState.ts'

type Affects = 'friendly' | 'enemy' | 'all'
type AuraDecl = { radiusInches: (t: Table) => number; affects: Affects; includeSelf: boolean; rule: string; effect: string; ew?: boolean }

const AURAS: Record<string, AuraDecl> = {
  command: { radiusInches: commandRangeInches, affects: 'friendly', includeSelf: true, rule: '§21 L1870', effect: 'Integrity (+x), x = the source\'s Command' },
  cascade: { radiusInches: () => IRON_LINE.cascadeRadiusInches.value, affects: 'friendly', includeSelf: false, rule: '§15 L1432', effect: '+1 Strain in the Scrap Phase if the source is Broken' },
  chassis: { radiusInches: () => IRON_LINE.autonomousChassisInches.value, affects: 'friendly', includeSelf: false, rule: '§23 L2032', effect: 'friendly Chassis (Hero) units within 4" of an Autonomous unit keep it from Berserk + Unruly' },
  sneaky: { radiusInches: () => IRON_LINE.sneakyMinEnemyInches.value, affects: 'enemy', includeSelf: false, rule: '§23 L2072', effect: 'a Sneaky unit must be placed more than 8" from every enemy' },
  'war-cry': { radiusInches: () => 8, affects: 'friendly', includeSelf: false, rule: '§21 L1881', effect: 'The Predator Protocol: a friendly within 8" makes a free attack' },
  'system-tax': { radiusInches: () => 12, affects: 'friendly', includeSelf: true, rule: '§21 L1882', effect: 'The Architect Algorithm: 1 Strain on a friendly within 12"' },
  'hidden-paths': { radiusInches: () => 24, affects: 'friendly', includeSelf: true, rule: '§21 L1885', effect: 'The Ghost Network: up to three friendlies within 24" gain Flying' },
  'rapid-redeployment': { radiusInches: () => 12, affects: 'friendly', includeSelf: true, rule: '§21 L1886', effect: 'The Iron Throne: unengaged friendlies within 12" move again' },
  'salvage-engine': { radiusInches: () => 4, affects: 'friendly', includeSelf: true, rule: '§21 L1887', effect: 'The Scrapyard Mind: friendlies within 4" ignore Broken once' },
  'jury-rigged': { radiusInches: () => 4, affects: 'enemy', includeSelf: false, rule: '§21 L1887', effect: 'The Scrapyard Mind: enemies within 4" gain Cowardly' },
  'killzone-designation': { radiusInches: () => 12, affects: 'enemy', includeSelf: false, rule: '§17 L1616', effect: 'roll 2D6 over Strain + 2 or take 1 Strain', ew: true },
  'dead-zone': { radiusInches: () => 18, affects: 'enemy', includeSelf: false, rule: '§17 L1618', effect: 'Cowardly until end of round', ew: true },
  'total-override': { radiusInches: () => 18, affects: 'friendly', includeSelf: true, rule: '§17 L1620', effect: 'Integrity (+1) until end of round', ew: true },
  'broadband-scream': { radiusInches: () => 12, affects: 'all', includeSelf: true, rule: '§17 L1624', effect: 'Self-Destructive until end of round', ew: true },
}

type Reach = { model: TableModel; mm: number; inches: number; margin: MarginFigure }

/** Distance from an EW source (§17 L1597; ewOrigin option) or, for other auras, "within" (§12 L1266). */
function measureFrom(table: Table, source: TableModel, other: TableModel, ew: boolean): { rawMm: number; mm: number; inches: number; uncertaintyMm: number } {
  if (ew && opt(table).ewOrigin === 'front-edge-centre') return measureModels(source, other, { reference: 'front-edge-centre', mode: opt(table).measure3d })
  return measureWithin(table, source, other)
}

function unitsWithin(table: Table, source: TableModel, radiusInches: number, affects: Affects, includeSelf: boolean, ew: boolean): Reach[] {
  const rangeMm = inches(radiusInches)
  const out: Reach[] = []
  for (const m of table.models) {
    if (m.id === source.id) {
      if (includeSelf) out.push({ model: m, mm: 0, inches: 0, margin: marginOf({ rawMm: 0, uncertaintyMm: 0 }, rangeMm, withinReading(table)) })
      continue
    }
    if (affects === 'friendly' && m.side !== source.side) continue
    if (affects === 'enemy' && m.side === source.side) continue
    const d = measureFrom(table, source, m, ew)
    if (isWithin(d.rawMm, rangeMm, withinReading(table))) out.push({ model: m, mm: d.mm, inches: d.inches, margin: marginOf(d, rangeMm, withinReading(table)) })
  }
  return out
}

export function aura(table: Table, q: QueryOf<'aura'>): AreaResult {
  const decl = own(AURAS, q.ability)
  if (!decl) throw new SceneError([{ path: 'ability', message: `unknown ability "${q.ability}"; Iron Line radii: ${Object.keys(AURAS).join(', ')}` }])
  const source = table.model(q.source)
  const su = readUnit(source)
  const radiusInches = decl.radiusInches(table)
  const list = unitsWithin(table, source, radiusInches, decl.affects, decl.includeSelf, decl.ew ?? false)
  const notes: string[] = []
  const rules = [decl.rule]
  let affected = list
  if (q.ability === 'command') {
    const x = su.keywords.get('command') ?? 0
    if (x <= 0) notes.push(`${source.id} has no Command keyword (Commander and Relay Beacon give Command (+1), §21 L1868, L1874)`)
    affected = list.filter((r) => !hasKeyword(readUnit(r.model), 'hollow'))
    if (affected.length < list.length) notes.push('Hollow units do not benefit from Command (§23 L2054)')
    if (opt(table).twistCommandRange !== 'none') rules.push(opt(table).twistCommandRange === 'long-range-war' ? '§18 L1710' : '§18 L1711')
  }
  if (q.ability === 'cascade') {
    const broken = measureIntegrity(table, source).broken
    if (!broken) notes.push(`${source.id} is not Broken: it causes no cascade`)
    affected = broken ? list.filter((r) => !hasKeyword(readUnit(r.model), 'fearless')) : []
  }
  if (q.ability === 'rapid-redeployment') affected = list.filter((r) => findEngagements(table, r.model).length === 0)
  const extra: Record<string, unknown> = {}
  if (q.ability === 'chassis') {
    // Autonomous (§23 L2032): "if it has no Chassis keyword and no friendly Chassis is within 4"" — Hero is the Chassis keyword.
    affected = list.filter((r) => keywordValue(readUnit(r.model), 'hero') > 0)
    const own = keywordValue(su, 'hero') > 0
    extra.satisfied = own || affected.length > 0
    notes.push(own ? `${source.id} has a Chassis keyword itself` : affected.length ? 'a friendly Chassis (Hero) is within 4"' : 'no Chassis within 4": an Autonomous unit gains Berserk and Unruly until end of round')
  }
  if (q.ability === 'sneaky') {
    // Sneaky (§23 L2072): "placed anywhere on the table more than 8" from any enemy".
    extra.legal = list.length === 0
  }
  const sitreps = list.map((r) => marginalDistanceCall(table, r.margin, `${r.model.id} at the ${radiusInches}" edge`)).filter((s): s is SitrepFigure => s !== null)
  return {
    source: source.id,
    ability: q.ability,
    radius: { inches: radiusInches, mm: roundTo(inches(radiusInches), 2) },
    effect: decl.effect,
    affected: affected.map((r) => ({
      model: r.model.id,
      inches: r.inches,
      margin: r.margin,
      ...(q.ability === 'killzone-designation' ? killzoneOdds(r.model) : {}),
    })),
    ...extra,
    ...(notes.length ? { notes } : {}),
    ...(sitreps.length ? { sitrep: sitreps[0] } : {}),
    ...book.sources(rules),
    area: areaFigure('aura', { source: source.id, centre: null, radiusMm: roundTo(inches(radiusInches), 2), radiusInches, inside: affected.map((r) => areaMember(r.model.id, { inches: r.inches })) }),
  }
}

function killzoneOdds(m: TableModel): Record<string, unknown> {
  const s = readUnit(m).strain
  const p = probabilityPassKillzone(s)
  return { strain: s, pPass: chance(p) }
}

// ---- Scrap Phase cascade -----------------------------------------------------------------

export function cascade(table: Table, q: { context?: Record<string, unknown> }): ResultBody {
  const o = opt(table)
  const ctx = contextOf(q)
  const rangeMm = inches(IRON_LINE.cascadeRadiusInches.value)
  const broken = table.models.filter((m) => measureIntegrity(table, m, ctx.breakpoint).broken)
  const gained = new Map<string, Array<{ from: string; inches: number }>>()
  const add = (m: TableModel, from: string, d: number): void => {
    if (hasKeyword(readUnit(m), 'fearless')) return
    const l = gained.get(m.id) ?? []
    l.push({ from, inches: d })
    gained.set(m.id, l)
  }
  // "Each still-in-play Broken unit causes cascade: all friendly units within 8" gain 1 Strain." (§15 L1432)
  for (const b of broken) {
    for (const m of table.models) {
      if (m.id === b.id || m.side !== b.side) continue
      const d = measureWithin(table, b, m)
      if (isWithin(d.rawMm, rangeMm, withinReading(table))) add(m, b.id, d.inches)
    }
  }
  // Grim: "each piece of Grim terrain counts as a friendly Broken unit for cascade" (§16 L1511).
  if (o.grimCascadeScope === 'all-units') {
    for (const t of table.terrain) {
      if (!t.has('grim')) continue
      for (const m of table.models) {
        const gap = measureFootprintToPolygonMm(m, t.solid.footprint)
        if (isWithin(gap, rangeMm, withinReading(table))) add(m, t.id, roundTo(toInches(gap), 3))
      }
    }
  }
  const units = table.models.map((m) => {
    const before = measureIntegrity(table, m, ctx.breakpoint)
    const g = gained.get(m.id) ?? []
    const after = before.strain + g.length * IRON_LINE.cascadeStrain.value
    const nowBroken = after >= before.breaksAt
    return { model: m.id, side: m.side, strainBefore: before.strain, gained: g.length, from: g, strainAfter: after, breaksAt: before.breaksAt, wasBroken: before.broken, newlyBroken: !before.broken && nowBroken }
  })
  return {
    broken: broken.map((m) => m.id),
    units,
    note: 'Units newly Broken by cascade are marked but do not cascade further this phase (§12 L1258; §15 L1432).',
    ...book.sources(['§15 L1432', '§12 L1258', ...(table.terrain.some((t) => t.has('grim')) ? ['§16 L1511'] : [])]),
  }
}

// ---- Electronic warfare ------------------------------------------------------------------

export function ew(table: Table, q: { relay: string; ability: string; target?: string; at?: [number, number]; context?: Record<string, unknown> }): ResultBody {
  const o = opt(table)
  const ability = findEwAbility(q.ability)
  if (!ability) throw new SceneError([{ path: 'ability', message: `unknown EW ability "${q.ability}" (§17)` }])
  const source = table.model(q.relay)
  const su = readUnit(source)
  const reasons: UniformReason[] = []
  const rules = new Set<string>(['§17 L1597', '§17 L1605', `${ability.section} ${ability.line}`])
  const isRelay = hasKeyword(su, 'relay')
  const relaysInPlay = table.models.filter((m) => m.side === source.side && hasKeyword(readUnit(m), 'relay') && !measureIntegrity(table, m).broken)
  let cost = ability.signalCost
  if (!isRelay) {
    if (relaysInPlay.length) reasons.push(book.reason({ code: 'not-a-relay', message: `${source.id} has no Relay keyword; broadcast from ${relaysInPlay.map((m) => m.id).join(', ')}`, rule: '§17 L1597' }))
    else if (ability.kind !== 'pulse') reasons.push(book.reason({ code: 'no-relay', message: 'with no unbroken Relay in play, Hacks and Surges cannot be broadcast', rule: '§17 L1607' }))
    else {
      cost += IRON_LINE.noRelayPulseSurcharge.value
      rules.add('§17 L1607')
    }
  }
  if (measureIntegrity(table, source).broken) reasons.push(book.reason({ code: 'source-broken', message: `${source.id} is Broken`, rule: '§17 L1607' }))
  // Signal Dead Zone: a centre piece; a Relay within 4" makes Hacks and Surges 1 cheaper (§18 L1668).
  const deadZone = table.terrain.find((t) => t.type === 'signal-dead-zone' || t.has('signal-dead-zone'))
  if (deadZone && ability.kind !== 'pulse' && isRelay && measureFootprintToPolygonMm(source, deadZone.solid.footprint) <= inches(IRON_LINE.signalDeadZoneRelayInches.value) + 1e-6) {
    cost -= 1
    rules.add('§18 L1668')
  }
  const out: Record<string, unknown> = { ability: ability.id, kind: ability.kind, signalCost: cost, needsLineOfSight: ability.needsLineOfSight }
  const sitreps: SitrepFigure[] = []
  if (ability.kind === 'surge' && ability.targets !== 'friendly' && ability.targets !== 'marker') {
    const decl = own(AURAS, ability.id)
    if (decl) {
      const list = unitsWithin(table, source, decl.radiusInches(table), decl.affects, decl.includeSelf, true)
      out.affected = list.map((r) => ({ model: r.model.id, inches: r.inches, margin: r.margin, ...(ability.id === 'killzone-designation' ? killzoneOdds(r.model) : {}) }))
      out.note = 'Surges affect every unit in range regardless of LoS (§17 L1605).'
    }
  } else if (q.target) {
    const target = table.model(q.target)
    if (ability.targets === 'friendly' && target.side !== source.side) reasons.push(book.reason({ code: 'needs-friendly', message: `${ability.name} targets a friendly unit`, rule: `${ability.section} ${ability.line}` }))
    if (ability.targets === 'enemy' && target.side === source.side) reasons.push(book.reason({ code: 'needs-enemy', message: `${ability.name} targets an enemy unit`, rule: `${ability.section} ${ability.line}` }))
    if (ability.id === 'spore-shroud' && findEngagements(table, target).length) reasons.push(book.reason({ code: 'target-engaged', message: 'Spore Shroud targets an unengaged unit', rule: '§17 L1617' }))
    if (ability.rangeInches !== null) {
      const d = measureFrom(table, source, target, true)
      const rangeMm = inches(ability.rangeInches)
      const margin = marginOf(d, rangeMm, withinReading(table))
      const inRange = source.id === target.id || isWithin(d.rawMm, rangeMm, withinReading(table))
      out.distance = { mm: d.mm, inches: d.inches, reference: o.ewOrigin === 'front-edge-centre' ? 'front-edge-centre' : 'edge' }
      out.inRange = inRange
      out.margin = margin
      const s = marginalDistanceCall(table, margin, 'EW range')
      if (s) sitreps.push(s)
      if (!inRange) reasons.push(book.reason({ code: 'out-of-range', message: `${target.id} is ${d.inches}" from ${source.id}, beyond ${ability.name}'s ${ability.rangeInches}"`, rule: `${ability.section} ${ability.line}`,
        template: `${target.id} is {distance} from ${source.id}, beyond ${ability.name}'s {range}`, values: { distance: { value: d.mm, unit: 'mm' }, range: { value: ability.rangeInches, unit: 'in' } } }))
    }
    if (ability.needsLineOfSight) {
      const origins = o.ewOrigin === 'front-edge-centre' ? [frontEdgeCentre(source.placed)] : [...baseCorners(source), [source.x, source.y] as [number, number], frontEdgeCentre(source.placed)]
      const sight = traceSight(table, source, target, { largeSeenOver: o.largeSeenOver, origins })
      out.lineOfSight = { visible: sight.visible, blockers: sight.blockers }
      if (!sight.visible) reasons.push(book.reason({ code: 'no-line-of-sight', message: `${ability.name} needs line of sight from ${source.id}`, rule: '§17 L1605' }))
    }
  } else if (ability.targets === 'marker') {
    // Bloom Drift: "Place a Void marker within 18". The area within 6" of that marker counts as Perilous terrain." (§17 L1617)
    if (!q.at) throw new SceneError([{ path: 'at', message: `${ability.name} places a marker: give "at": [x, y]` }])
    const [mx, my] = q.at
    const probe = pointProbe(mx, my)
    const d = measureBaseGap2(probe, source.placed).gapMm
    const rangeMm = inches(ability.rangeInches ?? 0)
    const margin = marginOf({ rawMm: d, uncertaintyMm: source.uncertaintyMm }, rangeMm, withinReading(table))
    out.marker = { at: [mx, my], inches: roundTo(toInches(d), 3), margin }
    if (!isWithin(d, rangeMm, withinReading(table))) reasons.push(book.reason({ code: 'out-of-range', message: `the marker is ${roundTo(toInches(d), 3)}" from ${source.id}, beyond 18"`, rule: '§17 L1617',
      template: `the marker is {distance} from ${source.id}, beyond {range}`, values: { distance: { value: roundTo(d, 2), unit: 'mm' }, range: { value: roundTo(rangeMm, 2), unit: 'mm' } } }))
    const area = inches(ability.areaInches ?? 0)
    out.perilousArea = {
      radiusInches: ability.areaInches,
      units: table.models.map((m) => ({ m, g: measureBaseGap2(probe, m.placed).gapMm })).filter(({ g }) => isWithin(g, area, withinReading(table))).map(({ m, g }) => ({ model: m.id, inches: roundTo(toInches(g), 3) })),
    }
  } else if (ability.kind !== 'surge') {
    throw new SceneError([{ path: 'target', message: `${ability.name} needs a target` }])
  }
  return { allowed: reasons.length === 0, reasons, ...out, ...(sitreps.length ? { sitrep: sitreps[0] } : {}), ...book.sources(rules) }
}

// ---- Deployment and victory-condition geometry -------------------------------------------

type Zones = { centrelineY: number; south: string; north: string; southZoneMaxY: number; northZoneMinY: number }

function sidesOf(table: Table, ctx: IronLineContext): Zones {
  // Not the first side listed: the side standing nearest the south edge, unless the context says (issue 12).
  const sides = sidesFromSouth(table)
  const south = ctx.southSide ?? sides[0] ?? 'south'
  const north = sides.find((s) => s !== south) ?? 'north'
  const c = table.depthMm / 2
  const gap = inches(IRON_LINE.deploymentFromCenterlineInches.value)
  return { centrelineY: c, south, north, southZoneMaxY: c - gap, northZoneMinY: c + gap }
}

export function markersFor(table: Table, condition: IronLineContext['condition']): Array<{ name: string; at: [number, number]; onTable: boolean; note?: string }> {
  const cx = table.widthMm / 2
  const cy = table.depthMm / 2
  const at = (dxIn: number): [number, number] => [cx + inches(dxIn), cy]
  const mk = (name: string, p: [number, number]) => {
    const onTable = p[0] > 1e-6 && p[0] < table.widthMm - 1e-6 && p[1] > 1e-6 && p[1] < table.depthMm - 1e-6
    return { name, at: [roundTo(p[0], 2), roundTo(p[1], 2)] as [number, number], onTable, ...(onTable ? {} : { note: 'on or beyond the table edge' }) }
  }
  switch (condition) {
    case 'signal-dominance': {
      const off = opt(table).signalDominanceOffset === 'literal-18' ? IRON_LINE.signalDominanceOffsetInches.value : IRON_LINE.wreckageRightsOffsetInches.value
      return [mk('midpoint', at(0)), mk(`${off}" out (−x)`, at(-off)), mk(`${off}" out (+x)`, at(off))]
    }
    case 'wreckage-rights':
      return [mk('midpoint', at(0)), mk('15" out (−x)', at(-15)), mk('15" out (+x)', at(15))]
    case 'relay-nodes':
      return [mk('centre node', at(0)), mk('16" (−x)', at(-16)), mk('16" (+x)', at(16))]
    default:
      return []
  }
}

export function deployment(table: Table, q: { model?: string; context?: Record<string, unknown> }): ResultBody {
  const ctx = contextOf(q)
  const z = sidesOf(table, ctx)
  const condition = ctx.condition ?? 'standard'
  const cx = table.widthMm / 2
  const cy = table.depthMm / 2
  const rules = ['§15 L1416']
  const out: Record<string, unknown> = {
    condition,
    centreline: { from: [0, roundTo(cy, 2)], to: [roundTo(table.widthMm, 2), roundTo(cy, 2)] },
    zones: [
      { side: z.south, rect: [[0, 0], [roundTo(table.widthMm, 2), roundTo(z.southZoneMaxY, 2)]], depthInches: roundTo(toInches(z.southZoneMaxY), 3) },
      { side: z.north, rect: [[0, roundTo(z.northZoneMinY, 2)], [roundTo(table.widthMm, 2), roundTo(table.depthMm, 2)]], depthInches: roundTo(toInches(table.depthMm - z.northZoneMinY), 3) },
    ],
    markers: markersFor(table, condition),
  }
  if (condition === 'signal-dominance') {
    const shift = signalDominanceShift(opt(table).markerTie)
    const zoneInches = IRON_LINE.deploymentFromCenterlineInches.value
    out.markerShift = {
      perSide: shift.byInches.map((x) => ({ inches: x.inches, p: formatFraction(x.p) })),
      noMove: formatFraction(shift.noMove),
      intoZone: { inches: zoneInches, pEachSide: formatFraction(shift.atLeast(zoneInches)), note: 'a move of 8"+ takes the marker to a deployment zone edge (zones begin 8" from the centerline)' },
      tie: opt(table).markerTie,
    }
  }
  if (condition === 'signal-dominance' || condition === 'wreckage-rights' || condition === 'relay-nodes') rules.push(condition === 'relay-nodes' ? '§18 L1709' : condition === 'signal-dominance' ? '§18 L1643' : '§18 L1648')
  if (condition === 'last-stand') {
    out.circles = [
      { role: 'defender', centre: [roundTo(cx, 2), roundTo(cy, 2)], radiusInches: IRON_LINE.lastStandDefenderInches.value, rule: 'deploys within 10" of table center', citation: book.citation('§18 L1690') },
      { role: 'attacker', centre: [roundTo(cx, 2), roundTo(cy, 2)], radiusInches: IRON_LINE.lastStandAttackerInches.value, rule: 'deploys outside 16" from center', citation: book.citation('§18 L1690') },
    ]
    rules.push('§18 L1690')
  }
  if (condition === 'the-corridor') {
    // "Two pieces of Impassable + Blocking terrain, 4-8" diameter, 24" apart on the centerline." (§18 L1665)
    const half = inches(IRON_LINE.corridorSpacingInches.value / 2)
    out.pieces = [-1, 1].map((sgn) => ({ centre: [roundTo(cx + sgn * half, 2), roundTo(cy, 2)], diameterInches: [4, 8], keywords: ['impassable', 'blocking'] }))
    rules.push('§18 L1665')
  }
  if (condition === 'burn-the-relay') {
    out.band = { fromY: roundTo(cy - inches(12), 2), toY: roundTo(cy + inches(12), 2), rule: 'Gun Platforms within 12" of the centerline', citation: book.citation('§18 L1651') }
    rules.push('§18 L1651')
  }
  if (q.model) {
    const m = table.model(q.model)
    const corners = baseCorners(m)
    // Reasons as data (code, message, section), like every other refusal in tabletop-result/1.
    const reasons: UniformReason[] = []
    const refuse = (code: string, message: string, rule: string) => reasons.push(book.reason({ code, message, rule }))
    if (condition === 'last-stand') {
      const defender = (ctx.defenderSide ?? z.north) === m.side
      const rIn = inches(defender ? IRON_LINE.lastStandDefenderInches.value : IRON_LINE.lastStandAttackerInches.value)
      if (defender) {
        // Wholly within 10" of the centre: the farthest corner decides.
        const far = Math.max(...corners.map(([x, y]) => Math.hypot(x - cx, y - cy)))
        out.check = { role: 'defender', farthestInches: roundTo(toInches(far), 3), margin: marginOf({ rawMm: far, uncertaintyMm: m.uncertaintyMm }, rIn, withinReading(table)) }
        if (!isWithin(far, rIn, withinReading(table))) refuse('beyond-10-of-centre', `part of ${m.id} is ${roundTo(toInches(far), 3)}" from the centre, beyond 10"`, '§18 L1690')
      } else {
        const near = measureBaseGap2(pointProbe(cx, cy), m.placed).gapMm
        out.check = { role: 'attacker', nearestInches: roundTo(toInches(near), 3) }
        if (near <= rIn + 1e-6) refuse('within-16-of-centre', `${m.id} comes within ${roundTo(toInches(near), 3)}" of the centre; the Attacker deploys outside 16"`, '§18 L1690')
      }
    } else if (condition === 'no-mans-land' || condition === 'clustered') {
      const markers = ctx.objectives ?? []
      if (!markers.length) throw new SceneError([{ path: 'context.objectives', message: `${condition} needs the players' markers in context.objectives` }])
      const gaps = markers.map(([mx, my]) => measureBaseGap2(pointProbe(mx, my), m.placed).gapMm)
      if (condition === 'no-mans-land') {
        // "No unit may deploy within 8" of these markers." (§18 L1689)
        const near = Math.min(...gaps)
        out.check = { nearestMarkerInches: roundTo(toInches(near), 3) }
        if (isWithin(near, inches(IRON_LINE.noMansLandInches.value), withinReading(table))) refuse('within-8-of-marker', `${m.id} is ${roundTo(toInches(near), 3)}" from a No Man's Land marker; no unit may deploy within 8"`, '§18 L1689')
        rules.push('§18 L1689')
      } else {
        // "All Infantry must deploy partially within 12" of it." (§18 L1687): some part within 12".
        const u = readUnit(m)
        const near = Math.min(...gaps)
        out.check = { infantry: hasKeyword(u, 'infantry'), nearestMarkerInches: roundTo(toInches(near), 3) }
        if (hasKeyword(u, 'infantry') && !isWithin(near, inches(IRON_LINE.clusteredInches.value), withinReading(table))) refuse('not-within-12-of-marker', `${m.id} is Infantry and no part of it is within 12" of the Clustered marker`, '§18 L1687')
        rules.push('§18 L1687')
      }
    } else if (condition === 'burn-the-relay') {
      // "three free Gun Platforms ... within 12" of the centerline" (§18 L1651): closest point to the line.
      const nearest = Math.min(...corners.map(([, y]) => Math.abs(y - cy)), ...(corners.some(([, y]) => y <= cy) && corners.some(([, y]) => y >= cy) ? [0] : []))
      const band = inches(IRON_LINE.burnTheRelayCenterlineInches.value)
      out.check = { role: 'defender platform', fromCenterlineInches: roundTo(toInches(nearest), 3), margin: marginOf({ rawMm: nearest, uncertaintyMm: m.uncertaintyMm }, band, withinReading(table)) }
      if (!isWithin(nearest, band, withinReading(table))) refuse('beyond-12-of-centerline', `${m.id} is ${roundTo(toInches(nearest), 3)}" from the centerline; the platforms go within 12"`, '§18 L1651')
    } else if (condition === 'scorched-perimeter' && m.side !== (ctx.defenderSide ?? z.north)) {
      // "Attacker wins if any unbroken unit is fully within the Defender's zone at game end." (§18 L1645)
      const defenderSouth = (ctx.defenderSide ?? z.north) === z.south
      const fully = corners.every(([, y]) => (defenderSouth ? y <= z.southZoneMaxY + 1e-6 : y >= z.northZoneMinY - 1e-6))
      const unbroken = !measureIntegrity(table, m, ctx.breakpoint).broken
      out.check = { role: 'attacker', fullyInDefenderZone: fully, unbroken }
      out.attackerWins = fully && unbroken
      rules.push('§18 L1645')
    } else {
      const south = m.side === z.south
      const inside = corners.every(([, y]) => (south ? y <= z.southZoneMaxY + 1e-6 : y >= z.northZoneMinY - 1e-6)) && corners.every(([x, y]) => x >= -1e-6 && x <= table.widthMm + 1e-6 && y >= -1e-6 && y <= table.depthMm + 1e-6)
      const worst = south ? Math.max(...corners.map(([, y]) => y)) - z.southZoneMaxY : z.northZoneMinY - Math.min(...corners.map(([, y]) => y))
      out.check = { role: south ? 'south' : 'north', overZoneEdgeMm: roundTo(Math.max(0, worst), 2) }
      if (!inside) refuse('outside-deployment-zone', `${m.id} reaches ${roundTo(toInches(Math.max(0, worst)), 3)}" past its deployment zone (zones begin 8" from the centerline)`, '§15 L1416')
    }
    out.legal = reasons.length === 0
    out.reasons = reasons
  }
  return { ...out, ...book.sources(rules) }
}

type Scorer = { model: string; side: string; inches: number; margin: MarginFigure; vp?: number }

export function objective(table: Table, q: QueryOf<'objective'>): AreaResult {
  const o = opt(table)
  const ctx = contextOf(q)
  const condition = ctx.condition ?? (o.strongpoints ? 'strongpoint' : 'standard')
  const [x, y] = q.at
  const probe = pointProbe(x, y)
  const z = sidesOf(table, ctx)
  const measure = (m: TableModel): { rawMm: number; mm: number; inches: number; uncertaintyMm: number } => {
    const g = measureBaseGap2(probe, m.placed).gapMm
    return { rawMm: g, mm: roundTo(g, 2), inches: roundTo(toInches(g), 3), uncertaintyMm: m.uncertaintyMm }
  }
  const unbroken = table.models.filter((m) => !measureIntegrity(table, m, ctx.breakpoint).broken)
  const within = (r: number, pool = unbroken): Scorer[] =>
    pool.map((m) => ({ m, d: measure(m) })).filter(({ d }) => isWithin(d.rawMm, inches(r), withinReading(table))).map(({ m, d }) => ({ model: m.id, side: m.side, inches: d.inches, margin: marginOf(d, inches(r), withinReading(table)) }))
  const sitrepsOf = (list: Scorer[], what: string): SitrepFigure[] => list.map((s) => marginalDistanceCall(table, s.margin, `${s.model} ${what}`)).filter((s): s is SitrepFigure => s !== null)
  const bySide = (list: Scorer[]): Record<string, number> => list.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s.side]: (acc[s.side] ?? 0) + (s.vp ?? 1) }), {})
  // The scoring ring of a victory condition: who is inside it (distances from the marker, §18).
  const ring = (radiusInches: number, list: Scorer[]) => areaFigure('objective', { source: null, centre: null, radiusMm: radiusInches * 25.4, radiusInches, inside: list.map((s): AreaMember => areaMember(s.model, { inches: s.inches })) })
  const noArea = areaFigure('objective', { source: null, centre: null, radiusMm: null, radiusInches: null, inside: [] })
  switch (condition) {
    case 'signal-dominance': {
      const list = within(IRON_LINE.signalDominanceScoringInches.value).map((s) => ({ ...s, vp: readUnit(table.model(s.model)).points > IRON_LINE.signalDominanceBigUnitPoints.value ? 2 : 1 }))
      return { condition, radiusInches: 8, scorers: list, vp: bySide(list), note: 'scored at the end of turns 4 and 5; max 10 VP per side', sitreps: sitrepsOf(list, 'at the 8" ring'), ...book.sources(['§18 L1643']), area: ring(8, list) }
    }
    case 'wreckage-rights': {
      const list = within(IRON_LINE.wreckageRightsScoringInches.value)
      const counts = bySide(list)
      const best = Math.max(0, ...Object.values(counts))
      const leaders = Object.entries(counts).filter(([, n]) => n === best && best > 0).map(([s]) => s)
      return { condition, radiusInches: 12, units: list, counts, scores: leaders.length === 1 ? leaders[0] : null, note: leaders.length > 1 ? 'tied: no one has the most unbroken units' : 'the marker also counts as Grim terrain', sitreps: sitrepsOf(list, 'at the 12" ring'), ...book.sources(['§18 L1648']), area: ring(12, list) }
    }
    case 'relay-nodes': {
      const list = within(IRON_LINE.relayNodesRadiusInches.value)
      const counts = bySide(list)
      const best = Math.max(0, ...Object.values(counts))
      const leaders = Object.entries(counts).filter(([, n]) => n === best && best > 0).map(([s]) => s)
      return { condition, radiusInches: 4, units: list, counts, gains: leaders.length === 1 ? { side: leaders[0], reward: '2 Signal or 1 card' } : null, sitreps: sitrepsOf(list, 'at the 4" ring'), ...book.sources(['§18 L1709']), area: ring(4, list) }
    }
    case 'deep-extraction': {
      const near = within(IRON_LINE.deepExtractionRemoveInches.value)
      const deny = within(IRON_LINE.deepExtractionDenyInches.value)
      const results = [z.south, z.north].map((side) => {
        const mine = near.filter((s) => s.side === side)
        const enemies = deny.filter((s) => s.side !== side)
        const inEnemyZone = side === z.south ? y >= z.northZoneMinY - 1e-6 : y <= z.southZoneMaxY + 1e-6
        return { side, unitsWithin4: mine.map((s) => s.model), enemiesWithin8: enemies.map((s) => s.model), removes: mine.length > 0 && enemies.length === 0, vp: inEnemyZone ? 2 : 1 }
      })
      // Placement: "each player places three Objective Markers in the opposing table half, each >16" from any other".
      const others = (ctx.objectives ?? []).filter(([ox, oy]) => ox !== x || oy !== y)
      const spacing = others.map(([ox, oy]) => {
        const mm = Math.hypot(ox - x, oy - y)
        return { at: [ox, oy], inches: roundTo(toInches(mm), 3), moreThan16: mm > inches(IRON_LINE.deepExtractionSpacingInches.value) + 1e-6 }
      })
      return {
        condition, results,
        ...(others.length ? { spacing, placementLegal: spacing.every((sp) => sp.moreThan16) } : {}),
        sitreps: [...sitrepsOf(near, 'at the 4" ring'), ...sitrepsOf(deny, 'at the 8" ring')],
        ...book.sources(['§18 L1644']),
        // Two rings (4" to remove, 8" to deny), per side in `results`: no one area.
        area: noArea,
      }
    }
    case 'desperate-raid': {
      const leaders = table.models.filter((m) => m.side !== (ctx.defenderSide ?? z.north) && (m.keywords.includes('commander') || m.keywords.includes('relay-beacon')))
      const list = within(IRON_LINE.desperateRaidScoringInches.value, leaders)
      return { condition, attackerLeadersWithin4: list, scores: list.length > 0, sitreps: sitrepsOf(list, 'at the 4" ring'), ...book.sources(['§18 L1652']), area: ring(4, list) }
    }
    case 'strongpoint': {
      const piece = table.terrain.find((t) => polygonContains(t.solid.footprint, x, y, 1e-6))
      if (!piece) return { condition, piece: null, holder: null, note: 'the marker is not on a terrain feature, so it is not a Strongpoint', ...book.sources(['§16A L1541']), area: noArea }
      // "any part of its footprint lies inside the feature, or touches it, and no enemy unit does" (§16A L1542)
      const touching = table.models.filter((m) => footprintTouchesPolygon(m, piece.solid.footprint))
      const holding = touching.filter((m) => !measureIntegrity(table, m, ctx.breakpoint).broken)
      const sides = [...new Set(holding.map((m) => m.side))]
      return {
        condition,
        piece: piece.id,
        touching: touching.map((m) => ({ model: m.id, side: m.side, broken: !holding.includes(m) })),
        holder: sides.length === 1 ? sides[0] : null,
        contested: sides.length > 1,
        ...book.sources(['§16A L1542', '§16A L1543', '§16A L1544']),
        // A Strongpoint is held by touching its feature, not by a radius.
        area: noArea,
      }
    }
    default: {
      const list = within(12)
      return { condition: 'standard', units: list.map((s) => ({ ...s, within4: s.inches <= 4, within8: s.inches <= 8 })), note: 'no victory condition given: unbroken units within 12" listed (scoring radii 4"/8"/12" of §18)', ...book.sources(['§18 L1638–1652']), area: ring(12, list) }
    }
  }
}

