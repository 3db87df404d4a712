// A game on a table whose models carry no marker (issue 34), as a script of camera frames with the
// truth: an army on painted bases laid out on a mat, then moves one model at a time, each up to its
// allowance, a hand reaching in, picking the model up (it leaves the table) and setting it down at its
// new spot, then withdrawing. The camera is a phone on a stand over the table (a few mm of drift
// between frames). Every frame says which model stands where (the truth the identities are checked
// against). Pure description; the frames are drawn by renderCameraOrder. Imports nothing from src/.
import { cameraLookingAt, eyeAround, type CameraPlacement, type Lens, type Vec3 } from './cameraProjection.ts'
import type { CameraPipeline } from './renderCameraOrder.ts'
import { uniformSource, type BaseShapeJson } from './baseSurfaces.ts'
import { BASE_PAINTS, buildBaseTableScene, randomArmy, type BaseModel, type BaseTableScene, type HandOver, type MatKind } from './baseTableScene.ts'
import type { RegistryJson } from './playerTableScene.ts'

export type GameFrame = {
  /** What happens in this frame, in words. */
  step: string
  /** The move this frame belongs to (0: before the first). */
  move: number
  /** Models on the table, where they stand. */
  models: BaseModel[]
  hands: HandOver[]
  placement: CameraPlacement
  /** Time of the frame, ms. */
  timeMs: number
}

export type BaseGame = {
  table: { widthMm: number; depthMm: number }
  registry: RegistryJson
  army: BaseModel[]
  /** Each model's move allowance, mm. */
  allowanceMm: Map<string, number>
  frames: GameFrame[]
  lens: Lens
  pipeline: (seed: number) => CameraPipeline
}

export type BaseGameOptions = {
  seed: number
  moves: number
  /** The army's base sizes (in turn). */
  sizes: readonly BaseShapeJson[]
  models: number
  mat: MatKind
  /** The game's allowance per model, mm (6" = 152.4). */
  allowanceMm: number
  lens?: Lens
}

export const STAND_LENS: Lens = { width: 1280, height: 720, fx: 1000, fy: 1000, cx: 639.5, cy: 359.5 }

/** Four table markers in the corners of a W × D table (70 mm, as the sheet prints them). */
export function cornerRegistry(W: number, D: number): RegistryJson {
  const i = 70 / 2 + 70 / 6
  return {
    markers: [
      { id: 0, role: 'table', size: 70, position: [i, i], rotation: 0 },
      { id: 1, role: 'table', size: 70, position: [W - i, i], rotation: 0 },
      { id: 2, role: 'table', size: 70, position: [W - i, D - i], rotation: 180 },
      { id: 3, role: 'table', size: 70, position: [i, D - i], rotation: 180 },
    ],
  }
}

const halfMajor = (b: BaseShapeJson) => (b.shape === 'round' ? b.diameter / 2 : Math.max(b.length, b.width) / 2)

export function buildBaseGame(o: BaseGameOptions): BaseGame {
  const W = 700, D = 600
  const rnd = uniformSource(o.seed * 104729 + 7)
  const registry = cornerRegistry(W, D)
  const area = { x0: 130, y0: 120, x1: W - 130, y1: D - 120 }
  const army = randomArmy(o.seed, o.models, o.sizes, area, [], 10, BASE_PAINTS)
  const allowanceMm = new Map(army.map((m) => [m.id, o.allowanceMm]))
  const lens = o.lens ?? STAND_LENS
  const target: [number, number] = [W / 2, D / 2]
  const baseEye = eyeAround(target, 820, 52, 10 + (o.seed % 5) * 7)
  const placementAt = (k: number): CameraPlacement => {
    // A phone on a stand: a few mm of drift and a hair of turn between frames.
    const eye: Vec3 = [baseEye[0] + 2 * Math.sin(k * 0.7), baseEye[1] + 2 * Math.cos(k * 1.3), baseEye[2] + Math.sin(k * 0.4)]
    return cameraLookingAt(eye, [target[0] + Math.sin(k * 0.9), target[1], 0], 0.3 * Math.sin(k * 0.5))
  }
  const frames: GameFrame[] = []
  let models = army.map((m) => ({ ...m, position: [m.position[0], m.position[1]] as [number, number] }))
  let k = 0
  const push = (step: string, move: number, ms: readonly BaseModel[], hands: HandOver[]) => {
    frames.push({ step, move, models: ms.map((m) => ({ ...m })), hands, placement: placementAt(k), timeMs: k * 350 })
    k++
  }
  push('the table before the first move', 0, models, [])
  push('the table before the first move (again)', 0, models, [])
  const handFrom = (x: number, y: number): Vec3 => {
    // The arm comes from the player's side (the camera's side of the table, the −y edge) and a little sideways.
    return [x + (rnd() - 0.5) * 200, -260, 260]
  }
  for (let move = 1; move <= o.moves; move++) {
    const i = Math.floor(rnd() * models.length)
    const m = models[i]!
    const r = halfMajor(m.base)
    // A free spot within the allowance (at least a base's size away, at most the allowance).
    let to: [number, number] | null = null
    for (let tries = 0; tries < 400 && !to; tries++) {
      const a = rnd() * 2 * Math.PI, d = (0.25 + 0.75 * rnd()) * o.allowanceMm
      const c: [number, number] = [m.position[0] + d * Math.cos(a), m.position[1] + d * Math.sin(a)]
      if (c[0] < area.x0 + r || c[0] > area.x1 - r || c[1] < area.y0 + r || c[1] > area.y1 - r) continue
      if (models.some((o2, j) => j !== i && Math.hypot(o2.position[0] - c[0], o2.position[1] - c[1]) < halfMajor(o2.base) + r + 10)) continue
      to = c
    }
    if (!to) continue
    const from = m.position
    const facing = m.facingDeg + (rnd() - 0.5) * 60
    push(`move ${move}: a hand reaches for ${m.id}`, move, models, [{ palm: [from[0], from[1] + 30, 75], from: handFrom(from[0], from[1]), towardsDeg: 90 }])
    const lifted = models.filter((_, j) => j !== i)
    push(`move ${move}: ${m.id} picked up`, move, lifted, [{ palm: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + 30, 110], from: handFrom(to[0], to[1]), towardsDeg: 90 }])
    models = models.map((x, j) => (j === i ? { ...x, position: to!, facingDeg: facing } : x))
    push(`move ${move}: ${m.id} set down ${Math.round(Math.hypot(to[0] - from[0], to[1] - from[1]))} mm away`, move, models, [{ palm: [to[0], to[1] + 40, 80], from: handFrom(to[0], to[1]), towardsDeg: 90 }])
    push(`move ${move}: the hand gone`, move, models, [])
    push(`move ${move}: the table still`, move, models, [])
    push(`move ${move}: the table still`, move, models, [])
  }
  return {
    table: { widthMm: W, depthMm: D }, registry, army, allowanceMm, frames, lens,
    pipeline: (seed) => ({ exposure: 1.05, vignette: 0.15, defocusSigmaPx: 0.5, noise: { fullWellElectrons: 5000, readElectrons: 3 }, tone: { kind: 'srgb' }, contrast: 0.2, sharpen: { amount: 0.5, sigmaPx: 1 }, jpegQuality: 85, seed }),
  }
}

/** The scene of one frame of a game. */
export function gameFrameScene(game: BaseGame, f: GameFrame, cellsOf: (id: number) => { cells: Uint8Array; side: number }, mat: MatKind): BaseTableScene {
  return buildBaseTableScene({ table: game.table, registry: game.registry, cellsOf, mat, models: f.models, hands: f.hands, shadows: true })
}
