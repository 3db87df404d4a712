// src/terrain's public surface: the app, the CLI and tests import terrain from here only (test/architecture.test.ts).
// No module here does anything at import time, so a bundle keeps only what it uses: the app's main thread
// takes the file-format names (meshFileFormat.ts) without the readers (vite.config.ts marks the folder
// free of side effects, as the engine).
export { MESH_FILE_EXTENSIONS, type MeshFileFormat, meshFileFormatOf } from './meshFileFormat.ts'
export { type RawMesh, type ReadMeshOptions, type ResolveMeshResource, readMeshFile } from './readMeshFile.ts'
export { setDracoWasm } from './readGltf.ts'
export { BOTTOM_TOLERANCE_MM, HOLE_CLOSE_MAX_MM, SHEET_MM, SLIVER_MM, THIN_SURFACE_MM, WELD_MM, type RepairedMesh, MeshRefused, repairMesh } from './repairMesh.ts'
export { LOS_TOLERANCE_MM, SIMPLIFY_ABOVE_TRIANGLES, simplifyMesh } from './simplifyMesh.ts'
export { type MeshFileReport, type PrepareMeshOptions, type PreparedMesh, prepareMeshFile } from './prepareMeshFile.ts'
export { type LoadSceneMesh, PIECE_SIZE_MM, type PieceReport, meshLibraryForScene, meshUsesOf, withMeshWarnings } from './meshLibraryForScene.ts'
export { sizeAdvice, suggestScale } from './scaleAdvice.ts'
export { measurePieceLosMicros } from './measurePieceLos.ts'
