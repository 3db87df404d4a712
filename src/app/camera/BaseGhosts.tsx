// Ghosts over the camera image for bases the camera is not sure of (issue 34): a doubted base (its
// model placed, but its rim mostly hidden or it looks unlike that model: amber) and a base whose model
// is asked (grey), each a translucent base with a column over it where the camera found it, so the
// player sees which one the question is about. Drawn in the table frame (mm), under the registered
// camera (RegisteredOverlay). Reads the tracking status (human pace).
import { useShallow } from 'zustand/react/shallow'
import { useApp } from '../state/appStore.ts'
import type { BaseGhost } from './baseTracking.ts'

const COLOUR = { doubted: '#ffb020', unidentified: '#d0d6de' } as const

function Ghost({ g }: { g: BaseGhost }) {
  const [l, w] = g.base.shape === 'round' ? [g.base.diameter, g.base.diameter] : [g.base.length, g.base.width]
  const colour = COLOUR[g.status]
  return (
    <group name={`base-ghost:${g.key}`} position={[g.position[0], g.position[1], 0]} rotation={[0, 0, (g.facing * Math.PI) / 180]}>
      {g.base.shape === 'rect' ? (
        <mesh position={[0, 0, 2]}>
          <boxGeometry args={[l, w, 4]} />
          <meshBasicMaterial color={colour} transparent opacity={0.45} depthWrite={false} />
        </mesh>
      ) : (
        <group scale={[l / 2, w / 2, 1]}>
          <mesh position={[0, 0, 2]} rotation={[Math.PI / 2, 0, 0]}>
            <cylinderGeometry args={[1, 1, 4, 40]} />
            <meshBasicMaterial color={colour} transparent opacity={0.45} depthWrite={false} />
          </mesh>
        </group>
      )}
      <mesh position={[0, 0, 22]}>
        <boxGeometry args={[Math.min(l, w) * 0.35, Math.min(l, w) * 0.35, 36]} />
        <meshBasicMaterial color={colour} transparent opacity={0.25} depthWrite={false} />
      </mesh>
    </group>
  )
}

export function BaseGhosts() {
  const ghosts = useApp(useShallow((s) => s.tracking.baseGhosts ?? []))
  return <group name="base-ghosts">{ghosts.map((g) => <Ghost key={g.key} g={g} />)}</group>
}
