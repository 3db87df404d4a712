// The spot the plan is about (under the pointer or finger, or pinned by a tap): a ring where the
// pointer is now (moved per frame, outside React), and, from the engine's answer for the spot, the
// cheapest legal path there in the shown mode (white when it can end there, red when not) with its
// cost against the allowance, the dice's chance and "marginal" inside the measuring uncertainty.
import { useEffect, useMemo, useRef } from 'react'
import { useFrame } from '@react-three/fiber'
import type { Mesh } from 'three'
import { useApp } from '../state/appStore.ts'
import { answerFor, planSubject } from '../state/planSlice.ts'
import { modelNames } from '../format/names.ts'
import { spotLabel, withTerrainNames } from '../format/planText.ts'
import { planPointer } from './planPointer.ts'
import { Label } from './Label.tsx'
import { bandsGeometry } from './planGeometry.ts'
import { PATH_COLOURS } from './planPalette.ts'

const PATH_Z = 1.5
const SPOT_RING_MM = [9, 13] as const

/** The pointer's ring: follows the pointer every frame it is over the table (hot path: no allocation). */
function PointerRing() {
  const ring = useRef<Mesh>(null)
  useFrame(() => {
    const m = ring.current
    if (!m) return
    m.visible = planPointer.over
    if (planPointer.over) m.position.set(planPointer.x, planPointer.y, PATH_Z + 0.5)
  })
  return (
    <mesh ref={ring} renderOrder={7} visible={false} name="plan-pointer">
      <ringGeometry args={[SPOT_RING_MM[0], SPOT_RING_MM[1], 32]} />
      <meshBasicMaterial color="#ffffff" transparent opacity={0.9} depthTest={false} depthWrite={false} toneMapped={false} />
    </mesh>
  )
}

function Path({ points, colour }: { points: ReadonlyArray<readonly [number, number]>; colour: string }) {
  const geometry = useMemo(() => bandsGeometry([points], 4.5, PATH_Z), [points])
  useEffect(() => () => geometry.dispose(), [geometry])
  return (
    <mesh geometry={geometry} renderOrder={6} name="plan-path">
      <meshBasicMaterial color={colour} transparent opacity={0.95} depthTest={false} depthWrite={false} side={2} toneMapped={false} />
    </mesh>
  )
}

export function SpotOverlay() {
  const reachOn = useApp((s) => s.planLayers.reach)
  const anyOn = useApp((s) => planSubject(s) !== null && (s.planLayers.reach || s.planLayers.threat || s.planLayers.exposure))
  const spot = useApp((s) => answerFor(s, 'spot'))
  const pinned = useApp((s) => s.pinnedSpot)
  const units = useApp((s) => s.units)
  const modelNamesNow = useApp((s) => modelNames(s.evaluation.overlay, s.scene.models))
  const terrain = useApp((s) => s.scene.terrain)
  const names = useMemo(() => withTerrainNames(modelNamesNow, terrain ?? []), [modelNamesNow, terrain])
  if (!anyOn) return null
  const p = spot?.reach ?? null
  const colour = p?.reachable ? PATH_COLOURS.reachable : PATH_COLOURS.unreachable
  return (
    <group name="plan-spot">
      <PointerRing />
      {pinned && (
        <mesh position={[pinned[0], pinned[1], PATH_Z]} renderOrder={6} name="plan-pinned">
          <ringGeometry args={[SPOT_RING_MM[0] - 2, SPOT_RING_MM[1] + 2, 32]} />
          <meshBasicMaterial color="#ffd400" transparent opacity={0.95} depthTest={false} depthWrite={false} toneMapped={false} />
        </mesh>
      )}
      {reachOn && p && spot && (
        <>
          {p.path.length > 1 && <Path points={p.path} colour={colour} />}
          <Label text={spotLabel(p, spot.allowance, units, names)} kind="plan-spot" priority={95} position={[spot.at[0], spot.at[1], 6]} colour="#000000" background={colour} />
        </>
      )}
    </group>
  )
}
