// The 3D table and its overlay drawn over a photo or the live video, registered through the tracked
// camera pose and intrinsics, for the image as the box shows it (object-fit cover or contain, centred:
// the projection is the visible window's). The lock is read per frame from a non-reactive holder
// (never React state); the canvas is transparent so the image shows through.
import { useFrame, useThree, Canvas } from '@react-three/fiber'
import { Matrix4 } from 'three'
import type { TableLock } from '../../tracking/index.ts'
import { TableContent } from '../scene/TableContent.tsx'
import { TestProbe } from '../scene/TestProbe.tsx'
import { BaseGhosts } from './BaseGhosts.tsx'
import { useEffect, useRef } from 'react'
import type { ImageFocus } from './imageFocus.ts'
import { LayerToggles } from '../ui/LayerToggles.tsx'
import { type ImageFit, fitImage, projectionFromIntrinsics, viewFromLock, visibleIntrinsics } from './registeredCamera.ts'

/**
 * `lock`: the latest table lock. `changed`: set by the overlay's canvas; whoever writes a new lock calls
 * it, so the overlay draws a frame then (the canvas draws on demand, not at the display's rate: on a
 * phone that is the battery, in the tests SwiftShader's CPU).
 */
export type LockHolder = { lock: TableLock | null; changed?: () => void }

// Hot path: called per frame. No allocation; scratch objects below are not reentrant.
const view = new Matrix4()
const projection = new Matrix4()
const shown = { width: 0, height: 0, fx: 0, fy: 0, cx: 0, cy: 0 }
const placed = { scale: 1, left: 0, top: 0 }

function CameraFromLock({ holder, fit, focus }: { holder: LockHolder; fit: ImageFit; focus: ImageFocus }) {
  const camera = useThree((s) => s.camera)
  const gl = useThree((s) => s.gl)
  const invalidate = useThree((s) => s.invalidate)
  useEffect(() => {
    holder.changed = invalidate
    invalidate()
    return () => {
      if (holder.changed === invalidate) holder.changed = undefined
    }
  }, [holder, invalidate])
  const fitNow = useRef(fit)
  fitNow.current = fit
  const focusNow = useRef(focus)
  focusNow.current = focus
  // The fit, the aim and the box's size are read in the frame below, not through props of a drawn
  // object, so a change of them asks for a frame itself.
  const size = useThree((s) => s.size)
  useEffect(() => invalidate(), [invalidate, fit, focus.posX, focus.posY, size.width, size.height])
  useFrame((state) => {
    const lock = holder.lock
    if (!lock?.locked) return
    viewFromLock(lock, view)
    camera.matrixAutoUpdate = false
    camera.matrixWorldInverse.copy(view)
    camera.matrixWorld.copy(view).invert()
    visibleIntrinsics(lock.intrinsics, Math.max(1, state.size.width), Math.max(1, state.size.height), fitNow.current, shown, focusNow.current.posX, focusNow.current.posY)
    projectionFromIntrinsics(shown, 5, 20000, projection)
    camera.projectionMatrix.copy(projection)
    camera.projectionMatrixInverse.copy(projection).invert()
    // Drawn only over the picture: where `contain` leaves bars beside it, a range ring or a sight line
    // running off the table would be drawn over nothing. The whole canvas is cleared first (it keeps its
    // buffer between frames), then the frame's drawing is held to the picture's rectangle (CSS px, from
    // the bottom).
    const boxW = Math.max(1, state.size.width), boxH = Math.max(1, state.size.height)
    fitImage(lock.intrinsics.width, lock.intrinsics.height, boxW, boxH, fitNow.current, placed, focusNow.current.posX, focusNow.current.posY)
    const left = Math.max(0, placed.left), top = Math.max(0, placed.top)
    const right = Math.min(boxW, placed.left + lock.intrinsics.width * placed.scale), bottom = Math.min(boxH, placed.top + lock.intrinsics.height * placed.scale)
    gl.setScissorTest(false)
    gl.clear()
    gl.setScissor(left, boxH - bottom, Math.max(0, right - left), Math.max(0, bottom - top))
    gl.setScissorTest(true)
  }, -1)
  return null
}

const CENTRED: ImageFocus = { posX: 0.5, posY: 0.5 }

/** `fit`, `focus`: how the image under the canvas is fitted into the box and aimed (the canvas fills the box). */
export function RegisteredOverlay({ holder, fit = 'contain', focus = CENTRED }: { holder: LockHolder; fit?: ImageFit; focus?: ImageFocus }) {
  return (
    <>
      <Canvas className="registered-overlay" frameloop="demand" gl={{ alpha: true, preserveDrawingBuffer: true }} camera={{ manual: true, near: 5, far: 20000 }} style={{ position: 'absolute', inset: 0 }}>
        <ambientLight intensity={1.1} />
        <directionalLight position={[600, -600, 1800]} intensity={2} />
        <CameraFromLock holder={holder} fit={fit} focus={focus} />
        <TableContent surface={false} ghost />
        <BaseGhosts />
        <TestProbe />
      </Canvas>
      {/* The planning layers' toggles and legend float over the image, inside its box. */}
      <LayerToggles over="image" />
    </>
  )
}
