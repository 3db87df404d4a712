// The planner's 3D view drawn now, for a picture of it (the ruling PNG). The view renders on demand
// (frameloop "demand"), so right after a reload or a change its canvas may not hold the current
// picture yet: an export then drew a blank view. TableView registers how to draw it.
let renderNow: (() => void) | null = null

/** Draw the table view now; false when no view is up. */
export function renderTableViewNow(): boolean {
  if (!renderNow) return false
  renderNow()
  return true
}

/** Register the view's draw; returns the unregister. */
export function registerTableViewRender(render: () => void): () => void {
  renderNow = render
  return () => {
    if (renderNow === render) renderNow = null
  }
}
