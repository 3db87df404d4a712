// Outlines of the markers the tracker found, drawn over the image in image pixels, placed as the
// image is (fit and aim: the svg is the image's own rectangle in the box).
import type { TrackFrameResult } from '../../tracking/index.ts'
import { type ImageFit, fitImage } from './registeredCamera.ts'
import type { FocusedImage } from './imageFocus.ts'

export function DetectionMarks({ result, fit = 'contain', focus }: { result: TrackFrameResult; fit?: ImageFit; focus?: FocusedImage }) {
  const place = focus && focus.boxW > 0 ? fitImage(result.width, result.height, focus.boxW, focus.boxH, fit, { scale: 1, left: 0, top: 0 }, focus.posX, focus.posY) : null
  const style = place ? { left: place.left, top: place.top, width: result.width * place.scale, height: result.height * place.scale, inset: 'auto' } : undefined
  return (
    <svg className="detections" viewBox={`0 0 ${result.width} ${result.height}`} preserveAspectRatio={place ? 'none' : fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet'} style={style} aria-hidden="true">
      {result.detections.map((d, i) => (
        <polygon key={i} points={d.corners.map(([x, y]) => `${x + 0.5},${y + 0.5}`).join(' ')} fill="none" stroke={result.unknownIds.includes(d.id) ? '#ff5c5c' : '#2bff88'} strokeWidth={Math.max(2, result.width / 600)} />
      ))}
    </svg>
  )
}
