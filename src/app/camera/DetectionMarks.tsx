// Outlines of the markers the tracker found, drawn over the image in image pixels.
import type { TrackFrameResult } from '../../tracking/index.ts'

export function DetectionMarks({ result }: { result: TrackFrameResult }) {
  return (
    <svg className="detections" viewBox={`0 0 ${result.width} ${result.height}`} preserveAspectRatio="none" aria-hidden="true">
      {result.detections.map((d, i) => (
        <polygon key={i} points={d.corners.map(([x, y]) => `${x + 0.5},${y + 0.5}`).join(' ')} fill="none" stroke={result.unknownIds.includes(d.id) ? '#ff5c5c' : '#2bff88'} strokeWidth={Math.max(2, result.width / 600)} />
      ))}
    </svg>
  )
}
