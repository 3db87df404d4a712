// The planner's orbit controls, reachable from pointer handlers that must pause them during a drag.
// A plain holder, not React state: it changes once per Canvas and is read inside event handlers.
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js'

export const orbitHandle: { controls: OrbitControls | null } = { controls: null }
