// Cadence's LoS classes as shown (tabletop-result/1 `sight.display`), and the site's citation titles
// ("core-rules/advanced-rules.html#keyword-cover" → "Advanced Rules › Keyword: Cover").
import type { LosClassDecl } from '../../engine/index.ts'
import { LOS_RULE } from './lineOfSight.ts'
import { CADENCE_SECTION_TITLES } from './sectionTitles.ts'

export const LOS_CLASSES = {
  clear: { display: 'clear', reason: 'at least half the target models are fully visible', rule: LOS_RULE },
  obscured: { display: 'partial', reason: 'some target models are seen, but more than half are at least partly covered', rule: LOS_RULE },
  // "blocked" also covers targets every sight line reaches: a model partly hidden by another unit, or the friendly screen.
  blocked: { display: 'blocked', reason: 'no target model is seen, a target model is partly hidden by another unit, or the target is screened by a friendly unit', rule: LOS_RULE },
} as const satisfies Record<string, LosClassDecl>

const pages = CADENCE_SECTION_TITLES.pages as Readonly<Record<string, string>>
const anchors = CADENCE_SECTION_TITLES.anchors as Readonly<Record<string, string>>

export function citationTitle(section: string): string | undefined {
  const m = /^((?:[\w-]+\/)+[\w-]+\.html)(#[\w-]+)?/.exec(section.trim())
  if (!m) return undefined
  const page = pages[m[1]!]
  const anchor = m[2] ? anchors[m[1]! + m[2]] : undefined
  if (page && anchor) return `${page} › ${anchor}`
  if (!page) return anchor
  // A whole page reads inside its game ("Squadrons › Building a Squadron"); a page titled like its game by its file name.
  const game = pages[`${m[1]!.split('/')[0]}/index.html`]
  if (!game) return page
  const name = page === game ? m[1]!.split('/').pop()!.replace('.html', '').replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) : page
  return `${game} › ${name}`
}
