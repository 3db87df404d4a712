// The picked model's reach on the table (issue 32): where its base centre can end a move, for each move
// mode its game has, from the engine's `reach` answers. The chosen mode is tinted, with its dice
// contours dashed (each labelled with the chance of reaching inside it); the other modes are outlined
// in their own colours, each labelled with its name and the book's formula. A mode the game refuses
// now is drawn not at all (the legend says why).
import { useEffect, useMemo } from 'react'
import type { PlanPolygon } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { answerFor, shownModeOf } from '../state/planSlice.ts'
import type { ReachMode } from '../engine/planProtocol.ts'
import { formatLength } from '../format/formatFigures.ts'
import { useTableLook } from './tableFrame.ts'
import { Label } from './Label.tsx'
import { bandsGeometry, labelPointOf, pointAtBearing, polygonsGeometry, ringsOf } from './planGeometry.ts'
import { TINT_ALPHA, modeTint } from './planPalette.ts'
import type { Units } from '../state/settingsSlice.ts'

/** Heights over the table top (mm): the tint above the grid strips, outlines above the tint. */
const TINT_Z = 0.5
const OUTLINE_Z = 0.8

function Fill({ polygons, colour, opacity }: { polygons: readonly PlanPolygon[]; colour: string; opacity: number }) {
  const geometry = useMemo(() => polygonsGeometry(polygons, TINT_Z), [polygons])
  useEffect(() => () => geometry.dispose(), [geometry])
  return (
    <mesh geometry={geometry} renderOrder={2} name="plan-reach-fill">
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthWrite={false} side={2} toneMapped={false} />
    </mesh>
  )
}

function Outline({ polygons, colour, widthMm, dash, opacity = 1 }: { polygons: readonly PlanPolygon[]; colour: string; widthMm: number; dash?: readonly [number, number]; opacity?: number }) {
  const geometry = useMemo(() => bandsGeometry(ringsOf(polygons), widthMm, OUTLINE_Z, dash), [polygons, widthMm, dash])
  useEffect(() => () => geometry.dispose(), [geometry])
  return (
    <mesh geometry={geometry} renderOrder={3}>
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthWrite={false} side={2} toneMapped={false} />
    </mesh>
  )
}

const CONTOUR_DASH = [14, 8] as const

/** The largest ring of an area (the one a label goes on). */
function largestRing(polygons: readonly PlanPolygon[]): Array<[number, number]> | null {
  let best: PlanPolygon | null = null
  for (const p of polygons) if (!best || p.outer.length > best.outer.length) best = p
  return best?.outer ?? null
}

/** A mode's label: on its area's far (northernmost) vertex. */
function labelSpot(polygons: readonly PlanPolygon[]): [number, number, number] | null {
  const ring = largestRing(polygons)
  if (!ring) return null
  const [x, y] = labelPointOf(ring)
  return [x, y, 4]
}

/** The roll contours' labels: on bearings 50° and 130° from the model, alternately (nested rings stay apart on screen). */
function contourSpot(polygons: readonly PlanPolygon[], from: readonly [number, number], index: number): [number, number, number] | null {
  const ring = largestRing(polygons)
  if (!ring) return null
  const [x, y] = pointAtBearing(ring, from[0], from[1], index % 2 ? 130 : 50)
  return [x, y, 4]
}

function ModeArea({ mode, tint, chosen, ghost, units }: { mode: ReachMode; tint: string; chosen: boolean; ghost: boolean; units: Units }) {
  const r = mode.result
  if (!r || !r.area.length) return null
  const at = labelSpot(r.area)
  const contours = chosen ? (r.contours ?? []).filter((c) => c.area.length && c.chance.value < 1) : []
  return (
    <group name={`plan-reach-${mode.mode}`}>
      {chosen && <Fill polygons={r.area} colour={tint} opacity={ghost ? TINT_ALPHA.camera : TINT_ALPHA.planner} />}
      <Outline polygons={r.area} colour={tint} widthMm={chosen ? 5 : 4} opacity={chosen ? 1 : 0.85} />
      {contours.map((c, i) => {
        const spot = contourSpot(c.area, r.from, i)
        return (
          <group key={c.roll} name={`plan-contour-${c.roll}`}>
            <Outline polygons={c.area} colour={tint} widthMm={3.5} dash={CONTOUR_DASH} />
            {spot && <Label text={`${formatLength(c.allowance.mm, units)}: ${c.chance.exact}`} kind="plan-contour" priority={24} position={spot} colour="#000000" background={tint} />}
          </group>
        )
      })}
      {at && <Label text={`${mode.mode} · ${r.allowance.formula}`} kind="plan-mode" priority={chosen ? 45 : 26} position={at} colour={chosen ? '#000000' : tint} background={chosen ? tint : 'rgba(0,0,0,0.82)'} />}
    </group>
  )
}

export function ReachOverlay() {
  const on = useApp((s) => s.planLayers.reach)
  const reach = useApp((s) => answerFor(s, 'reach'))
  const planMode = useApp((s) => s.planMode)
  const units = useApp((s) => s.units)
  const { ghost } = useTableLook()
  if (!on || !reach) return null
  const shown = shownModeOf(reach, planMode)
  // The shown mode last, so its tint and label lie over the other modes' outlines.
  const order = reach.modes.map((m, i) => ({ m, i })).sort((a, b) => Number(a.m.mode === shown) - Number(b.m.mode === shown))
  return (
    <group name="plan-reach">
      {order.map(({ m, i }) => <ModeArea key={m.mode} mode={m} tint={modeTint(i)} chosen={m.mode === shown} ghost={ghost} units={units} />)}
    </group>
  )
}
