/** Engine version recorded in every result document and saved ruling (kept equal to package.json's version by a test). */
export const ENGINE_VERSION = '0.1.0'
