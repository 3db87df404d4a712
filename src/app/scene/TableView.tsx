// The planner's 3D view: the table under an orbit camera.
import { Canvas } from '@react-three/fiber'
import { useApp } from '../state/appStore.ts'
import { OrbitRig } from './OrbitRig.tsx'
import { TableContent } from './TableContent.tsx'
import { TestProbe } from './TestProbe.tsx'

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
        <OrbitRig targetX={width / 2} targetY={depth / 2} />
        <TableContent />
        <TestProbe />
      </Canvas>
    </div>
  )
}
