// §02 Grenades: "One action. TACT 4+. 3" blast. Ignores cover." Success lands on the target, natural
// 6 is a dead-centre strike (MW to the named target only, FW to the rest), failure scatters D6" (no
// direction given), natural 1 scatters toward the thrower. Breacher demo charges: "frag effect".
import {
  type AreaResult, type Fraction, type QueryOf, type Table, type TableModel, type UniformReason,
  SceneError, ZERO, add, areaFigure, areaMember, chance, formatFraction, fraction, inches, isWithin, marginOf, mul, probabilityFigure, roundTo, toInches, toNumber, SINGLE_ROLL_SCOPE } from '../../engine/index.ts'
import { SK } from './constants.ts'
import { fieldManualBook as book } from '../field-manual/fieldManual.ts'
import { readContext } from './context.ts'
import { FACES, checkSucceeds } from './dice.ts'
import { readOptions } from './options.ts'
import { measureSkirmish, distanceFigure } from './measure.ts'
import { woundPenalty } from './woundTrack.ts'

export const GRENADE_RULE = '§02 Grenades L325–332'

/** Is a model caught by a blast centred at p (inches radius), under option blastMeasure? */
export function inBlast(table: Table, m: TableModel, p: readonly [number, number], radiusInches: number): { hit: boolean; gapMm: number } {
  const o = readOptions(table.options)
  const r = inches(o.blastMeasure === 'diameter-any-part' ? radiusInches / 2 : radiusInches)
  if (o.blastMeasure === 'radius-centre') {
    const d = Math.hypot(m.x - p[0], m.y - p[1])
    return { hit: d <= r + 1e-6, gapMm: d }
  }
  // Any part of the base within the radius: the nearest point of the base, on the table plane.
  const g = measureSkirmish(table, m, p, 0, '2d')
  return { hit: isWithin(g.rawMm, r, 'le'), gapMm: g.rawMm }
}

export function blast(table: Table, q: QueryOf<'blast'>): AreaResult & { allowed: boolean; reasons: UniformReason[] } {
  const o = readOptions(table.options)
  const ctx = readContext(q.context)
  const thrower = table.model(q.attacker)
  const named = q.target ? table.model(q.target) : null
  const at: readonly [number, number] | null = q.at ?? (named ? [named.x, named.y] : null)
  if (!at) throw new SceneError([{ path: 'at', message: 'give a target model or an [x, y] landing point' }])
  const weaponId = q.weapon ?? thrower.weapons.find((w) => w.kind === 'grenade' || w.kind === 'charge')?.id
  const weapon = weaponId ? thrower.weapons.find((w) => w.id === weaponId) : undefined
  if (weaponId && !weapon) throw new SceneError([{ path: 'weapon', message: `model "${thrower.id}" does not carry "${weaponId}" (it carries: ${thrower.weapons.map((w) => w.id).join(', ')})` }])
  if (weapon && weapon.kind !== 'grenade' && weapon.kind !== 'charge') throw new SceneError([{ path: 'weapon', message: `"${weapon.id}" is not a grenade or charge` }])
  const radiusInches = typeof weapon?.blastInches === 'number' ? weapon.blastInches : SK.grenadeBlastInches.value
  const rules = new Set<string>([GRENADE_RULE])
  if (weapon?.kind === 'charge') rules.add('§03 Breacher L460 (demo charge: TACT 4+, 3" blast, frag effect)')

  // The TACT 4+ roll: "TACT 4+" is printed as a fixed number; wounds give "-1 all".
  const penalty = woundPenalty({ fleshWounds: ctx.attackerWounds?.fleshWounds ?? 0, mortalWounds: ctx.attackerWounds?.mortalWounds ?? 0 })
  const need = SK.grenadeThreshold.value
  const reasons: UniformReason[] = []
  const throwDistance = measureSkirmish(table, thrower, at)
  if (o.grenadeRangeInches > 0 && !isWithin(throwDistance.rawMm, inches(o.grenadeRangeInches), 'le')) {
    reasons.push(book.reason({ code: 'out-of-throw-range', message: `the landing point is ${throwDistance.inches}" away, beyond the table's ${o.grenadeRangeInches}" throw range (option grenadeRangeInches)`, rule: GRENADE_RULE }))
  }

  // Per face of the roll: where it lands and what it does.
  const sixth = fraction(1, 6)
  const toward = (d: number): [number, number] => {
    // Natural 1: "Scatter toward the thrower", D6 inches along the line from the landing point to the thrower.
    const dx = thrower.x - at[0]
    const dy = thrower.y - at[1]
    const len = Math.hypot(dx, dy)
    if (len === 0) return [at[0], at[1]]
    const s = Math.min(inches(d), len)
    return [at[0] + (dx / len) * s, at[1] + (dy / len) * s]
  }
  const rows = table.models.map((m) => {
    let pFW: Fraction = ZERO
    let pMW: Fraction = ZERO
    const atHit = inBlast(table, m, at, radiusInches)
    let possibleOnScatter = false
    for (const face of FACES) {
      if (face === 1) {
        // Scatter toward the thrower D6": each distance 1/6.
        for (const d of FACES) {
          if (inBlast(table, m, toward(d), radiusInches).hit) pFW = add(pFW, mul(sixth, sixth))
        }
      } else if (face === 6) {
        if (atHit.hit) {
          if (named && m.id === named.id) pMW = add(pMW, sixth)
          else pFW = add(pFW, sixth)
        }
      } else if (checkSucceeds(face, penalty, need)) {
        if (atHit.hit) pFW = add(pFW, sixth)
      } else {
        // "Failure. Scatter D6 inches." — no direction is printed: only whether it could reach.
        if (inBlast(table, m, at, radiusInches + 6).hit) possibleOnScatter = true
      }
    }
    return { m, atHit, pFW, pMW, possibleOnScatter }
  })
  const caught = rows.filter((r) => r.atHit.hit || toNumber(r.pFW) > 0 || r.possibleOnScatter)
  const pSuccess = fraction(FACES.filter((f) => checkSucceeds(f, penalty, need)).length, 6)
  const namedRow = named ? rows.find((r) => r.m.id === named.id) : undefined
  return {
    allowed: reasons.length === 0,
    reasons,
    thrower: thrower.id,
    weapon: weapon?.id ?? 'frag',
    at: [roundTo(at[0], 2), roundTo(at[1], 2)],
    throwDistance: distanceFigure(throwDistance),
    radius: { inches: radiusInches, mm: roundTo(inches(radiusInches), 2), measure: o.blastMeasure },
    need: `D6${penalty ? ` ${penalty}` : ''} meets ${need}+ (TACT 4+; natural 6 dead centre, natural 1 scatters toward the thrower)`,
    ignoresCover: true,
    hits: caught.map((r) => ({
      model: r.m.id,
      side: r.m.side,
      friendly: r.m.side === thrower.side,
      inBlastOnTarget: r.atHit.hit,
      gapInches: roundTo(toInches(r.atHit.gapMm), 3),
      margin: marginOf({ rawMm: r.atHit.gapMm, uncertaintyMm: r.m.uncertaintyMm }, inches(radiusInches), 'le'),
      fleshWound: chance(r.pFW),
      mortalWound: chance(r.pMW),
      possibleOnScatter: r.possibleOnScatter,
    })),
    probability: probabilityFigure(pSuccess, namedRow ? add(namedRow.pFW, namedRow.pMW) : pSuccess, [
      `success: ${formatFraction(pSuccess)} (faces meeting ${need}+${penalty ? ` with ${penalty}` : ''}); natural 6: 1/6`,
      'a failed roll scatters D6" in a direction the book does not give: models that could be reached are flagged possibleOnScatter and not counted',
    ], SINGLE_ROLL_SCOPE),
    ...book.sources(rules),
    area: areaFigure('blast', { source: thrower.id, centre: [roundTo(at[0], 2), roundTo(at[1], 2)], radiusMm: roundTo(inches(radiusInches), 2), radiusInches, inside: caught.map((r) => areaMember(r.m.id, { inches: roundTo(toInches(r.atHit.gapMm), 3) })) }),
  }
}
