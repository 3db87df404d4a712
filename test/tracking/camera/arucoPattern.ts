// A marker's printed cells as OpenCV draws them (generateImageMarker with a 1-cell border), straight
// from the OpenCV.js module: the renderer's markers owe nothing to the tracker's own code.

/** The members of the OpenCV.js module used here (structural: no import of the tracker's loader types). */
export type OpenCvForPatterns = {
  Mat: new () => { data: Uint8Array; delete(): void }
  getPredefinedDictionary(code: number): { markerSize: number; generateImageMarker(id: number, sidePixels: number, img: unknown, borderBits: number): void; delete(): void }
}

/** Cells of marker `id` of a predefined dictionary ('DICT_4X4_100', …): row-major, 1 = white, border included. */
export function arucoCells(cv: OpenCvForPatterns, dictionary: string, id: number): { cells: Uint8Array; side: number } {
  const code = (cv as unknown as Record<string, unknown>)[dictionary]
  if (typeof code !== 'number') throw new Error(`arucoCells: OpenCV has no dictionary ${dictionary}`)
  const dict = cv.getPredefinedDictionary(code)
  const img = new cv.Mat()
  try {
    const side = dict.markerSize + 2
    dict.generateImageMarker(id, side, img, 1)
    const cells = new Uint8Array(side * side)
    for (let i = 0; i < cells.length; i++) cells[i] = img.data[i]! > 127 ? 1 : 0
    return { cells, side }
  } finally {
    img.delete()
    dict.delete()
  }
}
