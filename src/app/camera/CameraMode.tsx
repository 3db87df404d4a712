// Live camera mode: the video as background, the overlay registered on it through the tracker.
import { ModeUnavailable } from '../ui/ModeUnavailable.tsx'

export function CameraMode() {
  return <ModeUnavailable title="Live camera" testId="camera-mode" why="Tracking the table through the camera needs the marker tracker, which is not part of this build yet." />
}
