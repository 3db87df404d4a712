// The WebXR session store (immersive-ar). Created on first use of the AR mode, not at import time.
// Controllers and hands are not drawn: their models would be fetched from a CDN (stack-probe §4c),
// and the overlay needs neither. `?emulate-xr` in the URL installs the IWER emulator (tests, desktop
// demos); on a real device the browser's own WebXR runs.
import { type XRStore, createXRStore } from '@react-three/xr'

let store: XRStore | null = null
let overlayRoot: HTMLDivElement | null = null

export function emulationRequested(): boolean {
  return new URLSearchParams(window.location.search).has('emulate-xr')
}

/** The DOM shown over the camera view during the session (the controls live in it). */
export function xrOverlayRoot(): HTMLDivElement {
  if (!overlayRoot) {
    overlayRoot = document.createElement('div')
    overlayRoot.className = 'xr-overlay'
    overlayRoot.dataset.testid = 'xr-overlay'
  }
  return overlayRoot
}

export function xrStore(): XRStore {
  store ??= createXRStore({
    emulate: emulationRequested() ? { type: 'metaQuest3', inject: true, syntheticEnvironment: 'office_small', headset: { position: [0, 1.5, 0.9], rotation: [-0.75, 0, 0] } } : false,
    controller: false,
    hand: false,
    transientPointer: false,
    gaze: false,
    // Controller layouts come from the app itself (public/xr-profiles), never from a CDN.
    baseAssetPath: new URL('xr-profiles/', window.location.href).href,
    defaultControllerProfileId: 'generic-trigger',
    offerSession: false,
    enterGrantedSession: false,
    hitTest: true,
    anchors: true,
    domOverlay: xrOverlayRoot(),
  })
  return store
}

/** End the session if one is running (leaving the AR mode). */
export function endXrSession(): void {
  void store?.getState().session?.end()
}

/** Is immersive-ar available? Polls briefly, since the emulator installs itself asynchronously. */
export async function arSupported(waitMs: number): Promise<boolean> {
  const started = performance.now()
  for (;;) {
    const xr = (navigator as Navigator & { xr?: XRSystem }).xr
    if (xr) {
      try {
        if (await xr.isSessionSupported('immersive-ar')) return true
      } catch {
        // A browser that throws here does not support it either.
      }
    }
    if (performance.now() - started > waitMs) return false
    await new Promise((r) => setTimeout(r, 200))
  }
}
