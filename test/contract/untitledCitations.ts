// Citations without a human title in a result: an object with a `rule` string (a section as printed,
// or a ruling in words that names none) and no `citation` {section, title} beside it, a `rules` list
// without `citations` of the same length, or a citation whose title is the section id itself.
type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Every untitled citation in a value, as "path: field = section". */
export function untitledCitations(v: unknown, path = ''): string[] {
  const out: string[] = []
  const visit = (x: unknown, p: string): void => {
    if (Array.isArray(x)) { x.forEach((y, i) => visit(y, `${p}[${i}]`)); return }
    if (!isObj(x)) return
    if (typeof x.rule === 'string' && !(isObj(x.citation) && typeof x.citation.title === 'string' && typeof x.citation.section === 'string')) out.push(`${p}.rule = ${x.rule}`)
    if (Array.isArray(x.rules) && !(Array.isArray(x.citations) && x.citations.length === x.rules.length)) out.push(`${p}.rules = ${x.rules.join('; ')}`)
    if (typeof x.section === 'string' && typeof x.title === 'string' && Object.keys(x).length === 2 && x.title === x.section) out.push(`${p}: title is the section ${x.section}`)
    for (const [k, y] of Object.entries(x)) visit(y, `${p}.${k}`)
  }
  visit(v, path)
  return out
}
