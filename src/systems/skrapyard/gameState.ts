// The game state of Skrapyard (issue 33), from the book: no wound counters — a failed A test puts a
// character on its side, wounded (§15.1), and a wounded character failing again in combat is removed
// (§15.1.4); retreating after a failed morale test (§16.4); the magic feats that last until the target's
// next activation phase (§19.5); a failed activation test (§11.4); turns in which every character
// activates once, by D (§9, §10); each hero's Resolve (§18.1). No objectives (§5.1). An attack's d12s
// are read against the result's final S or F and the target's A.
import type { DiceSource, Effect, EffectProposal, RulesetGame, Table } from '../../engine/index.ts'
import { isPass } from './dice.ts'
import { readCharacter } from './readCharacter.ts'
import { NUMBERS } from './numbers.ts'

type AttackResultFields = { kind?: string; finalS?: number; finalF?: number; targetA?: number; need?: string; weapon?: string }

/** An A test at `value` (§7.1: a d12 equal to or under it; 1 always passes, 12 always fails). */
function aTest(dice: DiceSource, value: number, who: string): { roll: number; pass: boolean } {
  const roll = dice.roll(12, `${who}'s A test`)
  return { roll, pass: isPass(roll, value) }
}

function baseA(table: Table, id: string): number {
  const a = readCharacter(table.model(id)).stats['A']
  return typeof a === 'number' ? a : 0
}

const proposeAttack: NonNullable<RulesetGame['effects']>['attack'] = ({ table, query, result }, dice): EffectProposal => {
  const q = query as { attacker: string; target: string }
  const r = result as AttackResultFields
  const targetWounded = readCharacter(table.model(q.target)).wounded
  const targetA = r.targetA ?? baseA(table, q.target)
  const because: string[] = []
  const effects: Effect[] = []
  /** A hit on `who`: its A test; failed, it is wounded, or removed when it was wounded already and this is combat (§15.1, §15.1.4). */
  const hit = (who: string, a: number, combat: boolean, wasWounded: boolean) => {
    const t = aTest(dice, a, who)
    if (t.pass) because.push(`${who} passes its A test (${t.roll} ≤ ${a})`)
    else if (wasWounded && combat) {
      because.push(`${who} fails its A test (${t.roll} against ${a}) while wounded: removed, with no recovery test (§15.1.4)`)
      effects.push({ kind: 'remove', model: who })
    } else {
      because.push(`${who} fails its A test (${t.roll} against ${a}): placed on its side, wounded (§15.1)`)
      effects.push({ kind: 'status', model: who, status: 'wounded', set: true })
    }
  }
  if (r.kind === 'combat') {
    if ((r.need ?? '').startsWith('automatic hit')) {
      because.push(`${q.target} is hit automatically${targetWounded ? ' (a wounded character, §15.1.3)' : ' (Fight feat)'}`)
      hit(q.target, targetA, true, targetWounded)
      return { effects, because, rules: ['§14', '§15.1'] }
    }
    const f = r.finalF ?? 0
    for (let chained = 0; ; chained++) {
      const roll = dice.roll(12, chained ? 'another F test (natural 1, §21.1)' : 'F test')
      if (roll === NUMBERS.naturalFail.value) {
        because.push(`natural 12: ${q.attacker} fumbles; ${q.target} ripostes (§21.2)`)
        const targetF = readCharacter(table.model(q.target)).stats['F'] ?? 0
        const riposte = dice.roll(12, `${q.target}'s riposte F test`)
        if (isPass(riposte, targetF)) {
          because.push(`riposte ${riposte} ≤ ${targetF}: ${q.attacker} is hit`)
          hit(q.attacker, baseA(table, q.attacker), true, readCharacter(table.model(q.attacker)).wounded)
        } else because.push(`riposte ${riposte} misses`)
        break
      }
      if (!isPass(roll, f)) {
        because.push(`F test ${roll} against ${f}: a miss`)
        break
      }
      because.push(`F test ${roll} ≤ ${f}: a hit`)
      hit(q.target, targetA, true, targetWounded || effects.some((e) => e.kind === 'status' && e.model === q.target))
      if (roll !== NUMBERS.naturalPass.value || effects.some((e) => e.kind === 'remove' && e.model === q.target)) break
      because.push('natural 1: another F test (§21.1)')
    }
    return { effects: dedupe(effects), because, rules: ['§14', '§15.1', '§21'] }
  }
  const s = r.finalS ?? 0
  const roll = dice.roll(12, 'S test')
  if (roll === NUMBERS.naturalPass.value) {
    because.push(`natural 1: a vulnerable point, ${q.target} is down without an A test (§21.3)`)
    effects.push({ kind: 'status', model: q.target, status: 'wounded', set: true })
  } else if (roll === NUMBERS.naturalFail.value) {
    because.push(`natural 12: the weapon misfires and injures ${q.attacker} (§21.4)`)
    hit(q.attacker, baseA(table, q.attacker), false, false)
  } else if (isPass(roll, s)) {
    because.push(`S test ${roll} ≤ ${s}: a hit`)
    hit(q.target, targetA, false, targetWounded)
  } else because.push(`S test ${roll} against ${s}: a miss`)
  return { effects, because, rules: ['§13', '§15.1', '§21'] }
}

function dedupe(effects: Effect[]): Effect[] {
  const removed = new Set(effects.filter((e) => e.kind === 'remove').map((e) => (e as { model: string }).model))
  const seen = new Set<string>()
  return effects.filter((e) => {
    if (e.kind === 'status' && removed.has(e.model)) return false
    const k = JSON.stringify(e)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/** A characteristic test: a d12 (a failure re-rolled once with a re-roll), and what its purpose makes of it. */
const proposeTest: NonNullable<RulesetGame['effects']>['test'] = ({ query, result }, dice): EffectProposal => {
  const q = query as { model: string; context?: { reroll?: boolean } }
  const r = result as { purpose?: string; value?: number; automatic?: string | null }
  const value = r.value ?? 0
  let pass: boolean
  let line: string
  if (r.automatic) {
    pass = !r.automatic.startsWith('fail')
    line = r.automatic
  } else {
    let roll = dice.roll(12, `${r.purpose ?? 'plain'} test`)
    pass = isPass(roll, value)
    if (!pass && q.context?.reroll) {
      roll = dice.roll(12, 're-roll of the failed test')
      pass = isPass(roll, value)
    }
    line = `${roll} against ${value}: ${pass ? 'passed' : 'failed'}`
  }
  const effects: Effect[] = []
  const because = [line]
  const set = (status: string, on: boolean) => effects.push({ kind: 'status', model: q.model, status, set: on })
  switch (r.purpose) {
    case 'activation':
      if (!pass) (set('failed-activation', true), because.push('default actions only this activation phase (§11.4)'))
      break
    case 'morale':
      if (!pass) (set('retreating', true), because.push('retreating: a retreat move now (§16.4)'))
      break
    case 'recovery':
      if (pass) (set('wounded', false), because.push('placed upright again (§17.2)'))
      else (effects.push({ kind: 'remove', model: q.model }), because.push('removed (§17.2)'))
      break
    case 'rally':
      if (pass) (set('retreating', false), because.push('rallied: activates normally next turn (§17.4)'))
      else because.push('another retreat move; removed if it cannot end 3" from every enemy (§17.5)')
      break
  }
  return { effects, because, rules: ['§7.1', ...(r.purpose === 'activation' ? ['§11.4'] : r.purpose === 'morale' ? ['§16.4'] : r.purpose === 'recovery' ? ['§17.1'] : r.purpose === 'rally' ? ['§17.3'] : [])] }
}

const NEXT_ACTIVATION = { at: 'own-activation-end' as const, section: '§19.5' }

export const skrapyardGame: RulesetGame = {
  counters: [],
  statuses: [
    { id: 'wounded', section: '§15.1', meaning: 'placed on its side; may not activate this turn; ignored but for combat, formation, obstructing movement and morale; hit automatically when attacked; the recovery test at the end of the turn stands it up or removes it', forbids: { activation: true, moveModes: 'all', attacks: true, section: '§15.1, §15.1.1' }, feeds: 'attack: hit automatically, removed on a failed A test in combat; not a shooting target' },
    { id: 'retreating', section: '§16.4', meaning: 'failed a morale test: makes a retreat move and may not activate this turn; rallies or is removed at the end of the turn', forbids: { activation: true, section: '§16.5' }, feeds: 'move: the retreat move; no feats' },
    { id: 'failed-activation', section: '§11.4', meaning: 'failed its activation test: default actions only in this activation phase', expires: { at: 'own-activation-end', section: '§11.4' }, feeds: 'attack: context failedActivation' },
    { id: 'distracted', section: '§19.5.1', meaning: 'Distract: −2 F in its next activation phase', expires: NEXT_ACTIVATION, feeds: 'attack (combat): context distracted' },
    { id: 'enchanted', section: '§19.5.2', meaning: 'Enchant: −2 S in its next activation phase', expires: NEXT_ACTIVATION, feeds: 'attack (shooting): context enchanted' },
    { id: 'jinxed', section: '§19.5.3', meaning: 'Jinx: −2 A in its next activation phase', expires: NEXT_ACTIVATION, feeds: 'attack on it: context targetJinxed' },
    { id: 'tormented', section: '§19.5.4', meaning: 'Torment: −2 D in its next activation phase', expires: NEXT_ACTIVATION, feeds: 'test: context tormented' },
    { id: 'ensnared', section: '§19.5.6', meaning: 'Ensnare: the next time it activates, its movement is cut by a D12 in inches', expires: NEXT_ACTIVATION, feeds: 'move: context ensnared' },
  ],
  resources: [
    // Each hero's Resolve: "Once a hero has expended all of his R, he may perform no more feats in that game" (§18.1).
    { id: 'resolve', label: 'Resolve (R)', section: '§18.1', owner: 'model', reset: { at: 'game-start', to: (table, id) => (readCharacter(table.model(id)).hero ? Number(readCharacter(table.model(id)).stats['R'] ?? 0) : null), section: '§6.1' } },
  ],
  activation: {
    of: 'model',
    order: 'any',
    limit: { per: 'round' },
    initiative: { how: 'before each turn each player rolls a D12: the lowest has turn initiative 1 (ties re-rolled); characters then activate by D, highest first, and any may delay', section: '§9.1' },
    section: '§10.2',
  },
  effects: { attack: proposeAttack, test: proposeTest },
  stateContext: (table, q) => {
    const out: Record<string, unknown> = {}
    const qq = q as { attacker?: unknown; target?: unknown; model?: unknown }
    const who = typeof qq.attacker === 'string' ? qq.attacker : typeof qq.model === 'string' ? qq.model : undefined
    const m = who !== undefined ? table.findModel(who) : undefined
    const target = typeof qq.target === 'string' && q.type === 'attack' ? table.findModel(qq.target) : undefined
    if (m) {
      const st = m.scene.state
      if (q.type === 'attack') {
        if ((st?.moves ?? 0) > 0) out.moved = true
        if (st?.moveModes?.includes('hurry')) out.hurried = true
        if (st?.moveModes?.includes('charge')) out.charged = true
        if (m.status.includes('failed-activation')) out.failedActivation = true
        if (m.status.includes('enchanted')) out.enchanted = true
        if (m.status.includes('distracted')) out.distracted = true
      }
      if (q.type === 'move') {
        if ((st?.movedMm ?? 0) > 0) out.movedInches = Math.round((st!.movedMm! / 25.4) * 1000) / 1000
        if (m.status.includes('ensnared')) out.ensnared = true
      }
      if (m.status.includes('tormented') && q.type === 'test') out.tormented = true
    }
    if (target?.status.includes('jinxed')) out.targetJinxed = true
    return out
  },
  defaultMoveMode: 'normal',
  open: [
    'A "turn" of the book is a round of the log (every character activates at most once in it, §10.4).',
    'Activation order is by D, highest first, but any character may delay (§10.3): no order is enforced.',
    'Recovery (§17.1) and rally (§17.3) tests at the end of the turn are logged as their effects (stand up, remove), with no proposal.',
    'A net (no A test; the target cannot activate next turn while in contact) and a blade-breaker (+1 F against the target until the wielder\'s next activation) are not kept as statuses.',
    'Whether the attacker crossed an obstacle or refused a jump this activation is not derived from the moves: give it as context.',
  ],
}
