// Names instead of ids: a model's and a weapon's own name from the overlay (the prepared table),
// falling back to the scene's name and then to the id.
import type { Overlay } from '../engine/protocol.ts'

type Named = { id: string; name?: string | undefined }

export function modelName(id: string, overlay: Overlay | null, sceneModels?: readonly Named[]): string {
  return overlay?.models.find((m) => m.id === id)?.name ?? sceneModels?.find((m) => m.id === id)?.name ?? id
}

/**
 * An engine text with each model id replaced by the model's name ("b1 cannot be seen from a1's eye"
 * → "Raider cannot be seen from Ranger sergeant's eye"). Only whole ids are replaced: an id is never
 * matched inside a longer word or id (a1 is not touched in a12 or ba1-x); longer ids are tried first.
 */
export function withNames(text: string, names: Readonly<Record<string, string>>): string {
  const ids = Object.keys(names).filter((id) => id !== '' && names[id] !== id).sort((a, b) => b.length - a.length)
  if (ids.length === 0) return text
  const escaped = ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(`(?<![\\w-])(?:${escaped.join('|')})(?![\\w-])`, 'g')
  return text.replace(pattern, (id) => names[id] ?? id)
}

/** Every model's shown name by id (overlay first, then the scene). */
export function modelNames(overlay: Overlay | null, sceneModels: readonly Named[]): Record<string, string> {
  // One pass over each list (a 150-model army would make a lookup per model quadratic).
  const fromOverlay = new Map<string, string>()
  for (const m of overlay?.models ?? []) if (m.name !== undefined) fromOverlay.set(m.id, m.name)
  const out: Record<string, string> = Object.create(null) as Record<string, string>
  for (const m of sceneModels) out[m.id] = fromOverlay.get(m.id) ?? m.name ?? m.id
  return out
}

export function weaponName(attackerId: string, weaponId: string, overlay: Overlay | null): string {
  return overlay?.models.find((m) => m.id === attackerId)?.weapons.find((w) => w.id === weaponId)?.name ?? weaponId
}
