// One terrain piece: its footprint extruded to its height, or its mesh (a models/ file: tabletop-mesh/1,
// STL, OBJ, glTF/GLB with its textures) placed as the engine places it, its LoS mesh over it when selected.
// In edit mode a press selects a prism piece, a drag moves it, and the selected piece shows handles on its
// corners to reshape the footprint; mesh pieces are selected, not reshaped.
import { useEffect, useMemo, useState } from 'react'
import type { ThreeEvent } from '@react-three/fiber'
import { BufferGeometry, ExtrudeGeometry, Float32BufferAttribute, type Material, type Mesh, type Object3D, Shape, Vector2 } from 'three'
import { type MeshTerrain, type Point2, isMeshTerrain } from '../../engine/index.ts'
import { bundledMeshUrl } from '../engine/meshFiles.ts'
import type { PreparedMeshReply } from '../engine/protocol.ts'
import { useRuleSystem } from '../state/systemLoader.ts'
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
      <meshLambertMaterial color={selected ? COLOURS.terrainSelected : colour} transparent opacity={ghost ? 0.22 : 0.88} depthWrite={!ghost} />
    </mesh>
  )
}

/**
 * A mesh file read, repaired and simplified at the piece's scale by the engine worker (src/terrain,
 * as for the rules), or null while loading or refused. The readers never load on the main thread.
 */
function usePreparedMesh(name: string, scale: number): PreparedMeshReply | null {
  const [prepared, setPrepared] = useState<PreparedMeshReply | null>(null)
  useEffect(() => {
    let live = true
    import('../engine/preparedMeshes.ts')
      .then((m) => m.preparedMesh(name, scale))
      .then((r) => live && setPrepared(r.ok ? r.value : null), () => live && setPrepared(null))
    return () => { live = false }
  }, [name, scale])
  return prepared
}

/** How far (mm) the piece is lifted from its file's origin: with "origin": "bottom" its lowest point stands at its z (the scene format's default "file" puts the origin there). */
function liftMm(piece: MeshTerrain, prepared: PreparedMeshReply | null): number {
  return piece.origin !== 'bottom' || !prepared ? 0 : -prepared.report.boundsMm[2]
}

/** A bundled glTF/GLB file as three.js objects (with its materials and textures), or null. */
function useGltfScene(name: string): Object3D | null {
  const url = bundledMeshUrl(name)
  const isGltf = /\.(glb|gltf)$/i.test(name) && url !== null
  const [scene, setScene] = useState<Object3D | null>(null)
  useEffect(() => {
    if (!isGltf || !url) return
    let live = true
    import('three/examples/jsm/loaders/GLTFLoader.js')
      .then(({ GLTFLoader }) => new GLTFLoader().loadAsync(url))
      .then((g) => live && setScene(g.scene), () => live && setScene(null))
    return () => { live = false }
  }, [url, isGltf])
  return scene
}

function geometryOf(mesh: { positions: ArrayLike<number>; indices: ArrayLike<number> }): BufferGeometry {
  const g = new BufferGeometry()
  g.setAttribute('position', new Float32BufferAttribute(Float32Array.from(mesh.positions), 3))
  g.setIndex(Array.from(mesh.indices))
  g.computeVertexNormals()
  return g
}

/** glTF is y-up in metres; the table is z-up in millimetres (as src/terrain/readMeshFile.ts reads it). */
const GLTF_TO_TABLE = { rotation: [Math.PI / 2, 0, 0] as [number, number, number], scale: 1000 }

/**
 * A mesh piece: the file's full mesh (a glTF/GLB with its own materials and textures) scaled, turned
 * about z and moved exactly as terrainWorld.ts places it; selected, its line-of-sight mesh (what sight
 * lines are cast against, simplified within the stated tolerance) is drawn over it as a wireframe.
 */
function MeshPiece({ piece, colour, selected, onPointerDown }: { piece: MeshTerrain; colour: string; selected: boolean; onPointerDown: (e: ThreeEvent<PointerEvent>) => void }) {
  const prepared = usePreparedMesh(piece.mesh, piece.scale ?? 1)
  const gltf = useGltfScene(piece.mesh)
  const model = useMemo(() => gltf?.clone(true) ?? null, [gltf])
  const geometry = useMemo(() => (prepared && prepared.full.indices.length ? geometryOf(prepared.full) : null), [prepared])
  const losGeometry = useMemo(() => (prepared ? geometryOf(prepared.los) : null), [prepared])
  useEffect(() => () => geometry?.dispose(), [geometry])
  useEffect(() => () => losGeometry?.dispose(), [losGeometry])
  const { ghost } = useTableLook()
  useEffect(() => {
    model?.traverse((o) => {
      const m = (o as Mesh).material as (Material & { opacity: number }) | undefined
      if (!m) return
      m.transparent = ghost
      m.opacity = ghost ? 0.22 : 1
      m.depthWrite = !ghost
    })
  }, [model, ghost])
  const scale = piece.scale ?? 1
  return (
    <group position={[piece.position[0], piece.position[1], piece.position[2] + liftMm(piece, prepared)]} rotation={[0, 0, ((piece.rotation ?? 0) * Math.PI) / 180]} scale={[scale, scale, scale]} onPointerDown={onPointerDown}>
      {model ? (
        <group rotation={GLTF_TO_TABLE.rotation} scale={GLTF_TO_TABLE.scale}>
          <primitive object={model} />
        </group>
      ) : geometry && (
        <mesh geometry={geometry}>
          <meshLambertMaterial color={selected ? COLOURS.terrainSelected : colour} transparent opacity={ghost ? 0.22 : 0.88} depthWrite={!ghost} flatShading />
        </mesh>
      )}
      {selected && losGeometry && (
        <mesh geometry={losGeometry} name="los-mesh">
          <meshBasicMaterial color={COLOURS.terrainSelected} wireframe transparent opacity={0.9} depthTest={false} />
        </mesh>
      )}
    </group>
  )
}

/** Height of a mesh piece's top above the table (mm), once its file is loaded. */
function useMeshTopMm(piece: MeshTerrain): number {
  const prepared = usePreparedMesh(piece.mesh, piece.scale ?? 1)
  return piece.position[2] + liftMm(piece, prepared) + (prepared ? prepared.report.boundsMm[5] : 0)
}

function MeshLabel({ piece }: { piece: MeshTerrain }) {
  const top = useMeshTopMm(piece)
  return <Label text={piece.name ?? piece.id} position={[piece.position[0], piece.position[1], top + 20]} heightMm={20} colour="#e6e6e6" />
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
  const types = useRuleSystem(systemId)?.terrainTypes.map((t) => t.id) ?? []
  if (!piece) return null
  if (isMeshTerrain(piece)) {
    const select = (e: ThreeEvent<PointerEvent>) => {
      if (!editing) return
      e.stopPropagation()
      selectTerrain(selected ? null : id)
    }
    return (
      <group name={`terrain:${id}`}>
        <MeshPiece piece={piece} colour={terrainColour(piece.type, types)} selected={selected} onPointerDown={select} />
        {(editing || selected) && <MeshLabel piece={piece} />}
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
