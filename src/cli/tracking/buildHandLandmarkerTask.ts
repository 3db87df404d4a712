// npm run models:hands — builds models/hand_landmarker.task (MediaPipe Tasks' HandLandmarker bundle)
// from the models packaged in @mediapipe/hands (Apache-2.0): hand_landmark_full.tflite, and
// palm_detection_full.tflite cut out of hands_solution_packed_assets.data at the offsets that
// hands_solution_packed_assets_loader.js lists. Neither carries TFLite metadata, which the Tasks
// graphs need for the input normalisation; both models take RGB in [0, 1] (the legacy graphs'
// ImageToTensorCalculator output_tensor_float_range), i.e. mean 0, std 255. Tensor order is kept as
// the legacy graphs use it, which is the order the Tasks graphs expect (detector: regressors 1×2016×18,
// scores 1×2016×1; landmarks: screen landmarks 1×63, presence 1×1, handedness 1×1, world landmarks 1×63).
// Usage: tsx src/cli/tracking/buildHandLandmarkerTask.ts [--out models/hand_landmarker.task] [--lite]
// (--lite: the packaged palm_detection_lite + hand_landmark_lite instead, same tensors; not committed)
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { addTfliteMetadata, buildImageModelMetadata, readModelInfo, tensorTypeName, type ModelInfo } from './tfliteMetadata.ts'
import { zipStored } from './zipStored.ts'

const EXPECTED = {
  detector: { input: [1, 192, 192, 3], outputs: [[1, 2016, 18], [1, 2016, 1]] },
  landmarks: { input: [1, 224, 224, 3], outputs: [[1, 63], [1, 1], [1, 1], [1, 63]] },
}

function fail(message: string): never {
  process.stderr.write(`models:hands: ${message}\n`)
  process.exit(2)
}

function checkShapes(what: string, info: ModelInfo, expected: { input: number[]; outputs: number[][] }): void {
  const shape = (s: number[]) => `[${s.join(', ')}]`
  if (info.inputs.length !== 1 || shape(info.inputs[0]!.shape) !== shape(expected.input)) fail(`${what}: input ${info.inputs.map((t) => shape(t.shape)).join(' ')} is not ${shape(expected.input)}`)
  const got = info.outputs.map((t) => shape(t.shape)).join(' ')
  if (got !== expected.outputs.map(shape).join(' ')) fail(`${what}: outputs ${got} are not ${expected.outputs.map(shape).join(' ')} (in that order)`)
}

export function buildHandLandmarkerTask(handsDir: string, variant: 'full' | 'lite' = 'full'): { bundle: Uint8Array; detector: ModelInfo; landmarks: ModelInfo; version: string } {
  const pkg = JSON.parse(readFileSync(join(handsDir, 'package.json'), 'utf8')) as { version: string; license?: string }
  const loader = readFileSync(join(handsDir, 'hands_solution_packed_assets_loader.js'), 'utf8')
  const m = new RegExp(`"filename":\\s*"[^"]*/palm_detection_${variant}\\.tflite",\\s*"start":\\s*(\\d+),\\s*"end":\\s*(\\d+)`).exec(loader)
  if (!m) fail(`palm_detection_${variant}.tflite is not listed in ${join(handsDir, 'hands_solution_packed_assets_loader.js')}`)
  const packed = readFileSync(join(handsDir, 'hands_solution_packed_assets.data'))
  const palm = new Uint8Array(packed.subarray(Number(m[1]), Number(m[2])))
  const landmark = new Uint8Array(readFileSync(join(handsDir, `hand_landmark_${variant}.tflite`)))
  const detector = readModelInfo(palm)
  const landmarks = readModelInfo(landmark)
  checkShapes('palm_detection_full.tflite', detector, EXPECTED.detector)
  checkShapes('hand_landmark_full.tflite', landmarks, EXPECTED.landmarks)
  for (const [what, info] of [['palm detector', detector], ['hand landmarks', landmarks]] as const) {
    if (info.inputs[0]!.type !== 0) fail(`${what}: input is ${tensorTypeName(info.inputs[0]!.type)}, expected float32`)
    if (info.metadataNames.includes('TFLITE_METADATA')) fail(`${what}: already has TFLITE_METADATA`)
  }
  const common = {
    version: `@mediapipe/hands ${pkg.version}`,
    author: 'Google LLC (MediaPipe); metadata added by tabletop-ar npm run models:hands',
    license: 'Apache License 2.0 (https://www.apache.org/licenses/LICENSE-2.0)',
    mean: [0], std: [255],
  }
  const detectorMeta = buildImageModelMetadata({
    ...common, name: 'hand_detector', description: `MediaPipe palm detection (${variant}), 192x192 RGB in [0, 1]; 2016 SSD anchors.`,
    inputName: 'image', outputNames: ['regressors', 'classificators'],
  })
  const landmarksMeta = buildImageModelMetadata({
    ...common, name: 'hand_landmarks_detector', description: `MediaPipe hand landmarks (${variant}), 224x224 RGB in [0, 1].`,
    inputName: 'image', outputNames: ['landmarks', 'presence', 'handedness', 'world_landmarks'],
  })
  const bundle = zipStored([
    { name: 'hand_detector.tflite', data: addTfliteMetadata(palm, detectorMeta) },
    { name: 'hand_landmarks_detector.tflite', data: addTfliteMetadata(landmark, landmarksMeta) },
  ])
  return { bundle, detector, landmarks, version: pkg.version }
}

function main(): void {
  const args = process.argv.slice(2)
  const outIndex = args.indexOf('--out')
  const out = outIndex >= 0 ? args[outIndex + 1] : 'models/hand_landmarker.task'
  if (!out) fail('--out needs a file name')
  let handsDir: string
  try {
    handsDir = dirname(createRequire(import.meta.url).resolve('@mediapipe/hands/package.json'))
  } catch {
    fail('@mediapipe/hands is not installed (npm ci installs it as a dev dependency)')
  }
  const { bundle, detector, landmarks, version } = buildHandLandmarkerTask(handsDir, args.includes('--lite') ? 'lite' : 'full')
  writeFileSync(out, bundle)
  process.stdout.write(JSON.stringify({
    out, bytes: bundle.length, source: `@mediapipe/hands ${version}`,
    detector: { inputs: detector.inputs, outputs: detector.outputs.map((t) => ({ name: t.name, shape: t.shape })) },
    landmarks: { inputs: landmarks.inputs, outputs: landmarks.outputs.map((t) => ({ name: t.name, shape: t.shape })) },
  }, null, 2) + '\n')
}

if (import.meta.url === `file://${process.argv[1]}`) main()
