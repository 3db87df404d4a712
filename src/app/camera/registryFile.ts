// The files a camera mode needs: the marker registry (tabletop-markers/1: which marker is on which
// model) and, optionally, the camera's calibration (tabletop-camera/1). Each is validated by the
// tracking layer and kept across reloads (localStorage); a bad file is refused with its problems and
// the one in force stays.
import { SceneError } from '../../engine/index.ts'
import { type CameraIntrinsics, parseIntrinsics, parseRegistry } from '../../tracking/index.ts'
import { useApp } from '../state/appStore.ts'
import { readFileText } from '../actions/download.ts'

/** The subject of the messages asking for a registry (they go when one is loaded). */
export const NEED_REGISTRY = 'need-registry'
export const NEED_REGISTRY_TEXT = 'Load the marker registry of your table first: it says which marker is on which model.'

type Kind<T> = { key: string; what: string; parse: (raw: unknown) => T; apply: (value: { name: string; value: T } | null) => void; summary: (value: T) => string }

const REGISTRY: Kind<ReturnType<typeof parseRegistry>> = {
  key: 'tabletop-ar/marker-registry',
  what: 'marker registry (tabletop-markers/1)',
  parse: parseRegistry,
  apply: (v) => {
    useApp.getState().setRegistry(v ? { name: v.name, registry: v.value } : null)
    // "Load the marker registry of your table first" is settled.
    if (v) useApp.getState().settle(NEED_REGISTRY)
  },
  summary: (r) => `${r.markers.length} markers`,
}

const CALIBRATION: Kind<CameraIntrinsics> = {
  key: 'tabletop-ar/camera-calibration',
  what: 'camera calibration (tabletop-camera/1)',
  parse: parseIntrinsics,
  apply: (v) => useApp.getState().setCalibration(v ? { name: v.name, intrinsics: v.value } : null),
  summary: (k) => `${k.width}×${k.height}, f ${k.fx.toFixed(0)} px`,
}

function restore<T>(kind: Kind<T>): void {
  try {
    const text = localStorage.getItem(kind.key)
    if (!text) return
    const { name, value } = JSON.parse(text) as { name: string; value: unknown }
    kind.apply({ name, value: kind.parse(value) })
  } catch {
    localStorage.removeItem(kind.key)
  }
}

async function load<T>(kind: Kind<T>, file: File): Promise<boolean> {
  const { notify } = useApp.getState()
  let raw: unknown
  try {
    raw = JSON.parse(await readFileText(file))
  } catch (e) {
    notify({ level: 'error', text: `${file.name} is not valid JSON, so it cannot be a ${kind.what}. Nothing changed.`, details: [e instanceof Error ? e.message : String(e)] })
    return false
  }
  try {
    const value = kind.parse(raw)
    kind.apply({ name: file.name, value })
    try {
      localStorage.setItem(kind.key, JSON.stringify({ name: file.name, value }))
    } catch {
      // Not kept across reloads; it still works now.
    }
    notify({ level: 'info', text: `${file.name}: ${kind.summary(value)}.` })
    return true
  } catch (e) {
    const details = e instanceof SceneError ? e.issues.slice(0, 8).map((i) => `${i.path || '(file)'}: ${i.message}`) : [String(e)]
    notify({ level: 'error', text: `${file.name} is not a valid ${kind.what}. Nothing changed.`, details })
    return false
  }
}

/** Bring back the registry and calibration of the last session (the camera modes call this when they open). */
export function restoreTrackingFiles(): void {
  const s = useApp.getState()
  if (!s.registry) restore(REGISTRY)
  if (!s.calibration) restore(CALIBRATION)
}

export const loadRegistryFile = (file: File) => load(REGISTRY, file)

/** Put a registry in force and keep it across reloads (the table survey's completed registry). */
export function keepRegistry(name: string, registry: ReturnType<typeof parseRegistry>): void {
  REGISTRY.apply({ name, value: registry })
  try {
    localStorage.setItem(REGISTRY.key, JSON.stringify({ name, value: registry }))
  } catch {
    // Not kept across reloads; it is in force now.
  }
}
export const loadCalibrationFile = (file: File) => load(CALIBRATION, file)

/** Put a registry made in the app (a saved table's, or one just taught a marker) in force, kept across reloads as a loaded file is. */
export function putRegistryInForce(name: string, registry: ReturnType<typeof parseRegistry>): void {
  REGISTRY.apply({ name, value: registry })
  try {
    localStorage.setItem(REGISTRY.key, JSON.stringify({ name, value: registry }))
  } catch {
    // Not kept across reloads; it still works now.
  }
}
