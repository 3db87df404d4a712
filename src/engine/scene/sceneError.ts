// Input errors: what is wrong and where (a JSON path), never a stack trace.

export type SceneIssue = { path: string; message: string }

/** Invalid input (scene, registry, saved ruling, query): one or more issues with their JSON paths. */
export class SceneError extends Error {
  readonly issues: SceneIssue[]
  constructor(issues: SceneIssue[]) {
    super(issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '))
    this.name = 'SceneError'
    this.issues = issues
  }
}

export function sceneError(path: string, message: string): SceneError {
  return new SceneError([{ path, message }])
}

/** Format a path like ["models", 0, "position", 1] as models[0].position[1]. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`
    else out += out ? `.${String(p)}` : String(p)
  }
  return out
}
