// DATABASE_URL checked and shown without its password (no driver loaded: `npm start` reads it first).

/** The URL without its password, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(a DATABASE_URL that is not a URL)'
  }
}

/** Check a DATABASE_URL before anything connects: a clear line instead of a driver's stack. */
export function checkDatabaseUrl(url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return 'DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)'
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return `DATABASE_URL: "${u.protocol}" is not postgres: (expected postgres://user:password@host:5432/database)`
  if (!u.hostname) return 'DATABASE_URL names no host (expected postgres://user:password@host:5432/database)'
  return null
}
