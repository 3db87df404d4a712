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
