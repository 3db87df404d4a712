// When the camera modes offer the table survey first, and the one way to ask for it from elsewhere
// (the setup's last step: "Survey the table" opens the camera mode with the survey step open). In the
// page's first JavaScript: plain data, no React.
import { create } from 'zustand'
import type { Registry } from '../../tracking/index.ts'

/** Set by askForSurvey; the survey launcher opens the step and clears it. */
export const useSurveyRequest = create<{ asked: boolean }>()(() => ({ asked: false }))

/** Open the survey step the next time (or now, if it is mounted) a camera mode shows its survey launcher. */
export function askForSurvey(): void {
  useSurveyRequest.setState({ asked: true })
}

/**
 * A registry made for a survey that none has measured yet: it declares table markers laid in the
 * corners (the app's own registries do) and carries no `survey` field. Its table markers' positions
 * are where the sheet proposed to lay them, not where they lie.
 */
export function needsSurvey(registry: Registry | null | undefined): boolean {
  if (!registry || registry.survey) return false
  return registry.markers.some((m) => m.role === 'table' && m.corner !== undefined)
}
