// A table model read as a Skrapyard character: characteristics (§6.1), stature (§8.1), and the
// states the camera cannot see, which a scene gives as model `status` or `keywords`.
import type { Table, TableModel } from '../../engine/index.ts'
import { SceneError } from '../../engine/index.ts'
import { type Characteristics } from './catalogue.ts'
import { type SkrapyardOptions, DEFAULT_OPTIONS } from './options.ts'

/**
 * Model statuses: wounded = "placed on its side" (§15.1); retreating (§16.4); and the game state's
 * (gameState.ts): a failed activation test (§11.4) and the magic feats' marks (§19.5).
 */
export const MODEL_STATUSES = ['wounded', 'retreating', 'failed-activation', 'distracted', 'enchanted', 'jinxed', 'tormented', 'ensnared'] as const
/** Model keywords: a hero (§3.3), a character that can fly (§12.7), a magic-user (§18.3.7). */
export const MODEL_KEYWORDS = ['hero', 'can-fly', 'magic'] as const

export type Character = {
  readonly model: TableModel
  readonly stats: Characteristics
  readonly stature: number
  readonly hero: boolean
  readonly wounded: boolean
  readonly retreating: boolean
  readonly canFly: boolean
}

const STAT_KEYS = ['F', 'S', 'A', 'D', 'R', 'stature'] as const

export function readCharacter(m: TableModel): Character {
  const stats: Record<string, number> = {}
  for (const k of STAT_KEYS) {
    const v = m.stats[k]
    if (typeof v === 'number') stats[k] = v
  }
  return {
    model: m,
    stats,
    stature: stats['stature'] ?? 2,
    hero: m.keywords.includes('hero'),
    wounded: m.status.includes('wounded'),
    retreating: m.status.includes('retreating'),
    canFly: m.keywords.includes('can-fly'),
  }
}

/** A characteristic the rule needs; a clear scene error when neither the catalogue nor the scene gives it. */
export function requireStat(c: Character, key: 'F' | 'S' | 'A' | 'D' | 'R', why: string): number {
  const v = c.stats[key]
  if (v === undefined) {
    throw new SceneError([{ path: `models[${c.model.index}].stats.${key}`, message: `${c.model.id} needs ${key} for ${why}; the catalogue does not print it, give it in "stats"` }])
  }
  return v
}

/** Scene checks: stat types and ranges (§6.1, §8.1). */
export function checkCharacters(table: Table): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = []
  for (const m of table.models) {
    for (const k of STAT_KEYS) {
      const v = m.stats[k]
      if (v === undefined) continue
      const path = `models[${m.index}].stats.${k}`
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        issues.push({ path, message: `expected a number, got ${JSON.stringify(v)}` })
      } else if (k === 'stature' && !(Number.isInteger(v) && v >= 0 && v <= 6)) {
        issues.push({ path, message: `stature runs from 0 to 6 in whole numbers (§8.1), got ${v}` })
      } else if (k !== 'stature' && k !== 'R' && !(v >= 3 && v <= 10)) {
        issues.push({ path, message: `characteristics run from 3 to 10 (§6.1), got ${v}` })
      }
    }
  }
  return issues
}

/** The options in force, typed. The engine has already checked every value against OPTION_SPECS. */
export function readOptions(table: Table): SkrapyardOptions {
  return { ...DEFAULT_OPTIONS, ...(table.options as Partial<SkrapyardOptions>) }
}
