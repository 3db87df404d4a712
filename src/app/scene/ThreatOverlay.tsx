// "Who can hit me here" (issue 32): for the spot, a line from each enemy the engine's `threat` answer
// lists to the picked model standing there, coloured by how it attacks (shoots from where it stands,
// moves then shoots, charges), its move drawn first when it moves, and a label with the weapon, the
// way and the exact chance; over the spot, how many enemies can attack it. The threat bands layer
// outlines, per enemy and weapon, the area from which it reaches that weapon's range this turn.
import { useEffect, useMemo } from 'react'
import type { PlanPolygon, ThreatAttacker } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { answerFor } from '../state/planSlice.ts'
import { modelNames, weaponName } from '../format/names.ts'
import { attackerLabel, threatSummary } from '../format/planText.ts'
import { Segment } from './Segment.tsx'
import { Label } from './Label.tsx'
import { bandsGeometry, ringsOf } from './planGeometry.ts'
import { viaColour } from './planPalette.ts'

const MOVE_Z = 2

function MovePath({ points, colour }: { points: ReadonlyArray<readonly [number, number]>; colour: string }) {
  const geometry = useMemo(() => bandsGeometry([points], 3.5, MOVE_Z, [12, 7]), [points])
  useEffect(() => () => geometry.dispose(), [geometry])
  return (
    <mesh geometry={geometry} renderOrder={5}>
      <meshBasicMaterial color={colour} transparent opacity={0.95} depthTest={false} depthWrite={false} side={2} toneMapped={false} />
    </mesh>
  )
}

function AttackLine({ a, spotZ, fromZ, label }: { a: ThreatAttacker; spotZ: readonly [number, number, number]; fromZ: number; label: string }) {
  const colour = viaColour(a.via)
  const from: [number, number, number] = [a.from[0], a.from[1], fromZ]
  return (
    <group name={`plan-attacker-${a.model}`}>
      {a.path && a.path.length > 1 && <MovePath points={a.path} colour={colour} />}
      <Segment from={from} to={spotZ} radiusMm={2.2} colour={colour} opacity={0.95} />
      <Label text={label} kind="plan-attacker" priority={70} position={from} colour="#000000" background={colour} />
    </group>
  )
}

function Band({ polygons, colour }: { polygons: readonly PlanPolygon[]; colour: string }) {
  const geometry = useMemo(() => bandsGeometry(ringsOf(polygons), 3, 0.9, [6, 6]), [polygons])
  useEffect(() => () => geometry.dispose(), [geometry])
  return (
    <mesh geometry={geometry} renderOrder={3}>
      <meshBasicMaterial color={colour} transparent opacity={0.8} depthWrite={false} side={2} toneMapped={false} />
    </mesh>
  )
}

function ThreatBands() {
  const on = useApp((s) => s.planLayers.bands)
  const bands = useApp((s) => answerFor(s, 'bands'))
  if (!on || !bands) return null
  return (
    <group name="plan-bands">
      {bands.bands.map((b, i) => <Band key={`${b.model}|${b.via}|${b.weapon}|${i}`} polygons={b.area} colour={viaColour(b.via)} />)}
    </group>
  )
}

export function ThreatOverlay() {
  const on = useApp((s) => s.planLayers.threat)
  const spot = useApp((s) => answerFor(s, 'threat'))
  const overlay = useApp((s) => s.evaluation.overlay)
  const models = useApp((s) => s.scene.models)
  const subjectHeight = useApp((s) => s.scene.models.find((m) => m.id === s.attackerId)?.height ?? 40)
  const names = modelNames(overlay, models)
  const threat = on ? spot?.threat ?? null : null
  return (
    <group name="plan-threat">
      <ThreatBands />
      {threat && spot && (() => {
        const spotZ: [number, number, number] = [spot.at[0], spot.at[1], (threat.z as number | undefined ?? 0) + subjectHeight * 0.6]
        const enemies = new Set(threat.attackers.map((a) => a.model)).size
        return (
          <>
            {threat.attackers.map((a, i) => {
              const m = models.find((x) => x.id === a.model)
              const fromZ = (m?.z ?? 0) + (m?.height ?? 40) * 0.9
              return <AttackLine key={`${a.model}|${a.weapon ?? ''}|${i}`} a={a} spotZ={spotZ} fromZ={fromZ} label={attackerLabel(a, names, (mid, w) => weaponName(mid, w, overlay))} />
            })}
            <Label text={threatSummary(enemies)} kind="plan-threat" priority={92} position={[spot.at[0], spot.at[1], spotZ[2] + 30]} colour={enemies ? '#ffffff' : '#000000'} background={enemies ? 'rgba(140,0,0,0.9)' : '#2bff88'} />
          </>
        )
      })()}
    </group>
  )
}
