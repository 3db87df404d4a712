// One of writeHandheldVideo's render threads: it renders every `workers`-th frame of the video
// (from frame `worker` on) and posts each as its Y4M bytes (with the encoder's header: the writer
// keeps one) and the frame's truth. Frames are independent (each has its own seed and camera plan),
// so the video is the same bytes however many threads render it.
import { parentPort, workerData } from 'node:worker_threads'
import { encodeY4m } from '../../fixtures/tracking/writeY4m.ts'
import { renderHandheldVideo, type HandheldVideo } from './handheldSequence.ts'
import type { TabletopScene } from './tabletopScene.ts'

const { scene, video, worker, workers } = workerData as { scene: TabletopScene; video: HandheldVideo; worker: number; workers: number }
for (const f of renderHandheldVideo(scene, video, (i) => i % workers === worker)) {
  const { render, ...frame } = f
  parentPort!.postMessage({ frame, bytes: encodeY4m([render.frame], video.fps) })
}
