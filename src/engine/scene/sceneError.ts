// Input errors: what is wrong and where (a JSON path), never a stack trace. Messages are bounded:
// a value from the file is shown cut (showValue), one issue's message is at most MAX_ISSUE_CHARS,
// and the one-line summary (`message`, what the CLI prints) at most MAX_LINE_CHARS.

export type SceneIssue = { path: string; message: string }

/** The longest one-line summary of an error (the CLI's stderr line is "error: " and this: at most 300). */
export const MAX_LINE_CHARS = 293
/** The longest message kept for one issue. */
export const MAX_ISSUE_CHARS = 300
/** Issues kept per error (the rest are counted). */
const MAX_ISSUES = 100

/** Invalid input (scene, registry, saved ruling, query): one or more issues with their JSON paths. */
export class SceneError extends Error {
  readonly issues: SceneIssue[]
  /** The file the issues are in, when known (named once in `message`). */
  readonly file: string | undefined
  /** Issues beyond those kept in `issues`. */
  readonly moreIssues: number
  constructor(issues: SceneIssue[], file?: string, moreIssues = 0) {
    const kept = issues.slice(0, MAX_ISSUES).map((i) => ({ path: cut(i.path, 120), message: cut(i.message, MAX_ISSUE_CHARS) }))
    const more = moreIssues + Math.max(0, issues.length - MAX_ISSUES)
    super(summaryLine(kept, file, more))
    this.name = 'SceneError'
    this.issues = kept
    this.file = file
    this.moreIssues = more
  }
}

export function sceneError(path: string, message: string): SceneError {
  return new SceneError([{ path, message }])
}

/** The same issues, said to be in `file` (a file named already is kept). */
export function inFile(e: SceneError, file: string): SceneError {
  return e.file ? e : new SceneError(e.issues, file, e.moreIssues)
}

/** "file: path: message; path: message; … (+N more)" in at most MAX_LINE_CHARS characters. */
function summaryLine(issues: readonly SceneIssue[], file: string | undefined, more: number): string {
  const parts = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
  // The file is named once: not again when the first message already names it ("cannot read x.json").
  const head = file && !parts[0]?.includes(file) ? `${cut(file, 80)}: ` : ''
  let line = head + (parts[0] ?? 'invalid input')
  let shown = Math.min(1, parts.length)
  for (let k = 1; k < parts.length && line.length + 2 + parts[k]!.length <= MAX_LINE_CHARS - 24; k++, shown++) line += `; ${parts[k]}`
  const hidden = parts.length - shown + more
  const tail = hidden > 0 ? ` (+${hidden.toLocaleString('en-US')} more problem${hidden > 1 ? 's' : ''})` : ''
  return cut(line, MAX_LINE_CHARS - tail.length) + tail
}

/** A string cut to `max` characters, ending in … when cut. */
export function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`
}

/**
 * A value from a file as a message shows it: strings quoted and cut, numbers as written, objects and
 * arrays by kind only (never serialised whole: a deep or huge value must not break the message).
 */
export function showValue(v: unknown, max = 60): string {
  if (typeof v === 'string') return JSON.stringify(cut(v, max))
  if (typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) return String(v)
  if (Array.isArray(v)) return `an array of ${v.length}`
  if (typeof v === 'object') return 'an object'
  return typeof v
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
