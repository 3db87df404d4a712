// The device's turn rate for the tracker (issue 31, motion): DeviceMotionEvent.rotationRate, °/s, where
// the browser offers it. Each camera frame goes to the worker with the latest fresh reading, and a
// frame taken while the phone turns faster than the tracker's "moving" speed waits like one the image
// shows moving (FrameTracker.track). The image tells motion only between two locks 200 ms apart at
// most; the sensor tells it on the first frame after a gap and on a slow device.
//
// iOS asks the player first (DeviceMotionEvent.requestPermission, only from a tap): `askTurnSensor()`
// is called in the "Start camera" tap. A browser without the sensor (a desktop) sends no events, or
// events with no rotationRate: the state says "not offered" and frames go without a reading.
// Per event: no allocation (two numbers kept).

/** What the status line says of the sensor. */
export type TurnSensorState = 'waiting' | 'on' | 'not offered' | 'refused'

/** A reading older than this (ms) is not sent with a frame (events come every 10–60 ms). */
export const TURN_READING_FRESH_MS = 250
/** No reading this long (ms) after the start: the browser offers no sensor. */
const NOT_OFFERED_AFTER_MS = 2000

type PermissionAsking = { requestPermission?: () => Promise<'granted' | 'denied' | 'default'> }

/** The player said no (iOS's question); nothing else about the answer matters here. */
let refused = false

/** In the tap that starts the camera: asks for the motion sensor where the browser wants a tap for it (iOS). */
export function askTurnSensor(): void {
  const ask = (globalThis as { DeviceMotionEvent?: PermissionAsking }).DeviceMotionEvent?.requestPermission
  if (typeof ask !== 'function') return
  ask().then((answer) => { refused = answer !== 'granted' }, () => { refused = true })
}

export type TurnSensor = {
  /** The turn rate (°/s, the rotation's magnitude) if a reading came within TURN_READING_FRESH_MS of `nowMs`, else undefined. */
  rateAt(nowMs: number): number | undefined
  state(nowMs: number): TurnSensorState
  stop(): void
}

/** Listens for the device's motion on `target` (the page's window) until stop(). Times are performance.now(). */
export function startTurnSensor(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window, now: () => number = () => performance.now()): TurnSensor {
  const startedMs = now()
  let rate = Number.NaN
  let atMs = Number.NEGATIVE_INFINITY
  const offered = typeof (globalThis as { DeviceMotionEvent?: unknown }).DeviceMotionEvent !== 'undefined'
  const listener = (e: Event) => {
    const r = (e as DeviceMotionEvent).rotationRate
    if (!r || (r.alpha === null && r.beta === null && r.gamma === null)) return
    rate = Math.hypot(r.alpha ?? 0, r.beta ?? 0, r.gamma ?? 0)
    atMs = now()
  }
  if (offered) target.addEventListener('devicemotion', listener)
  return {
    rateAt: (nowMs) => (nowMs - atMs <= TURN_READING_FRESH_MS && Number.isFinite(rate) ? rate : undefined),
    state: (nowMs) => {
      if (refused) return 'refused'
      if (nowMs - atMs <= TURN_READING_FRESH_MS) return 'on'
      return !offered || nowMs - startedMs > NOT_OFFERED_AFTER_MS ? 'not offered' : 'waiting'
    },
    stop: () => target.removeEventListener('devicemotion', listener),
  }
}
