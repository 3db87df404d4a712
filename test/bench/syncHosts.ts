// The machines of `npm run bench:sync -- --hosts 2`, made on this one with network namespaces: each
// host in a namespace of its own, PostgreSQL and Redis in another (the "store"), a veth pair from
// every host to the store, and one from this (the root) namespace to every host for the clients, so
// hosts and clients talk over a network stack (no loopback shortcut) and share no data folder.
//
//   root ns (bench, clients)  10.N.1x.1 ──veth── 10.N.1x.2  host x ns (npm start, --data of its own)
//                                                10.N.x.2   ──veth── 10.N.x.1  store ns (PostgreSQL, Redis)
//   root ns (set-up only)     10.N.3.1  ──veth── 10.N.3.2  store ns
//
// N is chosen per run (from the process id), names are prefixed per run, and `down` removes it all.
// Needs root and iproute2 (Linux); `unavailable` says why not otherwise.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { monotonicMs } from './syncReceivers.ts'
import { writePose } from '../../src/app/sync/tableDoc.ts'
import type { RoomKeys } from '../../src/server/roomKeys.ts'
import { type ServerProcess, connectClient } from '../setup/syncClient.ts'
import { startFailoverProxy } from '../setup/failoverProxy.ts'

export type HostLink = { ns: string; /** where the host listens (clients reach it from the root namespace) */ clientAddress: string; /** the store's address on this host's link */ storeAddress: string }
export type Topology = { /** every address here, as a CIDR */ network: string; storeNs: string; /** the store's address on the set-up link (from the root namespace) */ adminAddress: string; hosts: HostLink[]; wrap: (ns: string) => string[]; down: () => void }

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] })

/** Why namespaces cannot be made here, or null. */
export function netnsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'network namespaces need Linux'
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'making network namespaces needs root (ip netns add)'
  if (!existsSync('/usr/sbin/ip') && !existsSync('/sbin/ip') && !existsSync('/usr/bin/ip')) return 'no ip command (apt-get install -y iproute2)'
  try {
    ip('netns', 'list')
  } catch (e) {
    return `ip netns does not work here: ${(e as Error).message.split('\n')[0]}`
  }
  return null
}

export function makeTopology(hostCount: number): Topology {
  const tag = `tt${process.pid % 100000}`
  const net = 200 + (process.pid % 50)
  const storeNs = `${tag}-store`
  const made: string[] = []
  const links: string[] = []
  const down = () => {
    for (const l of links) {
      try {
        ip('link', 'del', l)
      } catch {
        // went with its namespace
      }
    }
    for (const ns of made.reverse()) {
      try {
        ip('netns', 'del', ns)
      } catch {
        // already gone
      }
    }
  }
  const addNs = (ns: string) => {
    ip('netns', 'add', ns)
    made.push(ns)
    ip('-n', ns, 'link', 'set', 'lo', 'up')
  }
  /** A veth pair between two namespaces (null: the root one), addressed on 10.net.subnet.0/24. */
  const pair = (a: string | null, aName: string, aAddr: string, b: string, bName: string, bAddr: string) => {
    ip('link', 'add', aName, ...(a ? ['netns', a] : []), 'type', 'veth', 'peer', 'name', bName, 'netns', b)
    if (!a) links.push(aName)
    for (const [ns, dev, addr] of [[a, aName, aAddr], [b, bName, bAddr]] as const) {
      const n = ns ? ['-n', ns] : []
      ip(...n, 'addr', 'add', `${addr}/24`, 'dev', dev)
      ip(...n, 'link', 'set', dev, 'up')
    }
  }
  try {
    addNs(storeNs)
    pair(null, `${tag}a`, `10.${net}.3.1`, storeNs, 'admin0', `10.${net}.3.2`)
    const hosts: HostLink[] = []
    for (let h = 1; h <= hostCount; h++) {
      const ns = `${tag}-h${h}`
      addNs(ns)
      pair(storeNs, `store${h}`, `10.${net}.${h}.1`, ns, 'store0', `10.${net}.${h}.2`)
      pair(null, `${tag}c${h}`, `10.${net}.${10 + h}.1`, ns, 'client0', `10.${net}.${10 + h}.2`)
      hosts.push({ ns, clientAddress: `10.${net}.${10 + h}.2`, storeAddress: `10.${net}.${h}.1` })
    }
    return { network: `10.${net}.0.0/16`, storeNs, adminAddress: `10.${net}.3.2`, hosts, wrap: (ns) => ['ip', 'netns', 'exec', ns], down }
  } catch (e) {
    down()
    throw e
  }
}

export type FailoverResult = {
  receivers: number
  /** SIGKILL of the host → each receiver connected again (through the load balancer, to the other host). */
  reconnectedMs: { p50: number; max: number }
  /** SIGKILL → each receiver holds a pose frame written after the kill: how long the table stood still. */
  failoverMs: { p50: number; p95: number; max: number }
  /** Receivers that had a fresh frame within the 30 s allowed. */
  recovered: number
}

const pct = (sorted: readonly number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
const round = (x: number) => Math.round(x)

/**
 * Failover as a player sees it: `receivers` devices reach the hosts through a load balancer (all land
 * on `victim`), with the app's reconnect timing; a tracking device on `survivor` writes a pose frame
 * at 10 Hz. The victim is SIGKILLed; each receiver is timed until it has reconnected and until it
 * holds a frame written after the kill.
 */
export async function measureFailover(victim: ServerProcess, survivor: ServerProcess, room: RoomKeys, receivers: number): Promise<FailoverResult> {
  const backend = (s: ServerProcess) => ({ host: new URL(s.url).hostname, port: s.port })
  const proxy = await startFailoverProxy([backend(victim), backend(survivor)])
  const sender = connectClient(survivor.wsUrl, room.roomId, room.editKey)
  const devices = Array.from({ length: receivers }, () => connectClient(proxy.wsUrl, room.roomId, room.editKey, { reconnect: 'app' }))
  let frame = 0
  let killFrame = Infinity
  let t0 = Infinity
  const reconnectedAt: number[] = []
  const freshAt: number[] = []
  devices.forEach((d, i) => {
    d.socket.on('status', ({ status }: { status: string }) => {
      if (status === 'connected' && monotonicMs() > t0 && reconnectedAt[i] === undefined) reconnectedAt[i] = monotonicMs() - t0
    })
    d.doc.getMap<{ frame?: number }>('poses').observe(() => {
      const f = d.doc.getMap<{ frame?: number }>('poses').get('a1')?.frame ?? 0
      if (f > killFrame && freshAt[i] === undefined) freshAt[i] = monotonicMs() - t0
    })
  })
  try {
    await Promise.all([sender.ready, ...devices.map((d) => d.ready)])
    const tick = setInterval(() => {
      frame++
      writePose(sender.doc, 'a1', { position: [100 + (frame % 50), 300], facing: 0, uncertaintyMm: 0.8, state: 'tracked', atMs: Date.now(), frame })
    }, 100)
    await new Promise((r) => setTimeout(r, 2000))
    killFrame = frame
    t0 = monotonicMs()
    await victim.kill('SIGKILL')
    const end = Date.now() + 30_000
    while (freshAt.filter((x) => x !== undefined).length < receivers && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
    clearInterval(tick)
    const fresh = freshAt.filter((x) => x !== undefined).sort((a, b) => a - b)
    const back = reconnectedAt.filter((x) => x !== undefined).sort((a, b) => a - b)
    return { receivers, reconnectedMs: { p50: round(pct(back, 50)), max: round(back[back.length - 1] ?? NaN) }, failoverMs: { p50: round(pct(fresh, 50)), p95: round(pct(fresh, 95)), max: round(fresh[fresh.length - 1] ?? NaN) }, recovered: fresh.length }
  } finally {
    sender.close()
    for (const d of devices) d.close()
    await proxy.close()
  }
}
