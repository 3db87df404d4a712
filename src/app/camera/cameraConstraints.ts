// What marker tracking asks of the camera, and what the camera granted.
// - At start (openTrackingCamera): the rear camera at 1920×1080 and 30 fps (20 mm markers at 1.5 m
//   are 16–20 px there; at 1280×720 they fall under what can be decoded), then continuous focus
//   where the camera offers focus modes.
// - While tracking (CameraTuner, at human pace): an exposure time short enough for the hand's
//   measured shake (the tracker's CaptureStats.shakePxPerS: a streak of at most TARGET_STREAK_PX),
//   where the camera offers manual exposure, with the ISO raised to keep the brightness where it
//   offers that; and 4K once the tracker has shown it keeps the frame rate with 4× the pixels.
// - Every step that the camera refuses or does not offer is noted; GrantedCamera is what the
//   status line and the tracking stats report.
// Focus, exposure and ISO are the constrainable properties of the W3C Image Capture spec (read
// through MediaStreamTrack.getCapabilities / getSettings, set with applyConstraints); exposureTime
// is in 100 µs units there.
import { prewarmTracking } from './trackingRuntime.ts'

/** The longest motion streak (px, at the frame's resolution) an exposure may leave at the measured shake. */
export const TARGET_STREAK_PX = 1
/** Exposure changes smaller than this ratio are not worth a camera reconfiguration. */
const EXPOSURE_STEP = 1.3
const UNIT_S = 1e-4

export const TRACKING_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 30 } },
  audio: false,
}

type Range = { min: number; max: number; step?: number }
/** MediaTrackCapabilities with the Image Capture spec's members (not in TypeScript's DOM types). */
export type CameraCapabilities = { width?: Range; height?: Range; frameRate?: Range; focusMode?: string[]; exposureMode?: string[]; exposureTime?: Range; iso?: Range }
export type CameraSettings = { width?: number; height?: number; frameRate?: number; focusMode?: string; exposureMode?: string; exposureTime?: number; iso?: number }

/** What the camera offers (parsed from its capabilities). */
export type CameraOffer = {
  maxWidth: number | null
  maxHeight: number | null
  maxFrameRate: number | null
  focusModes: string[]
  exposureModes: string[]
  /** Exposure time range, s. */
  exposureTimeS: [number, number] | null
  iso: [number, number] | null
}

/** What the camera runs with now, and what it said no to. */
export type GrantedCamera = {
  width: number | null
  height: number | null
  frameRate: number | null
  focusMode: string | null
  exposureMode: string | null
  exposureTimeS: number | null
  iso: number | null
  offer: CameraOffer
  /** Refusals and what is not offered, in words. */
  notes: string[]
}

export function readOffer(caps: CameraCapabilities): CameraOffer {
  return {
    maxWidth: caps.width?.max ?? null,
    maxHeight: caps.height?.max ?? null,
    maxFrameRate: caps.frameRate?.max ?? null,
    focusModes: caps.focusMode ?? [],
    exposureModes: caps.exposureMode ?? [],
    exposureTimeS: caps.exposureTime ? [caps.exposureTime.min * UNIT_S, caps.exposureTime.max * UNIT_S] : null,
    iso: caps.iso ? [caps.iso.min, caps.iso.max] : null,
  }
}

export function describeGranted(settings: CameraSettings, offer: CameraOffer, notes: readonly string[]): GrantedCamera {
  return {
    width: settings.width ?? null,
    height: settings.height ?? null,
    frameRate: settings.frameRate ?? null,
    focusMode: settings.focusMode ?? null,
    exposureMode: settings.exposureMode ?? null,
    exposureTimeS: settings.exposureTime !== undefined ? settings.exposureTime * UNIT_S : null,
    iso: settings.iso ?? null,
    offer,
    notes: [...notes],
  }
}

/** "1920×1080 · 30 fps · continuous focus · 1/250 s": one line for the status. */
export function grantedSummary(g: GrantedCamera): string {
  const parts = [g.width && g.height ? `${g.width}×${g.height}` : 'size unknown']
  if (g.frameRate) parts.push(`${Math.round(g.frameRate)} fps`)
  parts.push(g.focusMode ? `${g.focusMode} focus` : 'focus not offered')
  if (g.exposureTimeS) parts.push(`1/${Math.round(1 / g.exposureTimeS)} s${g.exposureMode === 'manual' ? '' : ' (auto)'}`)
  else parts.push(g.offer.exposureTimeS ? `${g.exposureMode ?? 'auto'} exposure` : 'exposure not offered')
  return parts.join(' · ')
}

/**
 * The exposure (s) that keeps the streak of the measured shake under TARGET_STREAK_PX, within what
 * the camera offers and the frame interval; null when the camera offers no manual exposure time.
 * The ISO must be able to make up the lost light: never shorter than `current` × iso / iso.max; where
 * the ISO cannot be set, at most one stop darker than now (a dim frame loses small markers too).
 */
export function exposureForShake(shakePxPerS: number, offer: CameraOffer, frameRate: number | null, current: { exposureTimeS: number | null; iso: number | null }): number | null {
  if (!offer.exposureTimeS || !offer.exposureModes.includes('manual') || !(shakePxPerS > 0)) return null
  const [min, max] = offer.exposureTimeS
  let e = TARGET_STREAK_PX / shakePxPerS
  if (frameRate) e = Math.min(e, 1 / frameRate)
  if (offer.iso && current.iso && current.exposureTimeS) e = Math.max(e, (current.exposureTimeS * current.iso) / offer.iso[1])
  else if (current.exposureTimeS) e = Math.max(e, current.exposureTimeS / 2)
  return Math.min(max, Math.max(min, e))
}

/** 4K when the camera offers it at the frame rate and the tracker's cost per megapixel leaves room for 4× the pixels. */
export function chooseResolution(offer: CameraOffer, frameRate: number, msPerMegapixel: number): { width: number; height: number } | null {
  if ((offer.maxWidth ?? 0) < 3840 || (offer.maxHeight ?? 0) < 2160 || (offer.maxFrameRate ?? 0) < frameRate) return null
  return msPerMegapixel * 8.3 <= (0.8 * 1000) / frameRate ? { width: 3840, height: 2160 } : null
}

const notesOf = new WeakMap<MediaStreamTrack, string[]>()
const startedAt = new WeakMap<MediaStreamTrack, number>()

/** When openTrackingCamera got this track (performance.now() ms), or null. */
export function cameraStartedAt(track: MediaStreamTrack): number | null {
  return startedAt.get(track) ?? null
}

function capabilitiesOf(track: MediaStreamTrack): CameraCapabilities {
  return typeof track.getCapabilities === 'function' ? (track.getCapabilities() as CameraCapabilities) : {}
}

async function apply(track: MediaStreamTrack, constraint: Record<string, unknown>, what: string, notes: string[]): Promise<boolean> {
  try {
    await track.applyConstraints({ advanced: [constraint as MediaTrackConstraintSet] })
    return true
  } catch (e) {
    notes.push(`${what} refused: ${e instanceof Error ? e.message : String(e)}`)
    return false
  }
}

/**
 * The rear camera as tracking wants it (TRACKING_CONSTRAINTS), with continuous focus where offered.
 * The tracking worker starts loading meanwhile. Rejects as getUserMedia does (cameraErrorText says why).
 */
export async function openTrackingCamera(): Promise<MediaStream> {
  prewarmTracking()
  const stream = await navigator.mediaDevices.getUserMedia(TRACKING_CONSTRAINTS)
  const track = stream.getVideoTracks()[0]
  if (!track) return stream
  startedAt.set(track, performance.now())
  const notes: string[] = []
  const offer = readOffer(capabilitiesOf(track))
  if (offer.focusModes.includes('continuous')) await apply(track, { focusMode: 'continuous' }, 'continuous focus', notes)
  else notes.push(offer.focusModes.length ? `continuous focus not offered (${offer.focusModes.join(', ')})` : 'focus modes not offered')
  if (!offer.exposureTimeS || !offer.exposureModes.includes('manual')) notes.push('manual exposure not offered: the camera exposes by itself')
  notesOf.set(track, notes)
  return stream
}

/** The camera's settings now, with what it offers and the notes so far. */
export function grantedCamera(track: MediaStreamTrack): GrantedCamera {
  return describeGranted(track.getSettings() as CameraSettings, readOffer(capabilitiesOf(track)), notesOf.get(track) ?? [])
}

/**
 * Keeps the camera's exposure (and resolution) fitted to the hand: call `tune` at human pace with the
 * tracker's capture stats and its cost per frame.
 */
export class CameraTuner {
  private readonly track: MediaStreamTrack
  private busy = false
  private resolutionTried = false

  constructor(track: MediaStreamTrack) {
    this.track = track
    if (!notesOf.has(track)) notesOf.set(track, [])
  }

  get granted(): GrantedCamera {
    return grantedCamera(this.track)
  }

  /** `shakePxPerS`: the hand's shake while held; `msPerMegapixel`: the tracker's cost (NaN while unknown). */
  async tune(shakePxPerS: number, msPerMegapixel: number): Promise<void> {
    if (this.busy || this.track.readyState !== 'live') return
    this.busy = true
    try {
      const notes = notesOf.get(this.track)!
      const offer = readOffer(capabilitiesOf(this.track))
      const s = this.track.getSettings() as CameraSettings
      const now = { exposureTimeS: s.exposureTime !== undefined ? s.exposureTime * UNIT_S : null, iso: s.iso ?? null }
      const e = exposureForShake(shakePxPerS, offer, s.frameRate ?? null, now)
      if (e !== null && (now.exposureTimeS === null || Math.abs(Math.log(e / now.exposureTimeS)) > Math.log(EXPOSURE_STEP))) {
        const set: Record<string, unknown> = { exposureMode: 'manual', exposureTime: e / UNIT_S }
        if (offer.iso && now.iso && now.exposureTimeS) set.iso = Math.min(offer.iso[1], Math.max(offer.iso[0], (now.iso * now.exposureTimeS) / e))
        await apply(this.track, set, `exposure 1/${Math.round(1 / e)} s`, notes)
      }
      if (!this.resolutionTried && Number.isFinite(msPerMegapixel) && s.frameRate) {
        this.resolutionTried = true
        const want = chooseResolution(offer, s.frameRate, msPerMegapixel)
        if (want) await apply(this.track, { width: want.width, height: want.height }, `${want.width}×${want.height}`, notes)
        else if ((offer.maxWidth ?? 0) >= 3840) notes.push(`4K offered; ${s.width}×${s.height} kept: tracking takes ~${Math.round(msPerMegapixel * 8.3)} ms a 4K frame`)
      }
    } finally {
      this.busy = false
    }
  }
}
