// The one place the tests' Debian packages are installed: `npm test` (pretest) and CI (.ci/run)
// both run it. Browser tests need Debian's Chromium at /usr/bin/chromium (never a downloaded
// browser); the https test mkcert, the marker-sheet print test poppler-utils; the scale-out tests need redis-server; the room-store tests need PostgreSQL's server
// (they start throwaway clusters of their own: initdb into a temporary folder, run as the
// `postgres` user the package makes). On a Debian machine where we are root, missing packages are
// installed in one apt-get; otherwise it says how. In CI (CI=true) a package that cannot be
// installed is an error, so none of these tests can be skipped there.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const hasPostgresServer = () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(join('/usr/lib/postgresql', v, 'bin', 'postgres')))

const PACKAGES = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium'), for: 'the browser tests' },
  { name: 'redis-server', present: () => existsSync('/usr/bin/redis-server'), for: 'the scale-out tests (hosts sharing rooms through Redis)' },
  { name: 'postgresql', present: hasPostgresServer, for: 'the room-store tests (rooms in PostgreSQL, host faults)' },
  { name: 'mkcert', present: () => existsSync('/usr/bin/mkcert'), for: 'the https certificate test (a locally trusted certificate)' },
  { name: 'poppler-utils', present: () => existsSync('/usr/bin/pdftoppm'), for: 'the marker sheet print test (the PDF rendered at 300 dpi)' },
]

const missing = PACKAGES.filter((p) => !p.present())
if (missing.length > 0) {
  const names = missing.map((p) => p.name).join(' ')
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log(`test set-up: installing Debian ${names} for ${missing.map((p) => p.for).join(', ')} (apt-get install -y ${names})`)
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names} >/dev/null`, { stdio: 'inherit', shell: '/bin/bash' })
    const still = missing.filter((p) => !p.present())
    if (still.length > 0) {
      console.error(`test set-up: ${still.map((p) => p.name).join(', ')} still missing after apt-get install`)
      process.exit(1)
    }
  } else if (process.env.CI) {
    console.error(`test set-up: ${names} missing and cannot be installed here (not root or no apt-get); ${missing.map((p) => p.for).join(', ')} cannot run in CI without it`)
    process.exit(1)
  } else {
    for (const p of missing) console.warn(`test set-up: Debian ${p.name} is missing; ${p.for} will be skipped. Install it with: sudo apt-get install -y ${p.name}`)
  }
}
