// WebXR hand input (headsets with hand tracking) feeding the same gesture logic as the camera: each
// frame the 25 joints of each tracked hand go into the table frame (this group sits inside the placed
// table, so its world matrix is table → world), onto the 21-point hand (handFromXrJoints), and into a
// GestureTracker; selections go to the store when they change; a small ring marks each hand's cursor
// on the table. No MediaPipe here: the headset tracks the hands. Where the XR camera feeds the marker
// tracker (camera access), the same joints, projected into that camera's image, go to its occlusion
// gate too: models under a headset hand are held, marked moving, and wait before a ruling uses them.
// (The joints are in the placed table's frame; with camera access the table is placed from the
// markers, so that frame is the tracker's table frame.)
// Hot path (useFrame): no allocation; scratch made once per mount.
import { useMemo, useRef } from 'react'
import { useFrame } from '@react-three/fiber'
import { Matrix4, Vector3, type Group, type Mesh } from 'three'
import { GestureTracker, OVERHEAD_LOCK, XR_JOINTS, createHandObservation, handFromXrJoints, handFromXrJointsInCamera, type GestureModel } from '../../tracking/index.ts'
import type { Scene } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { xrCameraGestures, xrHandFeed } from './xrHandFeed.ts'

const COLOURS = { point: '#ffd23f', pinch: '#3fd2ff', palm: '#ff6b6b', other: '#ffffff' } as const

export function XrHands() {
  const group = useRef<Group>(null)
  const cursor0 = useRef<Mesh>(null)
  const cursor1 = useRef<Mesh>(null)
  const s = useMemo(() => ({
    tracker: new GestureTracker({}, 2),
    worldToTable: new Matrix4(),
    v: new Vector3(),
    joints: [new Float64Array(75), new Float64Array(75)],
    hands: [createHandObservation(), createHandObservation()],
    inCamera: [createHandObservation(), createHandObservation()],
    models: [] as GestureModel[],
    modelsFor: null as Scene | null,
    applied: 0,
  }), [])

  useFrame((state, _delta, frame: XRFrame | undefined) => {
    const g = group.current
    const ref = state.gl.xr.getReferenceSpace()
    if (!g || !frame || !ref || !frame.getJointPose) return
    s.worldToTable.copy(g.matrixWorld).invert()
    let count = 0, handInput = false
    for (const source of frame.session.inputSources) {
      handInput ||= source.hand != null
      if (!source.hand || count >= 2) continue
      const joints = s.joints[count]!
      let complete = true
      for (let j = 0; j < XR_JOINTS.length && complete; j++) {
        const space = source.hand.get(XR_JOINTS[j]!)
        const pose = space ? frame.getJointPose(space, ref) : undefined
        if (!pose) { complete = false; break }
        const p = pose.transform.position
        s.v.set(p.x, p.y, p.z).applyMatrix4(s.worldToTable)
        joints[j * 3] = s.v.x
        joints[j * 3 + 1] = s.v.y
        joints[j * 3 + 2] = s.v.z
      }
      if (complete) handFromXrJoints(joints, s.hands[count++]!)
    }
    // Hands over the table for the XR camera's marker tracking (held models), when it runs.
    // Only with hand input: without it (a phone) MediaPipe reads the hands from the camera image.
    const feed = handInput ? xrHandFeed() : null
    const lock = feed?.holder.lock
    if (feed && lock?.locked) {
      let seen = 0
      for (let i = 0; i < count; i++) if (handFromXrJointsInCamera(s.joints[i]!, lock, s.inCamera[seen]!)) seen++
      feed.setHands(s.inCamera, seen, performance.now())
    }
    const app = useApp.getState()
    if (app.scene !== s.modelsFor) {
      s.modelsFor = app.scene
      s.models = app.scene.models.map((m) => ({
        id: m.id, position: [m.position[0], m.position[1]] as const, uncertaintyMm: m.uncertainty ?? 0,
        radiusMm: m.base.shape === 'round' ? m.base.diameter / 2 : Math.max(m.base.length, m.base.width) / 2,
      }))
    }
    const st = s.tracker.state
    if (st.selectionVersion === s.applied) s.tracker.syncSelection(app.attackerId, app.targetId)
    s.tracker.update(s.hands, count, OVERHEAD_LOCK, s.models, state.clock.elapsedTime * 1000)
    if (st.selectionVersion !== s.applied) {
      s.applied = st.selectionVersion
      if (st.lastEvent === 'cleared') app.clearSelection()
      else if (st.lastEvent === 'attacker' && st.attackerId) app.setAttacker(st.attackerId)
      else if (st.lastEvent === 'target' && st.targetId) app.setTarget(st.targetId)
    }
    // The cursors of the headset's hands, or of MediaPipe's hands on the XR camera image when they run.
    const shown = handInput ? st : xrCameraGestures() ?? st
    for (let i = 0; i < 2; i++) {
      const mesh = i === 0 ? cursor0.current : cursor1.current
      const c = shown.cursors[i]
      if (!mesh || !c) continue
      mesh.visible = c.active && c.pose !== 'other'
      mesh.position.set(c.pointMm[0], c.pointMm[1], 1)
      ;(mesh.material as { color?: { set: (c: string) => void } }).color?.set(COLOURS[c.pose])
    }
  })

  return (
    <group ref={group} name="xr-hands">
      <mesh ref={cursor0} visible={false}><ringGeometry args={[8, 12, 24]} /><meshBasicMaterial color="#ffd23f" /></mesh>
      <mesh ref={cursor1} visible={false}><ringGeometry args={[8, 12, 24]} /><meshBasicMaterial color="#ffd23f" /></mesh>
    </group>
  )
}
