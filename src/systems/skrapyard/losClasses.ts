// Skrapyard's LoS classes as shown (tabletop-result/1 `sight.display`), and its citation titles.
import { type LosClassDecl, bookOf, titleOfNumberedSection } from '../../engine/index.ts'
import { SKRAPYARD_SECTION_TITLES } from './sectionTitles.ts'

export const LOS_CLASSES = {
  clear: { display: 'clear', reason: 'every part of the target zone is seen', rule: '§13.2.3' },
  'in-cover': { display: 'partial', reason: 'some part of the target zone is hidden: in cover', rule: '§13.11' },
  none: { display: 'blocked', reason: 'no line of sight reaches the target zone', rule: '§13.2.3' },
} as const satisfies Record<string, LosClassDecl>

/** A modifier given with the query (context.modifiers) without a rule is cited "context": the user's, not the book's. */
export const citationTitle = (section: string): string | undefined =>
  section === 'context' ? 'Query › a modifier given in the context (not from the book)' : titleOfNumberedSection(SKRAPYARD_SECTION_TITLES, section, 'Skrapyard')

/** Citations with their titles, for every result this ruleset builds. */
export const book = bookOf(citationTitle)
