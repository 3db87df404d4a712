// Press-and-drag on the table: a press that moves less than a few pixels is a click, otherwise the
// pointer's point on a horizontal plane (in the table frame, whatever transform the table has in
// the world) drives the edit. The orbit camera pauses for the drag.
import { useCallback } from 'react'
import { type ThreeEvent, useThree } from '@react-three/fiber'
import { Matrix4, Plane, Raycaster, Vector2, Vector3, type Object3D } from 'three'
import { orbitHandle } from './orbitHandle.ts'

const CLICK_SLOP_PX = 5
/** Commit drag positions at most this often: rulings update at human pace. */
const COMMIT_INTERVAL_MS = 40

export type DragPhase = 'start' | 'move' | 'end'

export type DragSpec = {
  /** Height of the plane the thing slides on (table frame, mm). */
  planeZ: number
  /** Where the thing is now (table frame), to keep the grab offset. */
  origin: readonly [number, number]
  /** The table's root object: pointer rays are taken into its frame. */
  frame: Object3D
  onMove: (x: number, y: number, phase: DragPhase) => void
  onClick: () => void
}

export function useTableDrag(): (e: ThreeEvent<PointerEvent>, spec: DragSpec) => void {
  const camera = useThree((s) => s.camera)
  const domElement = useThree((s) => s.gl.domElement)
  return useCallback(
    (e, spec) => {
      if (e.nativeEvent.button !== 0) return
      e.stopPropagation()
      const controls = orbitHandle.controls
      if (controls) controls.enabled = false
      const raycaster = new Raycaster()
      const ndc = new Vector2()
      const plane = new Plane(new Vector3(0, 0, 1), -spec.planeZ)
      const hit = new Vector3()
      const toTable = new Matrix4().copy(spec.frame.matrixWorld).invert()
      const planePoint = (clientX: number, clientY: number): Vector3 | null => {
        const rect = domElement.getBoundingClientRect()
        ndc.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1)
        raycaster.setFromCamera(ndc, camera)
        raycaster.ray.applyMatrix4(toTable)
        return raycaster.ray.intersectPlane(plane, hit)
      }
      const startX = e.nativeEvent.clientX
      const startY = e.nativeEvent.clientY
      const grab = planePoint(startX, startY)
      const offsetX = grab ? spec.origin[0] - grab.x : 0
      const offsetY = grab ? spec.origin[1] - grab.y : 0
      let dragging = false
      let lastCommit = 0
      let pending: [number, number] | null = null
      const move = (ev: PointerEvent) => {
        if (!dragging && Math.hypot(ev.clientX - startX, ev.clientY - startY) < CLICK_SLOP_PX) return
        const p = planePoint(ev.clientX, ev.clientY)
        if (!p) return
        pending = [p.x + offsetX, p.y + offsetY]
        const now = performance.now()
        if (!dragging) {
          dragging = true
          lastCommit = now
          spec.onMove(pending[0], pending[1], 'start')
        } else if (now - lastCommit >= COMMIT_INTERVAL_MS) {
          lastCommit = now
          spec.onMove(pending[0], pending[1], 'move')
        }
      }
      const end = () => {
        window.removeEventListener('pointermove', move)
        window.removeEventListener('pointerup', end)
        window.removeEventListener('pointercancel', end)
        if (controls) controls.enabled = true
        if (dragging && pending) spec.onMove(pending[0], pending[1], 'end')
        else if (!dragging) spec.onClick()
      }
      window.addEventListener('pointermove', move)
      window.addEventListener('pointerup', end)
      window.addEventListener('pointercancel', end)
    },
    [camera, domElement],
  )
}
