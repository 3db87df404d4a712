// Scene migrations: older formats are brought up to the current one before validation.
// tabletop-scene/1 is the only format, so there is nothing to migrate: a mesh piece without "origin" is
// placed by its file's origin, as /1 has always meant (README: "Mesh pieces"; tables saved while it
// rested on its lowest point are migrated by their own reader, src/app/setup/tableFile.ts). An unknown
// format is reported by parseScene. When v2 comes, add `if (format === 'tabletop-scene/1') return up1to2(raw)`.
export function migrateScene(raw: unknown): unknown {
  return raw
}
