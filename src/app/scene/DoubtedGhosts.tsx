// Doubted poses as ghosts (camera/doubtedPoses.ts): where the tracker thinks a model is when it
// doubts it, drawn so it cannot be taken for a placed model — a translucent body, a dashed grey
// ring, and a label "? name: doubted" — never a solid model, never an end of a sight line (the
// engine never sees these poses: they are not in the scene). A tap on a ghost picks the model, so
// the card can say why its ruling waits. Models only: a doubted terrain piece stays where it was.
import { useMemo } from 'react'
import type { ThreeEvent } from '@react-three/fiber'
import { useShallow } from 'zustand/react/shallow'
import type { SceneModel } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { withWaiting } from '../camera/realTable.ts'
import { modelNames } from '../format/names.ts'
import { COLOURS } from './palette.ts'
import { OutlineRing } from './OutlineRing.tsx'
import { Label } from './Label.tsx'

/** Drawn in grey with dashes: no side colour, so a ghost is never read as a placed model. */
export const GHOST_COLOUR = '#c8ccd2'
const GHOST_OPACITY = 0.35
const DASHES = 12

function Ghost({ id, model }: { id: string; model: SceneModel }) {
  const pose = useApp((s) => s.tracking.doubted?.find((d) => d.kind === 'model' && d.id === id))
  const role = useApp((s) => (s.attackerId === id ? 'attacker' : s.targetId === id ? 'target' : null))
  const name = useApp((s) => modelNames(s.evaluation.overlay, withWaiting(s.scene).models)[id] ?? id)
  const pickModel = useApp((s) => s.pickModel)
  if (!pose) return null
  const [x, y] = pose.position
  const z = pose.z
  const [l, w] = model.base.shape === 'round' ? [model.base.diameter, model.base.diameter] : [model.base.length, model.base.width]
  const onPointerDown = (e: ThreeEvent<PointerEvent>) => {
    if (e.nativeEvent.button !== 0) return
    e.stopPropagation()
    pickModel(id)
  }
  return (
    <group name={`ghost:${id}`} onPointerDown={onPointerDown}>
      <mesh position={[x, y, z + model.height / 2]}>
        <boxGeometry args={[Math.max(l, 30), Math.max(w, 30), Math.max(model.height, 10)]} />
        <meshBasicMaterial color={GHOST_COLOUR} transparent opacity={GHOST_OPACITY * 0.5} depthWrite={false} toneMapped={false} />
      </mesh>
      <OutlineRing base={model.base} x={x} y={y} facingDeg={pose.facing} offsetMm={2} bandMm={3} z={z + 0.8} colour={role === 'attacker' ? COLOURS.attacker : role === 'target' ? COLOURS.target : GHOST_COLOUR} opacity={0.95} dashes={DASHES} />
      <Label text={`? ${name}: doubted`} kind="ghost" priority={role ? 85 : 45} position={[x, y, z + model.height]} colour="#000000" background="rgba(200,204,210,0.92)" hatch />
    </group>
  )
}

export function DoubtedGhosts() {
  const ids = useApp(useShallow((s) => (s.tracking.doubted ?? []).filter((d) => d.kind === 'model').map((d) => d.id)))
  const scene = useApp((s) => s.scene)
  const models = useMemo(() => withWaiting(scene).models, [scene])
  return (
    <group name="doubted-ghosts">
      {ids.map((id) => {
        const m = models.find((x) => x.id === id)
        return m ? <Ghost key={id} id={id} model={m} /> : null
      })}
    </group>
  )
}
