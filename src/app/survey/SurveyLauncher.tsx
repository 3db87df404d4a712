// "Survey the table": a button that opens the survey step over the stage (one line where a camera mode
// mounts it). The step's code loads only when opened. On success the completed registry is in force
// and `onSurveyed` runs after the store has it (the camera mode then starts tracking with it).
import { Suspense, lazy, useRef, useState } from 'react'
import type { Registry, SurveyRegistry } from '../../tracking/index.ts'

const SurveyStep = lazy(() => import('./SurveyStep.tsx').then((m) => ({ default: m.SurveyStep })))

export type SurveyLauncherProps = {
  /** Called as the step opens (a camera mode frees its camera for the sweep). */
  onOpen?: () => void
  /** Called once the surveyed registry is in force. */
  onSurveyed?: (registry: Registry) => void
  /** What to survey; default the registry in force (or the step asks for a file). */
  registry?: SurveyRegistry | null
}

export function SurveyLauncher(props: SurveyLauncherProps) {
  const [open, setOpen] = useState(false)
  // The latest props: onSurveyed runs after the store update has re-rendered the parent (its fresh closure).
  const latest = useRef(props)
  latest.current = props
  return (
    <>
      <button type="button" onClick={() => { latest.current.onOpen?.(); setOpen(true) }} data-testid="open-survey">Survey the table</button>
      {open && (
        <div className="survey-overlay" role="dialog" aria-modal="true" aria-label="Survey the table">
          <Suspense fallback={<p role="status">Loading the survey…</p>}>
            <SurveyStep
              registry={props.registry}
              onCancel={() => setOpen(false)}
              onDone={(registry) => {
                setOpen(false)
                setTimeout(() => latest.current.onSurveyed?.(registry), 0)
              }}
            />
          </Suspense>
        </div>
      )}
    </>
  )
}
