// A base the camera doubts or cannot name, as the store keeps it for its ghost over the image (issue 34).
// A type alone, so the tracking slice can hold it without importing the base tracking's wiring (which
// reads the store: an import circle).
import type { BaseShape } from '../../engine/index.ts'

/** A base drawn as a ghost over the image: doubted (its model placed but to be checked) or not identified. */
export type BaseGhost = { key: string; status: 'doubted' | 'unidentified'; base: BaseShape; position: [number, number]; facing: number; reasons: string[] }
