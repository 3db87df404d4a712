// A scene with mesh terrain for app tests: the ruined arch (models/ruined-arch.json) placed across
// the narrative-skirmish demo's a1 → b1 line and turned along it, so both pillars stand on the line.
import type { Scene } from '../../src/engine/index.ts'

const A1: [number, number] = [320, 300]
const B1: [number, number] = [420, 760]
/** The arch's turn (degrees): its pillar row runs along a1 → b1. */
export const ARCH_TURN_DEG = (Math.atan2(B1[1] - A1[1], B1[0] - A1[0]) * 180) / Math.PI
export const ARCH_AT: [number, number, number] = [(A1[0] + B1[0]) / 2, (A1[1] + B1[1]) / 2, 0]

export function withArchOnA1B1(scene: Scene): Scene {
  const arch = { id: 'arch', type: 'solid', name: 'Ruined arch', mesh: 'ruined-arch.json', position: ARCH_AT, rotation: ARCH_TURN_DEG }
  return { ...scene, terrain: [...(scene.terrain ?? []), arch] }
}
