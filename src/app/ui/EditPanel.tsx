// Planner editing: the picked model (facing, remove), new models from the system's catalogue,
// terrain pieces (type, height, remove, add), and scene files. Moving is done by dragging in 3D.
import { useRef, useState } from 'react'
import { isMeshTerrain } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { useRuleSystem } from '../state/systemLoader.ts'
import { addModel, addTerrain, removeModel, removeTerrain, setFacing, setTerrainHeight, setTerrainType } from '../state/sceneEdits.ts'
import { downloadBlob } from '../actions/download.ts'
import { openSceneFile } from '../actions/openScene.ts'
import { addTerrainFiles } from '../actions/addTerrainFile.ts'
import { modelNames } from '../format/names.ts'
import { useSync } from '../sync/syncStore.ts'

function ModelTools() {
  const focusId = useApp((s) => s.focusId)
  const model = useApp((s) => s.scene.models.find((m) => m.id === s.focusId))
  const name = useApp((s) => (s.focusId ? modelNames(s.evaluation.overlay, s.scene.models)[s.focusId] : undefined))
  const editScene = useApp((s) => s.editScene)
  const clearSelection = useApp((s) => s.clearSelection)
  if (!focusId || !model) return <p className="muted">Tap a model to move, turn or remove it (drag it to move).</p>
  const facing = model.facing ?? 0
  return (
    <div className="tool" data-testid="model-tools">
      <p><strong>{name ?? model.id}</strong> facing {facing}°</p>
      <div className="button-row">
        <button type="button" onClick={() => editScene((s) => setFacing(s, model.id, facing + 15))} data-testid="rotate-left">⟲ 15°</button>
        <button type="button" onClick={() => editScene((s) => setFacing(s, model.id, facing - 15))} data-testid="rotate-right">⟳ 15°</button>
        <label className="field inline">
          <span>Facing°</span>
          <input type="number" step={5} value={facing} data-testid="facing-input" onChange={(e) => Number.isFinite(Number(e.target.value)) && editScene((s) => setFacing(s, model.id, Number(e.target.value)))} />
        </label>
        <button type="button" className="danger" data-testid="remove-model" onClick={() => { editScene((s) => removeModel(s, model.id)); clearSelection() }}>Remove</button>
      </div>
    </div>
  )
}

function AddModel() {
  const systemId = useApp((s) => s.scene.system)
  const sides = useApp((s) => [...new Set(s.scene.models.map((m) => m.side))].join('|'))
  const editScene = useApp((s) => s.editScene)
  const setAttacker = useApp((s) => s.setAttacker)
  const system = useRuleSystem(systemId)
  const profiles = Object.entries(system?.catalogue.profiles ?? {})
  const sideList = sides ? sides.split('|') : ['A', 'B']
  const [profile, setProfile] = useState('')
  const [side, setSide] = useState('')
  const chosenProfile = profiles.some(([id]) => id === profile) ? profile : profiles[0]?.[0] ?? ''
  const chosenSide = sideList.includes(side) ? side : sideList[0]!
  if (profiles.length === 0) return null
  return (
    <div className="tool">
      <div className="button-row">
        <label className="field inline"><span>Profile</span>
          <select value={chosenProfile} onChange={(e) => setProfile(e.target.value)} data-testid="add-profile">
            {profiles.map(([id, p]) => <option key={id} value={id}>{p.name}</option>)}
          </select>
        </label>
        <label className="field inline"><span>Side</span>
          <select value={chosenSide} onChange={(e) => setSide(e.target.value)} data-testid="add-side">
            {sideList.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <button
          type="button"
          data-testid="add-model"
          onClick={() => {
            if (!system) return
            let newId = ''
            editScene((s) => {
              const next = addModel(s, system.catalogue, chosenProfile, chosenSide, [s.table.width / 2, s.table.depth / 2])
              newId = next.models[next.models.length - 1]!.id
              return next
            })
            if (newId) setAttacker(newId)
          }}
        >Add model</button>
      </div>
    </div>
  )
}

function TerrainTools() {
  const systemId = useApp((s) => s.scene.system)
  const terrainId = useApp((s) => s.terrainId)
  const piece = useApp((s) => (s.scene.terrain ?? []).find((t) => t.id === s.terrainId))
  const editScene = useApp((s) => s.editScene)
  const selectTerrain = useApp((s) => s.selectTerrain)
  const types = useRuleSystem(systemId)?.terrainTypes ?? []
  return (
    <div className="tool" data-testid="terrain-tools">
      {terrainId && piece && !isMeshTerrain(piece) ? (
        <>
          <p><strong>{piece.name ?? piece.id}</strong>: drag it to move, drag its yellow corners to reshape.</p>
          <div className="button-row">
            <label className="field inline"><span>Type</span>
              <select value={piece.type} onChange={(e) => editScene((s) => setTerrainType(s, piece.id, e.target.value))} data-testid="terrain-type">
                {types.map((t) => <option key={t.id} value={t.id} title={t.description}>{t.id}</option>)}
              </select>
            </label>
            <label className="field inline"><span>Height mm</span>
              <input type="number" min={1} step={5} value={piece.height} data-testid="terrain-height" onChange={(e) => editScene((s) => setTerrainHeight(s, piece.id, Number(e.target.value)))} />
            </label>
            <button type="button" className="danger" onClick={() => { editScene((s) => removeTerrain(s, piece.id)); selectTerrain(null) }}>Remove piece</button>
          </div>
        </>
      ) : (
        <p className="muted">Tap a terrain piece to edit it.</p>
      )}
      {types[0] && (
        <button type="button" data-testid="add-terrain" onClick={() => editScene((s) => addTerrain(s, types[0]!.id, [s.table.width / 2, s.table.depth / 2]))}>Add terrain ({types[0].id})</button>
      )}
    </div>
  )
}

function SceneFiles() {
  const fileInput = useRef<HTMLInputElement>(null)
  const meshInput = useRef<HTMLInputElement>(null)
  return (
    <div className="button-row">
      <button type="button" onClick={() => fileInput.current?.click()} data-testid="open-scene">Open scene…</button>
      <input ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="open-scene-input" onChange={(e) => {
        const f = e.target.files?.[0]
        e.target.value = ''
        if (f) void openSceneFile(f)
      }} />
      <button type="button" onClick={() => meshInput.current?.click()} data-testid="add-terrain-file">Add terrain file…</button>
      <input ref={meshInput} type="file" multiple accept=".stl,.obj,.glb,.gltf,.bin,.json,.png,.jpg,.jpeg" hidden data-testid="add-terrain-file-input" onChange={(e) => {
        const files = [...(e.target.files ?? [])]
        e.target.value = ''
        if (files.length) void addTerrainFiles(files)
      }} />
      <button type="button" data-testid="save-scene" onClick={() => {
        const { scene } = useApp.getState()
        downloadBlob(new Blob([JSON.stringify(scene, null, 2)], { type: 'application/json' }), `scene-${scene.system.replace(/\//g, '-')}.json`)
      }}>Save scene</button>
    </div>
  )
}

export function EditPanel() {
  const editing = useApp((s) => s.editing)
  const setEditing = useApp((s) => s.setEditing)
  // A view link watches the table: nothing here for it (the server would refuse every edit).
  const viewOnly = useSync((s) => s.role === 'view')
  if (viewOnly) return null
  return (
    <section className="edit" aria-label="Edit the table">
      <div className="button-row">
        <button type="button" aria-pressed={editing} onClick={() => setEditing(!editing)} data-testid="toggle-edit">Edit table</button>
      </div>
      {editing && (
        <>
          <ModelTools />
          <AddModel />
          <TerrainTools />
          <SceneFiles />
        </>
      )}
    </section>
  )
}
