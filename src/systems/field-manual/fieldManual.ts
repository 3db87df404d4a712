// The field manual shared by Operator Tactics and Iron Line (one book, two games): how its sections are
// cited and titled. Both games import it from here; neither imports the other (test/architecture.test.ts).
import { bookOf } from '../../engine/index.ts'
import { FIELD_MANUAL_SECTION_TITLES } from './sectionTitles.ts'

const headings = FIELD_MANUAL_SECTION_TITLES.headings as ReadonlyArray<readonly [number, string]>

/**
 * "§16 L1475 (…)" → "Movement, Shooting, Combat, Terrain › Shooting": the chapter, then the heading above
 * that line; a cited table row or named bullet ("§23 L2040" → "Keyword Glossary › Cover") inside its
 * heading; a whole chapter inside the book ("Field Manual › Keyword Glossary").
 */
export function fieldManualTitle(section: string): string | undefined {
  const ch = /§\s*(\d+A?)/.exec(section)
  const chapters = FIELD_MANUAL_SECTION_TITLES.chapters as Readonly<Record<string, string>>
  const rows = FIELD_MANUAL_SECTION_TITLES.rows as Readonly<Record<string, string>>
  const chapter = ch ? (chapters[ch[1]!] ?? chapters[ch[1]!.padStart(2, '0')]) : undefined
  const line = /\bL(\d+)/.exec(section)
  let heading: string | undefined
  let row: string | undefined
  if (line) {
    const n = Number(line[1])
    for (const [at, title] of headings) if (at <= n) heading = title
    row = rows[String(n)]
  }
  if (heading && chapter && heading.toLowerCase() === chapter.toLowerCase()) heading = undefined
  if (row && (heading ?? chapter) && row.toLowerCase() !== (heading ?? chapter)!.toLowerCase()) return `${heading ?? chapter} › ${row}`
  if (chapter && heading) return `${chapter} › ${heading}`
  if (heading) return heading.includes('›') ? heading : `Field Manual › ${heading}`
  return chapter ? `Field Manual › ${chapter}` : undefined
}

/** Citations with their field-manual titles, for every result either game builds. */
export const fieldManualBook = bookOf(fieldManualTitle)
