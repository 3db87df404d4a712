// One model: its base (round, oval or rect, as the scene says), a body of its height, a facing
// pointer, and a ring when it is the attacker or the target. Press to select, drag to move. Over a
// camera image (ghost) the model is drawn as a ring but tapped as its whole volume, and is never
// dragged (tracking places it); on a view-only link a drag is refused, and says so.
import type { ThreeEvent } from '@react-three/fiber'
import type { BaseShape } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { moveModel } from '../state/sceneEdits.ts'
import { COLOURS, sideColour } from './palette.ts'
import { useTableDrag } from './useTableDrag.ts'
import { modelUnderPointer } from './modelUnderPointer.ts'
import { useTableFrame, useTableLook } from './tableFrame.ts'
import { useSides } from './useSides.ts'
import { Label } from './Label.tsx'
import { OutlineRing } from './OutlineRing.tsx'
import { modelNames } from '../format/names.ts'
import { useSync } from '../sync/syncStore.ts'

const BASE_THICKNESS_MM = 3

function BaseMesh({ base, colour }: { base: BaseShape; colour: string }) {
  if (base.shape === 'rect') {
    return (
      <mesh position={[0, 0, BASE_THICKNESS_MM / 2]}>
        <boxGeometry args={[base.length, base.width, BASE_THICKNESS_MM]} />
        <meshStandardMaterial color={colour} />
      </mesh>
    )
  }
  const [l, w] = base.shape === 'round' ? [base.diameter, base.diameter] : [base.length, base.width]
  return (
    <group scale={[l / 2, w / 2, 1]}>
      <mesh position={[0, 0, BASE_THICKNESS_MM / 2]} rotation={[Math.PI / 2, 0, 0]}>
        <cylinderGeometry args={[1, 1, BASE_THICKNESS_MM, 40]} />
        <meshStandardMaterial color={colour} />
      </mesh>
    </group>
  )
}

function Body({ base, heightMm, colour }: { base: BaseShape; heightMm: number; colour: string }) {
  const h = Math.max(heightMm - BASE_THICKNESS_MM, 1)
  const [l, w] = base.shape === 'round' ? [base.diameter, base.diameter] : [base.length, base.width]
  if (base.shape === 'rect') {
    return (
      <mesh position={[0, 0, BASE_THICKNESS_MM + h / 2]}>
        <boxGeometry args={[l * 0.8, w * 0.8, h]} />
        <meshStandardMaterial color={colour} roughness={0.6} />
      </mesh>
    )
  }
  const r = Math.min(l, w) * 0.3
  return (
    <mesh position={[0, 0, BASE_THICKNESS_MM + h / 2]} rotation={[Math.PI / 2, 0, 0]}>
      <cylinderGeometry args={[r * 0.8, r, h, 20]} />
      <meshStandardMaterial color={colour} roughness={0.6} />
    </mesh>
  )
}

/** Tapping a real model in the image: at least this wide a target, mm. */
const MIN_HIT_MM = 30

function HitVolume({ base, heightMm }: { base: BaseShape; heightMm: number }) {
  const [l, w] = base.shape === 'round' ? [base.diameter, base.diameter] : [base.length, base.width]
  return (
    <mesh position={[0, 0, heightMm / 2]}>
      <boxGeometry args={[Math.max(l, MIN_HIT_MM), Math.max(w, MIN_HIT_MM), Math.max(heightMm, 10)]} />
      <meshBasicMaterial transparent opacity={0} depthWrite={false} colorWrite={false} />
    </mesh>
  )
}

/** A drag on a view-only link: nothing moves, and the player is told why (once per drag). */
export function refuseViewOnlyMove(): void {
  useApp.getState().notify({ level: 'warning', text: 'View only: this link watches the table and cannot move models. Ask for the edit link to play.' })
}

export function ModelPiece({ id }: { id: string }) {
  const model = useApp((s) => s.scene.models.find((m) => m.id === id))
  const role = useApp((s) => (s.attackerId === id ? 'attacker' : s.targetId === id ? 'target' : null))
  // The shown name (unique on the table; the selector returns a string from a memoised map).
  const name = useApp((s) => modelNames(s.evaluation.overlay, s.scene.models)[id] ?? id)
  const editScene = useApp((s) => s.editScene)
  const pickModel = useApp((s) => s.pickModel)
  const sides = useSides()
  const drag = useTableDrag()
  const frame = useTableFrame()
  const { ghost } = useTableLook()
  const viewOnly = useSync((s) => s.role === 'view')
  if (!model) return null
  const [x, y] = model.position
  const z = model.z ?? 0
  const facingDeg = model.facing ?? 0
  const colour = sideColour(model.side, sides)
  const halfLength = model.base.shape === 'round' ? model.base.diameter / 2 : model.base.length / 2
  const onPointerDown = (e: ThreeEvent<PointerEvent>) => {
    if (!frame.current) return
    // The nearest hit volume may be a neighbour's in front: the model meant is the one under the pointer.
    const models = useApp.getState().scene.models
    const meant = modelUnderPointer(e.ray, e.intersections, frame.current, (mid) => models.find((m) => m.id === mid) ?? null) ?? id
    const grabbed = models.find((m) => m.id === meant) ?? model
    drag(e, {
      planeZ: grabbed.z ?? 0,
      origin: [grabbed.position[0], grabbed.position[1]],
      frame: frame.current,
      onMove: (nx, ny, phase) => {
        if (viewOnly) {
          if (phase === 'start') refuseViewOnlyMove()
          return
        }
        if (ghost) return // tracked over the image: a tap picks, a drag moves nothing
        editScene((s) => moveModel(s, grabbed.id, nx, ny), { undoable: phase === 'start' })
      },
      onClick: () => pickModel(grabbed.id),
    })
  }
  return (
    <group name={`model:${id}`} onPointerDown={onPointerDown}>
      <group position={[x, y, z]} rotation={[0, 0, (facingDeg * Math.PI) / 180]}>
        {!ghost && <BaseMesh base={model.base} colour={colour} />}
        {!ghost && <Body base={model.base} heightMm={model.height} colour={colour} />}
        {ghost && <HitVolume base={model.base} heightMm={model.height} />}
        <mesh position={[halfLength * 0.6, 0, BASE_THICKNESS_MM + 1]}>
          <boxGeometry args={[halfLength * 0.8, 4, 2]} />
          <meshBasicMaterial color="#ffffff" />
        </mesh>
      </group>
      {ghost && <OutlineRing base={model.base} x={x} y={y} facingDeg={facingDeg} offsetMm={1.5} bandMm={3} z={z + 0.8} colour={colour} opacity={1} />}
      {role && (
        <OutlineRing base={model.base} x={x} y={y} facingDeg={facingDeg} offsetMm={3} bandMm={5} z={z + 0.8} colour={role === 'attacker' ? COLOURS.attacker : COLOURS.target} opacity={1} />
      )}
      <Label text={name} kind="model" priority={role ? 80 : 40} position={[x, y, z + model.height]} colour={role === 'attacker' ? COLOURS.attacker : role === 'target' ? COLOURS.target : '#ffffff'} />
    </group>
  )
}
