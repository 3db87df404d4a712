// A small read-only window hook for browser tests and the benchmark: where on screen a table point
// or a model is, so tests can click the 3D view like a player would. No state is changed through it.
import { useEffect } from 'react'
import { useThree } from '@react-three/fiber'
import { Vector3 } from 'three'
import { useApp } from '../state/appStore.ts'

export type TabletopProbe = {
  /** Client (CSS px) coordinates of a table-frame point. */
  project: (x: number, y: number, z: number) => { x: number; y: number }
  /** Client coordinates of a model's body centre, or null. */
  modelOnScreen: (id: string) => { x: number; y: number } | null
  frames: () => number
  /** The scene on the table now (a copy), so a test can evaluate the same scene in Node. */
  scene: () => unknown
  /** The last evaluation's timings in the engine worker (ms): whole overlay, visibility matrix. */
  timings: () => { overlayMs: number | null; matrixMs: number | null }
}

declare global {
  interface Window {
    __tabletop?: TabletopProbe
  }
}

export function TestProbe() {
  const get = useThree((s) => s.get)
  useEffect(() => {
    let frames = 0
    let raf = requestAnimationFrame(function tick() {
      frames++
      raf = requestAnimationFrame(tick)
    })
    const project = (x: number, y: number, z: number) => {
      const { camera, gl } = get()
      const frame = get().scene.getObjectByName('table-frame')
      const v = new Vector3(x, y, z)
      if (frame) v.applyMatrix4(frame.matrixWorld)
      v.project(camera)
      const rect = gl.domElement.getBoundingClientRect()
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height }
    }
    window.__tabletop = {
      project,
      modelOnScreen: (id) => {
        const m = useApp.getState().scene.models.find((mm) => mm.id === id)
        return m ? project(m.position[0], m.position[1], (m.z ?? 0) + m.height * 0.5) : null
      },
      frames: () => frames,
      scene: () => structuredClone(useApp.getState().scene),
      timings: () => {
        const o = useApp.getState().evaluation.overlay
        return { overlayMs: o?.ms ?? null, matrixMs: o?.matrix?.ms ?? null }
      },
    }
    return () => {
      cancelAnimationFrame(raf)
      delete window.__tabletop
    }
  }, [get])
  return null
}
