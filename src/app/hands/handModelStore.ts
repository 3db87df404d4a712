// Where the hand model comes from: the bundle this project builds (models/hand_landmarker.task,
// served by the app), an official hand_landmarker.task the user picks (kept in IndexedDB, so it is
// there next time), or a URL the user sets (same origin or any server they trust; fetched when hands
// start). Every source is checked to be a MediaPipe hand bundle before it reaches the worker.
import { openDB } from 'idb'

export type HandModelChoice = { kind: 'bundled' } | { kind: 'file' } | { kind: 'url'; url: string }
export type HandModel = { bytes: ArrayBuffer; source: string }

const DB = 'tabletop-hands'
const STORE = 'models'
const KEY = 'hand_landmarker.task'
const CHOICE_KEY = 'tabletop.handModel'

const db = () => openDB(DB, 1, { upgrade: (d) => { d.createObjectStore(STORE) } })

/** Null when `bytes` is a stored zip holding the two hand models; else what is wrong, as a sentence. */
export function checkHandModelBundle(bytes: ArrayBuffer, name: string): string | null {
  const b = new Uint8Array(bytes)
  if (b.length < 30 || b[0] !== 0x50 || b[1] !== 0x4b || b[2] !== 3 || b[3] !== 4) return `${name} is not a hand_landmarker.task (not a zip archive)`
  const text = new TextDecoder('latin1').decode(b.length > 4096 ? b.subarray(0, 4096) : b) + new TextDecoder('latin1').decode(b.subarray(Math.max(0, b.length - 4096)))
  for (const f of ['hand_detector.tflite', 'hand_landmarks_detector.tflite']) {
    if (!text.includes(f)) return `${name} is not a hand_landmarker.task (it has no ${f})`
  }
  return null
}

export async function storeHandModelFile(file: Blob & { name?: string }): Promise<string> {
  const bytes = await file.arrayBuffer()
  const name = file.name ?? 'hand_landmarker.task'
  const problem = checkHandModelBundle(bytes, name)
  if (problem) throw new Error(problem)
  await (await db()).put(STORE, { name, bytes }, KEY)
  return name
}

export async function storedHandModel(): Promise<{ name: string; bytes: ArrayBuffer } | null> {
  return ((await (await db()).get(STORE, KEY)) as { name: string; bytes: ArrayBuffer } | undefined) ?? null
}

export async function forgetStoredHandModel(): Promise<void> {
  await (await db()).delete(STORE, KEY)
}

export function loadHandModelChoice(): HandModelChoice {
  try {
    const c = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as HandModelChoice | null
    if (c && (c.kind === 'bundled' || c.kind === 'file' || (c.kind === 'url' && typeof c.url === 'string'))) return c
  } catch { /* a damaged setting falls back to the bundled model */ }
  return { kind: 'bundled' }
}

export function saveHandModelChoice(c: HandModelChoice): void {
  localStorage.setItem(CHOICE_KEY, JSON.stringify(c))
}

/** The model bytes for a choice; throws an Error with a sentence naming the source when it cannot be had. */
export async function loadHandModel(choice: HandModelChoice, bundledUrl: string): Promise<HandModel> {
  let bytes: ArrayBuffer, source: string
  if (choice.kind === 'file') {
    const stored = await storedHandModel()
    if (!stored) throw new Error('No hand model file is stored in this browser: pick a hand_landmarker.task first.')
    bytes = stored.bytes
    source = `file ${stored.name}`
  } else {
    const url = choice.kind === 'url' ? choice.url : bundledUrl
    source = choice.kind === 'url' ? `URL ${url}` : 'bundled (built from @mediapipe/hands)'
    let res: Response
    try {
      res = await fetch(url)
    } catch (e) {
      throw new Error(`The hand model at ${url} could not be fetched: ${e instanceof Error ? e.message : String(e)}`)
    }
    if (!res.ok) throw new Error(`The hand model at ${url} could not be fetched: HTTP ${res.status}`)
    bytes = await res.arrayBuffer()
  }
  const problem = checkHandModelBundle(bytes, source)
  if (problem) throw new Error(problem)
  return { bytes, source }
}
