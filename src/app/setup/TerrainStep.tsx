// Step 3: terrain. Pieces of the game's terrain types (a footprint and a height), files from the
// project's terrain library, or the player's own print files (STL, OBJ, glTF/GLB), read and checked
// by src/terrain as the planner does; each piece's marker as a tab under its front edge or on its top.
import { useRef, useState } from 'react'
import { type SceneTerrain, isMeshTerrain } from '../../engine/index.ts'
import { useRuleSystem } from '../state/systemLoader.ts'
import { addMeshFile, bundledMeshFiles } from '../engine/meshFiles.ts'
import { meshNameOf } from '../actions/addTerrainFile.ts'
import { TERRAIN_LAYOUTS, type TerrainLayout } from '../../tracking/registry/registryFromArmy.ts'
import { editDraft, useSetup } from './setupStore.ts'
import { type Extent, addMeshPiece, addPrismTerrain, removeTerrain, setTerrainLayout } from './tableDraft.ts'
import { base64Of } from './tableFile.ts'
import { StepNav } from './StepNav.tsx'

const TERRAIN_LAYOUT_NAMES: Record<TerrainLayout, string> = { tab: 'tab under the front edge', top: 'on its top' }

/** A mesh file's extent in its own frame (read, repaired and checked by src/terrain, loaded only now). */
async function measureMesh(name: string): Promise<{ extent: Extent; size: string }> {
  const { loadBundledMesh } = await import('../engine/bundledMeshes.ts')
  const prepared = await loadBundledMesh(name)
  const [minX, minY, minZ, maxX, maxY, maxZ] = prepared.report.boundsMm as [number, number, number, number, number, number]
  const r = (v: number) => Math.round(v * 100) / 100
  return { extent: [r(minX), r(maxX), r(minY), r(maxY)], size: `${Math.round(maxX - minX)} × ${Math.round(maxY - minY)} × ${Math.round(maxZ - minZ)} mm` }
}

function pieceSize(t: SceneTerrain, extents: Record<string, Extent>): string {
  if (isMeshTerrain(t)) {
    const e = extents[t.id]
    return e ? `${Math.round(e[1] - e[0])} × ${Math.round(e[3] - e[2])} mm, from ${t.mesh}` : t.mesh
  }
  const xs = t.footprint.map((p) => p[0]), ys = t.footprint.map((p) => p[1])
  return `${Math.round(Math.max(...xs) - Math.min(...xs))} × ${Math.round(Math.max(...ys) - Math.min(...ys))} × ${Math.round(t.height)} mm`
}

export function TerrainStep() {
  const draft = useSetup((s) => s.draft)!
  const system = useRuleSystem(draft.system)
  const types = system?.terrainTypes ?? []
  const [type, setType] = useState('')
  const chosenType = types.some((t) => t.id === type) ? type : types[0]?.id ?? ''
  const [name, setName] = useState('')
  const [size, setSize] = useState({ w: 150, d: 100, h: 60 })
  const [layout, setLayoutChoice] = useState<TerrainLayout>('tab')
  const library = bundledMeshFiles()
  const [libraryFile, setLibraryFile] = useState(library[0] ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  const addMesh = async (mesh: string, label: string, fileBase64?: string) => {
    setBusy(true)
    setProblem(null)
    try {
      const { extent } = await measureMesh(mesh)
      editDraft((d) => addMeshPiece(d, { mesh, type: chosenType, name: label, extent, layout: 'tab', ...(fileBase64 ? { fileBase64 } : {}) }))
    } catch (e) {
      setProblem(`${label} cannot be added: ${e instanceof Error ? e.message : String(e)}. Nothing changed.`)
    } finally {
      setBusy(false)
    }
  }
  const addOwnFile = async (file: File) => {
    const mesh = meshNameOf(file.name)
    const bytes = new Uint8Array(await file.arrayBuffer())
    addMeshFile(mesh, bytes)
    await addMesh(mesh, file.name, base64Of(bytes))
  }
  const valid = size.w >= 5 && size.d >= 5 && size.h > 0 && size.w <= Math.max(draft.table.widthMm, 5) && size.d <= Math.max(draft.table.depthMm, 5) && size.h <= 5000

  return (
    <div className="setup-step" data-testid="terrain-step">
      <form className="setup-add" onSubmit={(e) => { e.preventDefault(); if (valid && chosenType) editDraft((d) => addPrismTerrain(d, { type: chosenType, name: name.trim() || chosenType, widthMm: size.w, depthMm: size.d, heightMm: size.h, layout })); setName('') }} data-testid="add-terrain-piece">
        <h3>Add a terrain piece</h3>
        <div className="setup-grid">
          <label className="field setup-field"><span>Type</span>
            <select value={chosenType} onChange={(e) => setType(e.target.value)} data-testid="terrain-type-pick">
              {types.map((t) => <option key={t.id} value={t.id} title={t.description}>{t.id}</option>)}
            </select>
          </label>
          <label className="field setup-field"><span>Name</span>
            <input value={name} placeholder={chosenType} maxLength={80} onChange={(e) => setName(e.target.value)} data-testid="terrain-name" />
          </label>
        </div>
        <p className="small muted">{types.find((t) => t.id === chosenType)?.description}</p>
        <div className="button-row">
          <label className="field"><span>width mm</span><input type="number" min={5} value={size.w} onChange={(e) => setSize({ ...size, w: Number(e.target.value) })} data-testid="terrain-w" /></label>
          <label className="field"><span>depth mm</span><input type="number" min={5} value={size.d} onChange={(e) => setSize({ ...size, d: Number(e.target.value) })} data-testid="terrain-d" /></label>
          <label className="field"><span>height mm</span><input type="number" min={1} value={size.h} onChange={(e) => setSize({ ...size, h: Number(e.target.value) })} data-testid="terrain-h" /></label>
          <label className="field"><span>Marker</span>
            <select value={layout} onChange={(e) => setLayoutChoice(e.target.value as TerrainLayout)} data-testid="terrain-layout">
              {TERRAIN_LAYOUTS.map((l) => <option key={l} value={l}>{TERRAIN_LAYOUT_NAMES[l]}</option>)}
            </select>
          </label>
        </div>
        <button type="submit" className="primary" disabled={!valid || !chosenType} data-testid="terrain-add">Add piece</button>
      </form>
      <div className="setup-add">
        <h3>Add a terrain file</h3>
        <div className="button-row">
          <label className="field"><span>From the library</span>
            <select value={libraryFile} onChange={(e) => setLibraryFile(e.target.value)} data-testid="terrain-library">
              {library.map((f) => <option key={f} value={f}>{f}</option>)}
            </select>
          </label>
          <button type="button" disabled={busy || !libraryFile} onClick={() => void addMesh(libraryFile, libraryFile)} data-testid="terrain-library-add">Add</button>
        </div>
        <div className="button-row">
          <button type="button" disabled={busy} onClick={() => fileInput.current?.click()} data-testid="terrain-own-file">Your own file (STL, OBJ, glTF)…</button>
          <input ref={fileInput} type="file" accept=".stl,.obj,.glb,.gltf,.json" hidden data-testid="terrain-own-file-input" onChange={(e) => {
            const f = e.target.files?.[0]
            e.target.value = ''
            if (f) void addOwnFile(f)
          }} />
          {busy && <span role="status">Reading the file…</span>}
        </div>
        <p className="small muted">Type of file pieces: {chosenType || '—'} (chosen above). Their marker is a tab under the front edge.</p>
        {problem && <p className="bad" role="alert" data-testid="terrain-problem">{problem}</p>}
      </div>
      <h3>Terrain: {draft.terrain.length} piece{draft.terrain.length === 1 ? '' : 's'}</h3>
      <ul className="setup-list">
        {draft.terrain.map((t) => (
          <li key={t.id} className="setup-row" data-testid="terrain-piece">
            <strong>{t.name || t.id}</strong>
            <span className="small muted">{t.type} · {pieceSize(t, draft.terrainExtents)}</span>
            <select value={draft.terrainLayouts[t.id] ?? 'tab'} aria-label={`Marker of ${t.name || t.id}`} onChange={(e) => editDraft((d) => setTerrainLayout(d, t.id, e.target.value as TerrainLayout))}>
              {(isMeshTerrain(t) ? (['tab'] as const) : TERRAIN_LAYOUTS).map((l) => <option key={l} value={l}>{TERRAIN_LAYOUT_NAMES[l]}</option>)}
            </select>
            <button type="button" className="danger" aria-label={`Remove ${t.name || t.id}`} onClick={() => editDraft((d) => removeTerrain(d, t.id))}>✕</button>
          </li>
        ))}
      </ul>
      <StepNav back="army" next="markers" nextLabel="Next: markers" />
    </div>
  )
}
