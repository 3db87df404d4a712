// A small read-only window hook for browser tests and the benchmark: the scene and timings from the
// store (always), and where on screen a table point or a model is (while a 3D view is up), so tests
// can click the 3D view like a player would. Nothing is changed through it.
import { useEffect, useRef } from 'react'
import { useFrame, useThree } from '@react-three/fiber'
import { Vector3 } from 'three'
import { useApp } from '../state/appStore.ts'
import { type PlacedLabel, placedLabels } from './labelLayout.ts'
import { modelNames } from '../format/names.ts'
import { withWaiting } from '../camera/realTable.ts'

export type TabletopProbe = {
  /** Client (CSS px) coordinates of a table-frame point in the 3D view (throws without a view). */
  project: (x: number, y: number, z: number) => { x: number; y: number }
  /** Client coordinates of a model's body centre, or null. */
  modelOnScreen: (id: string) => { x: number; y: number } | null
  /** Animation frames since the 3D view came up (it is up when this grows). */
  frames: () => number
  /** WebGL frames the 3D view actually rendered (the planner renders on demand). */
  renders: () => number
  /** The scene on the table now (a copy), so a test can evaluate the same scene in Node. */
  scene: () => unknown
  /** The last evaluation's timings in the engine worker (ms): whole overlay, visibility matrix. */
  timings: () => { overlayMs: number | null; matrixMs: number | null }
  /** Each model's shown name by id (what the card writes instead of the id). */
  names: () => Record<string, string>
  /** The labels on the table as last laid out: screen box (CSS px, canvas-relative), anchor, shown. */
  labels: () => PlacedLabel[]
  /** The doubted models drawn as ghosts (camera/doubtedPoses.ts): where, and why in words. */
  ghosts: () => Array<{ id: string; position: [number, number]; code: string; reason: string }>
  /** The sight lines drawn now (overlay LoS row): to which model, and the table point they aim at. */
  sightLines: () => Array<{ to: string; aim: [number, number, number] }>
  /** The attacker and target chosen now. */
  selection: () => { attackerId: string | null; targetId: string | null }
  /** The WebXR hands' cursors on the table in AR (table mm, the pose read), [] outside AR. */
  xrHandCursors: () => Array<{ active: boolean; pose: string; pointMm: [number, number]; highlightId: string | null }>
}

declare global {
  interface Window {
    __tabletop?: TabletopProbe
  }
}

type ViewProbe = { project: TabletopProbe['project']; frames: () => number; renders: () => number }
let view: ViewProbe | null = null
let xrCursors: TabletopProbe['xrHandCursors'] | null = null

/** XrHands registers its cursors while it is mounted (null when it goes). */
export function setXrHandCursorsProbe(read: TabletopProbe['xrHandCursors'] | null): void {
  xrCursors = read
}

/** Installed once at start-up (main.tsx). */
export function installProbe(): void {
  const project: TabletopProbe['project'] = (x, y, z) => {
    if (!view) throw new Error('no 3D view on screen')
    return view.project(x, y, z)
  }
  window.__tabletop = {
    project,
    modelOnScreen: (id) => {
      const s = useApp.getState()
      const m = s.scene.models.find((mm) => mm.id === id)
      if (m && view) return project(m.position[0], m.position[1], (m.z ?? 0) + m.height * 0.5)
      // A doubted model not on the table is drawn (and tapped) as its ghost.
      const g = s.tracking.doubted?.find((d) => d.kind === 'model' && d.id === id)
      const w = g && withWaiting(s.scene).models.find((mm) => mm.id === id)
      return g && w && view ? project(g.position[0], g.position[1], g.z + w.height * 0.5) : null
    },
    ghosts: () => (useApp.getState().tracking.doubted ?? []).filter((d) => d.kind === 'model').map((d) => ({ id: d.id, position: [d.position[0], d.position[1]] as [number, number], code: d.code, reason: d.reason })),
    sightLines: () => (useApp.getState().evaluation.overlay?.losRow ?? []).map((l) => ({ to: l.to, aim: [l.aim[0], l.aim[1], l.aim[2]] as [number, number, number] })),
    frames: () => view?.frames() ?? 0,
    renders: () => view?.renders() ?? 0,
    scene: () => structuredClone(useApp.getState().scene),
    labels: () => placedLabels().map((l) => ({ ...l })),
    names: () => ({ ...modelNames(useApp.getState().evaluation.overlay, useApp.getState().scene.models) }),
    selection: () => ({ attackerId: useApp.getState().attackerId, targetId: useApp.getState().targetId }),
    xrHandCursors: () => xrCursors?.() ?? [],
    timings: () => {
      const o = useApp.getState().evaluation.overlay
      return { overlayMs: o?.ms ?? null, matrixMs: o?.matrix?.ms ?? null }
    },
  }
}

/** Inside a Canvas: registers that view's projection and frame counter with the probe. */
export function TestProbe() {
  const get = useThree((s) => s.get)
  const rendered = useRef(0)
  useFrame(() => {
    rendered.current++
  })
  useEffect(() => {
    let frames = 0
    let raf = requestAnimationFrame(function tick() {
      frames++
      raf = requestAnimationFrame(tick)
    })
    const mine: ViewProbe = {
      project: (x, y, z) => {
        const { camera, gl } = get()
        const frame = get().scene.getObjectByName('table-frame')
        const v = new Vector3(x, y, z)
        if (frame) v.applyMatrix4(frame.matrixWorld)
        v.project(camera)
        const rect = gl.domElement.getBoundingClientRect()
        return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height }
      },
      frames: () => frames,
      renders: () => rendered.current,
    }
    view = mine
    return () => {
      cancelAnimationFrame(raf)
      if (view === mine) view = null
    }
  }, [get])
  return null
}
