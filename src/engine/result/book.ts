// How a ruleset cites its book in a result: every section it names leaves the ruleset with its human
// title beside it (tabletop-result/1 `citation`, `citations`), resolved when the result is built.
// One Book per ruleset (`bookOf(citationTitle)`, module level: a title is a pure function of the
// section) and one per system for the engine's own handlers (`bookOfSystem`).
import type { Citation, Quantity, UniformReason } from '../results.ts'
import type { RuleSystem } from '../ruleSystem.ts'
import { reasonDataOf } from '../reasonData.ts'

/** A ruleset's title for a cited section ("§13.11" → "Shooting › Cover"), undefined when it has none. */
export type CitationTitles = (section: string) => string | undefined

/**
 * A reason before it is cited. Either the message is prose (its quantities become `values` and a
 * `template`, reasonData.ts) or it comes as data: a `template` whose `{name}`s are its `values`.
 */
export type ReasonDraft = { code: string; message: string; rule: string } & ({ template: string; values: Record<string, Quantity> } | { template?: undefined; values?: undefined })

export type Book = {
  /** The section as printed and its human title. */
  citation: (section: string) => Citation
  /** A reason with its citation, and its values with units and template. */
  reason: <D extends ReasonDraft>(draft: D) => D & UniformReason
  /** Any object naming a section in `rule` (a cover call, a modifier, a game hook): with its citation beside it. */
  cite: <T extends { rule: string }>(o: T) => T & { citation: Citation }
  /** A result's `rules` and, beside them, their `citations`. */
  sources: (rules: Iterable<string>) => { rules: string[]; citations: Citation[] }
}

export function bookOf(titleOf: CitationTitles | undefined): Book {
  const titles = new Map<string, string>()
  const citation = (section: string): Citation => {
    let title = titles.get(section)
    if (title === undefined) titles.set(section, (title = titleOf?.(section) ?? section))
    return { section, title }
  }
  return {
    citation,
    reason: (draft) => {
      const data = typeof draft.template === 'string' ? {} : reasonDataOf(draft.message)
      return { ...draft, citation: citation(draft.rule), ...data } as typeof draft & UniformReason
    },
    cite: (o) => ({ ...o, citation: citation(o.rule) }),
    sources: (rules) => {
      const list = [...rules]
      return { rules: list, citations: list.map(citation) }
    },
  }
}

const books = new WeakMap<RuleSystem, Book>()

/** The book of a system (its `citationTitle`), made once: for code shared by several rulesets and the engine's handlers. */
export function bookOfSystem(system: RuleSystem): Book {
  let book = books.get(system)
  if (!book) books.set(system, (book = bookOf(system.citationTitle)))
  return book
}

/**
 * A title for a numbered section ("§13.2.4", "§12.2 (…)") from a book's heading table
 * ("13" → "Shooting", "13.11" → "Cover"): the chapter, then the deepest titled section above it; a
 * paragraph with no title of its own reads "Shooting › §13.2.4"; a whole chapter reads "<book> › Shooting".
 */
export function titleOfNumberedSection(titles: Readonly<Record<string, string>>, section: string, book?: string): string | undefined {
  const m = /§\s*(\d+(?:\.\d+)*)/.exec(section)
  if (!m) return undefined
  const parts = m[1]!.split('.')
  const chapter = titles[parts[0]!]
  if (!chapter) return undefined
  for (let n = parts.length; n > 1; n--) {
    const t = titles[parts.slice(0, n).join('.')]
    if (t) return `${chapter} › ${t}`
  }
  if (parts.length > 1) return `${chapter} › §${m[1]}`
  return book ? `${book} › ${chapter}` : chapter
}
