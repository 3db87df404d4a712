// Whether a room link can be opened by another device, and the same link on this page's own origin.
// A link naming this machine by its loopback address (127.x, localhost, ::1) or the unspecified
// address opens on no other device: the panel says so and what to do, instead of showing a QR code
// that leads nowhere.

export type LinkReach = { reachable: true } | { reachable: false; host: string }

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\]|\[::\]|0\.0\.0\.0)$/i

export function linkReach(link: string): LinkReach {
  let host: string
  try {
    host = new URL(link).hostname
  } catch {
    return { reachable: false, host: link }
  }
  return LOOPBACK.test(host) || host.endsWith('.localhost') ? { reachable: false, host } : { reachable: true }
}

/** The link's room and key on this page's origin (a device stays on the address it opened; the links it shows are for others). */
export function onThisOrigin(link: string, origin: string): string {
  const u = new URL(link)
  return `${origin}${u.pathname}${u.search}${u.hash}`
}
