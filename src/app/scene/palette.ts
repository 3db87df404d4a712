// Colours chosen for daylight contrast on a phone: saturated, distinct hues on a dark table.
import type { LosDisplayClass } from '../format/losDisplay.ts'

export const COLOURS = {
  tableTop: '#3b4a3a',
  tableEdge: '#222a22',
  grid: '#56705a',
  attacker: '#ffd400',
  target: '#ff3df2',
  measure: '#ffffff',
  // Line of sight by display class: Okabe–Ito (apart for every colour vision; app.css uses the same).
  losClear: '#56b4e9',
  losPartial: '#f0e442',
  losBlocked: '#e8762c',
  range: '#e8f4ff',
  rangeRuling: '#ffd400',
  engagement: '#4dd2ff',
  arc: '#c9a3ff',
  rayClear: '#56b4e9',
  rayBlocked: '#e8762c',
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

/** LoS colour by display class (clear / partial / blocked). */
export function losColour(display: LosDisplayClass): string {
  return display === 'clear' ? COLOURS.losClear : display === 'partial' ? COLOURS.losPartial : COLOURS.losBlocked
}
