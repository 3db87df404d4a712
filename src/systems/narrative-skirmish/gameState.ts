// The game state of "Skirmish Rules" (issue 33), from the book: no hit points ("There are no hit
// points. Period."), the down state and immobilised big models, turns in initiative order with models
// activated once a turn, action points rolled each turn and bonus dice kept through the round, and the
// opposed roll that downs (or, with Rending Claws, removes) the loser.
import type { Effect, EffectProposal, RulesetGame, Table, TableModel } from '../../engine/index.ts'
import { MAX_BONUS_DICE, SECTION } from './catalogue.ts'
import { opt } from './rules.ts'

const GAME = {
  round: 'Playing the Game > Round',
  turns: 'Playing the Game > Player Turns and Sequence',
  actionPoints: 'Playing the Game > Roll for Action Points',
  tokens: 'Setup and Materials > Tokens',
} as const

type Modifier = { source: string; value: number; applied?: boolean }

/** The opposed roll of one shot (or one melee): d10 + modifiers + bonus d6s each side (Combat > Ranged, Combat > Melee). */
const proposeAttack: NonNullable<RulesetGame['effects']>['attack'] = ({ table, query, result }, dice): EffectProposal => {
  const q = query as { attacker: string; target: string; context?: { attackerBonusDice?: number; defenderBonusDice?: number } }
  const mods = (Array.isArray(result.modifiers) ? result.modifiers : []) as Modifier[]
  const attSum = mods.filter((m) => m.source.startsWith('attacker:')).reduce((s, m) => s + m.value, 0)
  // The result lists the defender's modifiers as the attacker sees them (negative = helps the defender).
  const defSum = -mods.filter((m) => m.source.startsWith('defender:')).reduce((s, m) => s + m.value, 0)
  const attBonus = q.context?.attackerBonusDice ?? 0
  const defBonus = q.context?.defenderBonusDice ?? 0
  const melee = result.melee === true
  const shots = melee ? 1 : typeof result.shots === 'number' ? result.shots : 1
  const canDamage = Number((result.probability as { effect?: number } | undefined)?.effect ?? 0) > 0
  const weapon = table.model(q.attacker).weapons.find((w) => w.id === result.weapon)
  const removes = weapon?.removesLoser === true
  const tieReading = opt(table).tieReading
  const because: string[] = []
  const effects: Effect[] = []
  const loserEffect = (id: string): Effect => (removes && id === q.target ? { kind: 'remove', model: id } : { kind: 'status', model: id, status: 'down', set: true })
  for (let shot = 1; shot <= shots; shot++) {
    let a: number
    let d: number
    for (;;) {
      a = dice.roll(10, `attack roll${shots > 1 ? ` (shot ${shot})` : ''}`) + attSum
      for (let k = 0; k < attBonus; k++) a += dice.roll(6, 'attacker bonus die')
      d = dice.roll(10, `defence roll${shots > 1 ? ` (shot ${shot})` : ''}`) + defSum
      for (let k = 0; k < defBonus; k++) d += dice.roll(6, 'defender bonus die')
      if (a !== d || tieReading !== 'reroll') break
      because.push(`tie ${a}–${d}: re-rolled (option tieReading)`)
    }
    const tag = shots > 1 ? `shot ${shot}: ` : ''
    if (a > d) {
      because.push(`${tag}attacker ${a} beats defender ${d}: ${q.target} ${removes ? 'is removed from the game (Rending Claws)' : canDamage ? 'is down' : 'cannot be damaged by this attack (armour)'}`)
      if (canDamage && !effects.length) effects.push(loserEffect(q.target))
    } else if (melee && d > a) {
      because.push(`defender ${d} beats attacker ${a}: ${q.attacker} loses the melee and is down`)
      effects.push({ kind: 'status', model: q.attacker, status: 'down', set: true })
    } else {
      because.push(`${tag}attacker ${a} does not beat defender ${d}${a === d ? (melee ? ' (a tie: the book does not resolve melee ties)' : ' (a tie is not a win)') : ''}`)
    }
  }
  return { effects, because, rules: [melee ? SECTION.combatMelee : SECTION.combatRanged, ...(removes ? [SECTION.melee] : [])] }
}

export const narrativeSkirmishGame: RulesetGame = {
  counters: [],
  statuses: [
    {
      id: 'down',
      section: SECTION.combatRanged,
      meaning: 'turned on its side in the downed state until the Recovery Phase, when a casualty test returns it to a ready state or removes it',
      forbids: { activation: true, attacks: true, section: SECTION.recovery },
      feeds: 'activation: a down model is not in a ready state (reading of "put back into a ready state")',
    },
    {
      id: 'immobilized',
      section: SECTION.recovery,
      meaning: 'a big model that rolled 3 on the d4: cannot move but can make ranged attacks',
      forbids: { moveModes: 'all', section: SECTION.recovery },
      feeds: 'moves: refused',
    },
    {
      id: 'holding-object',
      section: GAME.tokens,
      meaning: 'is holding an object (a narrative action picked it up); a token for record keeping only',
    },
  ],
  resources: [
    {
      id: 'actionPoints',
      label: 'action points',
      section: GAME.actionPoints,
      owner: 'side',
      // "Action points do not carry from turn-to-turn or round-to-round": rolled (1d20) at the start of each turn.
      reset: { at: 'turn-end', to: 0, section: GAME.actionPoints },
    },
    {
      id: 'bonusDice',
      label: 'bonus dice',
      section: SECTION.bonusDice,
      owner: 'side',
      max: MAX_BONUS_DICE,
      // "Bonus dice do carry from turn-to-turn but not round-to-round"; discarded before the new round (Recovery Phase).
      reset: { at: 'round-start', to: 0, section: SECTION.bonusDice },
    },
  ],
  activation: {
    of: 'model',
    order: 'turns',
    limit: { per: 'turn' },
    initiative: { how: 'each player rolls a d20 at the start of the round; play goes from the highest roll down', section: GAME.round },
    forbiddenSequences: [{ actions: ['move', 'attack', 'move'], section: SECTION.actions }],
    maxMoves: { count: 3, section: SECTION.actions },
    section: GAME.turns,
  },
  effects: { attack: proposeAttack },
  stateContext: (table: Table, q) => {
    if (q.type !== 'move') return {}
    const m: TableModel | undefined = table.findModel((q as { model: string }).model)
    const moves = m?.scene.state?.moves ?? 0
    // "1st Movement is 1 AP, 2nd Movement is 3 AP, 3rd Movement is 5 AP": the move after `moves` moves this activation.
    return moves >= 1 ? { moveNumber: Math.min(3, moves + 1) } : {}
  },
  defaultMoveMode: 'move',
  open: [
    'Whether a down model may act before the Recovery Phase: read as not ("put back into a ready state"), so its activation is a finding.',
    'The AP cost of combat and narrative actions is not printed (only moves cost 1/3/5 AP): spend them with an effect.',
    'A fourth move in one activation ("up three times per activation") is a finding; it is checked as the third.',
    'Melee ties are not resolved ("losing model is … downed"): no effect is proposed on a tie.',
    'The casualty test (d10 6+, big models d4) is logged as its effects, confirmed by both sides; it proposes nothing itself.',
  ],
}
