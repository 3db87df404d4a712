// Step 2: the army. Models from the game's catalogue, several at once: name, side, profile, weapons,
// base (its default from the book, the game's demo or the most common size, and where it comes from)
// and marker layout (from the base unless chosen). The list by side, each model renamable, its layout
// changeable, removable.
import { useState } from 'react'
import type { BaseShape, RuleSystem, SceneModel } from '../../engine/index.ts'
import { useRuleSystem } from '../state/systemLoader.ts'
import { MARKER_LAYOUTS, type MarkerLayout, defaultLayout } from '../../tracking/registry/registryFromArmy.ts'
import { editDraft, useSetup } from './setupStore.ts'
import { baseLabel, defaultBase } from './bookDefaults.ts'
import { addArmyOf, addModels, removeModel, renameModel, setLayout, sidesOf } from './tableDraft.ts'
import { StepNav } from './StepNav.tsx'

export const LAYOUT_NAMES: Record<MarkerLayout, string> = { tab: 'rear tab', token: 'token on top', under: 'under the base' }

function demoSides(system: RuleSystem): string[] {
  const models = ((system.demoScene as { models?: SceneModel[] } | null)?.models ?? [])
  return sidesOf(models)
}

type BaseForm = { shape: BaseShape['shape']; a: number; b: number }
const formOf = (base: BaseShape): BaseForm => (base.shape === 'round' ? { shape: 'round', a: base.diameter, b: base.diameter } : { shape: base.shape, a: base.length, b: base.width })
const baseOfForm = (f: BaseForm): BaseShape | null => {
  if (!(f.a > 0 && f.a <= 1000) || (f.shape !== 'round' && !(f.b > 0 && f.b <= 1000))) return null
  return f.shape === 'round' ? { shape: 'round', diameter: f.a } : { shape: f.shape, length: f.a, width: f.b }
}

function profileGroups(system: RuleSystem): Array<[string, Array<[string, string]>]> {
  const groups = new Map<string, Array<[string, string]>>()
  for (const [id, p] of Object.entries(system.catalogue.profiles)) {
    // Army lists repeat a profile under "army/id": keep the qualified one when both exist.
    const group = String(p.army ?? p.faction ?? '')
    if (!id.includes('/') && group && system.catalogue.profiles[`${group}/${id}`]) continue
    const list = groups.get(group) ?? []
    list.push([id, p.name])
    groups.set(group, list)
  }
  return [...groups.entries()]
}

function AddModels({ system }: { system: RuleSystem }) {
  const draft = useSetup((s) => s.draft)!
  const groups = profileGroups(system)
  const firstProfile = groups[0]?.[1][0]?.[0] ?? ''
  const [profile, setProfile] = useState(firstProfile)
  const chosenProfile = system.catalogue.profiles[profile] ? profile : firstProfile
  const entry = system.catalogue.profiles[chosenProfile]
  const suggested = defaultBase(system, chosenProfile)
  const [name, setName] = useState<string | null>(null)
  const [count, setCount] = useState(1)
  const [side, setSide] = useState<string | null>(null)
  const [base, setBase] = useState<BaseForm | null>(null)
  const [height, setHeight] = useState<number | null>(null)
  const [layout, setLayoutChoice] = useState<MarkerLayout | 'auto'>('auto')
  const [weapons, setWeapons] = useState<string[] | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  const used = sidesOf(draft.models)
  const sideChoices = [...new Set([...demoSides(system), ...used, 'A', 'B'])]
  const suggestedSide = demoSides(system).find((s) => !used.includes(s)) ?? used[used.length - 1] ?? sideChoices[0]!
  const form = base ?? formOf(suggested.base)
  const chosenBase = baseOfForm(form)
  const profileWeapons = [...(entry?.weapons ?? [])]
  const army = entry?.army
  const weaponChoices = Object.entries(system.catalogue.weapons).filter(([id, w]) => profileWeapons.includes(id) || (army !== undefined && w.army === army))
  const chosenWeapons = weapons ?? profileWeapons
  const resetForProfile = (id: string) => {
    setProfile(id)
    setName(null)
    setBase(null)
    setHeight(null)
    setWeapons(null)
  }
  const add = () => {
    if (!chosenBase || !entry) return
    const n = Math.min(Math.max(1, Math.round(count) || 1), 200)
    const sideNow = (side ?? suggestedSide).trim() || suggestedSide
    editDraft((d) => addModels(d, { profile: chosenProfile, name: (name ?? entry.name).trim() || entry.name, side: sideNow, count: n, base: chosenBase, heightMm: height ?? suggested.heightMm, weapons: chosenWeapons, layout }))
    setAdded(`Added ${n} × ${(name ?? entry.name).trim() || entry.name} to side ${sideNow}.`)
    setCount(1)
    setName(null)
    setSide(null)
  }
  return (
    <form className="setup-add" onSubmit={(e) => { e.preventDefault(); add() }} data-testid="add-models">
      <h3>Add models</h3>
      <div className="setup-grid">
        <label className="field setup-field"><span>Profile</span>
          <select value={chosenProfile} onChange={(e) => resetForProfile(e.target.value)} data-testid="army-profile">
            {groups.map(([group, list]) => (group
              ? <optgroup key={group} label={group}>{list.map(([id, n]) => <option key={id} value={id}>{n}</option>)}</optgroup>
              : list.map(([id, n]) => <option key={id} value={id}>{n}</option>)))}
          </select>
        </label>
        <label className="field setup-field"><span>Name</span>
          <input value={name ?? entry?.name ?? ''} maxLength={80} onChange={(e) => setName(e.target.value)} data-testid="army-name" />
        </label>
        <label className="field setup-field"><span>Side</span>
          <input list="setup-sides" value={side ?? suggestedSide} maxLength={40} onChange={(e) => setSide(e.target.value)} data-testid="army-side" />
          <datalist id="setup-sides">{sideChoices.map((s) => <option key={s} value={s} />)}</datalist>
        </label>
        <label className="field setup-field"><span>How many</span>
          <input type="number" min={1} max={200} value={count} onChange={(e) => setCount(Number(e.target.value))} data-testid="army-count" />
        </label>
      </div>
      <fieldset className="setup-fieldset">
        <legend>Base</legend>
        <div className="button-row">
          <select value={form.shape} aria-label="Base shape" onChange={(e) => setBase({ ...form, shape: e.target.value as BaseShape['shape'] })} data-testid="army-base-shape">
            <option value="round">round</option>
            <option value="oval">oval</option>
            <option value="rect">rectangular</option>
          </select>
          <label className="field"><span>{form.shape === 'round' ? 'diameter' : 'length (front to back)'} mm</span>
            <input type="number" min={5} max={1000} step={0.5} value={form.a} onChange={(e) => setBase({ ...form, a: Number(e.target.value) })} data-testid="army-base-a" />
          </label>
          {form.shape !== 'round' && (
            <label className="field"><span>width mm</span>
              <input type="number" min={5} max={1000} step={0.5} value={form.b} onChange={(e) => setBase({ ...form, b: Number(e.target.value) })} data-testid="army-base-b" />
            </label>
          )}
        </div>
        <p className="small muted" data-testid="army-base-source">{base ? 'your size' : `${baseLabel(suggested.base)}: ${suggested.source}`}</p>
        {!chosenBase && <p className="small bad">A base needs a size between 5 and 1000 mm.</p>}
      </fieldset>
      <details className="setup-more">
        <summary>Weapons, height, marker ({chosenWeapons.length ? chosenWeapons.map((w) => system.catalogue.weapons[w]?.name ?? w).join(', ') : 'profile default'}; {layout === 'auto' ? `${chosenBase ? LAYOUT_NAMES[defaultLayout(chosenBase, draft.face)] : 'rear tab'} from the base` : LAYOUT_NAMES[layout]})</summary>
        {weaponChoices.length > 0 && (
          <fieldset className="setup-fieldset">
            <legend>Weapons</legend>
            <div className="setup-checks">
              {weaponChoices.map(([id, w]) => (
                <label key={id} className="setup-check">
                  <input type="checkbox" checked={chosenWeapons.includes(id)} onChange={(e) => setWeapons(e.target.checked ? [...chosenWeapons, id] : chosenWeapons.filter((x) => x !== id))} />
                  {w.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="button-row">
          <label className="field"><span>Model height mm</span>
            <input type="number" min={1} max={1000} value={height ?? suggested.heightMm} onChange={(e) => setHeight(Number(e.target.value) || null)} data-testid="army-height" />
          </label>
          <label className="field"><span>Marker</span>
            <select value={layout} onChange={(e) => setLayoutChoice(e.target.value as MarkerLayout | 'auto')} data-testid="army-layout">
              <option value="auto">from the base ({chosenBase ? LAYOUT_NAMES[defaultLayout(chosenBase, draft.face)] : 'rear tab'})</option>
              {MARKER_LAYOUTS.map((l) => <option key={l} value={l}>{LAYOUT_NAMES[l]}</option>)}
            </select>
          </label>
        </div>
      </details>
      <button type="submit" className="primary" disabled={!chosenBase || !entry} data-testid="army-add">Add {count > 1 ? `${Math.round(count)} models` : 'model'}</button>
      {added && <p className="setup-added" role="status" data-testid="army-added">{added}</p>}
    </form>
  )
}

function ModelRow({ m, system }: { m: SceneModel; system: RuleSystem | undefined }) {
  const layout = useSetup((s) => s.draft?.layouts[m.id])
  const profileName = typeof m.profile === 'string' ? system?.catalogue.profiles[m.profile]?.name ?? m.profile : 'own stats'
  return (
    <li className="setup-row" data-testid="army-model">
      <input value={m.name ?? ''} aria-label={`Name of ${m.id}`} maxLength={80} onChange={(e) => editDraft((d) => renameModel(d, m.id, e.target.value))} />
      <span className="small muted">{profileName} · {baseLabel(m.base)}</span>
      <select value={layout ?? defaultLayout(m.base)} aria-label={`Marker of ${m.name || m.id}`} onChange={(e) => editDraft((d) => setLayout(d, m.id, e.target.value as MarkerLayout))}>
        {MARKER_LAYOUTS.map((l) => <option key={l} value={l}>{LAYOUT_NAMES[l]}</option>)}
      </select>
      <button type="button" className="danger" aria-label={`Remove ${m.name || m.id}`} onClick={() => editDraft((d) => removeModel(d, m.id))}>✕</button>
    </li>
  )
}

/** An army saved with another table of the same game, brought in whole. */
function ArmyFromTable() {
  const draft = useSetup((s) => s.draft)!
  const tables = useSetup((s) => s.tables)
  const others = tables.filter((t) => t.id !== draft.id && t.table.scene.system === draft.system && t.table.scene.models.length > 0)
  const [pick, setPick] = useState('')
  const chosen = others.find((t) => t.id === pick) ?? others[0]
  if (!chosen) return null
  return (
    <div className="button-row setup-add">
      <label className="field"><span>The army of</span>
        <select value={chosen.id} onChange={(e) => setPick(e.target.value)} data-testid="army-from-table">
          {others.map((t) => <option key={t.id} value={t.id}>{t.table.name} ({t.table.scene.models.length} models)</option>)}
        </select>
      </label>
      <button type="button" onClick={() => editDraft((d) => addArmyOf(d, chosen.table))} data-testid="army-from-table-add">Add it</button>
    </div>
  )
}

export function ArmyStep() {
  const draft = useSetup((s) => s.draft)!
  const system = useRuleSystem(draft.system)
  const sides = sidesOf(draft.models)
  return (
    <div className="setup-step" data-testid="army-step">
      {system ? <AddModels system={system} /> : <p role="status">Loading the game's catalogue…</p>}
      <ArmyFromTable />
      <h3>The army: {draft.models.length} model{draft.models.length === 1 ? '' : 's'}</h3>
      {draft.models.length === 0 && <p className="muted">No models yet. Add each kind once with "How many".</p>}
      {sides.map((side) => (
        <section key={side} className="setup-side" aria-label={`Side ${side}`}>
          <h4>Side {side} ({draft.models.filter((m) => m.side === side).length})</h4>
          <ul className="setup-list">
            {draft.models.filter((m) => m.side === side).map((m) => <ModelRow key={m.id} m={m} system={system} />)}
          </ul>
        </section>
      ))}
      <StepNav back="table" next="terrain" nextLabel="Next: terrain" />
    </div>
  )
}
