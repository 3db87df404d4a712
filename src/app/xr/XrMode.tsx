// WebXR mode (immersive-ar).
import { ModeUnavailable } from '../ui/ModeUnavailable.tsx'

export function XrMode() {
  return <ModeUnavailable title="AR" testId="xr-mode" why="AR is not available in this build yet." />
}
