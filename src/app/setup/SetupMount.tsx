// The one line App.tsx mounts: the "My table" setup over the app while it is open (its code loads
// then), and, once per page, the saved table in use gets its own terrain files back after a reload.
import { Suspense, lazy, useEffect } from 'react'
import { useSetupOpen } from './setupOpen.ts'

const SetupScreen = lazy(() => import('./SetupScreen.tsx'))

export function SetupMount() {
  const open = useSetupOpen((s) => s.open)
  useEffect(() => {
    void import('./activeTable.ts').then((m) => m.restoreActiveTableFiles()).catch(() => undefined)
  }, [])
  if (!open) return null
  return (
    <Suspense fallback={<div className="setup-loading" role="status">Opening My table…</div>}>
      <SetupScreen />
    </Suspense>
  )
}
