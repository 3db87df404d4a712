// A rendered hand over a table (three.js in Chromium) and the real HandLandmarker on it. The hand is
// the WebXR generic-hand skinned model (@webxr-input-profiles/assets 1.0.20, vendored in
// test/tracking/hands/fixtures/) with a skin-toned material; its 25 joints are posed (open palm,
// point, pinch) and projected to the image, which is the ground truth the landmarks are checked on.
// Served by test/e2e/handsRender/server.ts with an import map (three, tasks-vision from node_modules).
import * as THREE from 'three'
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js'
import { FilesetResolver, HandLandmarker } from '/tasks-vision/vision_bundle.mjs'

const W = 640, H = 480
const canvas = document.createElement('canvas')
canvas.width = W
canvas.height = H
document.body.appendChild(canvas)
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true })
renderer.setPixelRatio(1)
renderer.setSize(W, H, false)
renderer.outputColorSpace = THREE.SRGBColorSpace
renderer.toneMapping = THREE.ACESFilmicToneMapping
renderer.shadowMap.enabled = true

const scene = new THREE.Scene()
const background = new THREE.Color(0x3a3f36)
scene.background = background
const camera = new THREE.PerspectiveCamera(50, W / H, 0.01, 10)

/** A wooden table top with a felt mat: procedural texture (no image files). */
function tableTexture() {
  const c = document.createElement('canvas')
  c.width = c.height = 512
  const g = c.getContext('2d')
  g.fillStyle = '#8a6a48'
  g.fillRect(0, 0, 512, 512)
  for (let i = 0; i < 90; i++) {
    g.strokeStyle = `rgba(${60 + (i * 37) % 40}, ${40 + (i * 13) % 25}, 20, 0.25)`
    g.lineWidth = 1 + (i % 4)
    g.beginPath()
    const y = (i * 5.7) % 512
    g.moveTo(0, y)
    g.bezierCurveTo(170, y + 8 * Math.sin(i), 340, y - 6 * Math.cos(i), 512, y + 3)
    g.stroke()
  }
  g.fillStyle = '#3f6b45'
  g.fillRect(60, 60, 392, 392)
  g.fillStyle = '#202020'
  for (const [x, y] of [[120, 140], [330, 380], [390, 160]]) { g.beginPath(); g.arc(x, y, 14, 0, 2 * Math.PI); g.fill() }
  const t = new THREE.CanvasTexture(c)
  t.colorSpace = THREE.SRGBColorSpace
  return t
}
const table = new THREE.Mesh(new THREE.PlaneGeometry(0.9, 0.9), new THREE.MeshStandardMaterial({ map: tableTexture(), roughness: 0.85 }))
table.receiveShadow = true
scene.add(table)
scene.add(new THREE.HemisphereLight(0xfff4e6, 0x404038, 1.4))
const sun = new THREE.DirectionalLight(0xffffff, 2.2)
sun.position.set(0.3, -0.2, 1.2)
sun.castShadow = true
sun.shadow.mapSize.set(1024, 1024)
sun.shadow.camera.left = sun.shadow.camera.bottom = -0.4
sun.shadow.camera.right = sun.shadow.camera.top = 0.4
scene.add(sun)
const fill = new THREE.DirectionalLight(0xffe0d0, 0.6)
fill.position.set(-0.5, 0.4, 0.6)
scene.add(fill)

const loader = new GLTFLoader()
const hands = {}
for (const side of ['left', 'right']) {
  const gltf = await loader.loadAsync(`/fixtures/generic-hand-${side}.glb`)
  const root = gltf.scene
  root.traverse((o) => {
    if (o.isMesh) {
      o.material = new THREE.MeshStandardMaterial({ color: 0xd9a184, roughness: 0.55, metalness: 0 })
      o.castShadow = true
      o.frustumCulled = false
    }
  })
  const bones = {}
  root.traverse((o) => { if (o.isBone || /finger|thumb|wrist/.test(o.name)) bones[o.name] = o })
  const rest = new Map()
  for (const b of Object.values(bones)) rest.set(b, { q: b.quaternion.clone(), p: b.position.clone() })
  hands[side] = { root, bones, rest }
}

const XR = ['wrist', 'thumb-metacarpal', 'thumb-phalanx-proximal', 'thumb-phalanx-distal', 'thumb-tip',
  'index-finger-metacarpal', 'index-finger-phalanx-proximal', 'index-finger-phalanx-intermediate', 'index-finger-phalanx-distal', 'index-finger-tip',
  'middle-finger-metacarpal', 'middle-finger-phalanx-proximal', 'middle-finger-phalanx-intermediate', 'middle-finger-phalanx-distal', 'middle-finger-tip',
  'ring-finger-metacarpal', 'ring-finger-phalanx-proximal', 'ring-finger-phalanx-intermediate', 'ring-finger-phalanx-distal', 'ring-finger-tip',
  'pinky-finger-metacarpal', 'pinky-finger-phalanx-proximal', 'pinky-finger-phalanx-intermediate', 'pinky-finger-phalanx-distal', 'pinky-finger-tip']

const v = new THREE.Vector3()
const worldOf = (o) => o.getWorldPosition(new THREE.Vector3())

// The generic hand's joints are all children of one armature (flat, as WebXR drives them: each joint
// gets its own pose). So bending at a joint rotates that joint and every later joint of the chain
// about the joint's position, in the armature's frame.
const CHAINS = {
  thumb: ['thumb-metacarpal', 'thumb-phalanx-proximal', 'thumb-phalanx-distal', 'thumb-tip'],
  ...Object.fromEntries(['index', 'middle', 'ring', 'pinky'].map((f) => [f, ['phalanx-proximal', 'phalanx-intermediate', 'phalanx-distal', 'tip'].map((j) => `${f}-finger-${j}`)])),
}
const q = new THREE.Quaternion()
function bendChain(B, chain, k, axis, angle) {
  const pivot = B[chain[k]].position.clone()
  q.setFromAxisAngle(axis, angle)
  for (let j = k; j < chain.length; j++) {
    const bone = B[chain[j]]
    bone.position.sub(pivot).applyQuaternion(q).add(pivot)
    bone.quaternion.premultiply(q)
  }
}

/**
 * Pose the hand from its rest pose: `curl` per finger (index, middle, ring, pinky) 0 (straight) … 1
 * (folded); `thumb`: 'pinch' (thumb tip onto the index tip) or 'tuck' (onto the folded middle finger).
 * The palm side is the side the rest pose's thumb lies on; a finger folds about the knuckle line.
 */
function pose(h, spec) {
  for (const [bone, rest] of h.rest) { bone.quaternion.copy(rest.q); bone.position.copy(rest.p) }
  const B = h.bones
  const P = (n) => B[n].position.clone()
  const across = P('index-finger-phalanx-proximal').sub(P('pinky-finger-phalanx-proximal')).normalize()
  const along = P('middle-finger-phalanx-proximal').sub(P('wrist')).normalize()
  const palm = new THREE.Vector3().crossVectors(across, along).normalize()
  if (palm.dot(P('thumb-tip').sub(P('middle-finger-phalanx-proximal'))) < 0) palm.negate()
  ;['index', 'middle', 'ring', 'pinky'].forEach((f, i) => {
    const c = spec.curl[i]
    if (!c) return
    const chain = CHAINS[f]
    for (const [k, gain] of [[0, 1.45], [1, 1.7], [2, 0.9]]) {
      // The sign that moves the fingertip to the palm side.
      const tip = P(chain[3]), pivot = P(chain[k])
      const moved = tip.clone().sub(pivot).applyAxisAngle(across, 0.1).add(pivot)
      bendChain(B, chain, k, across, (moved.sub(tip).dot(palm) > 0 ? 1 : -1) * c * gain)
    }
  })
  if (spec.thumb) {
    const goal = spec.thumb === 'pinch'
      ? P('index-finger-tip').addScaledVector(palm, 0.006)
      : P('middle-finger-phalanx-intermediate').addScaledVector(palm, 0.018)
    // A few rounds of cyclic coordinate descent over the thumb's three joints.
    const chain = CHAINS.thumb
    for (let round = 0; round < 20; round++) {
      for (let k = 2; k >= 0; k--) {
        const pivot = P(chain[k])
        const now = P(chain[3]).sub(pivot), want = goal.clone().sub(pivot)
        const axis = new THREE.Vector3().crossVectors(now, want)
        if (axis.length() < 1e-9) continue
        bendChain(B, chain, k, axis.normalize(), Math.min(now.angleTo(want), 0.3) * 0.5)
      }
    }
  }
  h.root.updateMatrixWorld(true)
}

/** Where each of the 25 joints lands in the image (px, OpenCV convention: pixel centres at integers). */
function projectJoints(h) {
  h.root.updateMatrixWorld(true)
  camera.updateMatrixWorld(true)
  return XR.map((name) => {
    v.copy(worldOf(h.bones[name])).project(camera)
    return [(v.x + 1) / 2 * W - 0.5, (1 - v.y) / 2 * H - 0.5]
  })
}

let landmarker = null
window.initLandmarker = async (modelUrl, delegate) => {
  const fileset = { wasmLoaderPath: '/tasks-vision/wasm/vision_wasm_internal.js', wasmBinaryPath: '/tasks-vision/wasm/vision_wasm_internal.wasm' }
  void FilesetResolver
  landmarker = await HandLandmarker.createFromOptions(fileset, { baseOptions: { modelAssetPath: modelUrl, delegate }, runningMode: 'IMAGE', numHands: 2, minHandDetectionConfidence: 0.5 })
  return true
}

/**
 * Render one scene: `side` hand, `pose` spec, hand placement (position m above the table, yaw deg about
 * the table normal, tilt deg; `cutout`: no table, transparent background). Returns the projected joints.
 */
window.renderHand = (opts) => {
  for (const s of Object.keys(hands)) scene.remove(hands[s].root)
  // cutout: the hand alone on a transparent background (to lay over another image).
  table.visible = !opts.cutout
  scene.background = opts.cutout ? null : background
  const h = hands[opts.side]
  scene.add(h.root)
  h.root.position.set(opts.x ?? 0, opts.y ?? 0, opts.height ?? 0.08)
  h.root.rotation.set(0, 0, 0)
  // The model's rest frame → lying over the table, fingers toward +y, palm down (or up when palmUp).
  h.root.quaternion.setFromEuler(new THREE.Euler(THREE.MathUtils.degToRad(opts.rx ?? 0), THREE.MathUtils.degToRad(opts.ry ?? 0), THREE.MathUtils.degToRad(opts.rz ?? 0), 'ZXY'))
  h.root.updateMatrixWorld(true)
  pose(h, { curl: opts.curl ?? [0, 0, 0, 0], thumb: opts.thumb })
  camera.position.set(0, -(opts.camBack ?? 0.12), opts.camHeight ?? 0.42)
  camera.up.set(0, 1, 0)
  camera.lookAt(0, 0, 0.03)
  renderer.render(scene, camera)
  return projectJoints(h)
}

window.detectHands = () => {
  const t0 = performance.now()
  const r = landmarker.detect(canvas)
  return {
    ms: performance.now() - t0,
    hands: r.landmarks.map((lm, i) => ({
      handedness: r.handedness[i]?.[0]?.categoryName ?? '',
      score: r.handedness[i]?.[0]?.score ?? 0,
      // MediaPipe's normalized coordinates → OpenCV pixel-centre px (as the app's runtime does).
      px: lm.map((p) => [p.x * W - 0.5, p.y * H - 0.5]),
    })),
  }
}
window.snapshot = () => canvas.toDataURL('image/png')
window.handsRenderReady = true
