// Where on the table the pointer or finger is, for the plan's spot: an invisible sheet over the table
// (the planner, the camera view, AR) that hears pointer moves and taps. The spot is the first point the
// pointer's ray meets on terrain or the table top (a roof, not the ground behind it), in the table
// frame. A mouse hovering or a pen moves the spot; a finger moves it while it drags over a camera image
// (there a drag turns nothing), and in the planner, where a drag turns the view, a tap sets it. A tap
// pins the spot; a tap on the pinned spot unpins it.
import { type ThreeEvent, useThree } from '@react-three/fiber'
import { Matrix4, type Object3D, Vector3 } from 'three'
import { useApp } from '../state/appStore.ts'
import { dropSpot, leaveSpot, offerSpot, planPointer } from './planPointer.ts'
import { useTableFrame, useTableLook } from './tableFrame.ts'

/** A tap moved less than this (px) between press and release; more is a drag of the view. */
const TAP_SLOP_PX = 6
/** A tap this close to the pinned spot (mm) unpins it. */
const UNPIN_MM = 15

// Per pointer move: no allocation. Scratch objects: pointer events come one at a time (not reentrant).
const toTable = new Matrix4()
const point = new Vector3()

const SURFACE = 'plan-pointer-surface'

function isTerrainOrSurface(o: Object3D | null): boolean {
  for (let n = o; n; n = n.parent) {
    if (n.name === SURFACE || n.name.startsWith('terrain:')) return true
    if (n.name.startsWith('model:') || n.name === 'table-frame') return false
  }
  return false
}

function isModel(o: Object3D | null): boolean {
  for (let n = o; n; n = n.parent) if (n.name.startsWith('model:')) return true
  return false
}

export function PlanPointerSurface() {
  const width = useApp((s) => s.scene.table.width)
  const depth = useApp((s) => s.scene.table.depth)
  const frame = useTableFrame()
  const { ghost } = useTableLook()
  const invalidate = useThree((s) => s.invalidate)

  /** Puts the event's spot on the table (table mm, to 0.1 mm) in `point`; false when its ray meets neither terrain nor the table top. */
  const spotOf = (e: ThreeEvent<PointerEvent | MouseEvent>): boolean => {
    const root = frame.current
    if (!root) return false
    let hit: (typeof e.intersections)[number] | null = null
    for (const i of e.intersections) {
      if (isTerrainOrSurface(i.object)) {
        hit = i
        break
      }
    }
    if (!hit) return false
    toTable.copy(root.matrixWorld).invert()
    point.copy(hit.point).applyMatrix4(toTable)
    point.set(Math.round(point.x * 10) / 10, Math.round(point.y * 10) / 10, 0)
    return point.x >= 0 && point.y >= 0 && point.x <= width && point.y <= depth
  }

  const onMove = (e: ThreeEvent<PointerEvent>) => {
    const pressed = e.nativeEvent.buttons !== 0
    // In the planner a press-and-drag turns the view; over a camera image (ghost) a finger drags the spot.
    if (pressed && !ghost) return
    if (!spotOf(e)) {
      leaveSpot()
      return
    }
    offerSpot(point.x, point.y)
    invalidate()
  }
  const onClick = (e: ThreeEvent<MouseEvent>) => {
    // A tap on a model picks it (ModelPiece); it does not pin the table behind it.
    if (e.delta > TAP_SLOP_PX || isModel(e.intersections[0]?.object ?? null)) return
    if (!spotOf(e)) return
    const at: [number, number] = [point.x, point.y]
    const pinned = useApp.getState().pinnedSpot
    const unpin = pinned && Math.hypot(pinned[0] - at[0], pinned[1] - at[1]) < UNPIN_MM
    useApp.getState().pinSpot(unpin ? null : at)
    // A finger has no hover: after a tap the pinned spot is the spot.
    if (e.nativeEvent instanceof PointerEvent && e.nativeEvent.pointerType !== 'mouse') dropSpot()
    invalidate()
  }
  const onLeave = () => {
    if (planPointer.over) {
      leaveSpot()
      invalidate()
    }
  }
  return (
    <mesh name={SURFACE} position={[width / 2, depth / 2, 0.05]} onPointerMove={onMove} onPointerLeave={onLeave} onClick={onClick}>
      <planeGeometry args={[width, depth]} />
      <meshBasicMaterial transparent opacity={0} depthWrite={false} colorWrite={false} />
    </mesh>
  )
}
