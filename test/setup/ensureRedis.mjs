// `npm test` set-up step: the scale-out test runs two servers on a local Debian redis-server. On a
// fresh Debian machine where we are root, install it; otherwise say how (that test then skips).
// In CI (CI=true) a missing redis-server is an error, so the test can never be skipped there.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const PATH = '/usr/bin/redis-server'
if (!existsSync(PATH)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('test set-up: installing Debian redis-server for the scale-out test (apt-get install -y redis-server)')
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server', { stdio: 'inherit', shell: '/bin/bash' })
  } else if (process.env.CI) {
    console.error(`test set-up: ${PATH} is missing and cannot be installed here (not root or no apt-get)`)
    process.exit(1)
  } else {
    console.warn(`test set-up: ${PATH} is missing; the Redis scale-out test will be skipped. Install it with: sudo apt-get install -y redis-server`)
  }
}
