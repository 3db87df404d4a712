// Step 2: the army. Models from the game's catalogue, several at once: name, side (chosen by the
// player, by its book's name, and kept from one "Add" to the next), profile, weapons (what the book
// gives the profile, and what it lets the player choose, with the book's words: armyChoices.ts), the
// characteristics the book leaves to the player, base (its default from the book, the game's demo or
// the most common size, and where it comes from) and marker layout (from the base unless chosen). The
// list by side, each model renamable, its side and layout changeable, removable.
import { useState } from 'react'
import type { BaseShape, RuleSystem, SceneModel } from '../../engine/index.ts'
import { useRuleSystem } from '../state/systemLoader.ts'
import { MARKER_LAYOUTS, type MarkerLayout, defaultLayout } from '../../tracking/registry/registryFromArmy.ts'
import { editDraft, useSetup } from './setupStore.ts'
import { baseLabel, defaultBase } from './bookDefaults.ts'
import { addArmyOf, addModels, removeModel, renameModel, setLayout, setSide as setModelSide, sidesOf } from './tableDraft.ts'
import { armedWith, bookSides, missingForAdd, profileGroups, sideChoices, sideLabel, weaponOffer } from './armyChoices.ts'
import { StepNav } from './StepNav.tsx'

export const LAYOUT_NAMES: Record<MarkerLayout, string> = { tab: 'rear tab', token: 'token on top', under: 'under the base' }

type BaseForm = { shape: BaseShape['shape']; a: number; b: number }
const formOf = (base: BaseShape): BaseForm => (base.shape === 'round' ? { shape: 'round', a: base.diameter, b: base.diameter } : { shape: base.shape, a: base.length, b: base.width })
const baseOfForm = (f: BaseForm): BaseShape | null => {
  if (!(f.a > 0 && f.a <= 1000) || (f.shape !== 'round' && !(f.b > 0 && f.b <= 1000))) return null
  return f.shape === 'round' ? { shape: 'round', diameter: f.a } : { shape: f.shape, length: f.a, width: f.b }
}

/** A number input that may be empty (null) while the player types. */
function NumberField({ label, value, min, max, testId, onChange }: { label: string; value: number | null; min: number; max: number; testId: string; onChange: (v: number | null) => void }) {
  return (
    <label className="field"><span>{label}</span>
      <input type="number" min={min} max={max} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} data-testid={testId} />
    </label>
  )
}

const NEW_SIDE = '__new__'

/** The side a model is on: one of the book's sides (by its name) or the army's own, or a new one. */
function SideSelect({ system, value, onChange, label, testId }: { system: RuleSystem; value: string; onChange: (side: string) => void; label: string; testId?: string }) {
  const draft = useSetup((s) => s.draft)!
  const choices = sideChoices(system, draft.models)
  return (
    <select value={value} aria-label={label} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {value === '' && <option value="">Choose the side…</option>}
      {choices.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      <option value={NEW_SIDE}>Another side…</option>
    </select>
  )
}

function AddModels({ system }: { system: RuleSystem }) {
  const draft = useSetup((s) => s.draft)!
  const groups = profileGroups(system)
  const firstProfile = groups[0]?.[1][0]?.[0] ?? ''
  const [profile, setProfile] = useState(firstProfile)
  const chosenProfile = system.catalogue.profiles[profile] ? profile : firstProfile
  const entry = system.catalogue.profiles[chosenProfile]
  const suggested = defaultBase(system, chosenProfile)
  const offer = weaponOffer(system, chosenProfile)
  const [name, setName] = useState<string | null>(null)
  const [count, setCount] = useState(1)
  // The side is the player's choice, kept from one "Add" to the next: never guessed, never moved on.
  const [side, setSide] = useState('')
  const [newSide, setNewSide] = useState('')
  const [base, setBase] = useState<BaseForm | null>(null)
  const [height, setHeight] = useState<number | null>(null)
  const [layout, setLayoutChoice] = useState<MarkerLayout | 'auto'>('auto')
  const [weapons, setWeapons] = useState<string[]>([])
  const [stats, setStats] = useState<Record<string, number | null>>({})
  const [ownWeapon, setOwnWeapon] = useState<Record<string, number | null>>({})
  const [ownWeaponName, setOwnWeaponName] = useState('')
  const [added, setAdded] = useState<string | null>(null)
  const sides = bookSides(system)
  const sideNow = side === NEW_SIDE ? newSide.trim() : side
  const form = base ?? formOf(suggested.base)
  const chosenBase = baseOfForm(form)
  const missing = missingForAdd(offer, weapons, stats, ownWeapon)
  const lists = [...new Set(offer.choices.map((c) => c.list ?? ''))]
  const resetForProfile = (id: string) => {
    setProfile(id)
    setName(null)
    setBase(null)
    setHeight(null)
    setWeapons([])
    setStats({})
  }
  const add = () => {
    if (!chosenBase || !entry || !sideNow || missing) return
    const n = Math.min(Math.max(1, Math.round(count) || 1), 200)
    const own = offer.playerWeapon.length > 0
      ? { id: kebabId(ownWeaponName) || 'own-weapon', name: ownWeaponName.trim() || 'Own weapon', ...Object.fromEntries(offer.playerWeapon.map((s) => [s.key, ownWeapon[s.key]!])), specialRules: [] }
      : null
    const given = Object.fromEntries(offer.playerStats.map((s) => [s.key, stats[s.key]!]))
    const modelName = (name ?? entry.name).trim() || entry.name
    editDraft((d) => addModels(d, { profile: chosenProfile, name: modelName, side: sideNow, count: n, base: chosenBase, heightMm: height ?? suggested.heightMm, weapons: armedWith(offer, weapons, own), stats: given, layout }))
    setAdded(`Added ${n} × ${modelName} to ${sideLabel(sideNow, sides)}.`)
    setCount(1)
    setName(null)
    if (side === NEW_SIDE) { setSide(sideNow); setNewSide('') }
  }
  return (
    <form className="setup-add" onSubmit={(e) => { e.preventDefault(); add() }} data-testid="add-models">
      <h3>Add models</h3>
      <div className="setup-grid">
        <label className="field setup-field"><span>Profile</span>
          <select value={chosenProfile} onChange={(e) => resetForProfile(e.target.value)} data-testid="army-profile">
            {groups.map(([group, list]) => (group
              ? <optgroup key={group} label={sideLabel(group, sides)}>{list.map(([id, n]) => <option key={id} value={id}>{n}</option>)}</optgroup>
              : list.map(([id, n]) => <option key={id} value={id}>{n}</option>)))}
          </select>
        </label>
        <label className="field setup-field"><span>Name</span>
          <input value={name ?? entry?.name ?? ''} maxLength={80} onChange={(e) => setName(e.target.value)} data-testid="army-name" />
        </label>
        <label className="field setup-field"><span>Side</span>
          <SideSelect system={system} value={side} onChange={setSide} label="Side" testId="army-side" />
        </label>
        {side === NEW_SIDE && (
          <label className="field setup-field"><span>Name of the new side</span>
            <input value={newSide} maxLength={40} onChange={(e) => setNewSide(e.target.value)} data-testid="army-side-new" />
          </label>
        )}
        <label className="field setup-field"><span>How many</span>
          <input type="number" min={1} max={200} value={count} onChange={(e) => setCount(Number(e.target.value))} data-testid="army-count" />
        </label>
      </div>
      {offer.playerStats.length > 0 && (
        <fieldset className="setup-fieldset" data-testid="army-stats">
          <legend>Characteristics (the book leaves them to you)</legend>
          <div className="button-row">
            {offer.playerStats.map((st) => <NumberField key={st.key} label={`${st.name} ${st.min}–${st.max}${st.suffix ?? ''}`} value={stats[st.key] ?? null} min={st.min} max={st.max} testId={`army-stat-${st.key}`} onChange={(v) => setStats({ ...stats, [st.key]: v })} />)}
          </div>
          <p className="small muted">{[...new Set(offer.playerStats.map((st) => st.section))].join(', ')}</p>
        </fieldset>
      )}
      {(offer.choices.length > 0 || offer.carried.length > 0 || offer.playerWeapon.length > 0 || offer.arming) && (
        <fieldset className="setup-fieldset" data-testid="army-weapons">
          <legend>Weapons</legend>
          {offer.carried.length > 0 && <p className="small" data-testid="army-carried">Carries (the book): {offer.carried.map((c) => c.name).join(', ')}</p>}
          {lists.map((list) => (
            <div key={list} className="setup-checks" role="group" aria-label={list || 'Weapons'}>
              {list && <span className="small muted setup-list-name">{list}</span>}
              {offer.choices.filter((c) => (c.list ?? '') === list).map((c) => (
                <label key={c.id} className="setup-check">
                  <input type="checkbox" checked={weapons.includes(c.id)} onChange={(e) => setWeapons(e.target.checked ? [...weapons, c.id] : weapons.filter((x) => x !== c.id))} data-testid={`army-weapon-${c.id}`} />
                  {c.name}
                </label>
              ))}
            </div>
          ))}
          {offer.playerWeapon.length > 0 && (
            <div className="button-row" data-testid="army-own-weapon">
              <label className="field"><span>Weapon name</span><input value={ownWeaponName} maxLength={60} onChange={(e) => setOwnWeaponName(e.target.value)} data-testid="army-own-weapon-name" /></label>
              {offer.playerWeapon.map((st) => <NumberField key={st.key} label={`${st.name} ${st.min}–${st.max}${st.suffix ?? ''}`} value={ownWeapon[st.key] ?? null} min={st.min} max={st.max} testId={`army-own-weapon-${st.key}`} onChange={(v) => setOwnWeapon({ ...ownWeapon, [st.key]: v })} />)}
            </div>
          )}
          {offer.arming && <p className="small muted" data-testid="army-arming">The book: “{offer.arming.quote}” ({offer.arming.section})</p>}
          {offer.choices.length === 0 && offer.carried.length === 0 && offer.playerWeapon.length === 0 && <p className="small bad">The book gives this profile no weapon: it cannot attack.</p>}
        </fieldset>
      )}
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
        <summary>Height, marker ({layout === 'auto' ? `${chosenBase ? LAYOUT_NAMES[defaultLayout(chosenBase, draft.face)] : 'rear tab'} from the base` : LAYOUT_NAMES[layout]})</summary>
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
      {!sideNow && <p className="small" data-testid="army-missing">Choose the side these models are on.</p>}
      {sideNow && missing && <p className="small bad" data-testid="army-missing">{missing}</p>}
      <button type="submit" className="primary" disabled={!chosenBase || !entry || !sideNow || missing !== null} data-testid="army-add">Add {count > 1 ? `${Math.round(count)} models` : 'model'}</button>
      {added && <p className="setup-added" role="status" data-testid="army-added">{added}</p>}
    </form>
  )
}

const kebabId = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')

function ModelRow({ m, system }: { m: SceneModel; system: RuleSystem | undefined }) {
  const layout = useSetup((s) => s.draft?.layouts[m.id])
  const [newSide, setNewSide] = useState<string | null>(null)
  const profileName = typeof m.profile === 'string' ? system?.catalogue.profiles[m.profile]?.name ?? m.profile : 'own stats'
  const weaponNames = (m.weapons ?? (typeof m.profile === 'string' ? system?.catalogue.profiles[m.profile]?.weapons : undefined) ?? [])
    .map((w) => (typeof w === 'string' ? system?.catalogue.weapons[w]?.name ?? w : typeof w.name === 'string' ? w.name : w.id))
  const who = m.name || m.id
  return (
    <li className="setup-row" data-testid="army-model" data-side={m.side}>
      <input value={m.name ?? ''} aria-label={`Name of ${m.id}`} maxLength={80} onChange={(e) => editDraft((d) => renameModel(d, m.id, e.target.value))} />
      <span className="small muted">{profileName} · {baseLabel(m.base)} · <span data-testid="army-model-weapons">{weaponNames.length ? weaponNames.join(', ') : 'no weapon'}</span></span>
      {system && (newSide === null
        ? <SideSelect system={system} value={m.side} label={`Side of ${who}`} onChange={(v) => (v === NEW_SIDE ? setNewSide('') : editDraft((d) => setModelSide(d, m.id, v)))} />
        : <input value={newSide} autoFocus aria-label={`New side for ${who}`} maxLength={40} onChange={(e) => setNewSide(e.target.value)} onBlur={() => { if (newSide.trim()) editDraft((d) => setModelSide(d, m.id, newSide)); setNewSide(null) }} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); (e.target as HTMLInputElement).blur() } }} />)}
      <select value={layout ?? defaultLayout(m.base)} aria-label={`Marker of ${who}`} onChange={(e) => editDraft((d) => setLayout(d, m.id, e.target.value as MarkerLayout))}>
        {MARKER_LAYOUTS.map((l) => <option key={l} value={l}>{LAYOUT_NAMES[l]}</option>)}
      </select>
      <button type="button" className="danger" aria-label={`Remove ${who}`} onClick={() => editDraft((d) => removeModel(d, m.id))}>✕</button>
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
        <section key={side} className="setup-side" aria-label={`Side ${side}`} data-testid="army-side-list" data-side={side}>
          <h4>{system ? sideLabel(side, bookSides(system)) : side} ({draft.models.filter((m) => m.side === side).length})</h4>
          <ul className="setup-list">
            {draft.models.filter((m) => m.side === side).map((m) => <ModelRow key={m.id} m={m} system={system} />)}
          </ul>
        </section>
      ))}
      <StepNav back="table" next="terrain" nextLabel="Next: terrain" />
    </div>
  )
}
