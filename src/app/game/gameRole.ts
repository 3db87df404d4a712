// Who this device decides as in a game (issue 33), kept per game on the device: the players sharing
// it ('table', the default), one side (each phone of a two-phone game), or the referee.
import type { GameRole } from './gameRecord.ts'

const key = (gameId: string) => `tabletop-ar/game-role/${gameId}`

export function loadRole(gameId: string): GameRole {
  try {
    const raw = JSON.parse(localStorage.getItem(key(gameId)) ?? 'null') as GameRole | null
    if (raw && (raw.kind === 'table' || raw.kind === 'referee' || (raw.kind === 'side' && typeof raw.side === 'string'))) return raw
  } catch {
    // unreadable: the default below
  }
  return { kind: 'table' }
}

export function saveRole(gameId: string, role: GameRole): void {
  try {
    localStorage.setItem(key(gameId), JSON.stringify(role))
  } catch {
    // storage disabled: the role lasts while the page is open
  }
}
