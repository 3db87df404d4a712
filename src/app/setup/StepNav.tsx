// Back and next at the foot of a setup step. Its own file: the steps use it and SetupScreen shows the
// steps, so kept in SetupScreen it tied every step and the screen into one import circle.
import type { SetupView } from './setupOpen.ts'
import { showView } from './setupStore.ts'

/** Back and next at the foot of a step. */
export function StepNav({ back, next, nextLabel }: { back?: SetupView; next?: SetupView; nextLabel?: string }) {
  return (
    <div className="button-row setup-nav">
      {back && <button type="button" onClick={() => showView(back)} data-testid="step-back">Back</button>}
      {next && <button type="button" className="primary" onClick={() => showView(next)} data-testid="step-next">{nextLabel ?? 'Next'}</button>}
    </div>
  )
}
