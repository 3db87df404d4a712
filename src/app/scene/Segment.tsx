// A thick 3D line (a thin cylinder between two points): WebGL lines are 1 px, too faint outdoors.
import { useMemo } from 'react'
import { Quaternion, Vector3 } from 'three'

const UP = new Vector3(0, 1, 0)

export function Segment({ from, to, radiusMm = 2.5, colour, opacity = 1 }: {
  from: readonly [number, number, number]
  to: readonly [number, number, number]
  radiusMm?: number
  colour: string
  opacity?: number
}) {
  const { mid, length, quaternion } = useMemo(() => {
    const a = new Vector3(...from)
    const b = new Vector3(...to)
    const dir = b.clone().sub(a)
    const length = dir.length()
    const quaternion = new Quaternion().setFromUnitVectors(UP, length > 0 ? dir.normalize() : UP)
    return { mid: a.add(b).multiplyScalar(0.5), length, quaternion }
  }, [from[0], from[1], from[2], to[0], to[1], to[2]]) // eslint-style: coordinates, not array identity
  if (length === 0) return null
  return (
    <mesh position={mid} quaternion={quaternion} renderOrder={5}>
      <cylinderGeometry args={[radiusMm, radiusMm, length, 10, 1]} />
      <meshBasicMaterial color={colour} transparent={opacity < 1} opacity={opacity} depthTest={false} toneMapped={false} />
    </mesh>
  )
}
