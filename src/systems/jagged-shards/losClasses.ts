// Jagged Shards' LoS classes as shown (tabletop-result/1 `sight.display`), and its citation titles.
import { type LosClassDecl, bookOf, titleOfNumberedSection } from '../../engine/index.ts'
import { JAGGED_SHARDS_SECTION_TITLES } from './sectionTitles.ts'

export const LOS_CLASSES = {
  clear: { display: 'clear', reason: 'the target is in sight and no cover applies', rule: '§9.3' },
  'light-cover': { display: 'partial', reason: 'light cover: part of the target is hidden (§9.3 cover test)', rule: '§9.3, §15.3' },
  'heavy-cover': { display: 'partial', reason: 'heavy cover: the target is behind or inside heavy terrain (a terrain cover class, even when every sight line reaches it)', rule: '§9.3, §15.3' },
  blocked: { display: 'blocked', reason: 'the target is fully hidden by Obscuring terrain', rule: '§15.2' },
} as const satisfies Record<string, LosClassDecl>

export const citationTitle = (section: string): string | undefined => titleOfNumberedSection(JAGGED_SHARDS_SECTION_TITLES, section, 'Jagged Shards')

/** Citations with their titles, for every result this ruleset builds. */
export const book = bookOf(citationTitle)
