// Types for the npm package draco3dgltf (it ships none): only what readGltf.ts calls.
declare module 'draco3dgltf/draco_decoder_gltf_nodejs.js' {
  const createDecoderModule: (opts?: { wasmBinary?: Uint8Array }) => Promise<unknown>
  export default createDecoderModule
}
declare module 'draco3dgltf' {
  export function createEncoderModule(opts?: { wasmBinary?: Uint8Array }): Promise<unknown>
  export function createDecoderModule(opts?: { wasmBinary?: Uint8Array }): Promise<unknown>
}
