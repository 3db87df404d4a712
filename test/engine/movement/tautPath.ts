// Reference lengths for the reach tests, from the geometry alone (never from the engine).

/**
 * Length of the taut path S → round circles C1…Cn of radius r (each passed with the obstacle on the
 * left) → T: tangent, arcs and straight runs between equal circles.
 */
export function tautAroundLeft(S: [number, number], circles: Array<[number, number]>, T: [number, number], r: number): number {
  const heading = (a: [number, number], b: [number, number]) => Math.atan2(b[1] - a[1], b[0] - a[0])
  const first = circles[0]!
  const last = circles[circles.length - 1]!
  const d0 = Math.hypot(first[0] - S[0], first[1] - S[1])
  const d1 = Math.hypot(T[0] - last[0], T[1] - last[1])
  const headings = [heading(S, first) - Math.asin(r / d0)]
  for (let i = 0; i + 1 < circles.length; i++) headings.push(heading(circles[i]!, circles[i + 1]!))
  headings.push(heading(last, T) + Math.asin(r / d1))
  let len = Math.sqrt(d0 * d0 - r * r) + Math.sqrt(d1 * d1 - r * r)
  for (let i = 0; i + 1 < circles.length; i++) len += Math.hypot(circles[i + 1]![0] - circles[i]![0], circles[i + 1]![1] - circles[i]![1])
  for (let i = 0; i + 1 < headings.length; i++) {
    let turn = headings[i + 1]! - headings[i]!
    while (turn < 0) turn += 2 * Math.PI
    len += r * turn
  }
  return len
}

