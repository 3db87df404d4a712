// The overlay for the selected attacker, weapon and target, drawn from the engine's answer only:
// range rings (the weapon's bands, and the ruling's own threshold), engagement radius, the target's
// arcs, LoS to every enemy coloured by the system's class with the visible fraction, the measurement
// between the two closest points with distance and signed margin, and the sampled rays on demand.
import { useEffect, useMemo } from 'react'
import { BufferAttribute, BufferGeometry, Color } from 'three'
import type { Vec3Tuple } from '../../engine/index.ts'
import { readAttack } from '../format/readAttack.ts'
import { useApp } from '../state/appStore.ts'
import { formatDistanceWithMargin, formatLength, formatPercent } from '../format/formatFigures.ts'
import { COLOURS, losColour } from './palette.ts'
import { LOS_DISPLAY, shownLos } from '../format/losDisplay.ts'
import { Segment } from './Segment.tsx'
import { Label } from './Label.tsx'
import { OutlineRing } from './OutlineRing.tsx'
import type { Overlay } from '../engine/protocol.ts'
import { doubtedAmong } from '../camera/doubtedPoses.ts'
import { answerFor } from '../state/planSlice.ts'

function midpoint(a: Vec3Tuple, b: Vec3Tuple): Vec3Tuple {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2]
}

function RangeRings({ overlay }: { overlay: Overlay }) {
  const attacker = useApp((s) => s.scene.models.find((m) => m.id === s.attackerId))
  const weaponId = useApp((s) => s.weaponId)
  const units = useApp((s) => s.units)
  if (!attacker) return null
  const facts = overlay.models.find((m) => m.id === attacker.id)
  const weapon = facts?.weapons.find((w) => w.id === (overlay.attackQuery?.weapon ?? weaponId)) ?? facts?.weapons[0]
  const margin = overlay.attack ? readAttack(overlay.attack).margin : null
  const bands = new Set(weapon?.rangeBandsMm ?? [])
  const [x, y] = attacker.position
  const facing = attacker.facing ?? 0
  const labelAt = (r: number): Vec3Tuple => [x, y - r - (attacker.base.shape === 'round' ? attacker.base.diameter / 2 : attacker.base.width / 2), 8]
  return (
    <group name="range-rings">
      {[...bands].filter((r) => !margin || Math.abs(r - margin.thresholdMm) > 0.01).map((r) => (
        <group key={r}>
          <OutlineRing base={attacker.base} x={x} y={y} facingDeg={facing} offsetMm={r} colour={COLOURS.range} opacity={0.55} />
          <Label text={formatLength(r, units)} kind="range" priority={20} position={labelAt(r)} colour={COLOURS.range} />
        </group>
      ))}
      {margin && (
        <group>
          <OutlineRing base={attacker.base} x={x} y={y} facingDeg={facing} offsetMm={margin.thresholdMm} bandMm={6} colour={COLOURS.rangeRuling} opacity={0.9} />
          <Label text={formatLength(margin.thresholdMm, units)} kind="range" priority={50} position={labelAt(margin.thresholdMm)} colour={COLOURS.rangeRuling} />
        </group>
      )}
      {overlay.engagement && overlay.engagement.rangeMm > 0 && (
        <OutlineRing base={attacker.base} x={x} y={y} facingDeg={facing} offsetMm={overlay.engagement.rangeMm} bandMm={3} colour={COLOURS.engagement} opacity={0.9} />
      )}
    </group>
  )
}

function LosLines({ overlay }: { overlay: Overlay }) {
  const targetId = useApp((s) => s.targetId)
  const attackerId = useApp((s) => s.attackerId)
  // While the plan's threat lines run to a spot, the lines from where the model stands would read as theirs.
  const threatShown = useApp((s) => s.planLayers.threat && answerFor(s, 'threat')?.threat != null)
  if (threatShown) return null
  return (
    <group name="los-lines">
      {overlay.losRow.map((l) => {
        const { display, fraction } = shownLos(l, overlay, attackerId)
        const colour = losColour(display)
        const chosen = l.to === targetId
        // At its target (the line's aim point), so it reads as that model's line of sight.
        return (
          <group key={l.to}>
            <Segment from={l.from} to={l.aim} radiusMm={chosen ? 2.2 : 1.4} colour={colour} opacity={chosen ? 0.95 : 0.75} />
            <Label text={`${LOS_DISPLAY[display].icon} ${LOS_DISPLAY[display].word} ${formatPercent(fraction)}`} kind="los" priority={chosen ? 100 : 60} position={l.aim} colour="#000000" background={colour} hatch={display === 'blocked'} />
          </group>
        )
      })}
    </group>
  )
}

function MeasureLine({ overlay }: { overlay: Overlay }) {
  const units = useApp((s) => s.units)
  const view = overlay.attack ? readAttack(overlay.attack) : null
  if (!view?.points || view.distanceMm === null) return null
  const [a, b] = view.points
  const margin = view.margin
  const lift = (p: Vec3Tuple): Vec3Tuple => [p[0], p[1], p[2] + 2]
  const mid = midpoint(a, b)
  return (
    <group name="measure-line">
      <Segment from={lift(a)} to={lift(b)} radiusMm={2.8} colour={COLOURS.measure} />
      <mesh position={lift(a)}><sphereGeometry args={[5, 16, 12]} /><meshBasicMaterial color={COLOURS.measure} depthTest={false} /></mesh>
      <mesh position={lift(b)}><sphereGeometry args={[5, 16, 12]} /><meshBasicMaterial color={COLOURS.measure} depthTest={false} /></mesh>
      <Label text={formatDistanceWithMargin(view.distanceMm, margin, units)} kind="measure" priority={90} position={mid} colour={margin && margin.marginMm < 0 ? '#ff8080' : '#ffffff'} />
    </group>
  )
}

function ArcLines({ overlay }: { overlay: Overlay }) {
  if (!overlay.arc) return null
  const seen = new Set<string>()
  return (
    <group name="arc-lines">
      {overlay.arc.lines.map((l, i) => {
        const from: Vec3Tuple = [l.origin[0], l.origin[1], 4]
        const to: Vec3Tuple = [l.origin[0] + l.direction[0] * 160, l.origin[1] + l.direction[1] * 160, 4]
        const key = `${l.origin[0]},${l.origin[1]},${l.direction[0]},${l.direction[1]}`
        if (seen.has(key)) return null
        seen.add(key)
        return <Segment key={i} from={from} to={to} radiusMm={1.5} colour={COLOURS.arc} />
      })}
      {overlay.arc.arc && overlay.arc.lines[0] && (
        <Label text={`${overlay.arc.arc} arc`} kind="arc" priority={30} position={[overlay.arc.lines[0].origin[0], overlay.arc.lines[0].origin[1], 4]} colour={COLOURS.arc} />
      )}
    </group>
  )
}

/** The sampled sight lines: one draw call (there are dozens of them), green open, red blocked. */
function SampleRays({ overlay }: { overlay: Overlay }) {
  const geometry = useMemo(() => {
    const rays = overlay.sampleRays ?? []
    const positions = new Float32Array(rays.length * 6)
    const colours = new Float32Array(rays.length * 6)
    const open = new Color(COLOURS.rayClear)
    const blocked = new Color(COLOURS.rayBlocked)
    rays.forEach((r, i) => {
      positions.set([...r.from, ...r.to], i * 6)
      const c = r.blocked ? blocked : open
      colours.set([c.r, c.g, c.b, c.r, c.g, c.b], i * 6)
    })
    const g = new BufferGeometry()
    g.setAttribute('position', new BufferAttribute(positions, 3))
    g.setAttribute('color', new BufferAttribute(colours, 3))
    return g
  }, [overlay.sampleRays])
  useEffect(() => () => geometry.dispose(), [geometry])
  if (!overlay.sampleRays) return null
  return (
    <lineSegments name="sample-rays" geometry={geometry} renderOrder={6}>
      <lineBasicMaterial vertexColors transparent opacity={0.85} depthTest={false} toneMapped={false} />
    </lineSegments>
  )
}

export function Overlays() {
  const overlay = useApp((s) => s.evaluation.overlay)
  // A picked model whose place the camera doubts: the card waits, and nothing is drawn for the pick.
  const doubtedPick = useApp((s) => doubtedAmong(s.tracking.doubted, [s.attackerId, s.targetId]).length > 0)
  if (!overlay || doubtedPick) return null
  return (
    <group name="overlays">
      <RangeRings overlay={overlay} />
      <LosLines overlay={overlay} />
      <ArcLines overlay={overlay} />
      <MeasureLine overlay={overlay} />
      <SampleRays overlay={overlay} />
    </group>
  )
}
