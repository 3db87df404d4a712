// The planning overlay's colours and words, shared by the table (3D) and the legend (DOM) so the two
// always agree. Chosen for a dark table and daylight on a phone; exposure uses the Okabe–Ito colours
// (told apart with any colour vision), and a hidden cell is striped as well as coloured.

/** One tint per move mode, in the order the engine lists the modes (the default mode first). */
export const MODE_TINTS = ['#2ee6d6', '#ff8c42', '#b68cff', '#9dff5c', '#ff6fb5', '#ffe14d', '#6fa8ff'] as const

export function modeTint(index: number): string {
  return MODE_TINTS[((index % MODE_TINTS.length) + MODE_TINTS.length) % MODE_TINTS.length]!
}

export const PATH_COLOURS = { reachable: '#ffffff', unreachable: '#ff5c5c' } as const

/** The threat lines by how the enemy attacks; a game's own word gets the last colour. */
const VIA_COLOURS: Readonly<Record<string, string>> = { shoot: '#ff4b4b', 'move-shoot': '#ffa62b', charge: '#e35bff' }
const OTHER_VIA = '#ffe14d'

export function viaColour(via: string): string {
  return VIA_COLOURS[via] ?? OTHER_VIA
}

/** How an attacker gets at the spot, in a player's words. */
export function viaWords(via: string): string {
  return via === 'shoot' ? 'shoots from where it stands' : via === 'move-shoot' ? 'moves, then shoots' : via === 'charge' ? 'charges' : via
}

/** Short form for a label on the table. */
export function viaShort(via: string): string {
  return via === 'shoot' ? 'shoots' : via === 'move-shoot' ? 'moves + shoots' : via === 'charge' ? 'charges' : via
}

/** Exposure: hidden (striped blue) and seen by 1, 2, 3 or more enemies (yellow, orange, vermillion). */
export const EXPOSURE_COLOURS = {
  hidden: '#0072b2',
  hiddenStripe: '#56b4e9',
  seen: ['#f0e442', '#e69f00', '#d55e00'] as const,
  zone: '#ffffff',
} as const

/** The legend's steps of the exposure scale: the colour for `seen` enemies (0 = hidden). */
export function exposureColour(seen: number): string {
  if (seen <= 0) return EXPOSURE_COLOURS.hidden
  return EXPOSURE_COLOURS.seen[Math.min(seen, EXPOSURE_COLOURS.seen.length) - 1]!
}

/** Fill opacity of the tints: stronger over a camera image, where the real table is busy. */
export const TINT_ALPHA = { planner: 0.32, camera: 0.42 } as const
export const EXPOSURE_ALPHA = { planner: 0.55, camera: 0.5 } as const
