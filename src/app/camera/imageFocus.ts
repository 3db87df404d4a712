// Where a cropped camera image is aimed (object-position), at human pace: when the image fills a
// box of another shape (a landscape frame on a phone held upright), the window follows the picked
// models — the midpoint of attacker and target, else of the attacker and its nearest enemy, else the
// models on the table, else the table's centre —
// through the table lock, so what the player rules on stays in view. Every layer over the image
// (video / img, detections, the registered overlay, hand cursors) uses the same placement.
import { type RefObject, useEffect, useState } from 'react'
import type { TableLock } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { type FitPlacement, type ImageFit, fitImage } from './registeredCamera.ts'

export type ImageFocus = { posX: number; posY: number }
export type FocusedImage = ImageFocus & { boxW: number; boxH: number }

const EVERY_MS = 400
/** A new aim smaller than this (as a fraction of the crop's slack) is not worth moving the picture. */
const MOVE_AT = 0.04

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v)

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
    posX: fit === 'cover' && slackX < -0.5 ? clamp01((aimX * boxW - (u + 0.5) * p.scale) / slackX) : 0.5,
    posY: fit === 'cover' && slackY < -0.5 ? clamp01((aimY * boxH - (v + 0.5) * p.scale) / slackY) : 0.5,
  }
}

/**
 * The middle of the part of the box nothing floats over (view-first: between the floating card and
 * the status line at the foot, ui/ViewOverlay.tsx), as a fraction of the box's height.
 */
function freeMiddle(box: HTMLElement): number {
  const r = box.getBoundingClientRect()
  const stage = box.parentElement
  const top = stage?.querySelector('.view-top')?.getBoundingClientRect().bottom ?? r.top
  const foot = stage?.querySelector('.view-foot')?.getBoundingClientRect().top ?? r.bottom
  return r.height > 0 && foot > top ? ((top + foot) / 2 - r.top) / r.height : 0.5
}

/** A table point (mm, on the table plane) in the image through the lock's homography, or null. */
export function imagePointOf(lock: TableLock | null, x: number, y: number): [number, number] | null {
  if (!lock?.locked) return null
  const k = lock.imageFromTable
  const d = k[6]! * x + k[7]! * y + k[8]!
  if (Math.abs(d) < 1e-12) return null
  return [(k[0]! * x + k[1]! * y + k[2]!) / d, (k[3]! * x + k[4]! * y + k[5]!) / d]
}

/**
 * The table point to keep in view: the picked models' midpoint; while the target is being chosen, the
 * attacker's and its nearest enemy's midpoint (the likeliest target stays in the picture to be tapped),
 * else the attacker; the models on the table; the table's centre.
 */
function aimOnTable(): [number, number] {
  const s = useApp.getState()
  const at = (id: string | null) => (id ? s.scene.models.find((m) => m.id === id)?.position : undefined)
  const a = at(s.attackerId)
  const t = at(s.targetId)
  if (a && t) return [(a[0] + t[0]) / 2, (a[1] + t[1]) / 2]
  if (a) {
    const side = s.scene.models.find((m) => m.id === s.attackerId)?.side
    let enemy: readonly [number, number] | null = null
    for (const m of s.scene.models) {
      if (m.side === side) continue
      if (!enemy || Math.hypot(m.position[0] - a[0], m.position[1] - a[1]) < Math.hypot(enemy[0] - a[0], enemy[1] - a[1])) enemy = [m.position[0], m.position[1]]
    }
    return enemy ? [(a[0] + enemy[0]) / 2, (a[1] + enemy[1]) / 2] : [a[0], a[1]]
  }
  const n = s.scene.models.length
  if (n > 0) return [s.scene.models.reduce((x, m) => x + m.position[0], 0) / n, s.scene.models.reduce((y, m) => y + m.position[1], 0) / n]
  return [s.scene.table.width / 2, s.scene.table.depth / 2]
}

/** The box's size and the image's aim, kept up to date (ResizeObserver, and every 400 ms for the aim). */
export function useImageFocus(box: RefObject<HTMLElement | null>, holder: { lock: TableLock | null }, image: { width: number; height: number } | null, fit: ImageFit): FocusedImage {
  const [state, setState] = useState<FocusedImage>({ posX: 0.5, posY: 0.5, boxW: 0, boxH: 0 })
  useEffect(() => {
    const el = box.current
    if (!el) return
    const update = () => {
      const boxW = el.clientWidth
      const boxH = el.clientHeight
      let next: ImageFocus = { posX: 0.5, posY: 0.5 }
      if (image && boxW > 0 && boxH > 0) {
        const [x, y] = aimOnTable()
        const uv = imagePointOf(holder.lock, x, y)
        if (uv) next = focusOn(uv[0], uv[1], image.width, image.height, boxW, boxH, fit, 0.5, freeMiddle(el))
      }
      setState((s) => {
        const moved = Math.abs(s.posX - next.posX) > MOVE_AT || Math.abs(s.posY - next.posY) > MOVE_AT
        return moved || s.boxW !== boxW || s.boxH !== boxH ? { ...(moved ? next : { posX: s.posX, posY: s.posY }), boxW, boxH } : s
      })
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(el)
    const timer = setInterval(update, EVERY_MS)
    return () => {
      observer.disconnect()
      clearInterval(timer)
    }
  }, [box, holder, image?.width, image?.height, fit])
  return state
}
