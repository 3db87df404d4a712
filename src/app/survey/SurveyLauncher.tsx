// "Survey the table": a button that opens the survey step over the stage (one line where a camera mode
// mounts it). The step's code loads only when opened. It opens by itself when asked for from elsewhere
// (askForSurvey: the setup's "Survey the table"), and is the first thing offered (`offer`) while the
// registry in force is one no survey has measured yet. On success the completed registry is in force
// (and saved into the table in use when it is that table's) and `onSurveyed` runs after the store has
// it (the camera mode then starts tracking with it).
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { Registry, SurveyRegistry } from '../../tracking/index.ts'
import { useSurveyRequest } from './surveyOffer.ts'

const SurveyStep = lazy(() => import('./SurveyStep.tsx').then((m) => ({ default: m.SurveyStep })))

export type SurveyLauncherProps = {
  /** Called as the step opens (a camera mode frees its camera for the sweep). */
  onOpen?: () => void
  /** Called once the surveyed registry is in force. */
  onSurveyed?: (registry: Registry) => void
  /** What to survey; default the registry in force (or the step asks for a file). */
  registry?: SurveyRegistry | null
  /** The survey comes first (the table's markers are not measured yet): the button is the primary one. */
  offer?: boolean
}

export function SurveyLauncher(props: SurveyLauncherProps) {
  const [open, setOpen] = useState(false)
  const asked = useSurveyRequest((s) => s.asked)
  // The latest props: onSurveyed runs after the store update has re-rendered the parent (its fresh closure).
  const latest = useRef(props)
  latest.current = props
  const openStep = () => {
    latest.current.onOpen?.()
    setOpen(true)
  }
  useEffect(() => {
    if (!asked) return
    useSurveyRequest.setState({ asked: false })
    openStep()
  }, [asked])
  return (
    <>
      <button type="button" className={props.offer ? 'primary' : undefined} onClick={openStep} data-testid="open-survey">Survey the table</button>
      {/* Over the whole page, top bar included: the launcher may sit in the bottom sheet, whose stacking context would keep it under the top bar. */}
      {open && createPortal(
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
        </div>,
        document.body,
      )}
    </>
  )
}
