// Markers from the XR camera (WebXR Raw Camera Access, `camera-access`): where the browser gives the
// page the camera image behind an immersive-ar session (Chrome on ARCore phones), each XR frame's
// image is read back and fed to the tracking worker with the view's own intrinsics; every locked
// table is turned into a world placement with the pose of the frame it came from, and averaged.
// Tracked models go onto the table exactly as in the camera mode (the same tracking feed).
//
// Per frame (useFrame / onResult): no React state and no allocation: a fixed pixel buffer, a ring
// of view poses by frame id, scratch matrices. The status reaches React at human pace.
import { useEffect, useRef, useState } from 'react'
import { useFrame, useThree } from '@react-three/fiber'
import { useXRStore } from '@react-three/xr'
import { Matrix4 } from 'three'
import type { CameraIntrinsics, Registry, TrackingResultMessage } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { TRACKING_OFF } from '../state/trackingSlice.ts'
import { setFreezeProvider } from '../actions/rulings.ts'
import { type TrackingFeed, startTrackingFeed } from '../camera/liveTracking.ts'
import { setXrHandFeed, xrCameraFrames } from '../hands/xrHandFeed.ts'
import { type AveragedPlacement, type MarkerPlacement, PlacementAverager, intrinsicsFromProjection, placementFromPose, worldFromTable } from './xrCameraMath.ts'

/** The Raw Camera Access additions to WebXR (not in @types/webxr). */
type XRCamera = { readonly width: number; readonly height: number }
type CameraView = XRView & { readonly camera?: XRCamera | null }
type CameraBinding = { getCameraImage(camera: XRCamera): WebGLTexture | null }
type BindingConstructor = new (session: XRSession, gl: WebGL2RenderingContext | WebGLRenderingContext) => CameraBinding

/**
 * Rows of the camera texture run bottom-up, like everything GL draws (Chrome fills it by rendering
 * the camera image into it), so readPixels gives the image upside down and it is flipped here.
 */
const TEXTURE_ROWS_BOTTOM_UP = true
/** View poses kept for frames in flight (the worker holds at most one frame and one waiting). */
const POSE_RING = 8
/** A frame that has not come back after this long is forgotten (the worker dropped or lost it). */
const IN_FLIGHT_TIMEOUT_MS = 1000

export type XrCameraStatus = {
  /** 'none': the browser gave no camera image (not offered, or refused); 'waiting': none yet. */
  camera: 'waiting' | 'none' | 'running'
  markersSeen: number
  tableLocked: boolean
  /** The averaged placement from the markers, once the table was locked. */
  averaged: AveragedPlacement | null
  /** The marker tracker runs (its feed takes frames and hands). */
  trackerReady: boolean
  /** The session has WebXR hand input (a headset): its joints drive the hands, not MediaPipe. */
  handInput: boolean
}

type Props = {
  registry: Registry
  widthMm: number
  depthMm: number
  /** At human pace (a few times a second). */
  onStatus: (s: XrCameraStatus) => void
}

export function XrCameraFeed({ registry, widthMm, depthMm, onStatus }: Props) {
  const gl = useThree((s) => s.gl)
  const xr = useXRStore()
  const feed = useRef<TrackingFeed | null>(null)
  const state = useRef({
    binding: null as CameraBinding | null,
    framebuffer: null as WebGLFramebuffer | null,
    /** The frame's pixels plus one spare row at the end (the scratch row for the flip). */
    buffer: new Uint8Array(0),
    /** The frame itself: a view of `buffer` without the spare row, made once per size. */
    pixels: new Uint8Array(0),
    projection: new Float32Array(16),
    intrinsics: null as CameraIntrinsics | null,
    poses: new Float64Array(16 * POSE_RING),
    poseIds: new Int32Array(POSE_RING).fill(-1),
    inFlightSince: -1,
    sawCamera: false,
    framesWithoutCamera: 0,
    markersSeen: 0,
    locked: false,
    trackerReady: false,
  })
  const averager = useRef(new PlacementAverager(20))
  const scratch = useRef({ pose: new Matrix4(), placement: { origin: [0, 0, 0], yaw: 0, measuredEdgeM: null, tiltDeg: 0 } as MarkerPlacement })

  // The tracker (and OpenCV with it) starts only once the browser has shown a camera image: a device
  // without camera access never loads it.
  const [cameraSeen, setCameraSeen] = useState(false)

  useEffect(() => {
    const s = state.current
    const timer = setInterval(() => {
      onStatus({
        camera: s.sawCamera ? 'running' : s.framesWithoutCamera > 30 ? 'none' : 'waiting',
        markersSeen: s.markersSeen,
        tableLocked: s.locked,
        averaged: averager.current.mean(widthMm, depthMm),
        trackerReady: s.trackerReady,
        handInput: Array.from(xr.getState().session?.inputSources ?? []).some((source) => source.hand != null),
      })
    }, 250)
    return () => clearInterval(timer)
  }, [widthMm, depthMm, onStatus])

  useEffect(() => {
    if (!cameraSeen) return
    let live = true
    const s = state.current
    const onResult = (m: TrackingResultMessage) => {
      s.inFlightSince = -1
      s.markersSeen = m.result.detections.length
      const lock = m.result.table
      s.locked = lock.locked
      if (!lock.locked) return
      const slot = m.frameId % POSE_RING
      if (s.poseIds[slot] !== m.frameId) return
      worldFromTable(lock.cameraFromTable.rotation, lock.cameraFromTable.translation, s.poses, scratch.current.pose, slot * 16)
      averager.current.add(placementFromPose(scratch.current.pose, scratch.current.placement))
    }
    useApp.getState().setTracking({ state: 'starting', message: 'Loading the marker tracker…' })
    startTrackingFeed(registry, null, { source: 'xr', grab: () => null, onResult })
      .then((f) => {
        if (!live) return f.stop()
        feed.current = f
        s.trackerReady = true
        setXrHandFeed(f)
        setFreezeProvider(f.freeze)
      })
      .catch((e: unknown) => useApp.getState().setTracking({ state: 'error', message: `The tracker could not start: ${e instanceof Error ? e.message : String(e)}` }))
    return () => {
      live = false
      feed.current?.stop()
      feed.current = null
      s.trackerReady = false
      setXrHandFeed(null)
      s.intrinsics = null
      setFreezeProvider(null)
      useApp.getState().setTracking(TRACKING_OFF)
    }
  }, [registry, cameraSeen])

  useFrame((_state, _delta, frame: XRFrame | undefined) => {
    const s = state.current
    if (!frame) return
    const now = performance.now()
    if (s.inFlightSince >= 0 && now - s.inFlightSince < IN_FLIGHT_TIMEOUT_MS) return
    const space = xr.getState().originReferenceSpace ?? gl.xr.getReferenceSpace()
    const view = space ? (frame.getViewerPose(space)?.views[0] as CameraView | undefined) : undefined
    const camera = view?.camera
    if (!view || !camera) {
      s.framesWithoutCamera++
      return
    }
    if (!s.sawCamera) {
      s.sawCamera = true
      setCameraSeen(true)
    }
    const f = feed.current
    if (!f) return
    const Binding = (globalThis as { XRWebGLBinding?: BindingConstructor }).XRWebGLBinding
    const context = gl.getContext()
    if (!Binding) return
    s.binding ??= new Binding(frame.session, context)
    const texture = s.binding.getCameraImage(camera)
    if (!texture) return
    const width = camera.width
    const height = camera.height
    if (s.pixels.length !== width * height * 4) {
      s.buffer = new Uint8Array((height + 1) * width * 4)
      s.pixels = s.buffer.subarray(0, width * height * 4)
    }
    readTexture(context, s, texture, width, height)

    // The tracker is told the intrinsics only when the view's projection or the image size changes.
    let changed = s.intrinsics?.width !== width || s.intrinsics.height !== height
    for (let i = 0; i < 16 && !changed; i++) changed = s.projection[i] !== view.projectionMatrix[i]
    if (changed) {
      s.projection.set(view.projectionMatrix)
      s.intrinsics = intrinsicsFromProjection(view.projectionMatrix, width, height)
      f.calibration.apply(s.intrinsics)
    }
    const id = f.submit({ width, height, data: s.pixels }, now)
    const slot = id % POSE_RING
    s.poses.set(view.transform.matrix, slot * 16)
    s.poseIds[slot] = id
    s.inFlightSince = now
    // The same image for MediaPipe hands, when they run (copied out before this returns).
    xrCameraFrames.publish(s.pixels, width, height)
  })
  return null
}

/** The camera texture's pixels, top row first, into `s.pixels` (the GL framebuffer binding is restored). */
function readTexture(gl: WebGL2RenderingContext | WebGLRenderingContext, s: { framebuffer: WebGLFramebuffer | null; buffer: Uint8Array; pixels: Uint8Array }, texture: WebGLTexture, width: number, height: number): void {
  const previous = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null
  s.framebuffer ??= gl.createFramebuffer()
  gl.bindFramebuffer(gl.FRAMEBUFFER, s.framebuffer)
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0)
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, s.pixels)
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, null, 0)
  gl.bindFramebuffer(gl.FRAMEBUFFER, previous)
  if (!TEXTURE_ROWS_BOTTOM_UP) return
  // Swap rows through the spare row at the end of the buffer (copyWithin: no views, no allocation).
  const stride = width * 4
  const spare = height * stride
  const b = s.buffer
  for (let top = 0, bottom = height - 1; top < bottom; top++, bottom--) {
    b.copyWithin(spare, top * stride, top * stride + stride)
    b.copyWithin(top * stride, bottom * stride, bottom * stride + stride)
    b.copyWithin(bottom * stride, spare, spare + stride)
  }
}
