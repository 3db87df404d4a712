// Table state: the scene document the planner shows and edits, with an undo stack so that no edit,
// demo switch or file load ever loses the previous table.
import type { StateCreator } from 'zustand'
import type { Scene } from '../../engine/index.ts'
import type { AppState } from './store.ts'

const UNDO_DEPTH = 50

export type TableSlice = {
  scene: Scene
  /** Bumped on every change of `scene` (the evaluation loop keys on it). */
  sceneRev: number
  undoStack: Scene[]
  /** Replace the whole scene (a demo, an opened file, a ruling); the previous one can be undone. */
  replaceScene: (scene: Scene) => void
  /** Apply an edit. `undoable: false` for the intermediate steps of a drag (its start was recorded). */
  editScene: (edit: (scene: Scene) => Scene, opts?: { undoable?: boolean }) => void
  undo: () => void
}

export const createTableSlice = (initial: Scene): StateCreator<AppState, [], [], TableSlice> => (set, get) => ({
  scene: initial,
  sceneRev: 0,
  undoStack: [],
  replaceScene: (scene) => set((s) => ({ scene, sceneRev: s.sceneRev + 1, undoStack: [...s.undoStack, s.scene].slice(-UNDO_DEPTH) })),
  editScene: (edit, opts) => {
    const before = get().scene
    const after = edit(before)
    if (after === before) return
    set((s) => ({ scene: after, sceneRev: s.sceneRev + 1, undoStack: opts?.undoable === false ? s.undoStack : [...s.undoStack, before].slice(-UNDO_DEPTH) }))
  },
  undo: () => {
    const stack = get().undoStack
    const previous = stack[stack.length - 1]
    if (!previous) return
    set((s) => ({ scene: previous, sceneRev: s.sceneRev + 1, undoStack: stack.slice(0, -1) }))
  },
})
