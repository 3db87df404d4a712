// The referee's record: the history (mirrors IndexedDB) and a re-opened ruling being checked.
import type { StateCreator } from 'zustand'
import type { ResultDocument } from '../../engine/index.ts'
import type { RulingRecord } from '../record/rulingRecord.ts'
import type { AppState } from './store.ts'

export type ReopenedRuling = {
  record: RulingRecord
  hashOk: boolean
  /** Fields changed since export (named by their hashes), and whether the file predates per-field hashes. */
  edited: string[]
  legacy: boolean
  /** The same scene and query evaluated again now, or why that failed. */
  recomputed: ResultDocument | null
  differences: string[]
  error: string | null
  /** What is wrong with the game log the file carries, and where (the ruling opens without it). */
  gameLogError?: string
}

export type RulingsSlice = {
  rulings: RulingRecord[]
  /** False when IndexedDB is unavailable: the history then lives only as long as the page. */
  historyPersistent: boolean
  reopened: ReopenedRuling | null
  busy: boolean
  setRulings: (rulings: RulingRecord[], persistent: boolean) => void
  addRuling: (r: RulingRecord) => void
  removeRuling: (id: string) => void
  setReopened: (r: ReopenedRuling | null) => void
  setBusy: (busy: boolean) => void
}

export const createRulingsSlice: StateCreator<AppState, [], [], RulingsSlice> = (set) => ({
  rulings: [],
  historyPersistent: true,
  reopened: null,
  busy: false,
  setRulings: (rulings, historyPersistent) => set({ rulings, historyPersistent }),
  addRuling: (r) => set((s) => ({ rulings: [r, ...s.rulings.filter((x) => x.id !== r.id)] })),
  removeRuling: (id) => set((s) => ({ rulings: s.rulings.filter((x) => x.id !== id) })),
  setReopened: (reopened) => set({ reopened }),
  setBusy: (busy) => set({ busy }),
})
