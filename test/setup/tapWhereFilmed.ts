// Tapping a model where the video shows it, by the renderer's truth, never where the app says it drew
// it: a misaligned overlay (a model tracked or drawn off its place) then misses, as a player's tap would.
// Which frame of the looping video is on screen is found by its picture: the displayed frame, read back
// from the page small and in grey, is matched against every frame of the Y4M file; the truth gives where
// each model's figure is in that frame (its axis at mid-height). The camera track is the file's frames
// cropped about their centre to the track's aspect and scaled (Chromium's crop-and-scale to the app's
// constraints; a wrong guess matches no frame and fails), and CSS's object-fit and object-position place
// that video pixel on the screen. A frame where the model is out of the picture, or under the card,
// or while the phone moves, is waited out (the phone comes back to the ruling view, held still, each
// loop: a player taps then); cropped away or covered in every
// view, the player shows the whole picture first (a counted tap).
import { closeSync, openSync, readSync } from 'node:fs'
import type { Page } from 'playwright-core'

/** The part of a W × H frame a track of aspect `trackW` : `trackH` keeps (centred), and its scale to the track. */
export function trackCrop(W: number, H: number, trackW: number, trackH: number): { x: number; y: number; w: number; h: number; scale: number } {
  const aspect = trackW / trackH
  const [w, h] = W / H > aspect ? [H * aspect, H] : [W, W / aspect]
  return { x: (W - w) / 2, y: (H - h) / 2, w, h, scale: trackW / w }
}

/** Thumbnails of a Y4M's frames, of the region `crop` (luma, box-averaged to `w` × `h`, standardised: mean 0, variance 1). */
export function y4mThumbnails(path: string, w: number, h: number, crop?: (W: number, H: number) => { x: number; y: number; w: number; h: number }): Float32Array[] {
  const fd = openSync(path, 'r')
  try {
    const head = Buffer.alloc(256)
    readSync(fd, head, 0, 256, 0)
    const line = head.toString('latin1', 0, head.indexOf(10))
    const W = Number(/ W(\d+)/.exec(line)![1]), H = Number(/ H(\d+)/.exec(line)![1])
    if (!/ C420/.test(line)) throw new Error(`${path}: expected a 4:2:0 Y4M, got "${line}"`)
    const r = crop?.(W, H) ?? { x: 0, y: 0, w: W, h: H }
    const frameBytes = 6 + W * H * 1.5
    const luma = Buffer.alloc(W * H)
    const out: Float32Array[] = []
    const colOf = Int32Array.from({ length: W }, (_, x) => (x < r.x || x >= r.x + r.w ? -1 : Math.min(w - 1, Math.floor(((x - r.x) * w) / r.w))))
    const rowOf = Int32Array.from({ length: H }, (_, y) => (y < r.y || y >= r.y + r.h ? -1 : Math.min(h - 1, Math.floor(((y - r.y) * h) / r.h))))
    for (let at = line.length + 1; ; at += frameBytes) {
      if (readSync(fd, luma, 0, W * H, at + 6) < W * H) break
      const t = new Float32Array(w * h)
      for (let y = 0; y < H; y++) {
        if (rowOf[y]! < 0) continue
        const row = rowOf[y]! * w
        for (let x = 0; x < W; x++) if (colOf[x]! >= 0) t[row + colOf[x]!]! += luma[y * W + x]!
      }
      out.push(standardised(t))
    }
    return out
  } finally {
    closeSync(fd)
  }
}

function standardised(t: Float32Array): Float32Array {
  let mean = 0
  for (const v of t) mean += v
  mean /= t.length
  let sq = 0
  for (const v of t) sq += (v - mean) ** 2
  const sd = Math.sqrt(sq / t.length) || 1
  return t.map((v) => (v - mean) / sd)
}

/** What the page shows of the camera's video now: a grey thumbnail, and how CSS places the video in its box. */
type OnScreen = { thumb: number[]; videoW: number; videoH: number; box: { x: number; y: number; w: number; h: number }; fit: string; position: string }

async function onScreen(page: Page, w: number, h: number): Promise<OnScreen> {
  return page.evaluate(([w, h]) => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="camera-image"] video')
    if (!v || v.videoWidth === 0) throw new Error('no camera video on screen')
    const c = document.createElement('canvas')
    c.width = w
    c.height = h
    const g = c.getContext('2d', { willReadFrequently: true })!
    g.imageSmoothingQuality = 'high'
    g.drawImage(v, 0, 0, w, h)
    const d = g.getImageData(0, 0, w, h).data
    const thumb: number[] = []
    for (let i = 0; i < d.length; i += 4) thumb.push(0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!)
    const r = v.getBoundingClientRect()
    const s = getComputedStyle(v)
    return { thumb, videoW: v.videoWidth, videoH: v.videoHeight, box: { x: r.left, y: r.top, w: r.width, h: r.height }, fit: s.objectFit, position: s.objectPosition }
  }, [w, h] as const)
}

/** A video pixel (image px, pixel centres at integers) where CSS puts it on the screen (object-fit cover or contain, object-position in % or px). */
export function screenOfVideoPixel(s: Pick<OnScreen, 'videoW' | 'videoH' | 'box' | 'fit' | 'position'>, u: number, v: number): { x: number; y: number } {
  const scale = (s.fit === 'cover' ? Math.max : Math.min)(s.box.w / s.videoW, s.box.h / s.videoH)
  const [dw, dh] = [s.videoW * scale, s.videoH * scale]
  const [px, py] = s.position.split(/\s+/)
  const offset = (p: string | undefined, free: number) => (p === undefined ? free / 2 : p.endsWith('%') ? (free * Number(p.slice(0, -1))) / 100 : Number(p.replace(/px$/, '')))
  return { x: s.box.x + offset(px, s.box.w - dw) + (u + 0.5) * scale, y: s.box.y + offset(py, s.box.h - dh) + (v + 0.5) * scale }
}

/** The video and its truth; `steadyS`: the spans of each loop (seconds) where the phone is held still, the only ones a player taps in. */
export type FilmedVideo = { path: string; fps: number; width: number; height: number; modelPx: ReadonlyArray<Record<string, [number, number] | null>>; steadyS: ReadonlyArray<readonly [number, number]> }

const THUMB_W = 96
const thumbCache = new Map<string, Float32Array[]>()

/** The frame of `video` on screen now, and where model `id` is in the track's pixels then (null: not in that frame). */
async function filmedNow(page: Page, video: FilmedVideo, id: string): Promise<{ now: Awaited<ReturnType<typeof onScreen>>; frame: number; px: readonly [number, number] | null }> {
  const size = await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="camera-image"] video')
    return v ? [v.videoWidth, v.videoHeight] : [0, 0]
  })
  if (!size[0] || !size[1]) throw new Error('no camera video on screen')
  const crop = trackCrop(video.width, video.height, size[0], size[1])
  const thumbH = Math.max(8, Math.round((THUMB_W * size[1]) / size[0]))
  const key = `${video.path} ${size.join('x')}`
  if (!thumbCache.has(key)) thumbCache.set(key, y4mThumbnails(video.path, THUMB_W, thumbH, () => crop))
  const thumbs = thumbCache.get(key)!
  const now = await onScreen(page, THUMB_W, thumbH)
  const seen = standardised(Float32Array.from(now.thumb))
  let frame = -1, best = Infinity
  thumbs.forEach((t, i) => {
    let d = 0
    for (let k = 0; k < t.length; k++) d += (t[k]! - seen[k]!) ** 2
    if (d < best) { best = d; frame = i }
  })
  // a correlation of 1 − d / (2n): the frame on screen must be one of the file's
  const correlation = 1 - best / (2 * seen.length)
  if (correlation < 0.9) throw new Error(`the picture on screen (${now.videoW}×${now.videoH}, taken as the centre ${Math.round(crop.w)}×${Math.round(crop.h)} of the file's ${video.width}×${video.height} frames) matches no frame of ${video.path} (best correlation ${correlation.toFixed(3)})`)
  const filmed = video.modelPx[frame]?.[id]
  const px = filmed ? [(filmed[0] - crop.x) * crop.scale, (filmed[1] - crop.y) * crop.scale] as const : null
  return { now, frame, px }
}

/**
 * Where the models `ids` are on screen now, as the renderer's truth puts them in the frame on screen:
 * each with whether it is inside the shown picture and free (the picture's canvas is what is under it,
 * not the card or the controls).
 */
export async function filmedOnScreen(page: Page, video: FilmedVideo, ids: readonly string[]): Promise<{ id: string; frame: number; shown: boolean; free: boolean; over: string }[]> {
  const out: { id: string; frame: number; shown: boolean; free: boolean; over: string }[] = []
  for (const id of ids) {
    const { now, frame, px } = await filmedNow(page, video, id)
    const inImage = px !== null && px[0] >= 0 && px[1] >= 0 && px[0] < now.videoW && px[1] < now.videoH
    if (!inImage) { out.push({ id, frame, shown: false, free: false, over: 'out of the picture' }); continue }
    const at = screenOfVideoPixel(now, px[0], px[1])
    const seen = await page.evaluate(({ x, y }) => {
      const el = document.elementFromPoint(x, y)
      return { free: el?.tagName === 'CANVAS' && el.closest('[data-testid="camera-image"]') !== null, over: el ? `${el.tagName.toLowerCase()}.${String(el.className)}` : 'off the screen' }
    }, at)
    out.push({ id, frame, shown: at.x >= 0 && at.y >= 0, free: seen.free, over: seen.over })
  }
  return out
}

/**
 * Tap model `id` where the video on screen shows it. Returns the player's taps made before it (0, or 1
 * for the whole picture) and the frame it was tapped in. Throws when no frame of the loop shows it free.
 */
export async function tapWhereFilmed(page: Page, video: FilmedVideo, id: string, opts: { timeoutMs?: number } = {}): Promise<{ extraTaps: number; frame: number; why?: string }> {
  const until = Date.now() + (opts.timeoutMs ?? 60_000)
  let extraTaps = 0
  let why: string | undefined
  let blocked = 0
  for (;;) {
    const { now, frame, px } = await filmedNow(page, video, id)
    const steady = video.steadyS.some(([a, b]) => frame / video.fps >= a && frame / video.fps <= b)
    const inImage = steady && px !== null && px[0] >= 0 && px[1] >= 0 && px[0] < now.videoW && px[1] < now.videoH
    if (inImage) {
      const at = screenOfVideoPixel(now, px[0], px[1])
      const free = await page.evaluate(({ x, y }) => {
        const el = document.elementFromPoint(x, y)
        return { free: el?.tagName === 'CANVAS' && el.closest('[data-testid="camera-image"]') !== null, over: el ? `${el.tagName.toLowerCase()}.${String(el.className)}` : 'off the screen' }
      }, at)
      if (free.free) {
        await page.mouse.click(at.x, at.y)
        return { extraTaps, frame, ...(why ? { why } : {}) }
      }
      why = `${id} filmed at track px ${px.map((v) => Math.round(v)).join(', ')} (frame ${frame}), on screen at ${Math.round(at.x)}, ${Math.round(at.y)}: under ${free.over}`
      // covered in the ruling view for a while (a message stepping aside goes by itself): a player shows the whole picture (once)
      if (++blocked >= 12 && extraTaps === 0 && (await page.getByTestId('fit-toggle').count()) > 0) {
        extraTaps++
        await page.getByTestId('fit-toggle').click()
        await page.waitForTimeout(400)
        continue
      }
    }
    if (Date.now() > until) throw new Error(`no steady frame showed ${id} free to tap within ${opts.timeoutMs ?? 60_000} ms (last: ${why ?? `frame ${frame}, ${steady ? 'out of the picture' : 'the phone moving'}`})`)
    await page.waitForTimeout(150)
  }
}
