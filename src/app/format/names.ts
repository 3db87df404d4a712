// Names instead of ids: a model's and a weapon's own name from the overlay (the prepared table),
// falling back to the scene's name and then to the id.
import type { Overlay } from '../engine/protocol.ts'

type Named = { id: string; name?: string | undefined }

export function modelName(id: string, overlay: Overlay | null, sceneModels?: readonly Named[]): string {
  return overlay?.models.find((m) => m.id === id)?.name ?? sceneModels?.find((m) => m.id === id)?.name ?? id
}

export function weaponName(attackerId: string, weaponId: string, overlay: Overlay | null): string {
  return overlay?.models.find((m) => m.id === attackerId)?.weapons.find((w) => w.id === weaponId)?.name ?? weaponId
}
