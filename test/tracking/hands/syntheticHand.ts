// Synthetic hand landmarks (MediaPipe's 21-point order) for the gesture tests: a canonical hand drawn
// in its own frame (wrist at the origin, fingers towards −y, wrist→middle knuckle = 1), posed as a
// pointing hand, a pinch, an open palm or a fist, then scaled, turned and placed in the image so the
// gesture's key point lands on a chosen pixel.
import { HAND_POINTS, createHandObservation, type HandObservation } from '../../../src/tracking/hands/index.ts'
import type { Random } from '../synth/random.ts'

export type SynthPose = 'point' | 'pinch' | 'palm' | 'fist'

type P = [number, number]
const MCP: P[] = [[-0.3, -0.95], [0, -1], [0.25, -0.95], [0.45, -0.85]]

function straight(mcp: P, dx = 0): P[] {
  return [mcp, [mcp[0] + dx * 0.45, mcp[1] - 0.45], [mcp[0] + dx * 0.7, mcp[1] - 0.7], [mcp[0] + dx * 0.9, mcp[1] - 0.9]]
}
function curled(mcp: P): P[] {
  return [mcp, [mcp[0], mcp[1] - 0.3], [mcp[0], mcp[1] - 0.15], [mcp[0], mcp[1] + 0.15]]
}

/** Canonical landmarks and the gesture's key point (index tip, pinch midpoint, palm centre). */
export function canonicalHand(pose: SynthPose): { points: P[]; key: P } {
  const thumbOut: P[] = [[-0.25, -0.2], [-0.45, -0.4], [-0.62, -0.52], [-0.8, -0.6]]
  const thumbIn: P[] = [[-0.25, -0.2], [-0.35, -0.45], [-0.25, -0.65], [-0.1, -0.75]]
  let fingers: P[][]
  let thumb = thumbIn
  switch (pose) {
    case 'point': fingers = [straight(MCP[0]!), curled(MCP[1]!), curled(MCP[2]!), curled(MCP[3]!)]; break
    case 'palm': fingers = [straight(MCP[0]!, -0.3), straight(MCP[1]!), straight(MCP[2]!, 0.2), straight(MCP[3]!, 0.4)]; thumb = thumbOut; break
    case 'fist': fingers = MCP.map(curled); break
    case 'pinch':
      fingers = [[MCP[0]!, [-0.35, -1.3], [-0.45, -1.45], [-0.55, -1.4]], curled(MCP[1]!), curled(MCP[2]!), curled(MCP[3]!)]
      thumb = [[-0.25, -0.2], [-0.45, -0.5], [-0.55, -0.95], [-0.58, -1.35]]
      break
  }
  const points: P[] = [[0, 0], ...thumb, ...fingers.flat()]
  const key: P = pose === 'point' ? points[8]! : pose === 'pinch'
    ? [(points[4]![0] + points[8]![0]) / 2, (points[4]![1] + points[8]![1]) / 2]
    : [(points[0]![0] + points[5]![0] + points[17]![0]) / 3, (points[0]![1] + points[5]![1] + points[17]![1]) / 3]
  return { points, key }
}

/** A hand in the image: its key point at `atPx`, wrist→middle knuckle `sizePx`, turned by `angleDeg`; optional landmark noise (σ px). */
export function syntheticHand(pose: SynthPose, atPx: P, opts: { sizePx?: number; angleDeg?: number; noisePx?: number; rnd?: Random; target?: HandObservation } = {}): HandObservation {
  const { points, key } = canonicalHand(pose)
  const size = opts.sizePx ?? 80
  const a = ((opts.angleDeg ?? 0) * Math.PI) / 180
  const c = Math.cos(a), s = Math.sin(a)
  const h = opts.target ?? createHandObservation()
  for (let i = 0; i < HAND_POINTS; i++) {
    const x = (points[i]![0] - key[0]) * size, y = (points[i]![1] - key[1]) * size
    const n = opts.noisePx && opts.rnd ? opts.noisePx : 0
    h.pointsPx[i * 2] = atPx[0] + c * x - s * y + (n ? n * opts.rnd!.normal() : 0)
    h.pointsPx[i * 2 + 1] = atPx[1] + s * x + c * y + (n ? n * opts.rnd!.normal() : 0)
  }
  h.score = 0.95
  return h
}
