// The machine's LAN IPv4 addresses: what a tablet on the same Wi-Fi types (or scans) to reach us,
// best first: private home/club network ranges (192.168/16, 10/8, 172.16/12) before others, and
// virtual interfaces (containers, VMs, VPN tunnels: no tablet is on those) last. Link-local
// addresses (169.254/16: no network configured) are left out.
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os'

const VIRTUAL = /^(docker|br-|veth|virbr|vmnet|vboxnet|tun|tap|wg|utun|zt|lxc|cni|flannel|podman)/i

function rank(name: string, address: string): number {
  const virtual = VIRTUAL.test(name) ? 10 : 0
  if (address.startsWith('192.168.')) return virtual + 0
  if (address.startsWith('10.')) return virtual + 1
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return virtual + 2
  return virtual + 3
}

/** LAN IPv4 addresses, best first (from the given interfaces; the machine's by default). */
export function lanAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const found: Array<{ address: string; rank: number }> = []
  for (const [name, list] of Object.entries(interfaces)) {
    for (const i of list ?? []) {
      if (i.family !== 'IPv4' || i.internal || i.address.startsWith('169.254.')) continue
      found.push({ address: i.address, rank: rank(name, i.address) })
    }
  }
  return found.sort((a, b) => a.rank - b.rank).map((f) => f.address)
}
