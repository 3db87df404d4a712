// Narrative Skirmish's LoS classes as shown (tabletop-result/1 `sight.display`), and its citation titles.
import { type LosClassDecl, bookOf } from '../../engine/index.ts'
import { SECTION } from './catalogue.ts'

export const LOS_CLASSES = {
  clear: { display: 'clear', reason: 'the target is in sight and not in cover', rule: SECTION.cover },
  cover: { display: 'partial', reason: 'the target is in cover (the coverTest option decides how much must be hidden): +1 to its Defence', rule: SECTION.cover },
  blocked: { display: 'blocked', reason: 'no sight line reaches the target', rule: SECTION.combatRanged },
} as const satisfies Record<string, LosClassDecl>

/** The book's headings are its citations: "Combat > Cover (note)" reads "Combat › Cover"; a top heading "Skirmish › Models". */
export function citationTitle(section: string): string | undefined {
  const head = section.replace(/\s*\(.*$/, '').trim()
  if (!head) return undefined
  const parts = head.split(/\s*>\s*/)
  return (parts.length === 1 ? ['Skirmish', ...parts] : parts).join(' › ')
}

/** Citations with their titles, for every result this ruleset builds. */
export const book = bookOf(citationTitle)
