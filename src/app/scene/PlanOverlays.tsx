// The planning layers on the table (issue 32), in the table frame, the same in the planner, over the
// camera image and in AR: exposure under everything, then the picked model's reach, the threat bands,
// who can hit the spot, and the spot's path on top; the pointer surface while any layer needs a spot.
import { useEffect, useRef } from 'react'
import type { Group } from 'three'
import { useApp } from '../state/appStore.ts'
import { planSubject } from '../state/planSlice.ts'
import { ExposureOverlay } from './ExposureOverlay.tsx'
import { ReachOverlay } from './ReachOverlay.tsx'
import { ThreatOverlay } from './ThreatOverlay.tsx'
import { SpotOverlay } from './SpotOverlay.tsx'
import { PlanPointerSurface } from './PlanPointerSurface.tsx'
import { setPlanRoot } from './planProbe.ts'

export function PlanOverlays() {
  const wantsSpot = useApp((s) => planSubject(s) !== null && (s.planLayers.reach || s.planLayers.threat || s.planLayers.exposure))
  const group = useRef<Group>(null)
  useEffect(() => setPlanRoot(() => group.current), [])
  return (
    <group name="plan-overlays" ref={group}>
      <ExposureOverlay />
      <ReachOverlay />
      <ThreatOverlay />
      <SpotOverlay />
      {wantsSpot && <PlanPointerSurface />}
    </group>
  )
}
