// What the shared-table panel shows, at human pace (a few updates a second at most): connection,
// role, who tracks, how old the shared positions are, the other devices and their selections.
import { create } from 'zustand'
import type { SyncStatus } from './connectionStatus.ts'

export type SyncPeer = { clientId: number; name: string; role: 'edit' | 'view' | null; selection: string | null; mine: boolean }

export type SyncState = {
  roomId: string | null
  status: SyncStatus
  role: 'edit' | 'view' | null
  trackingSource: { name: string; mine: boolean } | null
  newestPoseMs: number | null
  peers: SyncPeer[]
  viewLink: string | null
  editLink: string | null
  /** Local changes the server has not acknowledged (pending while offline; never, for a view link). */
  unsynced: number
  set: (s: Partial<Omit<SyncState, 'set'>>) => void
}

export const useSync = create<SyncState>((set) => ({
  roomId: null,
  status: 'off',
  role: null,
  trackingSource: null,
  newestPoseMs: null,
  peers: [],
  viewLink: null,
  editLink: null,
  unsynced: 0,
  set: (s) => set(s),
}))
