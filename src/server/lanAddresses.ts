// The machine's LAN IPv4 addresses: what a tablet on the same Wi-Fi types (or scans) to reach us.
import { networkInterfaces } from 'node:os'

export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
    .map((i) => i!.address)
}
