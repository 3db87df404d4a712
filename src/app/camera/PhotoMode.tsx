// Photo ruling: open an image (or take a still) and rule on the table it shows.
import { ModeUnavailable } from '../ui/ModeUnavailable.tsx'

export function PhotoMode() {
  return <ModeUnavailable title="Photo ruling" testId="photo-mode" why="Reading a table from a photo needs the marker tracker, which is not part of this build yet." />
}
