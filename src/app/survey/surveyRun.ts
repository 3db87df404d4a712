// The survey step's machinery, outside React: the survey in the tracking worker (its 'survey' message
// type), frames from the live camera (offered one at a time: the next when the last is answered) or
// from photos, and the picture to tap the table's corners on (the kept view showing the most table
// markers). Progress reaches React at the worker's pace (a few times a second), never per video frame.
import { returnTrackingWorker, takeTrackingWorker } from '../camera/trackingRuntime.ts'
import { createSurveyClient, type CameraIntrinsics, type SurveyClient, type SurveyFrameReply, type SurveyRegistry, type WorkerLike } from '../../tracking/index.ts'

/** A kept view's picture, for tapping the table's corners. */
export type SurveyStill = { viewId: number; image: ImageData; markers: number }

export type SurveyRun = {
  client: SurveyClient
  /** The kept view showing the most table markers (null until one is kept). */
  still: () => SurveyStill | null
  /** Look at one picture (a photo, or a camera frame), keeping it as a still when it is the best view so far. */
  look: (image: ImageData, mode: 'photo' | 'live', label?: string) => Promise<SurveyFrameReply>
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
  const look = async (image: ImageData, mode: 'photo' | 'live', label?: string) => {
    const reply = await client.observe(image, mode, label)
    const { viewId, seen } = reply.observation
    if (viewId !== null && (!best || seen.length > best.markers)) best = { viewId, image, markers: seen.length }
    return reply
  }
  return {
    client,
    still: () => best,
    look,
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
