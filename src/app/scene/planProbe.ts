// A read-only window hook for browser tests and the browser benchmark (issue 32): the plan's state and
// the engine's answers as the app holds them, and what the planning layers have put on the table now
// (the objects PlanOverlays mounted, by name), so a test can check the drawn overlay against the
// engine's answer. Nothing is changed through it.
import type { Object3D } from 'three'
import { useApp } from '../state/appStore.ts'
import { planPointer } from './planPointer.ts'
import { recentSpotLatencies } from '../engine/planLoop.ts'

export type PlanDrawn = {
  /** Reach modes outlined, the one tinted, dice contours drawn. */
  modes: string[]
  tinted: string[]
  contours: number
  /** The spot's path is drawn. */
  path: boolean
  /** Enemies with a threat line. */
  attackers: string[]
  bands: boolean
  exposureGrid: boolean
  zones: string[]
  pinned: boolean
}

export type TabletopPlanProbe = {
  /** Layers, mode, pinned spot, the pointer's spot, pending asks, and the engine's latest answers (copies). */
  state: () => unknown
  /** What the planning layers have drawn on the table in the view now (null without a 3D view). */
  drawn: () => PlanDrawn | null
  /** For the spots under a moving pointer: how long each waited for its path and for its attackers (ms, from the pointer's arrival and from the ask), and how often the pointer's spot changed. */
  spotLatency: () => { path: { fromPointer: number[]; fromAsk: number[] }; threat: { fromPointer: number[]; fromAsk: number[] }; changes: number }
}

declare global {
  interface Window {
    __tabletopPlan?: TabletopPlanProbe
  }
}

let root: (() => Object3D | null) | null = null

/** PlanOverlays registers its group while it is mounted (the last mounted view wins); returns the unregister. */
export function setPlanRoot(get: () => Object3D | null): () => void {
  root = get
  return () => {
    if (root === get) root = null
  }
}

function drawnNow(): PlanDrawn | null {
  const g = root?.()
  if (!g) return null
  const out: PlanDrawn = { modes: [], tinted: [], contours: 0, path: false, attackers: [], bands: false, exposureGrid: false, zones: [], pinned: false }
  g.traverse((o) => {
    const n = o.name
    if (n.startsWith('plan-reach-') && n !== 'plan-reach-fill') {
      out.modes.push(n.slice('plan-reach-'.length))
      if (o.children.some((c) => c.name === 'plan-reach-fill')) out.tinted.push(n.slice('plan-reach-'.length))
    } else if (n.startsWith('plan-contour-')) out.contours++
    else if (n === 'plan-path') out.path = true
    else if (n.startsWith('plan-attacker-')) out.attackers.push(n.slice('plan-attacker-'.length))
    else if (n === 'plan-bands') out.bands = o.children.length > 0
    else if (n === 'plan-exposure-grid') out.exposureGrid = true
    else if (n.startsWith('plan-zone-')) out.zones.push(n.slice('plan-zone-'.length))
    else if (n === 'plan-pinned') out.pinned = true
  })
  return out
}

/** Installed once at start-up (main.tsx). */
export function installPlanProbe(): void {
  window.__tabletopPlan = {
    state: () => {
      const s = useApp.getState()
      return structuredClone({
        subject: s.attackerId,
        layers: s.planLayers,
        mode: s.planMode,
        pinned: s.pinnedSpot,
        pointer: { x: planPointer.x, y: planPointer.y, over: planPointer.over },
        pending: s.planPending,
        error: s.planError,
        sceneRev: s.sceneRev,
        answers: s.plan,
      })
    },
    drawn: drawnNow,
    spotLatency: () => ({ path: recentSpotLatencies('spot'), threat: recentSpotLatencies('threat'), changes: planPointer.version }),
  }
}
