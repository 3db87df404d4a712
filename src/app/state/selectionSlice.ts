// Selection: attacker, weapon, target (models), the terrain piece being edited, and overlay toggles.
import type { StateCreator } from 'zustand'
import type { AppState } from './store.ts'
import { withWaiting } from '../camera/realTable.ts'

export type SelectionSlice = {
  attackerId: string | null
  weaponId: string | null
  targetId: string | null
  terrainId: string | null
  /** The model picked last (the one the edit tools act on). */
  focusId: string | null
  showRays: boolean
  /**
   * A click on a model: the first pick (or a model of the attacker's side) becomes the attacker,
   * a model of another side becomes the target; clicking the attacker again clears the selection.
   */
  pickModel: (id: string) => void
  setAttacker: (id: string | null) => void
  setTarget: (id: string | null) => void
  setWeapon: (id: string | null) => void
  selectTerrain: (id: string | null) => void
  toggleRays: () => void
  clearSelection: () => void
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set, get) => ({
  attackerId: null,
  weaponId: null,
  targetId: null,
  terrainId: null,
  focusId: null,
  showRays: false,
  pickModel: (id) => {
    const { attackerId, scene } = get()
    // A model not on the table yet (a doubted one's ghost can be tapped) has its side too.
    const models = withWaiting(scene).models
    const sideOf = (mid: string | null) => models.find((m) => m.id === mid)?.side
    if (id === attackerId) set({ attackerId: null, targetId: null, weaponId: null, terrainId: null, focusId: id })
    else if (!attackerId || sideOf(id) === sideOf(attackerId)) get().setAttacker(id)
    else set({ targetId: id, terrainId: null, focusId: id })
  },
  setAttacker: (id) =>
    set((s) => {
      const models = withWaiting(s.scene).models
      const side = models.find((m) => m.id === id)?.side
      const targetSide = models.find((m) => m.id === s.targetId)?.side
      return { attackerId: id, focusId: id, weaponId: null, terrainId: null, targetId: targetSide !== undefined && targetSide !== side ? s.targetId : null }
    }),
  setTarget: (id) => set({ targetId: id, focusId: id }),
  setWeapon: (id) => set({ weaponId: id }),
  selectTerrain: (id) => set({ terrainId: id }),
  toggleRays: () => set((s) => ({ showRays: !s.showRays })),
  clearSelection: () => set({ attackerId: null, weaponId: null, targetId: null, terrainId: null, focusId: null }),
})
