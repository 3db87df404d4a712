// `npm test` set-up step: browser tests need Debian's Chromium at /usr/bin/chromium (never a
// downloaded browser). On a fresh Debian machine where we are root, install it; otherwise say how.
// In CI (CI=true) a missing Chromium is an error, so browser tests can never be skipped there.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const PATH = '/usr/bin/chromium'
if (!existsSync(PATH)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('test set-up: installing Debian chromium for the browser tests (apt-get install -y chromium)')
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit', shell: '/bin/bash' })
  } else if (process.env.CI) {
    console.error(`test set-up: ${PATH} is missing and cannot be installed here (not root or no apt-get); browser tests cannot run in CI without it`)
    process.exit(1)
  } else {
    console.warn(`test set-up: ${PATH} is missing; browser tests will be skipped. Install it with: sudo apt-get install -y chromium`)
  }
}
