// The game on the table (issue 33), drawn in the table frame wherever the table is drawn — the
// planner, over the camera image and the photo, in AR: a badge over every model in the game (its
// side's colour, acting / done, statuses, counters; a move past its allowance in red), the ghosts of a
// rewind (where each model stood, coloured by whether it is back: green back, amber marginal, red off,
// with "put it here" and the distance), and the objectives. Badges are screen-space labels (the label
// layout keeps them readable on a phone, never overlapping); they follow the models as the tracked
// table moves them. Only draws: the texts come from gameText.ts, the calls from the game core.
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { RestoreCall, SceneModel } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { sideColour } from '../scene/palette.ts'
import { useSides } from '../scene/useSides.ts'
import { Label } from '../scene/Label.tsx'
import { OutlineRing } from '../scene/OutlineRing.tsx'
import { Segment } from '../scene/Segment.tsx'
import { modelNames } from '../format/names.ts'
import { formatLength } from '../format/formatFigures.ts'
import { badgeOf } from './gameText.ts'
import { useRestoreCheck } from './useRestoreCheck.ts'

/**
 * Room on screen (the label layout places higher first): a model acting, down or counting wounds is
 * what a player looks for, above the names of the chosen models (80) and sight labels (60); plain
 * "ready" / "done" yield to them. The move flag (90) and the chosen line's labels stay above.
 */
const BADGE_PRIORITY = { notable: 85, plain: 60 }
const FLAG = { background: '#c62828', colour: '#ffffff' }
const GHOST_COLOUR: Record<RestoreCall['status'], string> = { back: '#2fbf71', marginal: '#f0b429', off: '#ff4d4d', missing: '#d0d0d0', remove: '#ff4d4d' }

function ModelBadge({ id }: { id: string }) {
  const model = useApp((s) => s.scene.models.find((m) => m.id === id))
  const view = useApp((s) => s.gameView)
  const badge = useMemo(() => {
    const m = view?.state.models.find((x) => x.id === id)
    return view && m ? badgeOf(m, view.models.find((x) => x.id === id), view.state, view.decl, view.outcomes) : null
  }, [view, id])
  const sides = useSides()
  // While the players put the models back after a rewind, only the ghosts and a flagged move speak.
  const rewinding = useApp((s) => s.rewind !== null)
  if (!model || !badge || badge.removed) return null
  const top = (model.z ?? 0) + model.height
  return (
    <group name={`badge:${id}`}>
      {badge.text && !rewinding && <Label text={badge.text} kind="badge" priority={badge.notable ? BADGE_PRIORITY.notable : BADGE_PRIORITY.plain} position={[model.position[0], model.position[1], top + 2]} colour="#111111" background={sideColour(badge.side, sides)} />}
      {badge.flag && <Label text={badge.flag} kind="badge-flag" priority={90} position={[model.position[0], model.position[1], top + 4]} colour={FLAG.colour} background={FLAG.background} />}
    </group>
  )
}

/** A base's shape, filled and flat: where a model stood. */
function GhostBase({ base, x, y, z, facingDeg, colour }: { base: SceneModel['base']; x: number; y: number; z: number; facingDeg: number; colour: string }) {
  const [l, w] = base.shape === 'round' ? [base.diameter, base.diameter] : [base.length, base.width]
  return (
    <mesh position={[x, y, z]} rotation={[0, 0, (facingDeg * Math.PI) / 180]} scale={base.shape === 'rect' ? [l, w, 1] : [l / 2, w / 2, 1]} renderOrder={4}>
      {base.shape === 'rect' ? <planeGeometry args={[1, 1]} /> : <circleGeometry args={[1, 48]} />}
      <meshBasicMaterial color={colour} transparent opacity={0.45} depthWrite={false} toneMapped={false} />
    </mesh>
  )
}

function Ghost({ call, model, name }: { call: RestoreCall; model: SceneModel | undefined; name: string }) {
  const units = useApp((s) => s.units)
  const base = model?.base ?? { shape: 'round' as const, diameter: 25 }
  const t = call.target
  const colour = GHOST_COLOUR[call.status]
  const back = call.status === 'back'
  const live = model && !back ? model.position : null
  // Short: a phone's screen must find room for it beside the ghost.
  const d = formatLength(call.distanceMm ?? 0, units)
  const label = call.status === 'missing' ? `${name} here (not seen)` : call.status === 'remove' ? `${name}: off the table` : call.status === 'marginal' ? `${name} here? ${d}, marginal` : `${name} here · ${d}`
  if (!t.onTable && call.status !== 'remove') return null
  return (
    <group name={`ghost:${call.id}`}>
      {t.onTable && <GhostBase base={base} x={t.position[0]} y={t.position[1]} z={t.z + 1} facingDeg={t.facing} colour={colour} />}
      {t.onTable && <OutlineRing base={base} x={t.position[0]} y={t.position[1]} facingDeg={t.facing} offsetMm={1.5} bandMm={3} z={t.z + 1.2} colour={colour} opacity={1} />}
      {live && t.onTable && <Segment from={[live[0], live[1], t.z + 3]} to={[t.position[0], t.position[1], t.z + 3]} radiusMm={1.5} colour={colour} opacity={0.9} />}
      {/* A model back needs no words: its green base says it. */}
      {!back && <Label text={label} kind="ghost" priority={95} position={[t.onTable ? t.position[0] : model?.position[0] ?? 0, t.onTable ? t.position[1] : model?.position[1] ?? 0, t.z + 6]} colour="#111111" background={colour} />}
    </group>
  )
}

function Ghosts() {
  const check = useRestoreCheck()
  const models = useApp((s) => s.scene.models)
  const overlay = useApp((s) => s.evaluation.overlay)
  const names = useMemo(() => modelNames(overlay, models), [overlay, models])
  const start = useApp((s) => s.game?.head.scene.models)
  if (!check) return null
  return (
    <group name="rewind-ghosts">
      {check.calls.map((c) => (
        <Ghost key={c.id} call={c} model={models.find((m) => m.id === c.id) ?? start?.find((m) => m.id === c.id)} name={names[c.id] ?? c.id} />
      ))}
    </group>
  )
}

function Objectives() {
  const objectives = useApp(useShallow((s) => s.gameView?.objectives ?? []))
  const held = useApp((s) => s.gameView?.state.held)
  const radius = useApp((s) => {
    const outcomes = s.gameView?.outcomes ?? []
    for (let i = outcomes.length - 1; i >= 0; i--) if (outcomes[i]!.control?.length) return outcomes[i]!.control![0]!.radiusMm
    return null
  })
  const sides = useSides()
  return (
    <group name="objectives">
      {objectives.map((o) => {
        const holder = held?.[o.name] ?? null
        const colour = holder ? sideColour(holder, sides) : '#ffffff'
        return (
          <group key={o.name}>
            <OutlineRing base={{ shape: 'round', diameter: 40 }} x={o.at[0]} y={o.at[1]} facingDeg={0} offsetMm={-10} bandMm={20} z={0.8} colour={colour} opacity={0.8} />
            {radius !== null && <OutlineRing base={{ shape: 'round', diameter: 0.01 }} x={o.at[0]} y={o.at[1]} facingDeg={0} offsetMm={radius} bandMm={2} z={0.7} colour={colour} opacity={0.5} />}
            <Label text={`◎ ${o.name}${holder ? `: ${holder}` : ''}`} kind="objective" priority={35} position={[o.at[0], o.at[1], 4]} colour="#111111" background={colour} />
          </group>
        )
      })}
    </group>
  )
}

export function GameLayer() {
  const playing = useApp((s) => s.gameView !== null && s.game !== null && s.gameView.id === s.game.id)
  const ids = useApp(useShallow((s) => s.scene.models.map((m) => m.id)))
  if (!playing) return null
  return (
    <group name="game-layer">
      {ids.map((id) => <ModelBadge key={id} id={id} />)}
      <Objectives />
      <Ghosts />
    </group>
  )
}
