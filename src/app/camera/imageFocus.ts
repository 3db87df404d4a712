// Where the camera image is aimed (object-position), and how it is fitted, at human pace: the
// picked models (attacker and target) are kept in the part of the image nothing floats over (the free
// rect: under the floating card, above the status line and the controls bar), and the picture moves
// only when they would not be there: choosing the attacker does not re-frame a picture that already
// shows it, so the target stays under the finger (issue 31), unless one of its enemies (a target to
// come) is under the card, the toggles or the controls and one aim shows them all free with it: then the
// picture moves the least that takes. When the filled screen (cover) cannot show
// both picks in the free rect (far apart, or under a card that grew with the verdict), the whole
// picture (contain) is shown until the picks change or the player chooses the fill again. With no
// pick the models on the table (and the doubted ghosts) are kept in view the same way, else the
// picture aims at their middle. Every layer over the image (video / img, detections, the registered
// overlay, hand cursors) uses the same placement. `keepInView` is the pure solver.
import { type RefObject, useEffect, useRef, useState } from 'react'
import type { TableLock } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { type FitPlacement, type ImageFit, fitImage } from './registeredCamera.ts'
import { withWaiting } from './realTable.ts'

export type ImageFocus = { posX: number; posY: number }
/** The aim and the fit in use (the player's, or the whole picture while the picks need it), and the box size. */
export type FocusedImage = ImageFocus & { boxW: number; boxH: number; fit: ImageFit }

const EVERY_MS = 400
/** A new aim smaller than this (as a fraction of the crop's slack) is not worth moving the picture. */
const MOVE_AT = 0.04
/** A picked model's ring and label need this much room around its centre, CSS px. */
export const PICK_MARGIN_PX = 28

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v)

/** A rectangle in box px (0, 0: the box's top-left corner). */
export type BoxRect = { left: number; top: number; right: number; bottom: number }

/**
 * The object-position that puts image point (u, v) (image px, OpenCV centre convention) at the aim
 * point of the box (fractions of its width and height: its centre by default), as far as the crop
 * allows; 0.5 along an axis with nothing cropped.
 */
export function focusOn(u: number, v: number, w: number, h: number, boxW: number, boxH: number, fit: ImageFit, aimX = 0.5, aimY = 0.5): ImageFocus {
  const p: FitPlacement = fitImage(w, h, boxW, boxH, fit, { scale: 1, left: 0, top: 0 })
  const slackX = boxW - w * p.scale
  const slackY = boxH - h * p.scale
  return {
    posX: Math.abs(slackX) > 0.5 ? clamp01((aimX * boxW - (u + 0.5) * p.scale) / slackX) : 0.5,
    posY: Math.abs(slackY) > 0.5 ? clamp01((aimY * boxH - (v + 0.5) * p.scale) / slackY) : 0.5,
  }
}

/**
 * Along one axis: the position (0..1) that keeps every coordinate `cs` (already scaled, from the
 * image's edge) within [lo, hi] of the box, nearest to `current`; null when no position does.
 */
function axisPos(cs: readonly number[], slack: number, lo: number, hi: number, current: number): number | null {
  let min = Infinity, max = -Infinity
  for (const c of cs) { if (c < min) min = c; if (c > max) max = c }
  // The image's edge may sit anywhere between 0 and the slack (either sign).
  const edgeLo = Math.max(Math.min(0, slack), lo - min)
  const edgeHi = Math.min(Math.max(0, slack), hi - max)
  if (edgeLo > edgeHi + 1e-6) return null
  if (Math.abs(slack) <= 0.5) return 0.5
  const edge = Math.min(Math.max(slack * current, edgeLo), edgeHi)
  return clamp01(edge / slack)
}

/** Whether every point lands inside `free` (shrunk by `marginPx`) with this aim and fit. */
function allInside(points: ReadonlyArray<readonly [number, number]>, image: { width: number; height: number }, box: { width: number; height: number }, free: BoxRect, aim: ImageFocus & { fit: ImageFit }, marginPx: number): boolean {
  const p = fitImage(image.width, image.height, box.width, box.height, aim.fit, { scale: 1, left: 0, top: 0 }, aim.posX, aim.posY)
  return points.every(([u, v]) => {
    const x = p.left + (u + 0.5) * p.scale, y = p.top + (v + 0.5) * p.scale
    return x >= free.left + marginPx && x <= free.right - marginPx && y >= free.top + marginPx && y <= free.bottom - marginPx
  })
}

/**
 * The aim and fit that keep every image point in `points` inside `free` (box px): the current aim
 * when it shows them all there already (nothing moves: the player just tapped one of them, and the
 * next tap must land where they see the target), else the nearest aim that brings them in with
 * `marginPx` to spare, trying the fits in `fits` in turn (the player's first; the whole picture
 * after a filled screen that cannot); null when none does.
 */
export function keepInView(points: ReadonlyArray<readonly [number, number]>, image: { width: number; height: number }, box: { width: number; height: number }, free: BoxRect, fits: readonly ImageFit[], current: ImageFocus & { fit: ImageFit }, marginPx = PICK_MARGIN_PX): (ImageFocus & { fit: ImageFit }) | null {
  if (fits.includes(current.fit) && allInside(points, image, box, free, current, 0)) return { posX: current.posX, posY: current.posY, fit: current.fit }
  for (const f of fits) {
    if (points.length === 0) return { posX: current.posX, posY: current.posY, fit: f }
    const p = fitImage(image.width, image.height, box.width, box.height, f, { scale: 1, left: 0, top: 0 })
    const slackX = box.width - image.width * p.scale
    const slackY = box.height - image.height * p.scale
    const from = f === current.fit ? current : { posX: 0.5, posY: 0.5 }
    // The whole picture shows every pick on screen: there, one at the picture's very edge may do without the margin.
    const m0 = Math.min(marginPx, (free.right - free.left) / 4, (free.bottom - free.top) / 4)
    for (const m of f === 'contain' ? [m0, 0] : [m0]) {
      const posX = axisPos(points.map(([u]) => (u + 0.5) * p.scale), slackX, free.left + m, free.right - m, from.posX)
      const posY = axisPos(points.map(([, v]) => (v + 0.5) * p.scale), slackY, free.top + m, free.bottom - m, from.posY)
      if (posX !== null && posY !== null) return { posX, posY, fit: f }
    }
  }
  return null
}

/**
 * `keepInView` for the picks, then, when `candidates` are given (the attacker alone picked: its enemies,
 * among which the next tap chooses the target), the nearest aim of the same fit that keeps them free too,
 * where one does: a target under the planning toggles or the card needed the whole picture first (a
 * counted extra tap in the first-ruling check). Nothing moves when they are all free already, and
 * nothing changes when no one aim shows them all with the picks. Null as `keepInView`.
 */
export function keepPicksAndCandidates(picks: ReadonlyArray<readonly [number, number]>, candidates: ReadonlyArray<readonly [number, number]>, image: { width: number; height: number }, box: { width: number; height: number }, free: BoxRect, fits: readonly ImageFit[], current: ImageFocus & { fit: ImageFit }, marginPx = PICK_MARGIN_PX): (ImageFocus & { fit: ImageFit }) | null {
  const kept = keepInView(picks, image, box, free, fits, current, marginPx)
  if (!kept || candidates.length === 0) return kept
  return keepInView([...picks, ...candidates], image, box, free, [kept.fit], kept, marginPx) ?? kept
}

/**
 * The part of the box nothing floats over (view-first: below the floating card, above the status
 * line and the controls bar; ui/ViewOverlay.tsx, ui/BottomSheet.tsx), in box px. An element over the
 * box that spans most of its width trims it from the top or the bottom; one that spans most of its
 * height, from a side.
 */
function freeRect(box: HTMLElement): BoxRect {
  const r = box.getBoundingClientRect()
  const free: BoxRect = { left: 0, top: 0, right: r.width, bottom: r.height }
  const stage = box.parentElement
  const over = [...(stage?.querySelectorAll('.view-top > *, .view-foot, .view-bottom > *') ?? []), ...document.querySelectorAll('.sheet-bar')]
  for (const el of over) {
    const o = el.getBoundingClientRect()
    if (o.width === 0 || o.height === 0) continue
    const left = Math.max(o.left, r.left) - r.left, right = Math.min(o.right, r.right) - r.left
    const top = Math.max(o.top, r.top) - r.top, bottom = Math.min(o.bottom, r.bottom) - r.top
    if (right <= left || bottom <= top) continue
    if ((right - left) >= r.width * 0.5) {
      if ((top + bottom) / 2 < r.height / 2) free.top = Math.max(free.top, bottom)
      else free.bottom = Math.min(free.bottom, top)
    } else if ((bottom - top) >= r.height * 0.5) {
      if ((left + right) / 2 < r.width / 2) free.left = Math.max(free.left, right)
      else free.right = Math.min(free.right, left)
    }
  }
  // The planning layers' toggles (ui/LayerToggles.tsx) stand in a column at one side of the image, shorter
  // than half its height: the picks are kept beside them, not under them.
  for (const el of box.querySelectorAll('.plan-bar.over-image > .plan-toggles')) {
    const o = el.getBoundingClientRect()
    if (o.width === 0 || o.height === 0 || o.width >= r.width * 0.5) continue
    const left = Math.max(o.left, r.left) - r.left, right = Math.min(o.right, r.right) - r.left
    if (right <= left) continue
    if ((left + right) / 2 < r.width / 2) free.left = Math.max(free.left, right)
    else free.right = Math.min(free.right, left)
  }
  if (free.bottom - free.top < 40 || free.right - free.left < 40) return { left: 0, top: 0, right: r.width, bottom: r.height }
  return free
}

/** A table point (mm, on the table plane) in the image through the lock's homography, or null. */
export function imagePointOf(lock: TableLock | null, x: number, y: number): [number, number] | null {
  if (!lock?.locked) return null
  const k = lock.imageFromTable
  const d = k[6]! * x + k[7]! * y + k[8]!
  if (Math.abs(d) < 1e-12) return null
  return [(k[0]! * x + k[1]! * y + k[2]!) / d, (k[3]! * x + k[4]! * y + k[5]!) / d]
}

/** The table points to keep in view: the picked models (placed, or their doubted ghosts), else every model on the table and every ghost. */
function pointsOnTable(): { picks: boolean; points: Array<[number, number]>; candidates: Array<[number, number]> } {
  const s = useApp.getState()
  const ghosts = (s.tracking.doubted ?? []).filter((d) => d.kind === 'model')
  const at = (id: string | null): [number, number] | null => {
    if (!id) return null
    const g = ghosts.find((d) => d.id === id)
    if (g) return [g.position[0], g.position[1]]
    const m = s.scene.models.find((x) => x.id === id)
    return m ? [m.position[0], m.position[1]] : null
  }
  const picks = [at(s.attackerId), at(s.targetId)].filter((p): p is [number, number] => p !== null)
  if (picks.length > 0) {
    // The attacker alone: its enemies on the table (or waiting as ghosts) are where the next tap goes.
    const models = withWaiting(s.scene).models
    const side = models.find((m) => m.id === s.attackerId)?.side
    const candidates = s.attackerId && !s.targetId && side !== undefined
      ? models.filter((m) => m.side !== side).map((m) => at(m.id)).filter((p): p is [number, number] => p !== null)
      : []
    return { picks: true, points: picks, candidates }
  }
  const waiting = new Set(withWaiting(s.scene).models.map((m) => m.id))
  return { picks: false, candidates: [], points: [...s.scene.models.map((m) => [m.position[0], m.position[1]] as [number, number]), ...ghosts.filter((g) => waiting.has(g.id)).map((g) => [g.position[0], g.position[1]] as [number, number])] }
}

/** The box's size and the image's aim and fit, kept up to date (ResizeObserver, every 400 ms, and at once on a pick). */
export function useImageFocus(box: RefObject<HTMLElement | null>, holder: { lock: TableLock | null }, image: { width: number; height: number } | null, fit: ImageFit): FocusedImage {
  const [state, setState] = useState<FocusedImage>({ posX: 0.5, posY: 0.5, boxW: 0, boxH: 0, fit })
  const now = useRef(state)
  now.current = state
  // The picks for which the player last chose the fit: their choice wins until the picks change.
  const chosenFor = useRef<string | null>(null)
  useEffect(() => {
    const s = useApp.getState()
    chosenFor.current = `${s.attackerId}|${s.targetId}`
  }, [fit])
  useEffect(() => {
    const el = box.current
    if (!el) return
    const update = () => {
      const boxW = el.clientWidth
      const boxH = el.clientHeight
      const was = now.current
      let next: FocusedImage = { posX: was.posX, posY: was.posY, boxW, boxH, fit }
      if (image && boxW > 0 && boxH > 0) {
        const s = useApp.getState()
        const { picks, points, candidates } = pointsOnTable()
        const toImage = (ps: ReadonlyArray<[number, number]>) => ps.map(([x, y]) => imagePointOf(holder.lock, x, y)).filter((p): p is [number, number] => p !== null)
        const uv = toImage(points)
        const free = freeRect(el)
        const mayShowWhole = picks && fit === 'cover' && chosenFor.current !== `${s.attackerId}|${s.targetId}`
        const kept = uv.length > 0 ? keepPicksAndCandidates(uv, toImage(candidates), image, { width: boxW, height: boxH }, free, mayShowWhole ? ['cover', 'contain'] : [fit], was) : null
        if (kept) next = { ...kept, boxW, boxH }
        else if (uv.length > 0) {
          // No aim keeps them all free: the middle of them at the middle of the free rect.
          const mu = uv.reduce((a, p) => a + p[0], 0) / uv.length
          const mv = uv.reduce((a, p) => a + p[1], 0) / uv.length
          const aim = focusOn(mu, mv, image.width, image.height, boxW, boxH, fit, (free.left + free.right) / 2 / boxW, (free.top + free.bottom) / 2 / boxH)
          const moved = Math.abs(was.posX - aim.posX) > MOVE_AT || Math.abs(was.posY - aim.posY) > MOVE_AT || was.fit !== fit
          if (moved) next = { ...aim, boxW, boxH, fit }
        }
      }
      if (next.posX !== was.posX || next.posY !== was.posY || next.boxW !== was.boxW || next.boxH !== was.boxH || next.fit !== was.fit) {
        now.current = next
        setState(next)
        if (next.fit !== useApp.getState().imageFitShown) useApp.getState().setImageFitShown(next.fit)
      }
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(el)
    const timer = setInterval(update, EVERY_MS)
    // A pick is answered at once, before the player's next tap; the card growing with the verdict too.
    const unsubscribe = useApp.subscribe((s, before) => {
      if (s.attackerId !== before.attackerId || s.targetId !== before.targetId || s.evaluation !== before.evaluation) requestAnimationFrame(update)
    })
    return () => {
      observer.disconnect()
      clearInterval(timer)
      unsubscribe()
      useApp.getState().setImageFitShown(null)
    }
  }, [box, holder, image?.width, image?.height, fit])
  return state
}
