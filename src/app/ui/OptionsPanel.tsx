// The rule system's options (each ambiguity of its rulebook): the value in force, the default and
// where in the book the question arises. Changing one re-rules the table.
import type { OptionDecl, OptionValue } from '../../engine/index.ts'
import { useApp } from '../state/appStore.ts'
import { setOption } from '../state/sceneEdits.ts'
import { useRuleSystem } from '../state/systemLoader.ts'

function parseValue(decl: OptionDecl, text: string): OptionValue {
  const sample = decl.values?.[0] ?? decl.default
  if (typeof sample === 'number') return Number(text)
  if (typeof sample === 'boolean') return text === 'true'
  return text
}

export function OptionsPanel() {
  const systemId = useApp((s) => s.scene.system)
  const given = useApp((s) => s.scene.options)
  const editScene = useApp((s) => s.editScene)
  const system = useRuleSystem(systemId)
  if (!system || system.options.length === 0) return null
  return (
    <details className="options">
      <summary>Rule options ({system.options.length})</summary>
      {system.options.map((o) => {
        const value = (given?.[o.name] as OptionValue | undefined) ?? o.default
        const choices = o.values ?? (typeof o.default === 'boolean' ? [true, false] : null)
        const change = (text: string) => {
          const v = parseValue(o, text)
          editScene((s) => setOption(s, o.name, v, v === o.default))
        }
        return (
          <label key={o.name} className="field option" title={o.note}>
            <span>{o.name} <cite>{o.section}</cite></span>
            {choices ? (
              <select value={String(value)} onChange={(e) => change(e.target.value)}>
                {choices.map((c) => <option key={String(c)} value={String(c)}>{String(c)}{c === o.default ? ' (default)' : ''}</option>)}
              </select>
            ) : (
              <input type="number" value={String(value)} onChange={(e) => change(e.target.value)} />
            )}
          </label>
        )
      })}
    </details>
  )
}
