// The main stage: the planner's 3D table, or the photo / camera / AR modes.
import { lazy, Suspense } from 'react'
import { useApp } from '../state/appStore.ts'
import { TableView } from '../scene/TableView.tsx'

const PhotoMode = lazy(() => import('../camera/PhotoMode.tsx').then((m) => ({ default: m.PhotoMode })))
const CameraMode = lazy(() => import('../camera/CameraMode.tsx').then((m) => ({ default: m.CameraMode })))
const XrMode = lazy(() => import('../xr/XrMode.tsx').then((m) => ({ default: m.XrMode })))

export function ModeStage() {
  const mode = useApp((s) => s.mode)
  return (
    <Suspense fallback={<p className="stage-note">Loading…</p>}>
      {mode === 'planner' && <TableView />}
      {mode === 'photo' && <PhotoMode />}
      {mode === 'camera' && <CameraMode />}
      {mode === 'xr' && <XrMode />}
    </Suspense>
  )
}
