// Special rules as printed ("Rending (1)", "Weak Spot (Rear)", "Stealth (12")") parsed into a key,
// a numeric value and a parameter. Keys are kebab-case of the name without its (X):
// "Heavy Armour (1)" → { key: 'heavy-armour', value: 1 }. (core-rules/special-rules-appendix.html:
// "Some special rules have a value indicated in their title, such as Heavy Armour (X)")

export type ParsedRule = {
  readonly key: string
  readonly name: string
  /** The (X) as a number when it is one ("12\"" → 12), else null. */
  readonly value: number | null
  /** The (X) as printed ("Rear", "12\"", "1 Cmd"), or null. */
  readonly param: string | null
  readonly printed: string
}

export function kebab(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
}

export function parseSpecialRule(printed: string): ParsedRule {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(printed.trim())
  const name = (m ? m[1]! : printed).trim()
  const param = m ? m[2]!.trim() : null
  const num = param !== null ? /^(\d+(?:\.\d+)?)/.exec(param) : null
  return { key: kebab(name), name, value: num ? Number(num[1]) : null, param, printed }
}

export function parseSpecialRules(printed: readonly string[]): ParsedRule[] {
  return printed.map(parseSpecialRule)
}

export function findRule(rules: readonly ParsedRule[], key: string): ParsedRule | undefined {
  return rules.find((r) => r.key === key)
}

export function hasRule(rules: readonly ParsedRule[], key: string): boolean {
  return rules.some((r) => r.key === key)
}

/** The (X) of a rule, or `fallback` when the rule is present without a number, or null when absent. */
export function ruleValue(rules: readonly ParsedRule[], key: string, fallback: number | null = null): number | null {
  const r = findRule(rules, key)
  if (!r) return null
  return r.value ?? fallback
}
