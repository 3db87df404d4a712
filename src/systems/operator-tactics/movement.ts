// §02 Actions / Movement details: a straight move across the table with the costs the book charges —
// difficult terrain 2" per 1", climbing 2" per 1" vertical (ladders and stairs 1:1), no moving through
// enemies, not ending on friendlies, Impassable cannot be entered — and the allowance of each mode.
import {
  type MoveResult, type QueryOf, type Table, type TableModel, type TableTerrain, type UniformReason,
  SceneError, inches, isWithin, measurePath, polygonContains, roundTo, toInches,
} from '../../engine/index.ts'
import { SK } from './constants.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { readContext } from './context.ts'
import { readOptions } from './options.ts'
import { abilitiesOf, classOf, has, mobiInches } from './stats.ts'
import { coverLevelOf, isDifficult, supportOf } from './terrain.ts'
import { fallingDamage } from './woundTrack.ts'

export const MOVE_MODES = ['move', 'sprint', 'crawl', 'take-cover', 'break-free', 'fight', 'advance-under-fire'] as const
export type MoveMode = (typeof MOVE_MODES)[number]

/** The top a model would stand on at (x, y): the highest piece it can stand on there, else the table. */
function groundAt(table: Table, x: number, y: number): { z: number; piece: TableTerrain | null } {
  let best: TableTerrain | null = null
  for (const p of table.terrain) {
    if (!(p.has('elevation') || p.has('full-cover'))) continue
    if (!polygonContains(p.solid.footprint, x, y, 1e-6)) continue
    if (!best || p.solid.topZ > best.solid.topZ) best = p
  }
  return { z: best ? best.solid.topZ : 0, piece: best }
}

/** An operator's allowance in a mode (§02 Actions, Status effects, Reactions, Melee; §26), and why the mode is refused. */
export function moveAllowance(m: TableModel, mode: MoveMode, ctx: ReturnType<typeof readContext>, o: ReturnType<typeof readOptions>): { inches: number; rule: string; rules: string[]; notes: string[]; refusals: Array<{ code: string; message: string; rule: string }> } {
  const notes: string[] = []
  const rules: string[] = []
  const refusals: Array<{ code: string; message: string; rule: string }> = []
  const mobi = mobiInches(m, o)
  if (mobi.note) notes.push(mobi.note)
  let base = mobi.inches
  if (ctx.carrying) {
    base += SK.smashAndGrabCarrierMobi.value
    rules.push('§05 Smash & Grab L602')
    notes.push('carrying the package: −2 MOBI')
  }
  if (ctx.fieldDrift) {
    base += 1
    notes.push('Field Drift: +1" (first activation)')
  }
  let allowance = base
  let allowanceRule = '§02 Actions L245 (Move: up to MOBI)'
  switch (mode) {
    case 'sprint':
      allowance = base * SK.sprintMultiplier.value
      allowanceRule = '§02 Actions L246 (Sprint: both actions, MOBI × 2)'
      if (abilitiesOf(m).includes('ghost')) refusals.push({ code: 'cannot-sprint', message: 'Ghost: an Infiltrator cannot Sprint', rule: '§03 Infiltrator L446' })
      if (has(m, 'prone')) refusals.push({ code: 'cannot-sprint', message: 'Prone operators cannot Sprint', rule: '§02 Status effects L313' })
      if (ctx.carrying) refusals.push({ code: 'cannot-sprint', message: 'the carrier cannot Sprint', rule: '§05 Smash & Grab L602' })
      break
    case 'crawl':
      allowance = base * SK.proneCrawlFraction.value
      allowanceRule = '§02 Status effects L313 (Prone: crawl at half MOBI)'
      break
    case 'take-cover':
      allowance = SK.takeCoverMoveInches.value
      allowanceRule = '§02 Reactions L321 (Take Cover: move 2" into cover)'
      break
    case 'break-free':
      allowance = SK.breakFreeClearInches.value
      allowanceRule = '§02 Melee L285 (break free: 3" clear)'
      break
    case 'fight':
      allowanceRule = '§02 Actions L248 (Fight: move into contact; read as a normal move)'
      break
    case 'advance-under-fire':
      allowance = base * SK.sprintMultiplier.value
      allowanceRule = '§26 Competition combat modifiers L2396 (Advance Under Fire)'
      if (!o.crackerjack) refusals.push({ code: 'not-crackerjack', message: 'Advance Under Fire is a Crackerjack rule (option crackerjack)', rule: '§26 Competition combat modifiers L2396' })
      if (classOf(m) !== 'Breacher') refusals.push({ code: 'not-breacher', message: 'only a Breacher may Advance Under Fire', rule: '§26 Competition combat modifiers L2396' })
      break
    case 'move':
      if (has(m, 'prone')) notes.push('Prone: this is a crawl at half MOBI (mode "crawl"); standing up costs one action')
      break
  }
  if (mode === 'move' && has(m, 'prone')) {
    allowance = base * SK.proneCrawlFraction.value
    allowanceRule = '§02 Status effects L313 (Prone: crawl at half MOBI)'
  }
  if (has(m, 'pinned') && (mode === 'move' || mode === 'crawl')) notes.push('Pinned: this Move costs both actions (§02 Status effects L314)')
  if (has(m, 'locked') && mode !== 'break-free') refusals.push({ code: 'locked', message: 'Locked in melee: break free first (TACT 4+, 3" clear)', rule: '§02 Melee L285' })
  return { inches: allowance, rule: allowanceRule, rules, notes, refusals }
}

export function move(table: Table, q: QueryOf<'move'>): MoveResult {
  const o = readOptions(table.options)
  const ctx = readContext(q.context)
  const m = table.model(q.model)
  const mode = (q.mode ?? 'move') as MoveMode
  if (!MOVE_MODES.includes(mode)) throw new SceneError([{ path: 'mode', message: `unknown mode "${q.mode}"; expected one of ${MOVE_MODES.join(', ')}` }])
  const reasons: UniformReason[] = []
  const notes: string[] = []
  const rules = new Set<string>(['§02 Actions L244–252', '§02 Movement details L254–259'])

  // Allowance.
  const a = moveAllowance(m, mode, ctx, o)
  reasons.push(...a.refusals.map((r) => book.reason(r)))
  notes.push(...a.notes)
  for (const r of a.rules) rules.add(r)
  const allowance = a.inches
  const allowanceRule = a.rule

  // Path and its costs.
  const path = measurePath(table, m, q.to, q.facing)
  let costMm = path.lengthMm
  const charges: Array<{ terrain: string; kind: string; extraInches: number; rule: string }> = []
  const arena = o.crackerjack ? o.crackerjackArena : 'none'
  const startSupport = supportOf(table, m)
  const dest = groundAt(table, q.to[0], q.to[1])
  let insideAny = 0
  for (const c of path.crossings) {
    const p = c.terrain
    insideAny = Math.max(insideAny, c.insideMm)
    if (p.has('impassable')) {
      reasons.push(book.reason({ code: 'impassable', message: `the path enters Impassable terrain ${p.id}`, rule: '§06 Terrain types L773' }))
      continue
    }
    if (p.has('objective') || p.has('smoke')) continue
    const onIt = (startSupport?.id === p.id) || (dest.piece?.id === p.id)
    if (isDifficult(p) && !onIt) {
      costMm += c.insideMm * (SK.difficultCostPerInch.value - 1)
      charges.push({ terrain: p.id, kind: 'difficult', extraInches: roundTo(toInches(c.insideMm), 3), rule: p.has('heavy-cover') ? '§06 Terrain types L771 (Heavy Cover is difficult terrain)' : '§02 Movement details L256' })
    }
    if (arena === 'jungle-canopy' && p.has('vegetation')) {
      costMm += c.insideMm / 3
      charges.push({ terrain: p.id, kind: 'vegetation', extraInches: roundTo(toInches(c.insideMm) / 3, 3), rule: '§26 Terrain protocol L2417 (+1" per 3")' })
    }
    // A tall piece crossed (not stood on at either end): climb up and down it.
    if (!onIt && (p.has('full-cover') || p.has('elevation')) && c.insideMm > 0.05) {
      const up = Math.max(0, p.solid.topZ - m.z)
      const rate = climbRate(table, m, p, ctx.ladder === true)
      costMm += 2 * up * rate.perInch
      charges.push({ terrain: p.id, kind: 'climb-over', extraInches: roundTo((2 * toInches(up)) * rate.perInch, 3), rule: rate.rule })
      if (p.has('no-handhold') && !ctx.ladder) notes.push(`${p.id} has no handhold: TACT 4+ or no progress (§02 Movement details L257)`)
    }
  }
  if (arena === 'flooded-district') {
    const open = Math.max(0, path.lengthMm - path.crossings.reduce((s, c) => s + c.insideMm, 0))
    costMm += open
    charges.push({ terrain: 'open ground', kind: 'difficult', extraInches: roundTo(toInches(open), 3), rule: '§26 Terrain protocol L2414 (Flooded District: open ground is difficult)' })
  }
  // Climbing onto (or down from) the destination level.
  const dz = dest.z - m.z
  let fall: { heightInches: number; fleshWounds: number; mortalWounds: number } | null = null
  if (Math.abs(dz) > 1) {
    const piece = dz > 0 ? dest.piece! : startSupport
    const rate = piece ? climbRate(table, m, piece, ctx.ladder === true) : { perInch: SK.climbCostPerInch.value, rule: '§02 Movement details L257' }
    costMm += Math.abs(dz) * rate.perInch
    charges.push({ terrain: piece?.id ?? 'table', kind: dz > 0 ? 'climb-up' : 'climb-down', extraInches: roundTo(toInches(Math.abs(dz)) * rate.perInch, 3), rule: rate.rule })
    if (piece?.has('no-handhold') && !ctx.ladder) notes.push(`${piece.id} has no handhold: TACT 4+ or no progress (§02 Movement details L257)`)
    if (dz < 0) {
      const dmg = fallingDamage(toInches(-dz), o)
      fall = { heightInches: roundTo(toInches(-dz), 3), ...dmg }
      notes.push(`jumping down instead of climbing: a ${fall.heightInches}" fall (${dmg.mortalWounds ? `${dmg.mortalWounds} MW` : `${dmg.fleshWounds} FW`}) (§02 Movement details L258)`)
    }
  }
  for (const b of path.blockedBy) {
    const endsOn = overlapsAtEnd(m, b, q.to)
    if (b.side !== m.side) reasons.push(book.reason({ code: 'through-enemy', message: `${b.id}'s base is in the way: you cannot move through enemies`, rule: '§02 Movement details L259' }))
    else if (endsOn) reasons.push(book.reason({ code: 'ends-on-friendly', message: `the move ends on ${b.id}: you cannot end on friendlies`, rule: '§02 Movement details L259' }))
    else notes.push(`passes through friendly ${b.id} (allowed)`)
  }
  if (path.offTable) reasons.push(book.reason({ code: 'off-table', message: 'the model would end off the table', rule: '§01 Setup at a glance' }))
  if (!isWithin(costMm, inches(allowance), 'le')) {
    reasons.push(book.reason({ code: 'too-far', message: `the move costs ${roundTo(toInches(costMm), 3)}" of movement, more than the ${roundTo(allowance, 3)}" allowance`, rule: allowanceRule }))
  }
  if (mode === 'take-cover') {
    const ends = table.terrain.filter((p) => coverLevelOf(table, p, null).level !== 'none' && polygonContains(p.solid.footprint, q.to[0], q.to[1], 25.4))
    if (!ends.length) notes.push('Take Cover must end in cover: no cover piece at the destination (within 1")')
  }
  // Stealth: "moves through open ground within 6" of an enemy" breaks it.
  if (has(m, 'stealth')) {
    const near = table.models.filter((e) => e.side !== m.side && distanceToSegment(e.x, e.y, m.x, m.y, q.to[0], q.to[1]) - Math.max(e.placed.halfLengthMm, m.placed.halfLengthMm) <= inches(SK.stealthOpenGroundBreakInches.value))
    if (near.length && path.lengthMm - insideAny > 1) notes.push(`moving through open ground within 6" of ${near.map((e) => e.id).join(', ')} breaks Stealth (§02 Stealth L338)`)
  }
  return {
    allowed: reasons.length === 0,
    reasons,
    mode,
    distance: { mm: roundTo(path.lengthMm, 2), inches: path.lengthInches },
    cost: { mm: roundTo(costMm, 2), inches: roundTo(toInches(costMm), 3) },
    allowance: book.cite({ mm: roundTo(inches(allowance), 2), inches: roundTo(allowance, 3), rule: allowanceRule }),
    charges: charges.map((c) => book.cite(c)),
    endsOn: dest.piece?.id ?? 'table',
    endZ: roundTo(dest.z, 2),
    ...(fall ? { fallIfJumping: fall } : {}),
    crossed: path.crossings.map((c) => ({ terrain: c.terrain.id, type: c.terrain.type, insideMm: roundTo(c.insideMm, 2) })),
    notes,
    ...book.sources(new Set([...rules, allowanceRule, ...charges.map((c) => c.rule)])),
  }
}

/** Climbing: 2" per 1" vertical; ladders and stairs 1:1; WREN's High Anchor 1:1; Urban Sprawl halves climbs. */
export function climbRate(table: Table, m: TableModel, p: TableTerrain, ladder: boolean): { perInch: number; rule: string } {
  const o = readOptions(table.options)
  if (ladder || p.has('ladder') || p.has('stairs')) return { perInch: SK.ladderCostPerInch.value, rule: '§02 Movement details L257 (ladders and stairs 1:1)' }
  if (abilitiesOf(m).includes('high-anchor')) return { perInch: 1, rule: '§25 WREN L2233 (High Anchor: climbing 1:1)' }
  if (o.crackerjack && o.crackerjackArena === 'urban-sprawl') return { perInch: SK.climbCostPerInch.value / 2, rule: '§26 Terrain protocol L2413 (Urban Sprawl: all climb distances halved)' }
  return { perInch: SK.climbCostPerInch.value, rule: '§02 Movement details L257 (climbing 2" per 1" vertical)' }
}

function overlapsAtEnd(m: TableModel, b: TableModel, to: readonly [number, number]): boolean {
  const r = Math.max(m.placed.halfLengthMm, m.placed.halfWidthMm) + Math.max(b.placed.halfLengthMm, b.placed.halfWidthMm)
  return Math.hypot(b.x - to[0], b.y - to[1]) < r - 0.05
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)))
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy))
}

