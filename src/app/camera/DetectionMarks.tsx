// Outlines of the markers the tracker found, drawn over the image in image pixels, placed as the
// image is (fit and aim: the svg fills the box and its viewBox is the part of the image the box shows).
import type { TrackFrameResult } from '../../tracking/index.ts'
import { type ImageFit, fitImage } from './registeredCamera.ts'
import type { FocusedImage } from './imageFocus.ts'

export function DetectionMarks({ result, fit = 'contain', focus }: { result: TrackFrameResult; fit?: ImageFit; focus?: FocusedImage }) {
  const place = focus && focus.boxW > 0 ? fitImage(result.width, result.height, focus.boxW, focus.boxH, fit, { scale: 1, left: 0, top: 0 }, focus.posX, focus.posY) : null
  const viewBox = place && focus ? `${-place.left / place.scale} ${-place.top / place.scale} ${focus.boxW / place.scale} ${focus.boxH / place.scale}` : `0 0 ${result.width} ${result.height}`
  return (
    <svg className="detections" viewBox={viewBox} preserveAspectRatio={place ? 'none' : fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet'} aria-hidden="true">
      {result.detections.map((d, i) => (
        <polygon key={i} points={d.corners.map(([x, y]) => `${x + 0.5},${y + 0.5}`).join(' ')} fill="none" stroke={result.unknownIds.includes(d.id) ? '#ff5c5c' : '#2bff88'} strokeWidth={Math.max(2, result.width / 600)} />
      ))}
    </svg>
  )
}
