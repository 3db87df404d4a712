// A uniform grid over boxes (on the table plane), so that a pair's sight-line bound finds the few
// pieces or models near its segment without trying every one. Built once per table; queries
// allocate nothing. A prefilter only: it may return extra items, never miss one (the caller still
// runs its exact test on each).

/** Cells per side at most; cells are at least MIN_CELL_MM wide. */
const MAX_CELLS = 48
const MIN_CELL_MM = 80
/** Query slack (mm) over the caller's reach, far above float noise. */
const SLACK_MM = 1

export class BoxGrid {
  private readonly x0: number
  private readonly y0: number
  private readonly cell: number
  private readonly cols: number
  private readonly rows: number
  private readonly start: Int32Array
  private readonly items: Int32Array
  private readonly stamp: Int32Array
  private stampNo = 0

  /** boxes: six numbers per item (minX, minY, minZ, maxX, maxY, maxZ); only x and y are used. */
  constructor(boxes: Float64Array) {
    const n = boxes.length / 6
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
    for (let i = 0; i < n; i++) {
      x0 = Math.min(x0, boxes[6 * i]!); y0 = Math.min(y0, boxes[6 * i + 1]!)
      x1 = Math.max(x1, boxes[6 * i + 3]!); y1 = Math.max(y1, boxes[6 * i + 4]!)
    }
    if (n === 0) { x0 = y0 = 0; x1 = y1 = 1 }
    this.cell = Math.max(MIN_CELL_MM, (x1 - x0) / MAX_CELLS, (y1 - y0) / MAX_CELLS)
    this.x0 = x0
    this.y0 = y0
    this.cols = Math.max(1, Math.ceil((x1 - x0) / this.cell))
    this.rows = Math.max(1, Math.ceil((y1 - y0) / this.cell))
    const count = new Int32Array(this.cols * this.rows + 1)
    const each = (i: number, visit: (c: number) => void) => {
      const c0 = this.col(boxes[6 * i]!), c1 = this.col(boxes[6 * i + 3]!)
      const r0 = this.row(boxes[6 * i + 1]!), r1 = this.row(boxes[6 * i + 4]!)
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * this.cols + c)
    }
    for (let i = 0; i < n; i++) each(i, (c) => count[c + 1]!++)
    for (let c = 0; c < count.length - 1; c++) count[c + 1]! += count[c]!
    this.start = count.slice()
    this.items = new Int32Array(count[count.length - 1]!)
    const fill = count.slice()
    for (let i = 0; i < n; i++) each(i, (c) => { this.items[fill[c]!++] = i })
    this.stamp = new Int32Array(n)
  }

  private col(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.x0) / this.cell)))
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.y0) / this.cell)))
  }

  /**
   * Items whose cells come within `reach` of segment a→b (plane), written to `out` in ascending
   * order; returns how many. `out` must hold every item.
   */
  near(ax: number, ay: number, bx: number, by: number, reach: number, out: Int32Array): number {
    const r = reach + SLACK_MM
    const no = ++this.stampNo
    let n = 0
    const dx = bx - ax, dy = by - ay
    const c0 = this.col(Math.min(ax, bx) - r), c1 = this.col(Math.max(ax, bx) + r)
    for (let c = c0; c <= c1; c++) {
      // The part of the segment over this column (grown by r), and its y span.
      const xl = this.x0 + c * this.cell - r, xr = this.x0 + (c + 1) * this.cell + r
      let t0 = 0, t1 = 1
      if (dx === 0) {
        if (ax < xl || ax > xr) continue
      } else {
        let ta = (xl - ax) / dx, tb = (xr - ax) / dx
        if (ta > tb) { const x = ta; ta = tb; tb = x }
        if (ta > t0) t0 = ta
        if (tb < t1) t1 = tb
        if (t1 < t0) continue
      }
      const ya = ay + t0 * dy, yb = ay + t1 * dy
      const r0 = this.row(Math.min(ya, yb) - r), r1 = this.row(Math.max(ya, yb) + r)
      for (let row = r0; row <= r1; row++) {
        const cell = row * this.cols + c
        for (let k = this.start[cell]!, end = this.start[cell + 1]!; k < end; k++) {
          const item = this.items[k]!
          if (this.stamp[item] === no) continue
          this.stamp[item] = no
          // insertion keeps `out` ascending
          let j = n++
          while (j > 0 && out[j - 1]! > item) { out[j] = out[j - 1]!; j-- }
          out[j] = item
        }
      }
    }
    return n
  }
}
