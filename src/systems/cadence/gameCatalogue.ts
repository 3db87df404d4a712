// Cadence layer: catalogue helpers the games share (Respawn, Halo: Breakpoint, Scraplands, Squadrons).
import type { ProfileEntry, RuleSystem } from '../../engine/index.ts'
import type { CadenceSpecialRuleText } from './types.ts'
import { kebab } from './specialRules.ts'

/** A module special rule as printed (id = kebab of the name). */
export function ruleText(section: string, name: string, applies: CadenceSpecialRuleText['applies'], text: string): CadenceSpecialRuleText {
  return { id: kebab(name), name, section, text, applies }
}

/** The system with default weapons on the profiles that print them (the core adapter carries stats only). */
export function withDefaultWeapons(system: RuleSystem, weaponsByProfile: ReadonlyArray<readonly [string, readonly string[]]>): RuleSystem {
  const profiles: Record<string, ProfileEntry> = { ...system.catalogue.profiles }
  for (const [id, weapons] of weaponsByProfile) {
    const p = profiles[id]
    if (p) profiles[id] = { ...p, weapons }
  }
  return { ...system, catalogue: { ...system.catalogue, profiles } }
}
