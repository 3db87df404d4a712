// Display settings and the current mode.
import type { StateCreator } from 'zustand'
import type { AppState } from './store.ts'

export type Units = 'in' | 'mm'
export type Mode = 'planner' | 'photo' | 'camera' | 'xr'

export type SettingsSlice = {
  units: Units
  mode: Mode
  /** The planner's edit tools (add/remove models, terrain) are shown. */
  editing: boolean
  setUnits: (units: Units) => void
  setMode: (mode: Mode) => void
  setEditing: (on: boolean) => void
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  units: 'in',
  mode: 'planner',
  editing: false,
  setUnits: (units) => set({ units }),
  setMode: (mode) => set({ mode }),
  setEditing: (editing) => set({ editing }),
})
