// Pictures of a table drawn by hand for the bases' reading tests: a camera 300 mm above a flat mat
// looking straight down, every pixel painted from the table point it sees, so the answer is known
// without the tracker (whatStands.test.ts, reachingIn.test.ts). Imports nothing it is used to check
// (the projector is written out here as the tracker's TableProjector shape).
import type { TableProjector } from '../../../src/tracking/bases/tableProjector.ts'
import type { RgbaFrame } from '../../../src/tracking/types.ts'

export const W = 640, H = 480, F = 220, CAM_Z = 300
const CX = (W - 1) / 2, CY = (H - 1) / 2
/** The camera straight above (X0, Y0): image x along table x, image y against table y. */
export const X0 = 300, Y0 = 184

export function projector(): TableProjector {
  return {
    h: [F, 0, -F * X0 + CX * CAM_Z, 0, -F, F * Y0 + CY * CAM_Z, 0, 0, CAM_Z],
    r: [1, 0, 0, 0, -1, 0, 0, 0, -1],
    t: [-X0, Y0, CAM_Z],
    intr: { width: W, height: H, fx: F, fy: F, cx: CX, cy: CY } as TableProjector['intr'],
    camera: [X0, Y0, CAM_Z],
    distorted: false,
  }
}

export type Rgb = [number, number, number]

/** A picture of the table: each pixel the colour `paint` gives the table point it sees. */
export function draw(paint: (x: number, y: number) => Rgb): RgbaFrame {
  const data = new Uint8ClampedArray(4 * W * H)
  for (let v = 0; v < H; v++) for (let u = 0; u < W; u++) {
    const c = paint(X0 + ((u - CX) * CAM_Z) / F, Y0 - ((v - CY) * CAM_Z) / F)
    const k = 4 * (v * W + u)
    data[k] = c[0]; data[k + 1] = c[1]; data[k + 2] = c[2]; data[k + 3] = 255
  }
  return { width: W, height: H, data }
}
