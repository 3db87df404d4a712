// Iron Line's LoS classes as shown (tabletop-result/1 `sight.display`), and the field manual's citation titles
// (also used by Operator Tactics: one book).
import type { LosClassDecl } from '../../engine/index.ts'
import { FIELD_MANUAL_SECTION_TITLES } from './sectionTitles.ts'

export const LOS_CLASSES = {
  clear: { display: 'clear', reason: 'a line from the attacker\'s front edge reaches the target through no Obscuring or Fortified terrain', rule: '§16 L1475' },
  obscured: { display: 'partial', reason: 'the line passes through Obscuring terrain: Cover (+1), though it reaches the target', rule: '§16 L1512–1517' },
  fortified: { display: 'partial', reason: 'the target is inside Fortified terrain: +2, though the line reaches it', rule: '§16 L1512–1517' },
  blocked: { display: 'blocked', reason: 'other units or Blocking terrain block every line', rule: '§16 L1475' },
} as const satisfies Record<string, LosClassDecl>

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
