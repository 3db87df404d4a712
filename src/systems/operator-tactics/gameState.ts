// The game state of Operator Tactics: Skirmish (issue 33), from §02: the FW/MW wound track and Breach
// Tokens, the statuses (Prone, Pinned, Stealth, Locked, the Contact Ceiling's defensive-only activation,
// a jammed weapon), alternate activations after the Priority roll, Edge tokens, control at the End
// Phase, and what a Shoot, a Fight or a grenade proposes given its dice.
import { type CounterOutcome, type CounterTarget, type DiceSource, type Effect, type EffectProposal, type RulesetGame, type Table, type TableModel, inches } from '../../engine/index.ts'
import { SK } from './constants.ts'
import { applyWounds, type Wound } from './woundTrack.ts'
import { abilitiesOf, armorOf, has, meleeWeaponOf } from './stats.ts'
import { readOptions } from './options.ts'
import { attack } from './attack.ts'

const S = {
  round: '§02 The Round L234–238',
  priority: '§02 The Round L236',
  activation: '§02 The Round L237',
  endPhase: '§02 The Round L238',
  wounds: '§02 Wounds L301–309',
  status: '§02 Status effects L311–314',
  prone: '§02 Status effects L313',
  pinned: '§02 Status effects L314',
  stealth: '§02 Stealth L334–341',
  locked: '§02 Melee L285',
  dryFire: '§02 Shooting results L277',
  ceiling: '§02 Contact Ceiling L362–368',
  edge: '§02 Edge tokens L343–347',
  breach: '§02 Breach tokens L349–361',
  shootResults: '§02 Shooting results L272–277',
  melee: '§02 Melee L279–289',
  grenades: '§02 Grenades L325–332',
  rounds: '§05 Scenarios L574',
  control: '§05 Crossfire L592',
  ghost: '§03 Infiltrator L446',
} as const

/** A counter change on the §02 wound track: FW and MW one at a time, a 4th FW is an MW, an MW clears all FW, a hit at 2 MW is Out of Action. */
function applyCounter({ counters }: CounterTarget<TableModel>, counter: string, delta: number): CounterOutcome {
  const fw = counters.fleshWounds ?? 0
  const mw = counters.mortalWounds ?? 0
  const breach = counters.breachTokens ?? 0
  if (counter === 'breachTokens') return { counters: { ...counters, breachTokens: Math.max(0, Math.min(SK.breachTokensMax.value, breach + delta)) } }
  if (delta <= 0) {
    // Healing (Triage: Field Dress removes an FW; Stabilize converts or removes an MW): taken off, never below 0.
    return { counters: { ...counters, [counter]: Math.max(0, (counters[counter] ?? 0) + delta) } }
  }
  const wounds: Wound[] = Array.from({ length: delta }, () => (counter === 'mortalWounds' ? 'MW' : 'FW'))
  const after = applyWounds({ fleshWounds: fw, mortalWounds: mw, outOfAction: false }, wounds)
  // "When an operator takes a Flesh Wound, the opposing player places one Breach Token" (max 3, cleared on OoA).
  const tokens = after.outOfAction ? 0 : Math.min(SK.breachTokensMax.value, breach + (counter === 'fleshWounds' ? delta : 0))
  return {
    counters: { fleshWounds: after.fleshWounds, mortalWounds: after.mortalWounds, breachTokens: tokens },
    removed: after.outOfAction,
    ...(after.outOfAction ? { because: 'a hit at 2 MW: Out of Action, removed from play', rule: S.wounds } : {}),
  }
}

type Face = { face: number; result: string }

/** The faces of a Shoot (the result's own per-face outcomes) as effects on the target, or a jam on the shooter. */
function shotEffects(face: Face, shooter: string, target: string): { effects: Effect[]; hit: boolean; line: string } {
  switch (face.result) {
    case 'flesh-wound': return { effects: [{ kind: 'counter', model: target, counter: 'fleshWounds', delta: 1 }], hit: true, line: `${face.face}: hit, a Flesh Wound on ${target}` }
    case 'two-flesh-wounds': return { effects: [{ kind: 'counter', model: target, counter: 'fleshWounds', delta: 2 }], hit: true, line: `${face.face}: natural 6 against Heavy Plate, 2 Flesh Wounds on ${target}` }
    case 'mortal-wound': return { effects: [{ kind: 'counter', model: target, counter: 'mortalWounds', delta: 1 }], hit: true, line: `${face.face}: a Mortal Wound on ${target}` }
    case 'dry-fire': return { effects: [{ kind: 'status', model: shooter, status: 'jammed', set: true }], hit: false, line: `${face.face}: natural 1, Dry Fire: ${shooter}'s weapon jams` }
    case 'ally-hit': return { effects: face.face === 1 ? [{ kind: 'status', model: shooter, status: 'jammed', set: true }] : [], hit: false, line: `${face.face}: modified 1–2 into a fight hits an ally (the players say which; no wound is printed for it)${face.face === 1 ? `, and ${shooter}'s weapon jams` : ''}` }
    default: return { effects: [], hit: false, line: `${face.face}: miss` }
  }
}

function facesOf(result: Record<string, unknown>): Face[] {
  return Array.isArray(result.faces) ? (result.faces as Face[]) : []
}

/** Stealth ends on an attack from it (a surprise attack), except an Infiltrator's Ghost on a miss or with a silenced weapon (§03). */
function stealthBreaks(attacker: TableModel, hit: boolean, weaponId: unknown): boolean {
  if (!has(attacker, 'stealth')) return false
  if (!abilitiesOf(attacker).includes('ghost')) return true
  const weapon = attacker.weapons.find((w) => w.id === weaponId)
  const silenced = Array.isArray(weapon?.tags) && (weapon.tags as unknown[]).includes('Silenced')
  return hit && !silenced
}

const proposeAttack: NonNullable<RulesetGame['effects']>['attack'] = ({ table, query, result }, dice): EffectProposal => {
  const q = query as { attacker: string; target: string; context?: Record<string, unknown> }
  const attacker = table.model(q.attacker)
  if (result.melee === true) return proposeFight(table, q, result, dice)
  const ctx = q.context ?? {}
  const because: string[] = []
  const effects: Effect[] = []
  let hit = false
  const take = (faces: Face[], purpose: string): Face => {
    const d = dice.roll(6, purpose)
    return faces[d - 1] ?? { face: d, result: 'miss' }
  }
  const first = take(facesOf(result), 'Shoot')
  const one = shotEffects(first, q.attacker, q.target)
  effects.push(...one.effects)
  because.push(one.line)
  hit ||= one.hit
  if (ctx.rapidFire === true) {
    // Rapid Fire: "2 Shoot attacks", independent.
    const second = shotEffects(take(facesOf(result), 'Rapid Fire, second Shoot'), q.attacker, q.target)
    effects.push(...second.effects)
    because.push(`second shot ${second.line}`)
    hit ||= second.hit
  } else if (ctx.desperationFire === true && ctx.desperationSecondShot !== true) {
    if (first.face === 1) because.push('natural 1 on the first Desperation Fire shot: the activation ends, no second shot (§02 Desperation Fire L378)')
    else {
      const secondResult = attack(table, { ...(query as Parameters<typeof attack>[1]), context: { ...ctx, desperationSecondShot: true } }) as Record<string, unknown>
      const second = shotEffects(take(facesOf(secondResult), 'Desperation Fire, second shot at −2'), q.attacker, q.target)
      effects.push(...second.effects)
      because.push(`second shot ${second.line}`)
      hit ||= second.hit
    }
  }
  if (stealthBreaks(attacker, hit, result.weapon)) {
    effects.push({ kind: 'status', model: q.attacker, status: 'stealth', set: false })
    because.push(`${q.attacker} attacked from Stealth: Stealth breaks`)
  }
  return { effects: merge(effects), because, rules: [S.shootResults, ...(has(attacker, 'stealth') ? [S.stealth] : [])] }
}

/** A Fight: both roll D6 (high wins, the attacker wins ties), the winner's armor check against the loser's AR, the wound, and the loser Locked. */
function proposeFight(table: Table, q: { attacker: string; target: string; context?: Record<string, unknown> }, result: Record<string, unknown>, dice: DiceSource): EffectProposal {
  const o = readOptions(table.options)
  const mods = (Array.isArray(result.modifiers) ? result.modifiers : []) as Array<{ source: string; value: number }>
  const aTotal = mods.filter((m) => m.source.startsWith('attacker:')).reduce((s, m) => s + m.value, 0)
  const dTotal = -mods.filter((m) => m.source.startsWith('defender:')).reduce((s, m) => s + m.value, 0)
  const attacker = table.model(q.attacker)
  const target = table.model(q.target)
  const aAnti = q.context?.antiArmor === true || attacker.weapons.find((w) => w.id === result.weapon)?.antiArmor === true || meleeWeaponOf(attacker)?.antiArmor === true
  const dAnti = meleeWeaponOf(target)?.antiArmor === true
  const arFor = (m: TableModel, winnerAntiArmor: boolean) => {
    const armor = armorOf(m)
    const ar = armor.heavyPlate && winnerAntiArmor ? SK.antiArmorHeavyPlateAR.value : armor.AR
    return { ar: Math.max(0, ar + (has(m, 'pinned') ? SK.pinnedArModifier.value : 0)), heavyPlate: armor.heavyPlate }
  }
  const fa = dice.roll(6, `${q.attacker}'s opposed roll`)
  const fd = dice.roll(6, `${q.target}'s opposed roll`)
  const attackerWins = fa + aTotal >= fd + dTotal
  const [winner, loser] = attackerWins ? [attacker, target] : [target, attacker]
  const winnerFace = attackerWins ? fa : fd
  const { ar, heavyPlate } = arFor(loser, attackerWins ? aAnti : dAnti)
  const c = dice.roll(6, `${winner.id}'s armor check`)
  const because = [`opposed roll ${fa}${signed(aTotal)} = ${fa + aTotal} against ${fd}${signed(dTotal)} = ${fd + dTotal}: ${winner.id} wins${fa + aTotal === fd + dTotal ? ' (the attacker wins ties)' : ''}`]
  const effects: Effect[] = []
  const penetrates = c === 6 || (!(c === 1 && o.armorCheckNat1Fails) && c > ar)
  if (penetrates) {
    const mortal = (o.meleeNat6Die === 'opposed-roll' && winnerFace === 6) || (o.meleeNat6Die === 'armor-check' && c === 6) || (heavyPlate && c === 6)
    effects.push({ kind: 'counter', model: loser.id, counter: mortal ? 'mortalWounds' : 'fleshWounds', delta: 1 })
    because.push(`armor check ${c} against AR ${ar}: a ${mortal ? 'Mortal' : 'Flesh'} Wound on ${loser.id}`)
  } else because.push(`armor check ${c} against AR ${ar}: absorbed`)
  effects.push({ kind: 'status', model: loser.id, status: 'locked', set: true })
  because.push(`${loser.id} lost: Locked (TACT 4+ next activation to break free)`)
  if (has(attacker, 'stealth')) {
    effects.push({ kind: 'status', model: attacker.id, status: 'stealth', set: false })
    because.push(`${attacker.id} fought: Stealth breaks`)
  }
  return { effects, because, rules: [S.melee, S.locked] }
}

/** A grenade or demo charge: TACT against the need; success: an FW on everything in the blast; natural 6: an MW on the named target; failure scatters (placed by the players). */
const proposeBlast: NonNullable<RulesetGame['effects']>['blast'] = ({ query, result }, dice): EffectProposal => {
  const need = /meets (\d+)\+/.exec(String(result.need ?? ''))
  const penalty = /^D6 ([+\-−]\d+)/.exec(String(result.need ?? ''))
  const threshold = need ? Number(need[1]) : 4
  const mod = penalty ? Number(penalty[1]!.replace('−', '-')) : 0
  const face = dice.roll(6, 'the throw (TACT)')
  const hits = (Array.isArray(result.hits) ? result.hits : []) as Array<{ model: string; inBlastOnTarget: boolean }>
  const named = (query as { target?: string }).target
  const success = face === 6 || (face !== 1 && face + mod >= threshold)
  if (!success) return { effects: [], because: [`${face}${signed(mod)}: the throw fails and scatters D6" ${face === 1 ? 'toward the thrower' : '(no direction is printed)'}; the players place it and apply its Flesh Wounds`], rules: [S.grenades] }
  const effects: Effect[] = hits.filter((h) => h.inBlastOnTarget).map((h): Effect => ({ kind: 'counter', model: h.model, counter: face === 6 && h.model === named ? 'mortalWounds' : 'fleshWounds', delta: 1 }))
  return { effects, because: [`${face}${signed(mod)} meets ${threshold}+: ${face === 6 ? `dead centre, a Mortal Wound on ${named ?? 'the named target'} and ` : ''}a Flesh Wound on everything in the blast`], rules: [S.grenades] }
}

function signed(n: number): string {
  return n === 0 ? '' : n > 0 ? ` + ${n}` : ` − ${-n}`
}

/** Effects on the same counter of the same model added up (two shots, one line each). */
function merge(effects: Effect[]): Effect[] {
  const out: Effect[] = []
  for (const e of effects) {
    const same = e.kind === 'counter' ? out.find((x) => x.kind === 'counter' && x.model === e.model && x.counter === e.counter) : undefined
    if (same && same.kind === 'counter' && e.kind === 'counter') same.delta += e.delta
    else if (!out.some((x) => JSON.stringify(x) === JSON.stringify(e))) out.push({ ...e })
  }
  return out
}

export const operatorTacticsGame: RulesetGame = {
  counters: [
    { id: 'fleshWounds', label: 'Flesh Wounds (FW)', section: S.wounds, max: () => 3 },
    { id: 'mortalWounds', label: 'Mortal Wounds (MW)', section: S.wounds, max: () => 2 },
    { id: 'breachTokens', label: 'Breach Tokens', section: S.breach, max: () => SK.breachTokensMax.value },
  ],
  statuses: [
    { id: 'prone', section: S.prone, meaning: 'incoming Shoot −1; crawls at half MOBI; can Shoot; cannot Fight or Sprint; standing up costs one action', feeds: 'attack: incoming Shoot −1, no Fight; move: no Sprint, a Move is a crawl at half MOBI' },
    { id: 'pinned', section: S.pinned, meaning: 'next Move costs both actions; Shoot −1; AR −1', expires: { at: 'own-activation-end', section: S.pinned }, feeds: 'attack: Shoot −1, AR −1 as a target; move: costs both actions' },
    { id: 'stealth', section: S.stealth, meaning: 'cannot be targeted by Shoot; enemies ignore the operator; breaks on a hit, a Fight, a failed TACT roll in enemy LoS, moving through open ground within 6" of an enemy, or interacting with an objective', feeds: 'attack: not a target; a surprise attack from it +2' },
    { id: 'locked', section: S.locked, meaning: 'lost a Fight: stays in contact; TACT 4+ next activation to break free (3" clear), a failure costs 1 FW', feeds: 'move: only break-free' },
    { id: 'shaken', section: S.ceiling, meaning: 'failed the Contact Ceiling check: this activation is defensive only (Shoot from cover, Move toward its deployment edge, Duck Down; no Fight, Sprint or Interact)', expires: { at: 'own-activation-end', section: S.ceiling }, forbids: { moveModes: ['sprint'], section: S.ceiling }, feeds: 'attack: no Fight; objective: does not hold a Hardpoint' },
    { id: 'jammed', section: S.dryFire, meaning: 'Dry Fire: the weapon jams; one action to clear', feeds: 'attack: refused until cleared' },
    { id: 'shot-last-activation', section: '§06A Concealment L814–824', meaning: 'shot in its last activation, so it is not Concealed (Vertical Pressure)', feeds: 'attack: Concealment does not apply' },
  ],
  resources: [
    { id: 'edge', label: 'Edge tokens', section: S.edge, owner: 'side', max: SK.edgeMax.value, reset: { at: 'game-start', to: SK.edgeStart.value, section: S.edge } },
  ],
  activation: {
    of: 'model',
    order: 'alternate',
    limit: { per: 'round' },
    initiative: { how: 'Priority: both players roll D6; the winner chooses to activate first or second', section: S.priority },
    rounds: { count: 8, section: S.rounds },
    section: S.activation,
  },
  scoring: {
    when: 'round-end',
    section: S.endPhase,
    radiusMm: () => inches(SK.objectiveControlInches.value),
    markerDiameterMm: () => 0,
    readControl: (r) => ({ controlledBy: typeof r.controlledBy === 'string' ? r.controlledBy : null, contested: r.contested === true }),
  },
  applyCounter,
  effects: { attack: proposeAttack, blast: proposeBlast },
  stateContext: (table, q) => {
    const out: Record<string, unknown> = {}
    const wounds = (id: unknown) => {
      const m = typeof id === 'string' ? table.findModel(id) : undefined
      const c = m?.scene.state?.counters
      return c && (c.fleshWounds || c.mortalWounds) ? { fleshWounds: Math.min(3, c.fleshWounds ?? 0), mortalWounds: Math.min(2, c.mortalWounds ?? 0) } : undefined
    }
    const qq = q as { attacker?: unknown; target?: unknown }
    const a = wounds(qq.attacker)
    const t = wounds(qq.target)
    if (a) out.attackerWounds = a
    if (t) out.targetWounds = t
    return out
  },
  defaultMoveMode: 'move',
  open: [
    'Nothing in the book inflicts Pinned: it is set by an effect when the players agree.',
    'Actions per activation (two; one for the Priority loser\'s first operator, one at an MW) are not counted: the move query checks each move.',
    'An ally hit by a shot into a fight: the book names no wound and no ally; nothing is proposed.',
    'A grenade that scatters: no direction is printed; its Flesh Wounds are applied by the players (an override, with the landing spot as the reason).',
    'The Pressure Clock and the Climax Variable are not kept.',
  ],
}
