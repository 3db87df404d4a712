// The game state of Operator Tactics: Iron Line (issue 33), from the field manual: Strain per unit
// against its Integrity, Broken when Strain reaches it and removed in the Scrap Phase (§12, §16 Placing
// Strain), Distracted until the Scrap Phase clears it, five rounds of six phases each played by the First
// Player then the Second (§15), Signal (§12), and an attack's dice read against the result's Target
// Number through the ruleset's own Strain count (Elite, Brutal, Deadly Shots, Hardened, Implacable).
import type { Effect, EffectProposal, RulesetGame } from '../../engine/index.ts'
import { IRON_LINE } from './constants.ts'
import { contextOf } from './context.ts'
import { opt } from './options.ts'
import { strainFromRoll } from './strainDistribution.ts'
import { hasKeyword, isImplacable, keywordValue, readUnit } from './unitState.ts'

const S = {
  turn: '§15 L1405–1440',
  firstPlayer: '§15 L1424',
  phases: '§15 L1422–1430',
  scrap: '§15 L1432–1436',
  clearDistracted: '§15 L1436',
  gameEnd: '§15 L1440',
  strain: '§12 L1248–1252',
  broken: '§12 L1256',
  placing: '§16 L1499–1501',
  signal: '§12 L1236',
  distracted: '§23 L2048',
  defilade: '§16A L1552–1557',
} as const

/** Dice against the Target Number: natural 1 misses, natural 6 hits, else hits on the TN or more (§12 L1218); Strain by the ruleset's count. */
const proposeAttack: NonNullable<RulesetGame['effects']>['attack'] = ({ table, query, result }, dice): EffectProposal => {
  const q = query as { attacker: string; target: string; context?: Record<string, unknown> }
  const o = opt(table)
  const ctx = contextOf(q as never)
  const a = readUnit(table.model(q.attacker))
  const t = readUnit(table.model(q.target))
  const kind = result.kind === 'combat' ? 'combat' : 'shooting'
  const tn = Math.min(IRON_LINE.tnMax.value, Math.max(IRON_LINE.tnMin.value, Number(/(\d+)\+/.exec(String(result.need ?? ''))?.[1] ?? 6)))
  const n = typeof result.dice === 'number' ? result.dice : 0
  const targetStrain = ctx.targetStrain ?? t.strain
  const hardened = keywordValue(t, 'hardened') + keywordValue(t, 'armored')
  const implacable = kind === 'shooting' && isImplacable(t)
  const room = !implacable ? null : o.implacableReading === 'gained-per-activation' ? IRON_LINE.implacableCapStrain.value - (ctx.strainFromThisActivation ?? 0) : IRON_LINE.implacableCapStrain.value - targetStrain
  const input = {
    kind, dice: n, tn,
    elite: hasKeyword(a, 'elite'), brutal: hasKeyword(a, 'brutal'), deadlyShots: hasKeyword(a, 'deadly-shots'), criticalHits: hasKeyword(a, 'critical-hits'),
    hardened: kind === 'combat' || o.hardenedScope === 'all-attacks' ? hardened : 0,
    implacableRoom: room,
  } as const
  const faces: number[] = []
  for (let i = 0; i < n; i++) faces.push(dice.roll(6, 'attack die'))
  const misses = (f: number) => f === 1 || (f !== 6 && f < tn)
  if (input.elite) {
    // "Re-roll one attack die per attack" (§23 L2049): a missed one.
    const k = faces.findIndex(misses)
    if (k >= 0) faces[k] = dice.roll(6, 'Elite re-roll')
  }
  const sixes = faces.filter((f) => f === 6).length
  const normal = faces.filter((f) => f !== 6 && !misses(f)).length
  const strain = strainFromRoll(input, normal, sixes)
  const because = [`${n} dice against ${tn}+ (${faces.join(', ')}): ${normal + sixes} hit${normal + sixes === 1 ? '' : 's'}, ${strain} Strain on ${q.target}`]
  const effects: Effect[] = []
  if (strain > 0) effects.push({ kind: 'counter', model: q.target, counter: 'strain', delta: strain })
  const breaksAt = Number((result.strain as { breaksAt?: number } | undefined)?.breaksAt ?? Infinity)
  if (targetStrain + strain >= breaksAt && !t.markedBroken) {
    effects.push({ kind: 'status', model: q.target, status: 'broken', set: true })
    because.push(`${targetStrain + strain} Strain reaches its Integrity ${breaksAt}: Broken, removed in the Scrap Phase`)
  }
  return { effects, because, rules: [S.placing, ...(effects.some((e) => e.kind === 'status') ? [S.broken] : [])] }
}

export const ironLineGame: RulesetGame = {
  counters: [
    // "Units begin with no Strain. They may have any number." (§12 L1248)
    { id: 'strain', label: 'Strain tokens', section: S.strain },
  ],
  statuses: [
    { id: 'broken', section: S.broken, meaning: 'Strain equal to or greater than its Integrity: causes cascade failure and is removed during the Scrap Phase; loses Broken if its Strain falls below its Integrity', feeds: 'attack: Merciless against it; objective: never holds a Strongpoint' },
    { id: 'distracted', section: S.distracted, meaning: 'may not end a manoeuvre engaged with a unit; cleared at the end of the Scrap Phase', expires: { at: 'round-end', section: S.clearDistracted }, feeds: 'move: may not end engaged (context distracted)' },
    { id: 'shot-last-round', section: S.defilade, meaning: 'shot during the previous round: gains no Defilade (Vertical Pressure)', feeds: 'attack on it: no Defilade' },
  ],
  resources: [
    // "Store unspent Signal round to round up to a maximum of 10. Excess is lost." Gained in the Signal Phase (1 per full 1,000 points, +1 per Relay).
    { id: 'signal', label: 'Signal', section: S.signal, owner: 'side', max: 10 },
  ],
  activation: {
    of: 'model',
    order: 'turns',
    limit: { per: 'phase' },
    phases: [
      { id: 'initiative', section: S.phases },
      { id: 'signal', section: S.phases },
      { id: 'shooting', section: S.phases },
      { id: 'movement', section: S.phases },
      { id: 'combat', section: S.phases },
      { id: 'scrap', section: S.scrap },
    ],
    initiative: { how: 'the First Player token from setup (the last to paint calls even or odd on a D6); from round 2 the other player seizes it by rolling over the round number on a D6', section: S.firstPlayer },
    rounds: { count: 5, section: S.gameEnd },
    section: S.phases,
  },
  scoring: {
    // Victory conditions score their rings "at the end of turns 4 and 5" (§18): control is taken at each round's end.
    when: 'round-end',
    section: '§18 L1638–1652',
    radiusMm: (_table, r) => (typeof r.radiusInches === 'number' ? r.radiusInches * 25.4 : 0),
    markerDiameterMm: () => 0,
    readControl: (r) => {
      if (typeof r.scores === 'string') return { controlledBy: r.scores, contested: false }
      if (typeof r.holder === 'string') return { controlledBy: r.holder, contested: false }
      const vp = (r.vp ?? r.counts ?? {}) as Record<string, number>
      const sides = Object.entries(vp).filter(([, v]) => v > 0).map(([k]) => k)
      return { controlledBy: sides.length === 1 ? sides[0]! : null, contested: sides.length > 1 }
    },
  },
  effects: { attack: proposeAttack },
  stateContext: (table, q) => {
    const out: Record<string, unknown> = {}
    const target = q.type === 'attack' ? table.findModel((q as { target: string }).target) : undefined
    if (target?.status.includes('broken')) out.targetBroken = true
    const strain = target?.scene.state?.counters?.strain
    if (strain !== undefined && target?.scene.stats?.strain === undefined) out.targetStrain = strain
    const mover = q.type === 'move' ? table.findModel((q as { model: string }).model) : undefined
    if (mover?.status.includes('distracted')) out.distracted = true
    // "At activation the unit gains MP = Speed … Unspent MP are lost": what this activation's moves spent.
    const spent = mover?.scene.state?.moveCost
    if (spent) out.mpSpent = spent
    return out
  },
  defaultMoveMode: 'advance',
  readMove: (r) => {
    const cost = typeof r.mpCost === 'number' ? r.mpCost : null
    const mp = (r.allowance as { mp?: number } | undefined)?.mp
    return { unit: 'MP', cost, allowance: typeof mp === 'number' ? mp : null }
  },
  open: [
    'A unit\'s Strain is its state counter; a scene\'s `stats.strain` (or the attack\'s `context.targetStrain`), given by hand, wins over it.',
    'Strain from one attacker\'s activation (Implacable, gained-per-activation reading) is not counted by the game: give strainFromThisActivation as context.',
    'Cascade failure, removal of Broken units and Salvage in the Scrap Phase are logged as their effects; the Scrap Phase ends the round (Distracted clears).',
    'Interrupt cards, Chaos of War and the victory conditions\' points are not kept.',
  ],
}
