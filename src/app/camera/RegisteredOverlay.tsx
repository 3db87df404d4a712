// The 3D table and its overlay drawn over a photo or the live video, registered through the tracked
// camera pose and intrinsics. The lock is read per frame from a non-reactive holder (never React
// state); the canvas is transparent so the image shows through.
import { useFrame, useThree, Canvas } from '@react-three/fiber'
import { Matrix4 } from 'three'
import type { TableLock } from '../../tracking/index.ts'
import { TableContent } from '../scene/TableContent.tsx'
import { TestProbe } from '../scene/TestProbe.tsx'
import { projectionFromIntrinsics, viewFromLock } from './registeredCamera.ts'

export type LockHolder = { lock: TableLock | null }

const view = new Matrix4()
const projection = new Matrix4()

function CameraFromLock({ holder }: { holder: LockHolder }) {
  const camera = useThree((s) => s.camera)
  useFrame(() => {
    // Per frame: no allocation, the two module-scope matrices are reused.
    const lock = holder.lock
    if (!lock?.locked) return
    viewFromLock(lock, view)
    camera.matrixAutoUpdate = false
    camera.matrixWorldInverse.copy(view)
    camera.matrixWorld.copy(view).invert()
    projectionFromIntrinsics(lock.intrinsics, 5, 20000, projection)
    camera.projectionMatrix.copy(projection)
    camera.projectionMatrixInverse.copy(projection).invert()
  }, -1)
  return null
}

export function RegisteredOverlay({ holder }: { holder: LockHolder }) {
  return (
    <Canvas className="registered-overlay" gl={{ alpha: true, preserveDrawingBuffer: true }} camera={{ manual: true, near: 5, far: 20000 }} style={{ position: 'absolute', inset: 0 }}>
      <ambientLight intensity={1.1} />
      <directionalLight position={[600, -600, 1800]} intensity={2} />
      <CameraFromLock holder={holder} />
      <TableContent surface={false} ghost />
      <TestProbe />
    </Canvas>
  )
}
