// One terrain piece: its footprint extruded to its height, or its mesh (models/*.json) placed as the
// engine places it. In edit mode a press selects a prism piece, a drag moves it, and the selected
// piece shows handles on its corners to reshape the footprint; mesh pieces are selected, not reshaped.
import { useEffect, useMemo } from 'react'
import type { ThreeEvent } from '@react-three/fiber'
import { BufferGeometry, ExtrudeGeometry, Float32BufferAttribute, Shape, Vector2 } from 'three'
import { type MeshTerrain, type Point2, isMeshTerrain } from '../../engine/index.ts'
import { bundledMeshes } from '../engine/bundledMeshes.ts'
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

/** A mesh piece: the file's triangles scaled, turned about z and moved, exactly as terrainWorld.ts does. */
function MeshPiece({ piece, colour, selected, onPointerDown }: { piece: MeshTerrain; colour: string; selected: boolean; onPointerDown: (e: ThreeEvent<PointerEvent>) => void }) {
  const mesh = bundledMeshes()[piece.mesh]
  const geometry = useMemo(() => {
    if (!mesh) return null
    const g = new BufferGeometry()
    g.setAttribute('position', new Float32BufferAttribute(mesh.positions, 3))
    g.setIndex([...mesh.indices])
    g.computeVertexNormals()
    return g
  }, [mesh])
  useEffect(() => () => geometry?.dispose(), [geometry])
  const { ghost } = useTableLook()
  if (!geometry) return null
  const scale = piece.scale ?? 1
  return (
    <mesh geometry={geometry} position={piece.position} rotation={[0, 0, ((piece.rotation ?? 0) * Math.PI) / 180]} scale={[scale, scale, scale]} onPointerDown={onPointerDown}>
      <meshStandardMaterial color={selected ? COLOURS.terrainSelected : colour} transparent opacity={ghost ? 0.22 : 0.88} depthWrite={!ghost} roughness={0.9} flatShading />
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
  if (!piece) return null
  const types = findRuleSystem(systemId)?.terrainTypes.map((t) => t.id) ?? []
  if (isMeshTerrain(piece)) {
    const select = (e: ThreeEvent<PointerEvent>) => {
      if (!editing) return
      e.stopPropagation()
      selectTerrain(selected ? null : id)
    }
    const top = piece.position[2] + Math.max(...(bundledMeshes()[piece.mesh]?.positions.filter((_, i) => i % 3 === 2) ?? [0])) * (piece.scale ?? 1)
    return (
      <group name={`terrain:${id}`}>
        <MeshPiece piece={piece} colour={terrainColour(piece.type, types)} selected={selected} onPointerDown={select} />
        {(editing || selected) && <Label text={piece.name ?? piece.id} position={[piece.position[0], piece.position[1], top + 20]} heightMm={20} colour="#e6e6e6" />}
      </group>
    )
  }
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
