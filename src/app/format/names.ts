// Names instead of ids, everywhere a model is named (card, history, labels, warnings, exports).
// A model's name is its scene name, else its profile's name (the overlay's, from the prepared
// table), else its id; two models with the same name are told apart by a suffix: their side when
// each is on a different side ("Boss (A)", "Boss (B)"), else a number in table order ("Grunt 1"…).
import type { Overlay } from '../engine/protocol.ts'

type Named = { id: string; name?: string | undefined; side?: string | undefined; profile?: unknown }

/** The name a model would have on its own: the overlay's (profile-aware), the scene's, its inline profile's, its id. */
function baseName(m: Named, fromOverlay: ReadonlyMap<string, string>): string {
  const inline = typeof m.profile === 'object' && m.profile !== null ? (m.profile as { name?: unknown }).name : undefined
  return fromOverlay.get(m.id) ?? m.name ?? (typeof inline === 'string' && inline !== '' ? inline : m.id)
}

/** Each model's shown name by id, unique on the table (see the header for the suffix rule). */
export function uniqueNames(models: readonly Named[], fromOverlay: ReadonlyMap<string, string> = new Map()): Record<string, string> {
  const groups = new Map<string, Named[]>()
  for (const m of models) {
    const n = baseName(m, fromOverlay)
    const g = groups.get(n)
    if (g) g.push(m)
    else groups.set(n, [m])
  }
  const out: Record<string, string> = Object.create(null) as Record<string, string>
  for (const [n, group] of groups) {
    if (group.length === 1) {
      out[group[0]!.id] = n
      continue
    }
    const sides = new Set(group.map((m) => m.side))
    const bySide = sides.size === group.length && !sides.has(undefined)
    group.forEach((m, i) => {
      out[m.id] = bySide ? `${n} (${m.side})` : `${n} ${i + 1}`
    })
  }
  // A suffixed name could equal another model's own name ("Grunt 2" named so): make it unique too.
  const taken = new Map<string, number>()
  for (const m of models) taken.set(out[m.id]!, (taken.get(out[m.id]!) ?? 0) + 1)
  for (const m of models) {
    const n = out[m.id]!
    if ((taken.get(n) ?? 0) > 1 && n !== baseName(m, fromOverlay)) {
      let k = 2
      while (taken.has(`${n}·${k}`)) k++
      out[m.id] = `${n}·${k}`
      taken.set(out[m.id]!, 1)
    }
  }
  return out
}

let memo: { overlay: Overlay | null; models: readonly Named[]; names: Record<string, string> } | null = null

/** Every model's shown name by id (overlay first, then the scene), unique on the table. Memoised on its two inputs. */
export function modelNames(overlay: Overlay | null, sceneModels: readonly Named[]): Record<string, string> {
  if (memo && memo.overlay === overlay && memo.models === sceneModels) return memo.names
  // One pass over each list (a 150-model army would make a lookup per model quadratic).
  const fromOverlay = new Map<string, string>()
  for (const m of overlay?.models ?? []) if (m.name !== undefined && m.name !== m.id) fromOverlay.set(m.id, m.name)
  // A model the overlay knows but the scene no longer has (a stale overlay) keeps its name too.
  const models: Named[] = [...sceneModels]
  for (const m of overlay?.models ?? []) if (!sceneModels.some((s) => s.id === m.id)) models.push({ id: m.id, name: m.name, side: m.side })
  const names = uniqueNames(models, fromOverlay)
  memo = { overlay, models: sceneModels, names }
  return names
}

export function modelName(id: string, overlay: Overlay | null, sceneModels: readonly Named[] = []): string {
  return modelNames(overlay, sceneModels)[id] ?? id
}

/**
 * Ids that are also short English words ("a model is in the way"): never replaced in a text, where
 * the word is far likelier than the model (such a model is still named everywhere it is named by id).
 */
const ENGLISH_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'he', 'i', 'if', 'in', 'is', 'it', 'its', 'no', 'not', 'of', 'on', 'or', 'so', 'the', 'to', 'up', 'we'])

/**
 * An engine text with each model id replaced by the model's name ("b1 cannot be seen from a1's eye"
 * → "Raider cannot be seen from Ranger sergeant's eye"). Only whole ids are replaced: an id is never
 * matched inside a longer word or id (a1 is not touched in a12 or ba1-x); longer ids are tried first.
 */
export function withNames(text: string, names: Readonly<Record<string, string>>): string {
  const ids = Object.keys(names).filter((id) => id !== '' && names[id] !== id && !ENGLISH_WORDS.has(id.toLowerCase())).sort((a, b) => b.length - a.length)
  if (ids.length === 0) return text
  const escaped = ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(`(?<![\\w-])(?:${escaped.join('|')})(?![\\w-])`, 'g')
  return text.replace(pattern, (id) => names[id] ?? id)
}

export function weaponName(attackerId: string, weaponId: string, overlay: Overlay | null): string {
  return overlay?.models.find((m) => m.id === attackerId)?.weapons.find((w) => w.id === weaponId)?.name ?? weaponId
}
