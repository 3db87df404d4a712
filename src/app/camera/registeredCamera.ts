// A three.js camera that sees the table exactly as the real camera did: the view from the tracked
// table pose (X_camera = R · X_table + t, OpenCV axes: x right, y down, z forward) and a projection
// from the pinhole intrinsics (fx, fy, cx, cy in OpenCV's pixel-centre convention).
import { Matrix4 } from 'three'
import type { TableLock } from '../../tracking/index.ts'

type Locked = Extract<TableLock, { locked: true }>

/** View matrix (table frame → three's camera frame: x right, y up, z backward). */
export function viewFromLock(lock: Locked, target: Matrix4): Matrix4 {
  const r = lock.cameraFromTable.rotation
  const t = lock.cameraFromTable.translation
  // Flip y and z: OpenCV's camera looks down +z with y down; three's looks down −z with y up.
  return target.set(
    r[0], r[1], r[2], t[0],
    -r[3], -r[4], -r[5], -t[1],
    -r[6], -r[7], -r[8], -t[2],
    0, 0, 0, 1,
  )
}

type Pinhole = Pick<Locked['intrinsics'], 'width' | 'height' | 'fx' | 'fy' | 'cx' | 'cy'>

/** How an image is fitted into a box on screen (CSS object-fit, centred): the whole image, or the box filled and the image cropped. */
export type ImageFit = 'contain' | 'cover'

/** Where the image lands in a box: its scale (box px per image px) and the box px of the image's top-left corner. */
export type FitPlacement = { scale: number; left: number; top: number }

/**
 * The placement CSS gives an image of w × h in a box of boxW × boxH with `object-fit: fit;
 * object-position: posX·100% posY·100%` (0.5, 0.5: centred).
 */
export function fitImage(w: number, h: number, boxW: number, boxH: number, fit: ImageFit, target: FitPlacement, posX = 0.5, posY = 0.5): FitPlacement {
  const scale = fit === 'cover' ? Math.max(boxW / w, boxH / h) : Math.min(boxW / w, boxH / h)
  target.scale = scale
  target.left = (boxW - w * scale) * posX
  target.top = (boxH - h * scale) * posY
  return target
}

/**
 * The intrinsics of what the box shows: the image's pinhole seen through the box's window (cropped
 * by `cover`, or widened by `contain`'s bars), in image px, so a projection over the whole box puts
 * each table point on the image pixel it lands on.
 */
export function visibleIntrinsics(k: Pinhole, boxW: number, boxH: number, fit: ImageFit, target: Pinhole, posX = 0.5, posY = 0.5): Pinhole {
  const scale = fit === 'cover' ? Math.max(boxW / k.width, boxH / k.height) : Math.min(boxW / k.width, boxH / k.height)
  const width = boxW / scale
  const height = boxH / scale
  target.width = width
  target.height = height
  target.fx = k.fx
  target.fy = k.fy
  // The image's left edge sits (boxW − w·scale)·posX box px from the box's: that many image px / scale.
  target.cx = k.cx - (k.width - width) * posX
  target.cy = k.cy - (k.height - height) * posY
  return target
}

/** OpenGL projection for an image of the intrinsics' size (near/far in mm). */
export function projectionFromIntrinsics(k: Pinhole, nearMm: number, farMm: number, target: Matrix4): Matrix4 {
  const { width: w, height: h, fx, fy, cx, cy } = k
  return target.set(
    (2 * fx) / w, 0, 1 - (2 * (cx + 0.5)) / w, 0,
    0, (2 * fy) / h, (2 * (cy + 0.5)) / h - 1, 0,
    0, 0, -(farMm + nearMm) / (farMm - nearMm), (-2 * farMm * nearMm) / (farMm - nearMm),
    0, 0, -1, 0,
  )
}
