// A model as the Cadence rules see it: its attributes (catalogue row merged with inline stats, book
// abbreviations accepted: Cmd, Mov, Skl, Def, Tgh, HP), its special rules (printed + keywords +
// rules its upgrades grant), whether it is a vehicle and its height level.
import { SceneError, inches, type Table, type TableModel, own } from '../../engine/index.ts'
import { type ParsedRule, hasRule, kebab, parseSpecialRule } from './specialRules.ts'
import type { CadenceHooks, CadenceModelView, CadenceSpec, UpgradableStats } from './spec.ts'

const ALIASES: Record<string, readonly string[]> = {
  command: ['command', 'cmd', 'Cmd'],
  movementInches: ['movementInches', 'movement', 'mov', 'Mov'],
  skill: ['skill', 'skl', 'Skl'],
  defence: ['defence', 'def', 'Def'],
  toughness: ['toughness', 'tgh', 'Tgh'],
  hitPoints: ['hitPoints', 'hp', 'HP'],
}

function readNumber(stats: Readonly<Record<string, unknown>>, key: string): number | null | undefined {
  for (const alias of own(ALIASES, key) ?? [key]) {
    const v = stats[alias]
    if (v === undefined) continue
    if (v === null || v === 'x') return null
    if (typeof v === 'number') return v
    if (typeof v === 'string') {
      const m = /^(\d+)\s*(?:\+|"|in)?$/.exec(v.trim())
      if (m) return Number(m[1])
    }
  }
  return undefined
}

function need(m: TableModel, key: string): number {
  const v = readNumber(m.stats, key)
  if (v === undefined || v === null) {
    throw new SceneError([{ path: `models[${m.index}].stats.${key}`, message: `model "${m.id}" has no ${key} (give a catalogue profile or inline stats: ${ALIASES[key]!.join(' / ')})` }])
  }
  return v
}

/** Weapon attribute with the book's abbreviations accepted (Rng, Att, Dmg, Prc). */
export function weaponNumber(w: Readonly<Record<string, unknown>>, key: 'rangeInches' | 'attacks' | 'damage' | 'piercing'): number {
  const aliases = { rangeInches: ['rangeInches', 'range', 'rng', 'Rng'], attacks: ['attacks', 'att', 'Att'], damage: ['damage', 'dmg', 'Dmg'], piercing: ['piercing', 'prc', 'Prc'] }[key]
  for (const a of aliases) {
    const v = w[a]
    if (typeof v === 'number') return v
    if (typeof v === 'string' && /^\d+/.test(v)) return Number(/^\d+/.exec(v)![0])
  }
  throw new SceneError([{ path: 'weapon', message: `weapon "${String(w.id ?? w.name)}" has no ${key} (${aliases.join(' / ')})` }])
}

export function weaponRules(w: Readonly<Record<string, unknown>>): ParsedRule[] {
  const list = (w.specialRules ?? w.rules ?? []) as unknown
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').map(parseSpecialRule) : []
}

/** Level from a "level-N" keyword/status, else from the base height above the table. */
export function baseHeightLevel(table: Table, m: TableModel): number {
  for (const k of [...m.status, ...m.keywords]) {
    const mm = /^level-(\d+)$/.exec(k)
    if (mm) return Number(mm[1])
  }
  const step = inches(Number(table.options.heightLevelStepInches ?? 1.5))
  return Math.max(0, Math.round(m.z / step))
}

export function buildModelView(spec: CadenceSpec, hooks: CadenceHooks, table: Table, m: TableModel): CadenceModelView {
  const upgradeIds = new Set(spec.catalogue.upgrades.map((u) => u.id))
  const statUpgrades = Array.isArray(m.stats.upgrades) ? (m.stats.upgrades as unknown[]).filter((x): x is string => typeof x === 'string') : []
  const upgrades = [...new Set([...statUpgrades, ...m.keywords.filter((k) => upgradeIds.has(kebab(k))).map(kebab)])]
  const printed = Array.isArray(m.stats.specialRules) ? (m.stats.specialRules as unknown[]).filter((x): x is string => typeof x === 'string') : []
  const fromKeywords = m.keywords.filter((k) => !upgradeIds.has(kebab(k)) && !/^level-\d+$/.test(k))
  const granted = upgrades.flatMap((u) => spec.upgradeRules?.[u] ?? [])
  const rules = [...printed, ...fromKeywords, ...granted].map(parseSpecialRule)
  const isVehicle = hasRule(rules, 'vehicle') || hasRule(rules, 'transport')
  // Vehicles: "Unless otherwise stated, a vehicle has the Platform (2) and Weak Spot (Rear) special rules."
  if (isVehicle && !hasRule(rules, 'platform')) rules.push(parseSpecialRule('Platform (2)'))
  if (isVehicle && !hasRule(rules, 'weak-spot')) rules.push(parseSpecialRule('Weak Spot (Rear)'))
  const base = baseHeightLevel(table, m)
  let stats: UpgradableStats = { movementInches: need(m, 'movementInches'), skill: need(m, 'skill'), defence: need(m, 'defence'), toughness: need(m, 'toughness'), hitPoints: need(m, 'hitPoints') }
  for (const u of upgrades) {
    const f = spec.upgradeStats?.[u]
    if (f) stats = { ...stats, ...f(stats) }
  }
  return {
    model: m,
    command: readNumber(m.stats, 'command') ?? null,
    ...stats,
    rules,
    upgrades,
    isVehicle,
    heightLevel: hooks.heightLevel(table, m, base).level,
  }
}
