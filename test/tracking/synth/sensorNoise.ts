// Fresh sensor noise on a rendered frame: consecutive frames of a still camera differ only by noise.
// Cheaper than re-rendering, for steady-state tracking sequences.
import type { RgbaFrame } from '../../../src/tracking/types.ts'
import { createRandom } from './random.ts'

export function withSensorNoise(frame: RgbaFrame, sigma: number, seed: number): RgbaFrame {
  const rnd = createRandom(seed)
  const table = new Float32Array(4096)
  for (let i = 0; i < table.length; i++) table[i] = sigma * rnd.normal()
  const data = new Uint8ClampedArray(frame.data.length)
  let x = (seed * 2654435761) >>> 0 || 1
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0
      data[i + c] = frame.data[i + c]! + table[x & 4095]!
    }
    data[i + 3] = 255
  }
  return { width: frame.width, height: frame.height, data }
}
