// The WebXR session store (immersive-ar). Created on first use of the AR mode, not at import time.
// Controllers and hands are not drawn: their models would be fetched from a CDN (stack-probe §4c),
// and the overlay needs neither. `?emulate-xr` in the URL installs the IWER emulator (tests, desktop
// demos: a Quest 3 in a synthetic office, moved with IWER's DevUI); `?emulate-xr=scripted` leaves the
// DevUI out so a script moves the headset (window.__tabletopXrDevice). It replaces the browser's own
// navigator.xr (forceInstall), so it works in stock Chrome and Chromium with no flags. Loaded
// lazily, only then. On a real device without the parameter the browser's own WebXR runs.
import { type XRStore, createXRStore } from '@react-three/xr'

let store: XRStore | null = null
let emulator: Promise<void> | null = null

declare global {
  interface Window {
    /** With `?emulate-xr`: the emulated device (IWER's XRDevice), so tests and demos can move the headset. */
    __tabletopXrDevice?: () => unknown
  }
}

/** Install the IWER emulator (once) when the URL asks for it; resolves when navigator.xr is IWER's. */
export function installEmulator(): Promise<void> {
  emulator ??= (async () => {
    const [{ XRDevice, metaQuest3 }, { SyntheticEnvironmentModule }] = await Promise.all([import('iwer'), import('@iwer/sem')])
    const device = new XRDevice(metaQuest3)
    // Standing at a table, looking down at it.
    device.position.set(0, 1.5, 0.9)
    device.quaternion.set(-Math.sin(0.375), 0, 0, Math.cos(0.375))
    // Stock Chrome and Chromium already have navigator.xr (with no AR device behind it): IWER would
    // skip itself ("a native WebXR runtime is already available"), so it is told to replace it.
    device.installRuntime({ forceInstall: true })
    if (new URLSearchParams(window.location.search).get('emulate-xr') !== 'scripted') {
      const { DevUI } = await import('@iwer/devui')
      device.installDevUI(DevUI)
    }
    // @iwer/sem 0.2.5 (the one @react-three/xr pins) predates iwer's depth-buffer hook, which is only
    // called for depth sensing, never requested here: the same pairing @react-three/xr installs.
    device.installSEM(SyntheticEnvironmentModule as unknown as Parameters<typeof device.installSEM>[0])
    device.sem?.loadDefaultEnvironment('office_small')
    window.__tabletopXrDevice = () => device
  })()
  return emulator
}

/**
 * The session's features: the ones @react-three/xr would ask for that this app uses, plus
 * `camera-access` (Raw Camera Access: the XR camera's image, for the markers) and `hand-tracking` (a
 * headset's hand joints, for XrHands). All optional, so a
 * browser without one still starts.
 */
function sessionInit(): XRSessionInit {
  return {
    requiredFeatures: ['local-floor'],
    // hand-tracking: without it a headset gives the page no hand joints (XrHands would see none).
    optionalFeatures: ['hit-test', 'anchors', 'dom-overlay', 'camera-access', 'hand-tracking'],
    domOverlay: { root: xrOverlayRoot() },
  }
}
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
    // The emulator, when asked for, is installed by installEmulator (with or without its DevUI).
    emulate: false,
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
    customSessionInit: sessionInit(),
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
