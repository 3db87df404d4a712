// Everything on the table, in the table frame (mm, z up): surface, terrain, models, overlays.
// The planner draws it as the world; WebXR scales and places it (see xr/).
import { useRef, type ReactNode } from 'react'
import type { Group } from 'three'
import { useFrame } from '@react-three/fiber'
import { layoutLabels } from './labelLayout.ts'
import { useShallow } from 'zustand/react/shallow'
import { useApp } from '../state/appStore.ts'
import { COLOURS } from './palette.ts'
import { TableFrameContext, TableLookContext } from './tableFrame.ts'

const SOLID = { ghost: false }
const GHOST = { ghost: true }
import { ModelPiece } from './ModelPiece.tsx'
import { TerrainPiece } from './TerrainPiece.tsx'
import { Overlays } from './Overlays.tsx'

const GRID_STEP_MM = 6 * 25.4

function TableSurface() {
  const width = useApp((s) => s.scene.table.width)
  const depth = useApp((s) => s.scene.table.depth)
  const lines: ReactNode[] = []
  for (let x = GRID_STEP_MM; x < width; x += GRID_STEP_MM) {
    lines.push(<mesh key={`x${x}`} position={[x, depth / 2, 0.2]}><planeGeometry args={[1.2, depth]} /><meshBasicMaterial color={COLOURS.grid} /></mesh>)
  }
  for (let y = GRID_STEP_MM; y < depth; y += GRID_STEP_MM) {
    lines.push(<mesh key={`y${y}`} position={[width / 2, y, 0.2]}><planeGeometry args={[width, 1.2]} /><meshBasicMaterial color={COLOURS.grid} /></mesh>)
  }
  return (
    <group name="table-surface">
      <mesh position={[width / 2, depth / 2, -11]}>
        <boxGeometry args={[width + 40, depth + 40, 20]} />
        <meshStandardMaterial color={COLOURS.tableEdge} />
      </mesh>
      <mesh position={[width / 2, depth / 2, 0]}>
        <planeGeometry args={[width, depth]} />
        <meshStandardMaterial color={COLOURS.tableTop} roughness={1} />
      </mesh>
      {lines}
    </group>
  )
}

/** Lays the table's labels out in screen space before each rendered frame (after the camera moved). */
function LabelLayout() {
  useFrame((state) => layoutLabels(state.camera, state.size.width, state.size.height))
  return null
}

/** `surface: false` over a photo or video: the real table is there already, draw only what is on it. */
export function TableContent({ surface = true, ghost = false }: { surface?: boolean; ghost?: boolean }) {
  const frame = useRef<Group>(null)
  const modelIds = useApp(useShallow((s) => s.scene.models.map((m) => m.id)))
  const terrainIds = useApp(useShallow((s) => (s.scene.terrain ?? []).map((t) => t.id)))
  return (
    <TableLookContext.Provider value={ghost ? GHOST : SOLID}>
    <TableFrameContext.Provider value={frame}>
      <group ref={frame} name="table-frame">
        {surface && <TableSurface />}
        {terrainIds.map((id) => <TerrainPiece key={id} id={id} />)}
        {modelIds.map((id) => <ModelPiece key={id} id={id} />)}
        <Overlays />
      </group>
      <LabelLayout />
    </TableFrameContext.Provider>
    </TableLookContext.Provider>
  )
}
