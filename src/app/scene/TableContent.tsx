// Everything on the table, in the table frame (mm, z up): surface, terrain, models, overlays.
// The planner draws it as the world; WebXR scales and places it (see xr/).
import { useEffect, useMemo, useRef } from 'react'
import { BufferAttribute, BufferGeometry, Float32BufferAttribute, type Group } from 'three'
import { useFrame, useThree } from '@react-three/fiber'
import { layoutLabels, leaderPositions, leaderSegments, setLabelCovers } from './labelLayout.ts'
import { PlanOverlays } from './PlanOverlays.tsx'
import { useShallow } from 'zustand/react/shallow'
import { useApp } from '../state/appStore.ts'
import { COLOURS } from './palette.ts'
import { TableFrameContext, TableLookContext } from './tableFrame.ts'

const SOLID = { ghost: false }
const GHOST = { ghost: true }
import { ModelPiece } from './ModelPiece.tsx'
import { TerrainPiece } from './TerrainPiece.tsx'
import { Overlays } from './Overlays.tsx'
import { DoubtedGhosts } from './DoubtedGhosts.tsx'
import { GameLayer } from '../game/GameLayer.tsx'

const GRID_STEP_MM = 6 * 25.4

/** The grid's thin strips (1.2 mm wide, every 6″) as one geometry: one draw call, not one per line. */
function useGridGeometry(width: number, depth: number): BufferGeometry {
  const geometry = useMemo(() => {
    const quads: number[] = []
    const quad = (x0: number, y0: number, x1: number, y1: number) => quads.push(x0, y0, 0, x1, y0, 0, x1, y1, 0, x0, y0, 0, x1, y1, 0, x0, y1, 0)
    for (let x = GRID_STEP_MM; x < width; x += GRID_STEP_MM) quad(x - 0.6, 0, x + 0.6, depth)
    for (let y = GRID_STEP_MM; y < depth; y += GRID_STEP_MM) quad(0, y - 0.6, width, y + 0.6)
    const g = new BufferGeometry()
    g.setAttribute('position', new Float32BufferAttribute(quads, 3))
    return g
  }, [width, depth])
  useEffect(() => () => geometry.dispose(), [geometry])
  return geometry
}

// The table's large surfaces use Lambert shading: on a flat, rough top it looks the same as the
// physically based material, and costs far less per pixel (the planner's frame rate on software GL).
function TableSurface() {
  const width = useApp((s) => s.scene.table.width)
  const depth = useApp((s) => s.scene.table.depth)
  const grid = useGridGeometry(width, depth)
  return (
    <group name="table-surface">
      <mesh position={[width / 2, depth / 2, -11]}>
        <boxGeometry args={[width + 40, depth + 40, 20]} />
        <meshLambertMaterial color={COLOURS.tableEdge} />
      </mesh>
      <mesh position={[width / 2, depth / 2, 0]}>
        <planeGeometry args={[width, depth]} />
        <meshLambertMaterial color={COLOURS.tableTop} />
      </mesh>
      <mesh geometry={grid} position={[0, 0, 0.2]}>
        <meshBasicMaterial color={COLOURS.grid} />
      </mesh>
    </group>
  )
}

// Leader lines are given in normalised device coordinates: drawn as they are, over everything.
const LEADER_VERTEX = 'void main() { gl_Position = vec4(position.xy, 0.0, 1.0); }'
const LEADER_FRAGMENT = 'void main() { gl_FragColor = vec4(1.0, 1.0, 1.0, 0.9); }'

/** What floats over the picture (ui/ViewOverlay.tsx, ui/BottomSheet.tsx, ui/LayerToggles.tsx): no label goes under it. */
const FLOATING = '.view-overlay .view-top > *, .view-overlay .view-prompts, .view-overlay .view-bottom > *, .sheet-bar, .plan-toggles'
const COVERS_EVERY_MS = 300

/** The floating boxes over `canvas`, in its CSS px (read on a timer and on resize: never per frame). */
function coversOver(canvas: HTMLElement): Array<{ left: number; top: number; right: number; bottom: number }> {
  const c = canvas.getBoundingClientRect()
  const out: Array<{ left: number; top: number; right: number; bottom: number }> = []
  for (const el of document.querySelectorAll(FLOATING)) {
    const o = el.getBoundingClientRect()
    if (o.width === 0 || o.height === 0 || o.right <= c.left || o.left >= c.right || o.bottom <= c.top || o.top >= c.bottom) continue
    out.push({ left: o.left - c.left, top: o.top - c.top, right: o.right - c.left, bottom: o.bottom - c.top })
  }
  return out
}

/**
 * Lays the table's labels out in screen space before each rendered frame (after the camera moved),
 * and draws the leader lines of the labels pushed away from their models; none under what floats over
 * the picture (the card, the status line, the controls).
 */
function LabelLayout() {
  const canvas = useThree((s) => s.gl.domElement)
  useEffect(() => {
    const update = () => setLabelCovers(coversOver(canvas))
    update()
    const timer = setInterval(update, COVERS_EVERY_MS)
    window.addEventListener('resize', update)
    return () => {
      clearInterval(timer)
      window.removeEventListener('resize', update)
      setLabelCovers([])
    }
  }, [canvas])
  const geometry = useMemo(() => {
    const g = new BufferGeometry()
    g.setAttribute('position', new BufferAttribute(leaderPositions, 3))
    g.setDrawRange(0, 0)
    return g
  }, [])
  useEffect(() => () => geometry.dispose(), [geometry])
  useFrame((state) => {
    layoutLabels(state.camera, state.size.width, state.size.height)
    geometry.attributes.position!.needsUpdate = true
    geometry.setDrawRange(0, leaderSegments() * 2)
  })
  return (
    <lineSegments geometry={geometry} frustumCulled={false} renderOrder={19}>
      <shaderMaterial vertexShader={LEADER_VERTEX} fragmentShader={LEADER_FRAGMENT} transparent depthTest={false} depthWrite={false} />
    </lineSegments>
  )
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
        <PlanOverlays />
        {terrainIds.map((id) => <TerrainPiece key={id} id={id} />)}
        {modelIds.map((id) => <ModelPiece key={id} id={id} />)}
        <DoubtedGhosts />
        <Overlays />
        <GameLayer />
      </group>
      <LabelLayout />
    </TableFrameContext.Provider>
    </TableLookContext.Provider>
  )
}
