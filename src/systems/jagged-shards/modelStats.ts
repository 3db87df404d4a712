// A table model's Jagged Shards statline and weapons: catalogue values merged with the scene's
// inline overrides (the engine does the merge), read here with the book's stat names.
import { SceneError, type TableModel, type Weapon, own } from '../../engine/index.ts'
import type { UnitStats } from './catalogue.ts'
import { findUnit } from './catalogue.ts'
import { GRENADE_IDS } from './weapons.ts'
import type { CritSuccessEffect, WeaponProfile } from './weapons.ts'
import { WEAPON_ALIASES, findWeapon } from './weapons.ts'
import { SPORE_PODS_ID } from './engineCatalogue.ts'
import type { JaggedShardsOptions } from './options.ts'

/** Short names a scene may use for inline stats, as the book abbreviates them (SR, W, EV, M, FR, BP). */
const STAT_ALIASES: Readonly<Record<string, keyof UnitStats>> = {
  sr: 'srThreshold',
  SR: 'srThreshold',
  wt: 'woundThreshold',
  W: 'woundThreshold',
  wThreshold: 'woundThreshold',
  ev: 'evade',
  EV: 'evade',
  m: 'movementInches',
  M: 'movementInches',
  movement: 'movementInches',
  fr: 'forceRating',
  FR: 'forceRating',
  bp: 'buyPoints',
  BP: 'buyPoints',
}

const REQUIRED: readonly (keyof UnitStats)[] = ['srThreshold', 'woundThreshold', 'wounds', 'evade', 'movementInches']

export function readUnitStats(m: TableModel): UnitStats {
  const raw: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(m.stats)) raw[own(STAT_ALIASES, k) ?? k] = v
  const num = (k: keyof UnitStats, fallback: number | null): number | null => {
    const v = raw[k]
    return typeof v === 'number' && Number.isFinite(v) ? v : fallback
  }
  const missing = REQUIRED.filter((k) => num(k, null) === null)
  if (missing.length) {
    throw new SceneError([{ path: `models[${m.index}].stats`, message: `model "${m.id}" needs the Jagged Shards stats ${missing.join(', ')} (give a catalogue profile or inline stats)` }])
  }
  return {
    srThreshold: num('srThreshold', 0)!,
    woundThreshold: num('woundThreshold', 0)!,
    wounds: num('wounds', 0)!,
    evade: num('evade', 0)!,
    movementInches: num('movementInches', 0)!,
    forceRating: num('forceRating', 0)!,
    buyPoints: num('buyPoints', null),
  }
}

export function hasKeyword(m: TableModel, keyword: string): boolean {
  return m.keywords.includes(keyword)
}

/** Infantry: the keyword, or (§1.6) a unit with grenade access. */
export function isInfantry(m: TableModel): boolean {
  return hasKeyword(m, 'infantry')
}

/** The unit (codex) id of a model: its catalogue profile, else its unit name when that is a codex id. */
export function codexIdOf(m: TableModel): string | null {
  if (m.profileId) return m.profileId
  return findUnit(m.unit)?.id ?? null
}

/** Has this model the named ability (catalogue abilities, or an inline `abilities` stat list)? */
export function hasAbility(m: TableModel, abilityId: string): boolean {
  const inline = m.stats['abilities']
  if (Array.isArray(inline) && inline.includes(abilityId)) return true
  const id = codexIdOf(m)
  const unit = id ? findUnit(id) : undefined
  return unit?.abilities.some((a) => a.id === abilityId) ?? false
}

/** A weapon as the rules use it: the §17 profile (or codex line), with scene overrides applied. */
export type ResolvedWeapon = {
  id: string
  name: string
  section: string
  type: 'ranged' | 'melee'
  grenade: boolean
  rangeInches: number
  dam: number
  critSuccess: CritSuccessEffect
  critSuccessText: string
  critFailureText: string
  onHit?: string
  /** How the weapon was found, e.g. "Sidearm → Officer Sidearm (option weaponAliases)". */
  notes: string[]
}

function toResolved(p: WeaponProfile, notes: string[]): ResolvedWeapon {
  return {
    id: p.id,
    name: p.name,
    section: p.section,
    type: p.type,
    grenade: p.grenade,
    rangeInches: p.rangeInches,
    dam: p.dam,
    critSuccess: p.critSuccess.effect,
    critSuccessText: p.critSuccess.text,
    critFailureText: p.critFailure.text,
    ...(p.onHit ? { onHit: p.onHit } : {}),
    notes,
  }
}

/** Apply inline numbers a scene gave for a weapon (any of rangeInches, dam, type). */
function withOverrides(r: ResolvedWeapon, w: Weapon | undefined): ResolvedWeapon {
  if (!w || w.section !== 'inline (scene)') return r
  const out = { ...r }
  if (typeof w['rangeInches'] === 'number') out.rangeInches = w['rangeInches']
  if (typeof w['dam'] === 'number') out.dam = w['dam']
  if (w['type'] === 'ranged' || w['type'] === 'melee') out.type = w['type']
  return out
}

function profileFor(id: string, options: JaggedShardsOptions, notes: string[]): WeaponProfile | undefined {
  let key = id
  if (key === SPORE_PODS_ID) {
    key = options.sporePodsAs
    notes.push(`Spore Pods "counts as grenades" (§16.2): resolved as ${key} (option sporePodsAs)`)
  }
  if (key === 'auto-cannon' && options.supportMechGun === 'heavy-rotary-cannon') {
    key = 'heavy-rotary-cannon'
    notes.push('Auto-Cannon read as the §17.1 Heavy Rotary Cannon (option supportMechGun)')
  }
  const alias = own(WEAPON_ALIASES, key)
  if (alias && options.weaponAliases) {
    notes.push(`${findWeapon(key)?.name ?? key} → ${findWeapon(alias)?.name ?? alias} (option weaponAliases, §17.1)`)
    key = alias
  }
  return findWeapon(key)
}

/** Grenade types this model may throw (§1.6, §16 grenade lines): its carried grenade plus its printed choices. */
function grenadeChoices(m: TableModel): string[] {
  const id = codexIdOf(m)
  const unit = id ? findUnit(id) : undefined
  return [...(unit?.grenades?.choices ?? [])]
}

/**
 * The weapon an attack uses. `weaponId` may name a carried weapon, or a grenade the model may take
 * (§16 grenade lines). Without an id: the first melee weapon when `melee`, else the first ranged one.
 */
export function resolveWeapon(m: TableModel, weaponId: string | undefined, melee: boolean, options: JaggedShardsOptions): ResolvedWeapon | { error: string } {
  const notes: string[] = []
  let carried: Weapon | undefined
  let id = weaponId
  if (id === undefined) {
    carried = m.weapons.find((w) => {
      const p = profileFor(w.id, options, [])
      const type = w['type'] ?? p?.type
      return melee ? type === 'melee' : type === 'ranged' && !(p?.grenade ?? false)
    })
    if (!carried) return { error: `${m.id} carries no ${melee ? 'melee' : 'ranged'} weapon` }
    id = carried.id
  } else {
    carried = m.weapons.find((w) => w.id === id)
    if (!carried) {
      const isGrenade = (GRENADE_IDS as readonly string[]).includes(id) || id === SPORE_PODS_ID
      if (!isGrenade || !grenadeChoices(m).includes(id)) return { error: `${m.id} does not carry "${id}"` }
      notes.push(`${id} chosen from the unit's grenade line (§16)`)
    }
  }
  const profile = profileFor(id, options, notes)
  if (!profile) {
    // An inline weapon the catalogue does not know: the scene must give its numbers.
    const w = carried
    if (w && typeof w['rangeInches'] === 'number' && typeof w['dam'] === 'number' && (w['type'] === 'ranged' || w['type'] === 'melee')) {
      return {
        id,
        name: typeof w.name === 'string' ? w.name : id,
        section: 'inline (scene)',
        type: w['type'],
        grenade: w['grenade'] === true,
        rangeInches: w['rangeInches'],
        dam: w['dam'],
        critSuccess: { kind: 'none' },
        critSuccessText: '(inline weapon: no critical effect)',
        critFailureText: '(inline weapon: no critical effect)',
        notes: ['inline weapon from the scene'],
      }
    }
    return { error: `unknown weapon "${id}": give rangeInches, dam and type inline` }
  }
  return withOverrides(toResolved(profile, notes), carried)
}
