// The exposure map (issue 32): for a model like the picked one (its side, base, height), each cell of
// the engine's `exposure` grid coloured by how many enemy models see a model standing there (hidden:
// striped blue; seen by 1, 2, 3 or more: yellow, orange, vermillion); cells the engine did not judge
// (inside solid terrain) are left clear. The deployment zones of the scene's own deployment query are
// outlined over it. One texture, one draw call, rebuilt only when the engine's answer changes.
import { useEffect, useMemo } from 'react'
import { useApp } from '../state/appStore.ts'
import { answerFor } from '../state/planSlice.ts'
import { useTableLook } from './tableFrame.ts'
import { Label } from './Label.tsx'
import { bandsGeometry, exposureTexture, labelPointOf } from './planGeometry.ts'
import { EXPOSURE_ALPHA, EXPOSURE_COLOURS } from './planPalette.ts'
import type { DeploymentZone } from '../format/deploymentZones.ts'

const GRID_Z = 0.35

const hex = (c: string) => parseInt(c.slice(1), 16)

function Zone({ zone }: { zone: DeploymentZone }) {
  const geometry = useMemo(() => bandsGeometry([[...zone.outline, zone.outline[0]!]], 5, 1, [16, 8]), [zone])
  useEffect(() => () => geometry.dispose(), [geometry])
  const [x, y] = labelPointOf(zone.outline)
  return (
    <group name={`plan-zone-${zone.side}`}>
      <mesh geometry={geometry} renderOrder={4}>
        <meshBasicMaterial color={EXPOSURE_COLOURS.zone} transparent opacity={0.95} depthWrite={false} side={2} toneMapped={false} />
      </mesh>
      <Label text={zone.label} kind="plan-zone" priority={22} position={[x, y - 20, 3]} colour="#000000" background={EXPOSURE_COLOURS.zone} />
    </group>
  )
}

export function ExposureOverlay() {
  const on = useApp((s) => s.planLayers.exposure)
  const answer = useApp((s) => answerFor(s, 'exposure'))
  const { ghost } = useTableLook()
  const grid = on ? answer?.result?.grid ?? null : null
  const alpha = ghost ? EXPOSURE_ALPHA.camera : EXPOSURE_ALPHA.planner
  const texture = useMemo(() => {
    if (!grid) return null
    const seenRgb = EXPOSURE_COLOURS.seen.map(hex)
    return exposureTexture(grid.columns, grid.rows, (c) => {
      const seen = grid.seen[c]
      if (seen === null || seen === undefined) return null
      if (seen === 0) return { rgb: hex(EXPOSURE_COLOURS.hidden), stripeRgb: hex(EXPOSURE_COLOURS.hiddenStripe), alpha, striped: true }
      return { rgb: seenRgb[Math.min(seen, seenRgb.length) - 1]!, stripeRgb: 0, alpha, striped: false }
    })
  }, [grid, alpha])
  useEffect(() => () => texture?.dispose(), [texture])
  if (!grid || !texture || !answer) return null
  const w = grid.columns * grid.cellMm
  const h = grid.rows * grid.cellMm
  return (
    <group name="plan-exposure">
      <mesh position={[grid.origin[0] + w / 2, grid.origin[1] + h / 2, GRID_Z]} renderOrder={1} name="plan-exposure-grid">
        <planeGeometry args={[w, h]} />
        <meshBasicMaterial map={texture} transparent depthWrite={false} toneMapped={false} />
      </mesh>
      {answer.zones.map((z, i) => <Zone key={`${z.side}|${i}`} zone={z} />)}
    </group>
  )
}
