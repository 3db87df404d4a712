// Screen-space labels: every label on the table is drawn at a fixed size in CSS pixels (not table
// millimetres), and laid out each rendered frame so that no two overlap. Labels are placed in
// priority order (the chosen target's line of sight first); each tries a few spots around its own
// anchor (above, below, beside) and is hidden when none is free. A label pushed away from its anchor
// points back to it with a leader line (issue 31: "Ranger" floated far above its own model, with
// nothing to say whose name it was): the segments, in normalised device coordinates, are written into
// one preallocated buffer that the label layout's LineSegments draws. What floats over the canvas (the
// view-first card, the status line, the controls bar: `setLabelCovers`) is no place for a label: one
// there is unreadable, its model's name hidden under the verdict about it. Nothing is allocated per frame.
import { type Camera, type Sprite, Vector3 } from 'three'

/** Label box height in CSS px (text is 2/3 of it: 17 px), and in kiosk mode (23 px text). */
export const LABEL_BOX_PX = 26
export const LABEL_BOX_PX_KIOSK = 34
/** The font size of the text inside a box of LABEL_BOX_PX (the canvas draws 48 px text in 72 px). */
export const LABEL_TEXT_RATIO = 48 / 72

export type LabelEntry = {
  sprite: Sprite
  /** Width over height of the label's texture. */
  aspect: number
  /** Higher wins a contested spot. */
  priority: number
  text: string
  kind: string
}

export type PlacedLabel = { text: string; kind: string; x: number; y: number; width: number; height: number; anchorX: number; anchorY: number; shown: boolean; /** A leader line joins the label to its anchor. */ leader: boolean }

/** A label whose box is further than this from its anchor gets a leader line, CSS px. */
export const LEADER_MIN_PX = 8
/** Leader lines drawn at most (the rest of the labels are near their anchors, or hidden). */
const MAX_LEADERS = 512
/** Leader segments: 2 vertices × (x, y, z) in NDC, written by layoutLabels. */
export const leaderPositions = new Float32Array(MAX_LEADERS * 6)
let leaderCount = 0

/** Leader segments laid out by the last layoutLabels call. */
export function leaderSegments(): number {
  return leaderCount
}

const entries: LabelEntry[] = []
/** The last layout, for the test probe (read-only outside this file). */
export const placed: PlacedLabel[] = []
let placedCount = 0
let boxPx = LABEL_BOX_PX

export function registerLabel(e: LabelEntry): () => void {
  entries.push(e)
  return () => {
    const i = entries.indexOf(e)
    if (i >= 0) entries.splice(i, 1)
  }
}

export function setLabelBoxPx(px: number): void {
  boxPx = px
}

export function placedLabels(): PlacedLabel[] {
  return placed.slice(0, placedCount)
}

/** Candidate box centres relative to the anchor, in box heights (x also in box widths). Screen y is down. */
const CANDIDATES: ReadonlyArray<readonly [number, number, number]> = [
  // [x in widths, x in heights, y in heights]
  [0, 0, -0.8], [0, 0, 0.8], [0.5, 0.4, -0.1], [-0.5, -0.4, -0.1],
  [0, 0, -1.9], [0, 0, 1.9], [0.5, 0.4, -1.2], [-0.5, -0.4, -1.2], [0.5, 0.4, 1.0], [-0.5, -0.4, 1.0],
  [0, 0, -3.0], [0, 0, 3.0],
]
const GAP_PX = 2

const world = new Vector3()
const parentScale = new Vector3()
const byPriority = (a: LabelEntry, b: LabelEntry) => b.priority - a.priority

/** What floats over the canvas, canvas CSS px: [left, top, right, bottom] × coverCount. */
const MAX_COVERS = 16
const covers = new Float64Array(MAX_COVERS * 4)
let coverCount = 0

/** The boxes floating over the canvas (canvas CSS px), where no label goes; set when they change, not per frame. */
export function setLabelCovers(rects: ReadonlyArray<{ left: number; top: number; right: number; bottom: number }>): void {
  coverCount = Math.min(MAX_COVERS, rects.length)
  for (let i = 0; i < coverCount; i++) {
    const r = rects[i]!
    covers[4 * i] = r.left; covers[4 * i + 1] = r.top; covers[4 * i + 2] = r.right; covers[4 * i + 3] = r.bottom
  }
}

function covered(x: number, y: number, w: number, h: number): boolean {
  for (let i = 0; i < coverCount; i++) {
    if (x < covers[4 * i + 2]! && covers[4 * i]! < x + w && y < covers[4 * i + 3]! && covers[4 * i + 1]! < y + h) return true
  }
  return false
}

function overlapsPlaced(x: number, y: number, w: number, h: number, upTo: number): boolean {
  for (let i = 0; i < upTo; i++) {
    const p = placed[i]!
    if (!p.shown) continue
    if (x < p.x + p.width + GAP_PX && p.x < x + w + GAP_PX && y < p.y + p.height + GAP_PX && p.y < y + h + GAP_PX) return true
  }
  return false
}

/** Lay out every registered label for this camera and canvas size (CSS px); call before rendering. */
export function layoutLabels(camera: Camera, widthPx: number, heightPx: number): void {
  entries.sort(byPriority)
  camera.updateMatrixWorld()
  const p11 = camera.projectionMatrix.elements[5]!
  const h = boxPx
  let n = 0
  leaderCount = 0
  for (const e of entries) {
    const sprite = e.sprite
    if (!sprite.parent) continue
    const w = h * e.aspect
    sprite.getWorldPosition(world)
    world.project(camera)
    const ax = ((world.x + 1) / 2) * widthPx
    const ay = ((1 - world.y) / 2) * heightPx
    const slot = (placed[n] ??= { text: '', kind: '', x: 0, y: 0, width: 0, height: 0, anchorX: 0, anchorY: 0, shown: false, leader: false })
    slot.text = e.text
    slot.kind = e.kind
    slot.anchorX = ax
    slot.anchorY = ay
    slot.width = w
    slot.height = h
    slot.shown = false
    slot.leader = false
    if (world.z < 1 && world.z > -1) {
      for (const [cw, ch, cy] of CANDIDATES) {
        const cx = ax + cw * w + ch * h
        const cyPx = ay + cy * h
        const x = cx - w / 2
        const y = cyPx - h / 2
        if (x < 0 || y < 0 || x + w > widthPx || y + h > heightPx) continue
        if (overlapsPlaced(x, y, w, h, n) || covered(x, y, w, h)) continue
        slot.x = x
        slot.y = y
        slot.shown = true
        // The sprite's quad is centred at anchor − (center − ½)·size (view space, y up).
        sprite.center.set(0.5 - (cx - ax) / w, 0.5 + (cyPx - ay) / h)
        // Pushed off its anchor: a leader from the anchor to the nearest point of the box.
        const nx = ax < x ? x : ax > x + w ? x + w : ax
        const ny = ay < y ? y : ay > y + h ? y + h : ay
        if (Math.hypot(ax - nx, ay - ny) > LEADER_MIN_PX && leaderCount < MAX_LEADERS) {
          const o = leaderCount * 6
          leaderPositions[o] = (ax / widthPx) * 2 - 1
          leaderPositions[o + 1] = 1 - (ay / heightPx) * 2
          leaderPositions[o + 2] = 0
          leaderPositions[o + 3] = (nx / widthPx) * 2 - 1
          leaderPositions[o + 4] = 1 - (ny / heightPx) * 2
          leaderPositions[o + 5] = 0
          leaderCount++
          slot.leader = true
        }
        break
      }
    }
    sprite.visible = slot.shown
    // sizeAttenuation off: on-screen height = scale · P₁₁ · H / 2, with the world scale the shader sees.
    sprite.parent.getWorldScale(parentScale)
    const s = (2 * h) / (p11 * heightPx) / (parentScale.y || 1)
    sprite.scale.set(s * e.aspect, s, 1)
    n++
  }
  placedCount = n
}
