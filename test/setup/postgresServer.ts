// A throwaway PostgreSQL cluster from Debian's `postgresql` package: initdb into a temporary folder,
// one database, 127.0.0.1 and a free port (or the address given), stopped and removed by the test.
// PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user (made by
// the Debian package) and its processes are spawned with that uid; as anyone else it runs as them.
// The faults the room tests need are here too: a restart after an immediate shutdown (SIGQUIT: no
// checkpoint, recovery on the next start) or after the postmaster is killed (SIGKILL, nothing runs on
// its way out: its backends find it gone and exit, and the next start recovers from the WAL), and
// "unreachable": every process of the cluster stopped with SIGSTOP, so connections hang without an
// answer (as behind a dead network), then SIGCONT.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { freePort } from './appServer.ts'

/** The newest installed server's bin folder (/usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const majors = readdirSync(root).filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a))
  return majors[0] ? join(root, majors[0], 'bin') : null
}

export const PG_BIN = postgresBinDir()
export const havePostgres = PG_BIN !== null

export function warnIfNoPostgres(suite: string): void {
  if (!havePostgres) console.warn(`\n!! SKIPPING ${suite}: no PostgreSQL server in /usr/lib/postgresql/*/bin. Install it with: apt-get install -y postgresql   (npm test's set-up and .ci/run do this as root)\n`)
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

/** The uid/gid the cluster runs as: the `postgres` user when we are root, else ourselves. */
function clusterUser(): { uid: number; gid: number } | null {
  if (!isRoot()) return null
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'))
  if (!line) throw new Error('running as root, but there is no "postgres" user to run PostgreSQL as (the Debian postgresql package makes it)')
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

/** The first folder from / down to `dir` that `user` (not its owner) may not enter, or null. */
function closedTo(user: { uid: number; gid: number }, dir: string): string | null {
  const chain: string[] = []
  for (let d = dir; ; d = dirname(d)) {
    chain.unshift(d)
    if (dirname(d) === d) break
  }
  for (const d of chain) {
    const st = statSync(d)
    const x = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001
    if ((st.mode & x) === 0) return d
  }
  return null
}

/**
 * Where the cluster's folder goes: the temp folder, or, when the cluster's user cannot enter it (a
 * TMPDIR made by `mktemp -d`, 0700 for root), the system's own /tmp or /var/tmp; a clear error when
 * none will do.
 */
function clusterParent(user: { uid: number; gid: number } | null): string {
  if (!user) return tmpdir()
  const candidates = [tmpdir(), '/tmp', '/var/tmp']
  const open = candidates.find((d) => existsSync(d) && closedTo(user, d) === null)
  if (open) return open
  const closed = closedTo(user, tmpdir())
  throw new Error(`PostgreSQL runs as the "postgres" user here (we are root), and it cannot enter ${closed} on the way to the temporary folder ${tmpdir()}, nor /tmp or /var/tmp: make one of them a folder others can enter (chmod 755 ${closed})`)
}

export type PostgresServer = {
  /** postgres://tabletop@host:port/tabletop */
  url: string
  host: string
  port: number
  dataDir: string
  /** Start the postmaster (again) on the same folder and port. */
  start: () => Promise<void>
  /**
   * Stop it: 'fast' a clean shutdown; 'immediate' a shutdown with no checkpoint (recovery on the next
   * start); 'kill' a real crash: the postmaster SIGKILLed, resolved once its orphaned backends are gone
   * (they hold its shared memory, which the next start must find free).
   */
  halt: (mode?: 'immediate' | 'fast' | 'kill') => Promise<void>
  /** SIGSTOP (true) or SIGCONT (false) every process of the cluster: unreachable, not refused. */
  freeze: (frozen: boolean) => void
  /** A new, empty database on the cluster; its URL. */
  database: (name: string) => Promise<string>
  /** Run SQL as the superuser on the room database, or on the database at `url` (fixtures, checks). */
  sql: <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[], url?: string) => Promise<pg.QueryResult<R>>
  log: () => string
  stop: () => Promise<void>
}

export type PostgresOptions = {
  /** The address to listen on (default 127.0.0.1); `listenAddresses` for several. */
  host?: string
  listenAddresses?: string
  port?: number
  /** Wrap the postmaster's command (e.g. ['ip', 'netns', 'exec', 'ns']) to run it elsewhere. */
  wrap?: readonly string[]
  /** Also let clients from this network in (CIDR, e.g. 10.201.0.0/16), without a password like the rest. */
  trustNetwork?: string
}

export async function startPostgres(opts: PostgresOptions = {}): Promise<PostgresServer> {
  if (!PG_BIN) throw new Error('no PostgreSQL server installed (apt-get install -y postgresql)')
  const user = clusterUser()
  const dataDir = mkdtempSync(join(clusterParent(user), 'tabletop-pg-'))
  if (user) chownSync(dataDir, user.uid, user.gid)
  const asUser = user ? { uid: user.uid, gid: user.gid } : {}
  // Trust on the cluster's own addresses only: a throwaway cluster, reachable from this machine.
  try {
    execFileSync(join(PG_BIN, 'initdb'), ['-D', dataDir, '-U', 'tabletop', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], { ...asUser, stdio: 'pipe', cwd: dataDir })
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true })
    const said = String((e as { stderr?: Buffer }).stderr ?? '').trim()
    throw new Error(`initdb could not make a cluster in ${dataDir}${said ? `: ${said}` : ''}`)
  }
  if (opts.trustNetwork) appendFileSync(join(dataDir, 'pg_hba.conf'), `host all all ${opts.trustNetwork} trust\n`)
  const host = opts.host ?? '127.0.0.1'
  const port = opts.port ?? (await freePort())
  let child: ChildProcess | null = null
  let out = ''
  const start = async () => {
    const args = ['-D', dataDir, '-p', String(port), '-c', `listen_addresses=${opts.listenAddresses ?? host}`, '-c', `unix_socket_directories=${dataDir}`, '-c', 'max_connections=200', '-c', 'logging_collector=off']
    const wrap = opts.wrap ?? []
    const cmd = wrap.length > 0 ? wrap[0]! : join(PG_BIN, 'postgres')
    const cmdArgs = wrap.length > 0 ? [...wrap.slice(1), ...(user ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : []), join(PG_BIN, 'postgres'), ...args] : args
    const c = spawn(cmd, cmdArgs, { ...(wrap.length > 0 ? {} : asUser), cwd: dataDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    child = c
    c.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    c.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    const from = out.length
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${out}`)), 30_000)
      const check = () => {
        if (/database system is ready to accept connections/.test(out.slice(from))) {
          clearTimeout(timer)
          resolve()
        }
      }
      c.stderr!.on('data', check)
      c.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`PostgreSQL exited (${code}):\n${out}`))
      })
    })
  }
  const halt = (mode: 'immediate' | 'fast' | 'kill' = 'fast') =>
    new Promise<void>((resolve, reject) => {
      const c = child
      if (!c || c.exitCode !== null || c.signalCode !== null) return resolve()
      const orphans = childPids(c.pid!)
      c.once('exit', () => {
        if (mode !== 'kill') return resolve()
        const t0 = Date.now()
        const gone = () => {
          const left = orphans.filter(isRunning)
          if (left.length === 0) resolve()
          else if (Date.now() - t0 > 15_000) reject(new Error(`PostgreSQL's backends ${left.join(', ')} still run 15 s after their postmaster was killed`))
          else setTimeout(gone, 50)
        }
        gone()
      })
      for (const pid of [...orphans, c.pid!]) {
        try {
          process.kill(pid, 'SIGCONT') // a frozen cluster first wakes up to hear the shutdown
        } catch {
          // already gone
        }
      }
      c.kill(mode === 'kill' ? 'SIGKILL' : mode === 'immediate' ? 'SIGQUIT' : 'SIGINT')
    })
  try {
    await start()
  } catch (e) {
    await halt('immediate')
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
  const url = `postgres://tabletop@${host.includes(':') ? `[${host}]` : host}:${port}/tabletop`
  const stop = async () => {
    await halt('immediate')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const database = async (name: string) => {
    if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`bad database name ${name}`)
    const admin = new pg.Client({ host, port, user: 'tabletop', database: 'postgres' })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE ${name}`)
    } finally {
      await admin.end()
    }
    return `postgres://tabletop@${host.includes(':') ? `[${host}]` : host}:${port}/${name}`
  }
  try {
    await database('tabletop')
  } catch (e) {
    await stop() // a cluster nobody can use is not left running
    throw e
  }
  const sql = async <R extends pg.QueryResultRow>(text: string, params?: unknown[], on?: string) => {
    const c = new pg.Client({ connectionString: on ?? url })
    await c.connect()
    try {
      return await c.query<R>(text, params)
    } finally {
      await c.end()
    }
  }
  return {
    url,
    host,
    port,
    dataDir,
    start,
    halt,
    database,
    freeze: (frozen) => {
      // Every backend is a process group of its own (postgres calls setsid), so the postmaster and its
      // children are signalled one by one: the postmaster first when stopping (no new backend is
      // forked meanwhile), last when continuing.
      const postmaster = child?.pid
      if (!postmaster) return
      const children = childPids(postmaster)
      const order = frozen ? [postmaster, ...children] : [...children, postmaster]
      for (const pid of order) {
        try {
          process.kill(pid, frozen ? 'SIGSTOP' : 'SIGCONT')
        } catch {
          // exited meanwhile
        }
      }
    },
    sql,
    log: () => out,
    stop,
  }
}

/** The processes whose parent is `pid` (Linux /proc). */
function childPids(pid: number): number[] {
  const out: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry))
    } catch {
      // gone
    }
  }
  return out
}

/** The process runs (exists and is no zombie). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}
