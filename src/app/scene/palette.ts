// Colours chosen for daylight contrast on a phone: saturated, distinct hues on a dark table.
export const COLOURS = {
  tableTop: '#3b4a3a',
  tableEdge: '#222a22',
  grid: '#56705a',
  attacker: '#ffd400',
  target: '#ff3df2',
  measure: '#ffffff',
  losClear: '#2bff88',
  losPartial: '#ffb000',
  losBlocked: '#ff3b3b',
  range: '#e8f4ff',
  rangeRuling: '#ffd400',
  engagement: '#4dd2ff',
  arc: '#c9a3ff',
  rayClear: '#2bff88',
  rayBlocked: '#ff3b3b',
  terrainSelected: '#ffd400',
} as const

const SIDE_COLOURS = ['#3d8bff', '#ff6a3d', '#b36bff', '#3dd9c1', '#f2e14c', '#ff5c8a']
const TERRAIN_COLOURS = ['#8a7f6e', '#5f7f4f', '#7a6a8a', '#6e8a8a', '#8a6e5f', '#9a9a9a']

/** A stable colour per side, in order of first appearance. */
export function sideColour(side: string, sides: readonly string[]): string {
  const i = sides.indexOf(side)
  return SIDE_COLOURS[(i < 0 ? 0 : i) % SIDE_COLOURS.length]!
}

export function terrainColour(type: string, types: readonly string[]): string {
  const i = types.indexOf(type)
  return TERRAIN_COLOURS[(i < 0 ? types.length : i) % TERRAIN_COLOURS.length]!
}

/** LoS colour by the engine's verdict and the system's own class name. */
export function losColour(visible: boolean, cls: string | undefined): string {
  if (!visible) return COLOURS.losBlocked
  return cls === undefined || cls === 'clear' ? COLOURS.losClear : COLOURS.losPartial
}
