// The survey step's machinery, outside React: the survey in the tracking worker (its 'survey' message
// type), frames from the live camera (offered one at a time: the next when the last is answered) or
// from photos, and the picture to tap the table's corners on (the kept view showing the most table
// markers). Progress reaches React at the worker's pace (a few times a second), never per video frame.
import { returnTrackingWorker, takeTrackingWorker } from '../camera/trackingRuntime.ts'
import { createSurveyClient, type CameraIntrinsics, type SurveyClient, type SurveyFrameReply, type SurveyRegistry, type WorkerLike } from '../../tracking/index.ts'

/** A kept view's picture, for tapping the table's corners. */
export type SurveyStill = { viewId: number; image: ImageData; markers: number }

/** Width of a kept view's thumbnail, CSS px: how the survey names a view to the player ("view 5" says nothing). */
const THUMB_W = 160

export type SurveyRun = {
  client: SurveyClient
  /** The kept view showing the most table markers (null until one is kept). */
  still: () => SurveyStill | null
  /** Look at one picture (a photo, or a camera frame), keeping it as a still when it is the best view so far. */
  look: (image: ImageData, mode: 'photo' | 'live', label?: string) => Promise<SurveyFrameReply>
  /** Each kept view's thumbnail (a JPEG data URL), by view id. */
  thumbnails: () => ReadonlyMap<number, string>
  /** Pump a playing video into the survey until stopped; `onReply` after each frame looked at. */
  pump: (video: HTMLVideoElement, onReply: (r: SurveyFrameReply) => void, onError: (message: string) => void) => () => void
  dispose: () => void
}

export async function startSurveyRun(registry: SurveyRegistry, calibration: CameraIntrinsics | null): Promise<SurveyRun> {
  // The tracking worker (the survey is one of its jobs): the camera mode's warm one, its OpenCV loading
  // since the mode opened; given back when the survey ends, so tracking starts without loading it again.
  const worker = takeTrackingWorker()
  const client = createSurveyClient(worker as unknown as WorkerLike, registry, calibration)
  await client.ready
  let best: SurveyStill | null = null
  const thumbs = new Map<number, string>()
  const full = document.createElement('canvas')
  const small = document.createElement('canvas')
  const thumbnailOf = (image: ImageData): string => {
    full.width = image.width
    full.height = image.height
    full.getContext('2d')!.putImageData(image, 0, 0)
    small.width = THUMB_W
    small.height = Math.max(1, Math.round((THUMB_W * image.height) / image.width))
    small.getContext('2d')!.drawImage(full, 0, 0, small.width, small.height)
    return small.toDataURL('image/jpeg', 0.7)
  }
  const look = async (image: ImageData, mode: 'photo' | 'live', label?: string) => {
    const reply = await client.observe(image, mode, label)
    const { viewId, seen } = reply.observation
    if (viewId !== null) {
      // A kept view (at the worker's pace, only when a view is new): its thumbnail names it to the player.
      thumbs.set(viewId, thumbnailOf(image))
      if (!best || seen.length > best.markers) best = { viewId, image, markers: seen.length }
    }
    return reply
  }
  return {
    client,
    still: () => best,
    look,
    thumbnails: () => thumbs,
    pump: (video, onReply, onError) => {
      let stopped = false
      const canvas = document.createElement('canvas')
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!
      const next = () => {
        if (stopped) return
        if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(tick)
        else requestAnimationFrame(tick)
      }
      const tick = () => {
        if (stopped) return
        if (client.busy() || video.readyState < 2 || video.videoWidth === 0) return next()
        canvas.width = video.videoWidth
        canvas.height = video.videoHeight
        ctx.drawImage(video, 0, 0)
        look(ctx.getImageData(0, 0, canvas.width, canvas.height), 'live').then(onReply, (e: unknown) => onError(e instanceof Error ? e.message : String(e))).finally(next)
      }
      next()
      return () => { stopped = true }
    },
    dispose: () => {
      client.stop()
      returnTrackingWorker(worker)
    },
  }
}

/** A photo file as RGBA pixels (a clear error for a file the browser cannot read as an image). */
export async function decodePhoto(file: File): Promise<ImageData> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new Error(`${file.name} is not an image this browser can read (try a JPEG or PNG)`)
  }
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  return ctx.getImageData(0, 0, canvas.width, canvas.height)
}
