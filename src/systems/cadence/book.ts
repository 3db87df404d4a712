// How Cadence results cite the rules site: the site's page and anchor titles ("core-rules/advanced-rules.html
// #keyword-cover" → "Advanced Rules › Keyword: Cover"), for the core and every game built on it.
import { bookOf } from '../../engine/index.ts'
import { CADENCE_SECTION_TITLES } from './sectionTitles.ts'

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
  const dir = m[1]!.split('/')[0]
  const game = pages[`${dir}/index.html`] ?? pages[`${dir}/introduction.html`]
  if (!game) return page
  const name = page === game ? m[1]!.split('/').pop()!.replace('.html', '').replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) : page
  return `${game} › ${name}`
}

/** Citations with their titles, for every result the core and its games build. */
export const book = bookOf(citationTitle)
