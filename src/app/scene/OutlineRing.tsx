// A flat band around a base at a given distance from its edge (range rings, engagement radius):
// the base's outline grown by the distance (Minkowski offset via the engine's support function).
import { useEffect, useMemo } from 'react'
import { BufferGeometry, Float32BufferAttribute } from 'three'
import { type BaseShape, placeBase, supportPoint } from '../../engine/index.ts'

const STEPS = 128

/** `dashes`: that many dashes with gaps between them (a doubted model's ghost), 0 for a whole ring. */
export function outlineRingGeometry(base: BaseShape, x: number, y: number, facingDeg: number, offsetMm: number, bandMm: number, z: number, dashes = 0): BufferGeometry {
  const placed = placeBase(base, x, y, facingDeg)
  const p = { x: 0, y: 0 }
  const positions: number[] = []
  const index: number[] = []
  for (let i = 0; i < STEPS; i++) {
    const a = (i / STEPS) * Math.PI * 2
    const dx = Math.cos(a)
    const dy = Math.sin(a)
    supportPoint(placed, dx, dy, p)
    const inner = Math.max(offsetMm - bandMm / 2, 0)
    const outer = offsetMm + bandMm / 2
    positions.push(p.x + dx * inner, p.y + dy * inner, z, p.x + dx * outer, p.y + dy * outer, z)
    const j = (i + 1) % STEPS
    if (dashes > 0 && Math.floor((i * 2 * dashes) / STEPS) % 2 === 1) continue
    index.push(2 * i, 2 * i + 1, 2 * j + 1, 2 * i, 2 * j + 1, 2 * j)
  }
  const g = new BufferGeometry()
  g.setAttribute('position', new Float32BufferAttribute(positions, 3))
  g.setIndex(index)
  return g
}

export function OutlineRing({ base, x, y, facingDeg, offsetMm, bandMm = 4, z = 0.6, colour, opacity = 0.9, dashes = 0 }: {
  base: BaseShape
  x: number
  y: number
  facingDeg: number
  offsetMm: number
  bandMm?: number
  z?: number
  colour: string
  opacity?: number
  dashes?: number
}) {
  const geometry = useMemo(() => outlineRingGeometry(base, x, y, facingDeg, offsetMm, bandMm, z, dashes), [base, x, y, facingDeg, offsetMm, bandMm, z, dashes])
  useEffect(() => () => geometry.dispose(), [geometry])
  return (
    <mesh geometry={geometry} renderOrder={4}>
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthWrite={false} side={2} toneMapped={false} />
    </mesh>
  )
}
