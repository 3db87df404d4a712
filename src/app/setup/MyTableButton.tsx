// "My table" in the top bar, on every screen size: the way from the demo to the player's own table.
// Not in kiosk mode (a convention stand shows the demo; no files, no downloads there).
import { isKiosk } from '../ui/kiosk.ts'
import { openSetup } from './setupOpen.ts'

export function MyTableButton() {
  if (isKiosk()) return null
  return (
    <button type="button" className="my-table-button" data-testid="my-table" onClick={() => openSetup()}>My table</button>
  )
}
