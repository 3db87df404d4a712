// The game state of Jagged Shards (issue 33), from the book: Wounds lost against each model's Wounds
// (§4.3–§4.4), the after-effects a model carries (Sprinted, Disengaged, a Rush, a critical failure's
// "cannot fire next round", a target suppressed), rounds of six phases each played by the Initiative
// player then the opponent (§7), Warp Flares (§2.6), and objectives scored at the end of each round with
// Sticky Control (§13). An attack's D100 is read by the ruleset's own attack (its `outcome` for a roll).
import { type Effect, type EffectProposal, type RulesetGame, type TableModel, inches } from '../../engine/index.ts'
import { attack } from './attack.ts'
import { OBJECTIVE_CONTROL_INCHES } from './constants.ts'
import { readUnitStats } from './modelStats.ts'
import { readOptions } from './options.ts'

/** A critical failure that stops the model attacking next round ("Jam — cannot fire next round", "Power surge — cannot attack next round"…). */
const STOPS_ATTACKS = /\b(?:may not|cannot|can not)\b[^.]*\b(?:shoot|fire|attack|melee attacks)\b[^.]*next round/i
/** A critical success that suppresses the target ("Target suffers -10 Evade (suppressed) until end of round"). */
const SUPPRESSES = /suppress/i

function woundsOf(m: TableModel): number | undefined {
  try {
    return readUnitStats(m).wounds
  } catch {
    return undefined // no statline: the attack query says so
  }
}

const proposeAttack: NonNullable<RulesetGame['effects']>['attack'] = ({ table, query }, dice): EffectProposal => {
  const q = query as Parameters<typeof attack>[1]
  const roll = dice.roll(100, 'D100 attack roll')
  const r = attack(table, { ...q, context: { ...(q.context ?? {}), roll } })
  const out = (r as { outcome?: { band: string; hit: boolean; wound: boolean; destroyed: boolean; critical?: string } }).outcome
  const effects: Effect[] = []
  const because: string[] = []
  const rules = ['§4.1', '§9.5']
  if (!out) return { effects, because: ['the attack gives no outcome for the roll'], rules }
  if (out.band === 'critical-failure') {
    rules.push('§11.2')
    because.push(`${roll}: Critical Failure, an automatic miss${out.critical ? ` — "${out.critical}"` : ''}`)
    if (out.critical && STOPS_ATTACKS.test(out.critical)) effects.push({ kind: 'status', model: q.attacker, status: 'jammed', set: true })
    else if (out.critical) because.push('its after-effect is a modifier the players apply (no status)')
    return { effects, because, rules }
  }
  if (out.band === 'critical-success') rules.push('§11.1')
  if (!out.hit) return { effects, because: [`${roll}: a miss`], rules }
  because.push(`${roll}: ${out.band === 'critical-success' ? 'Critical Success, an automatic hit' : 'a hit'}${out.critical ? ` — "${out.critical}"` : ''}`)
  if (out.wound) {
    effects.push({ kind: 'counter', model: q.target, counter: 'wounds', delta: 1 })
    because.push(`1 Wound on ${q.target}${out.destroyed ? ': reduced to 0 Wounds, Destroyed' : ''}`)
  } else because.push('DAM below the Wound Threshold: no wound')
  if (out.band === 'critical-success' && out.critical && SUPPRESSES.test(out.critical)) effects.push({ kind: 'status', model: q.target, status: 'suppressed', set: true })
  return { effects, because, rules }
}

export const jaggedShardsGame: RulesetGame = {
  counters: [
    {
      id: 'wounds',
      label: 'Wounds lost',
      section: '§4.4',
      max: woundsOf,
      // "A model reduced to 0 Wounds is immediately Destroyed" (§4.3).
      removesAt: woundsOf,
    },
  ],
  statuses: [
    { id: 'sprinted', section: '§8.1', meaning: 'Sprinted this round: cannot Shoot or Rush this round, nor use abilities that need steady aim', setByMoveModes: ['sprint'], expires: { at: 'round-end', section: '§8.1' }, feeds: 'attack: context sprinted (no shooting)' },
    { id: 'disengaged', section: '§8.5', meaning: 'Disengaged this turn: may not Sprint, Rush or make a melee attack this round', expires: { at: 'round-end', section: '§8.5' }, forbids: { moveModes: ['sprint', 'rush'], section: '§8.5' }, feeds: 'attack: context disengaged (no melee)' },
    { id: 'rushed', section: '§12.5', meaning: 'Rushed successfully into engagement this round: strikes first in the Melee Phase', expires: { at: 'round-end', section: '§12.5' }, feeds: 'attack: context rushed (first strike)' },
    { id: 'jammed', section: '§11.2', meaning: 'a Critical Failure after-effect: may not shoot (or attack) next round', expires: { at: 'next-round-end', section: '§17' }, feeds: 'attack: context jammed (refused)' },
    { id: 'suppressed', section: '§17.1', meaning: 'Heavy Rotary Cannon Critical Success: −10 Evade until end of round', expires: { at: 'round-end', section: '§17.1' }, feeds: 'attack on it: context targetEvade −10' },
  ],
  resources: [
    // The Warp Strike Force "Begins the battle with 3 Warp Flares" (§3.2), the Shock Strike Force with 2 (§3.3): set at the start by an effect (the roles are not in the scene); "never regenerate during a battle" (§2.6).
    { id: 'warpFlares', label: 'Warp Flares', section: '§2.6' },
  ].map((r) => ({ ...r, owner: 'side' as const })),
  activation: {
    of: 'model',
    order: 'turns',
    limit: { per: 'phase' },
    phases: [
      { id: 'command', section: '§7.2' },
      { id: 'movement', section: '§7.3' },
      { id: 'shooting', section: '§7.4' },
      { id: 'rush', section: '§7.5' },
      { id: 'melee', section: '§7.6' },
      { id: 'resolution', section: '§7.7' },
    ],
    initiative: { how: 'both roll D100 at the start of each round but the first, higher wins (ties: lower Force Rating, then the Defender); round 1: the Attacker, unless the Defender steals it (one Warp Flare, D100 70+)', section: '§7.2.2' },
    rounds: { count: 5, section: '§7' },
    section: '§7.1',
  },
  scoring: {
    when: 'round-end',
    section: '§13.3',
    radiusMm: () => inches(OBJECTIVE_CONTROL_INCHES.value),
    markerDiameterMm: (table) => readOptions(table.options).objectiveMarkerMm,
    // `scores`: who scores this round (contested: nobody); `stickyControl`: who holds it into the next round.
    readControl: (r) => ({ controlledBy: typeof r.scores === 'string' ? r.scores : null, contested: r.state === 'contested', held: typeof r.stickyControl === 'string' ? r.stickyControl : null }),
    heldContext: (held) => (held ? { stickyController: held } : {}),
  },
  effects: { attack: proposeAttack },
  stateContext: (table, q) => {
    const out: Record<string, unknown> = {}
    const qq = q as { attacker?: unknown; target?: unknown }
    const attacker = typeof qq.attacker === 'string' ? table.findModel(qq.attacker) : undefined
    const target = typeof qq.target === 'string' ? table.findModel(qq.target) : undefined
    if (q.type === 'attack' && attacker) {
      for (const s of ['sprinted', 'disengaged', 'rushed', 'jammed'] as const) if (attacker.status.includes(s)) out[s] = true
    }
    if (q.type === 'attack' && target) {
      const lost = target.scene.state?.counters?.wounds ?? 0
      const total = woundsOf(target)
      if (lost > 0 && total !== undefined && total - lost >= 1) out.targetWounds = total - lost
      if (target.status.includes('suppressed')) out.targetEvade = -10
    }
    return out
  },
  defaultMoveMode: 'normal',
  open: [
    'Warp Flares at the start (Attacker 3, Defender 2) depend on the roles, which the scene does not name: set them with an effect.',
    'A critical failure\'s modifier after-effects ("+10 SR Threshold on the next attack", "−10 Evade next round") are not kept as statuses: give them as context modifiers.',
    'Whether a Rush succeeded (and so strikes first) is set with an effect (status rushed).',
    'Reinforcements (from Round 2, 1 Warp Flare + BP, at most 2) return a removed model: not modelled; log them as a new game.',
  ],
}
