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
  /** The camera modes' bottom sheet (controls, picks, record) is open over the image (phone and tablet). */
  sheetOpen: boolean
  /** How the camera image fills the view on phone and tablet: the screen (cropped) or the whole picture. */
  imageFit: 'cover' | 'contain'
  /**
   * How the image is fitted now (camera/imageFocus.ts): the player's choice, or the whole picture
   * while the picked models need it; null with no camera image on screen.
   */
  imageFitShown: 'cover' | 'contain' | null
  setUnits: (units: Units) => void
  setMode: (mode: Mode) => void
  setEditing: (on: boolean) => void
  setSheetOpen: (open: boolean) => void
  setImageFit: (fit: 'cover' | 'contain') => void
  setImageFitShown: (fit: 'cover' | 'contain' | null) => void
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  units: 'in',
  mode: 'planner',
  editing: false,
  sheetOpen: false,
  imageFit: 'cover',
  imageFitShown: null,
  setUnits: (units) => set({ units }),
  setMode: (mode) => set({ mode }),
  setEditing: (editing) => set({ editing }),
  setSheetOpen: (sheetOpen) => set({ sheetOpen }),
  setImageFit: (imageFit) => set({ imageFit }),
  setImageFitShown: (imageFitShown) => set({ imageFitShown }),
})
