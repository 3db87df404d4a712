// What a player sees of one ruling, and the ways it could contradict itself (issue 24): a blocked
// sight beside a cover level or a chance where no attack is allowed, a chip or a matrix line that
// disagrees with the card, a class overriding the geometry with no reason given, a model shown by
// its id. Used by the Node check over every scene (test/app/verdictContradictions.test.tsx) and by
// the browser check of every game's demo (test/e2e/viewFirst.test.ts).

export type ShownRuling = {
  where: string
  /** The strip's sight badge class (data-los), and whether the strip gave the reason (`because`). */
  strip: { display: string | null; because: boolean; coverText: string; chanceText: string | null; allowed: boolean | null }
  /** The engine's own view: the class overrides the geometry; the chance it computed. */
  engine: { overridesGeometry: boolean; hit: number | null }
  /** The target button's chip class (data-los). */
  chip: string | null
  /** The matrix line's counts by display class. */
  matrix: { clear: number; partial: number; blocked: number } | null
  /** Every text the card shows (title, reasons, because…), and the model ids on the table with their shown names. */
  texts: string[]
  names: Record<string, string>
  /**
   * Each model's own name as its scene or profile gives it, found independently of the app (null:
   * the model has none, so its id is all there is to show).
   */
  own: Record<string, string | null>
}

const WORD = (id: string) => new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`)
const ENGLISH = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'he', 'i', 'if', 'in', 'is', 'it', 'its', 'no', 'not', 'of', 'on', 'or', 'so', 'the', 'to', 'up', 'we'])
const percent = (t: string | null): number | null => {
  const m = t?.match(/(\d+(?:\.\d+)?)%/)
  return m ? Number(m[1]) : null
}

const withoutNames = (t: string, names: Record<string, string>) => Object.values(names).sort((a, b) => b.length - a.length).reduce((acc, n) => acc.split(n).join(' '), t)

export function contradictions(r: ShownRuling): string[] {
  const out: string[] = []
  const s = r.strip
  const noShot = s.display === 'blocked' && s.allowed !== true
  if (noShot && !/^—/.test(s.coverText)) out.push(`${r.where}: blocked, no attack, but cover shows "${s.coverText}"`)
  if (s.allowed === false && s.chanceText !== null && (percent(s.chanceText) ?? 0) > 0) out.push(`${r.where}: not allowed, but the chance shows "${s.chanceText}"`)
  if (noShot && s.chanceText !== null && !/^—/.test(s.chanceText)) out.push(`${r.where}: blocked, no attack, but a chance is quoted: "${s.chanceText}"`)
  if (s.allowed === false && r.engine.hit !== null && r.engine.hit > 0) out.push(`${r.where}: the engine refuses the attack but gives it a ${r.engine.hit} chance`)
  if (r.chip !== null && s.display !== null && r.chip !== s.display) out.push(`${r.where}: the target's chip says ${r.chip}, the card ${s.display}`)
  if (r.matrix && s.display && (s.display === 'clear' || s.display === 'partial' || s.display === 'blocked') && r.matrix[s.display] < 1) out.push(`${r.where}: the matrix line counts no ${s.display} line beside a ${s.display} pick`)
  if (r.engine.overridesGeometry && !s.because) out.push(`${r.where}: the game's class overrides the geometry but the strip gives no reason`)
  for (const [id, name] of Object.entries(r.names)) {
    const own = r.own[id] ?? null
    if (own !== null && (name === id || !name.toLowerCase().startsWith(own.toLowerCase()))) out.push(`${r.where}: model ${id} is shown as "${name}", not by its name "${own}"`)
    // (shown names are taken out first: a name may contain an id, "Buggy" and buggy are told apart by case)
    else if (name !== id && !ENGLISH.has(id.toLowerCase())) for (const t of r.texts) if (WORD(id).test(withoutNames(t, r.names))) out.push(`${r.where}: "${t}" names model ${id} by its id`)
  }
  const shownNames = Object.values(r.names)
  if (new Set(shownNames).size !== shownNames.length) out.push(`${r.where}: two models share a shown name (${shownNames.join(', ')})`)
  return out
}

/**
 * The figures a pick's strip shows beside the engine's own (read from the result's contract fields, not
 * through the app's readers): which cells are there, the chance and the range as printed, in inches.
 */
export type ShownFigures = {
  where: string
  /** The strip's cells and badge, as rendered (null: not in the markup). */
  shown: { verdict: string | null; badge: string | null; cover: string | null; chance: string | null; range: string | null; margin: string | null }
  /** The engine's result: `allowed`, the sight block, `probability.hit`/`effect`, `distance.mm` and the deciding margin. */
  engine: { allowed: boolean | null; sight: boolean; hit: number | null; effect: number | null; distanceMm: number | null; thresholdMm: number | null; marginMm: number | null }
}

const MM_PER_INCH = 25.4
/** The chance as printed ("45.2%", "under 0.1%", "over 99.9%") holds the engine's p: to its printed precision. */
function chanceHolds(text: string, p: number): boolean {
  if (/^under 0\.1%/.test(text)) return p > 0 && p < 0.001
  if (/^over 99\.9%/.test(text)) return p > 0.999 && p < 1
  // printed to 0.1 % ("36%" is 36.0 %: the tenth is left off only when it is 0)
  const m = /^(\d+(?:\.\d)?)%/.exec(text)
  return m !== null && Math.abs(Number(m[1]) - 100 * p) <= 0.05 + 1e-9
}
/** A length in inches as printed ("12.3″", "0.45″") holds the engine's mm: to its printed precision. */
function inchesHold(text: string, mm: number): boolean {
  const m = /^(\d+)\.(\d+)″$/.exec(text)
  if (!m) return false
  return Math.abs(Number(`${m[1]}.${m[2]}`) - mm / MM_PER_INCH) <= 0.5 * 10 ** -m[2]!.length + 1e-9
}

/** Cells the pick needs that are not shown (or shown without the engine having them), and figures that differ from the engine's. */
export function figureContradictions(r: ShownFigures): string[] {
  const out: string[] = []
  const { shown: s, engine: e } = r
  const need = (what: string, present: boolean, engineHas: boolean) => {
    if (engineHas && !present) out.push(`${r.where}: the engine gives ${what}, the strip shows none`)
    if (!engineHas && present) out.push(`${r.where}: the strip shows ${what} the engine does not give`)
  }
  need('a verdict', s.verdict !== null, e.allowed !== null)
  need('a sight class', s.badge !== null, e.sight)
  need('a distance', s.range !== null, e.distanceMm !== null)
  need('a chance (or its "—")', s.chance !== null, e.hit !== null)
  if (s.cover === null) out.push(`${r.where}: the strip has no cover cell`)
  if (s.verdict !== null && e.allowed !== null && (s.verdict === 'Allowed') !== e.allowed) out.push(`${r.where}: the strip says "${s.verdict}", the engine allowed = ${e.allowed}`)
  if (s.chance !== null && e.hit !== null && e.allowed !== false) {
    const [hitText, effectText] = [s.chance.replace(/ to hit.*$/, ''), /(\S+%|under 0\.1%|over 99\.9%) effect/.exec(s.chance)?.[1] ?? '']
    if (!chanceHolds(hitText, e.hit)) out.push(`${r.where}: the strip shows "${hitText}" to hit, the engine ${e.hit}`)
    if (e.effect !== null && !chanceHolds(effectText, e.effect)) out.push(`${r.where}: the strip shows "${effectText}" effect, the engine ${e.effect}`)
  }
  if (s.range !== null && e.distanceMm !== null) {
    const [distance, of] = s.range.split(' of ')
    if (!inchesHold(distance!, e.distanceMm)) out.push(`${r.where}: the strip shows ${distance} distance, the engine ${e.distanceMm} mm`)
    if ((of !== undefined) !== (e.thresholdMm !== null) || (of !== undefined && !inchesHold(of, e.thresholdMm!))) out.push(`${r.where}: the strip shows the range as "${of ?? '(none)'}", the engine's threshold ${e.thresholdMm} mm`)
    const m = s.margin === null ? null : /^(in|out) by (\S+″)/.exec(s.margin)
    if ((m !== null) !== (e.marginMm !== null)) out.push(`${r.where}: the strip's margin "${s.margin}" beside the engine's ${e.marginMm} mm`)
    else if (m && e.marginMm !== null && ((m[1] === 'in') !== (e.marginMm >= 0) || !inchesHold(m[2]!, Math.abs(e.marginMm)))) out.push(`${r.where}: the strip shows "${s.margin}", the engine's margin ${e.marginMm} mm`)
  }
  return out
}
