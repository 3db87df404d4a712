// The planner's 3D view: the table under an orbit camera, framed so the whole table width fits the
// view (a phone held upright sees both table edges).
import { useEffect } from 'react'
import { Canvas, useThree } from '@react-three/fiber'
import { type PerspectiveCamera, Vector3 } from 'three'
import { useApp } from '../state/appStore.ts'
import { OrbitRig } from './OrbitRig.tsx'
import { TableContent } from './TableContent.tsx'
import { TestProbe } from './TestProbe.tsx'
import { registerTableViewRender } from './viewRender.ts'

/** Inside the Canvas: lets an export draw the view now (viewRender.ts). */
function ViewRenderer() {
  const get = useThree((s) => s.get)
  useEffect(() => {
    return registerTableViewRender(() => {
      const { gl, scene, camera } = get()
      gl.render(scene, camera)
    })
  }, [get])
  return null
}

/** The default viewing direction (from the table centre towards the camera) and its distance per table span. */
const VIEW_DIRECTION = new Vector3(0, -0.45, 1.05).normalize()
const VIEW_DISTANCE_PER_SPAN = Math.hypot(0.45, 1.05)

/** On first show and on every resize: back the camera off along its direction until the table's width fits. */
function FitTable({ width, depth }: { width: number; depth: number }) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera
  const aspect = useThree((s) => s.size.width / Math.max(1, s.size.height))
  const invalidate = useThree((s) => s.invalidate)
  useEffect(() => {
    const tanHalfH = Math.tan((camera.fov * Math.PI) / 360) * aspect
    // The near edge is closer than the centre, so it needs more than half the width: 0.62 of it.
    const distance = Math.max(Math.max(width, depth) * VIEW_DISTANCE_PER_SPAN, (width * 0.62) / tanHalfH)
    camera.position.set(width / 2 + VIEW_DIRECTION.x * distance, depth / 2 + VIEW_DIRECTION.y * distance, VIEW_DIRECTION.z * distance)
    camera.lookAt(width / 2, depth / 2, 0)
    invalidate()
  }, [camera, aspect, width, depth, invalidate])
  return null
}

export function TableView() {
  const width = useApp((s) => s.scene.table.width)
  const depth = useApp((s) => s.scene.table.depth)
  const span = Math.max(width, depth)
  return (
    <div className="table-view" data-testid="table-view">
      <Canvas
        frameloop="demand"
        gl={{ preserveDrawingBuffer: true, antialias: true }}
        dpr={[1, 2]}
        camera={{ fov: 45, near: 5, far: 40000, up: [0, 0, 1], position: [width / 2, -span * 0.45, span * 1.05] }}
      >
        <color attach="background" args={['#14181d']} />
        <ambientLight intensity={1.1} />
        <directionalLight position={[width * 0.2, -depth * 0.5, span * 1.5]} intensity={2.2} />
        <FitTable width={width} depth={depth} />
        <OrbitRig targetX={width / 2} targetY={depth / 2} />
        <TableContent />
        <TestProbe />
        <ViewRenderer />
      </Canvas>
    </div>
  )
}
