// One terrain piece: its footprint extruded to its height. In edit mode a press selects it, a drag
// moves it, and the selected piece shows handles on its corners to reshape the footprint.
import { useEffect, useMemo } from 'react'
import type { ThreeEvent } from '@react-three/fiber'
import { ExtrudeGeometry, Shape, Vector2 } from 'three'
import { type Point2, isMeshTerrain } from '../../engine/index.ts'
import { findRuleSystem } from '../../systems/index.ts'
import { useApp } from '../state/appStore.ts'
import { moveTerrain, setTerrainVertex } from '../state/sceneEdits.ts'
import { COLOURS, terrainColour } from './palette.ts'
import { useTableDrag } from './useTableDrag.ts'
import { useTableFrame, useTableLook } from './tableFrame.ts'
import { Label } from './Label.tsx'

function useExtrusion(footprint: readonly Point2[], heightMm: number): ExtrudeGeometry {
  const geometry = useMemo(() => {
    const shape = new Shape(footprint.map(([x, y]) => new Vector2(x, y)))
    return new ExtrudeGeometry(shape, { depth: heightMm, bevelEnabled: false })
  }, [footprint, heightMm])
  useEffect(() => () => geometry.dispose(), [geometry])
  return geometry
}

function Prism({ footprint, heightMm, z, colour, selected, onPointerDown }: {
  footprint: readonly Point2[]
  heightMm: number
  z: number
  colour: string
  selected: boolean
  onPointerDown: (e: ThreeEvent<PointerEvent>) => void
}) {
  const geometry = useExtrusion(footprint, heightMm)
  const { ghost } = useTableLook()
  return (
    <mesh geometry={geometry} position={[0, 0, z]} onPointerDown={onPointerDown}>
      <meshStandardMaterial color={selected ? COLOURS.terrainSelected : colour} transparent opacity={ghost ? 0.22 : 0.88} depthWrite={!ghost} roughness={0.9} />
    </mesh>
  )
}

export function TerrainPiece({ id }: { id: string }) {
  const piece = useApp((s) => (s.scene.terrain ?? []).find((t) => t.id === id))
  const systemId = useApp((s) => s.scene.system)
  const selected = useApp((s) => s.terrainId === id)
  const editing = useApp((s) => s.editing)
  const editScene = useApp((s) => s.editScene)
  const selectTerrain = useApp((s) => s.selectTerrain)
  const drag = useTableDrag()
  const frame = useTableFrame()
  if (!piece || isMeshTerrain(piece)) return null
  const types = findRuleSystem(systemId)?.terrainTypes.map((t) => t.id) ?? []
  const z = piece.z ?? 0
  const cx = piece.footprint.reduce((a, p) => a + p[0], 0) / piece.footprint.length
  const cy = piece.footprint.reduce((a, p) => a + p[1], 0) / piece.footprint.length
  const onPointerDown = (e: ThreeEvent<PointerEvent>) => {
    if (!editing || !frame.current) return
    let last: [number, number] = [cx, cy]
    drag(e, {
      planeZ: z,
      origin: [cx, cy],
      frame: frame.current,
      onMove: (nx, ny, phase) => {
        const [dx, dy] = [nx - last[0], ny - last[1]]
        last = [nx, ny]
        editScene((s) => moveTerrain(s, id, dx, dy), { undoable: phase === 'start' })
      },
      onClick: () => selectTerrain(selected ? null : id),
    })
  }
  return (
    <group name={`terrain:${id}`}>
      <Prism footprint={piece.footprint} heightMm={piece.height} z={z} colour={terrainColour(piece.type, types)} selected={selected} onPointerDown={onPointerDown} />
      {editing && selected &&
        piece.footprint.map(([vx, vy], i) => (
          <mesh
            key={i}
            position={[vx, vy, z + piece.height + 4]}
            onPointerDown={(e) => {
              if (!frame.current) return
              drag(e, {
                planeZ: z + piece.height + 4,
                origin: [vx, vy],
                frame: frame.current,
                onMove: (nx, ny, phase) => editScene((s) => setTerrainVertex(s, id, i, nx, ny), { undoable: phase === 'start' }),
                onClick: () => undefined,
              })
            }}
          >
            <sphereGeometry args={[9, 16, 12]} />
            <meshBasicMaterial color={COLOURS.terrainSelected} />
          </mesh>
        ))}
      {(editing || selected) && <Label text={piece.name ?? piece.id} position={[cx, cy, z + piece.height + 20]} heightMm={20} colour="#e6e6e6" />}
    </group>
  )
}
