// Rows of a catalogue written back the way the site's flattened tables print them, to be found
// verbatim in the source text (sourceText.ts of each game). Shared by the four games' catalogue tests.
import type { CadenceModelProfile, CadenceWeaponProfile } from '../../../../src/systems/cadence/index.ts'

const join = (parts: ReadonlyArray<string | number | null | undefined>): string =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(' ')

/** "Name Cmd Mov" Skl+ Def+ Tgh HP Special, Rules Points" */
export function printedModelRow(p: CadenceModelProfile, withPoints = true): string {
  return join([p.name, p.command, `${p.movementInches}"`, `${p.skill}+`, `${p.defence}+`, p.toughness, p.hitPoints, p.specialRules.join(', '), withPoints ? p.points : null])
}

/** "Name Rng" Att Dmg Prc Special, Rules Points" */
export function printedWeaponRow(w: CadenceWeaponProfile, withPoints = true): string {
  return join([w.name, `${w.rangeInches}"`, w.attacks, w.damage, w.piercing, w.specialRules.join(', '), withPoints ? w.points : null])
}

/** The source text of an entry's section (page#anchor), or of the whole page when the anchor is the page. */
export function textOf(source: Readonly<Record<string, string>>, section: string): string {
  const t = source[section]
  if (t === undefined) throw new Error(`no source entry ${section}`)
  return t
}
