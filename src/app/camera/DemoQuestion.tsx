// The camera modes' question when the demo table is on screen and a registry is loaded: clear it
// (the player's table starts empty: models appear as the camera finds them; the demo's unmarked
// terrain goes), or take it as the player's table (its pieces stand on the real table too; its
// models still appear only when seen). Until answered, the card warns that the demo is in use.
import { useEffect, useState } from 'react'
import { useApp } from '../state/appStore.ts'
import { shortTitle } from '../actions/loadDemo.ts'
import { isDemoTable, tableIds } from './realTable.ts'
import { makeRealTable } from './realTableSession.ts'

/** Whether the demo table is on screen (checked when a model or piece comes or goes, not when one moves). */
export function useDemoOnScreen(active = true): boolean {
  const ids = useApp((s) => (active ? tableIds(s.scene) + (s.scene.meta?.notOnTable ? '|real' : '') : ''))
  const [demo, setDemo] = useState(false)
  useEffect(() => {
    if (!active) return setDemo(false)
    let live = true
    void isDemoTable(useApp.getState().scene).then((d) => live && setDemo(d))
    return () => {
      live = false
    }
  }, [ids, active])
  return demo && active
}

export function DemoQuestion() {
  const registry = useApp((s) => s.registry)
  const system = useApp((s) => s.scene.system)
  const demo = useDemoOnScreen()
  if (!registry || !demo) return null
  return (
    <div className="demo-question" role="dialog" aria-label="The demo table is on screen" data-testid="demo-question">
      <p><strong>The demo table of {shortTitle(system)} is on screen, not yours.</strong> Your table starts empty: each model appears when the camera finds its marker.</p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => makeRealTable(registry.registry, true)} data-testid="demo-clear">Clear the demo</button>
        <button type="button" onClick={() => makeRealTable(registry.registry, false)} data-testid="demo-keep">My table is set up as the demo</button>
      </div>
    </div>
  )
}
