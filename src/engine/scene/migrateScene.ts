// Scene migrations: older formats are brought up to the current one before validation.
// tabletop-scene/1 is the first format, so there is nothing to migrate yet; an unknown format is
// reported by parseScene. When v2 comes, add `if (format === 'tabletop-scene/1') return up1to2(raw)`.
export function migrateScene(raw: unknown): unknown {
  return raw
}
