// Whether the "My table" setup is open, and at which screen: the only part of the setup in the page's
// first JavaScript (the top bar's button and the mount read it); the setup itself loads when opened.
import { create } from 'zustand'

export type SetupView = 'tables' | 'table' | 'army' | 'terrain' | 'markers'

export const useSetupOpen = create<{ open: boolean; view: SetupView }>()(() => ({ open: false, view: 'tables' }))

export function openSetup(view: SetupView = 'tables'): void {
  useSetupOpen.setState({ open: true, view })
}

export function closeSetup(): void {
  useSetupOpen.setState({ open: false })
}
