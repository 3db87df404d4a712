// A small reader of the PDFs pdf-lib writes, for tests: each page's size in points, the filled paths
// (bounding box in points, fill colour) and the text strings with their positions, read back from the
// page content streams (inflated with node:zlib), so a test measures what a printer would print.
import { inflateSync } from 'node:zlib'
import { PDFArray, PDFDocument, PDFRawStream, type PDFStream } from 'pdf-lib'

export type PdfBox = { x: number; y: number; width: number; height: number; fill: [number, number, number] }
export type PdfText = { x: number; y: number; size: number; text: string }
export type PdfPage = { widthPt: number; heightPt: number; fills: PdfBox[]; texts: PdfText[] }

type Matrix = [number, number, number, number, number, number]
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
]
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]

function decodeHex(hex: string): string {
  let out = ''
  for (let i = 0; i + 1 < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16))
  // WinAnsi differs from Latin-1 only in 0x80–0x9F; the few we print:
  return out.replace(/\x97/g, '—').replace(/\x85/g, '…').replace(/\x95/g, '•')
}

function parseContent(text: string, page: PdfPage): void {
  const tokens = text.match(/<[0-9A-Fa-f]*>|\[[^\]]*\]|\/[^\s/<[(]+|[-+]?\d*\.?\d+(?:e[-+]?\d+)?|[A-Za-z*'"]+/g) ?? []
  const stack: Matrix[] = []
  let ctm: Matrix = [1, 0, 0, 1, 0, 0]
  let fill: [number, number, number] = [0, 0, 0]
  let path: [number, number][] = []
  let operands: string[] = []
  let fontSize = 0
  let tm: Matrix = [1, 0, 0, 1, 0, 0]
  for (const t of tokens) {
    if (/^[-+]?\d*\.?\d+/.test(t) || t.startsWith('<') || t.startsWith('[') || t.startsWith('/')) {
      operands.push(t)
      continue
    }
    const n = operands.map(Number)
    switch (t) {
      case 'q': stack.push(ctm); break
      case 'Q': ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0]; break
      case 'cm': ctm = multiply(n as Matrix, ctm); break
      case 'rg': fill = [n[0]!, n[1]!, n[2]!]; break
      case 'm': case 'l': path.push(apply(ctm, n[0]!, n[1]!)); break
      case 'c': path.push(apply(ctm, n[4]!, n[5]!)); break
      case 're': {
        const [x, y, w, h] = n as [number, number, number, number]
        path.push(apply(ctm, x, y), apply(ctm, x + w, y + h))
        break
      }
      case 'f': case 'F': case 'f*': case 'B': case 'b': {
        if (path.length) {
          const xs = path.map((p) => p[0]), ys = path.map((p) => p[1])
          page.fills.push({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys), fill })
        }
        path = []
        break
      }
      case 'S': case 's': case 'n': path = []; break
      case 'Tf': fontSize = Number(operands[1]); break
      case 'Tm': tm = n as Matrix; break
      case 'Tj': {
        const hex = operands[0] ?? ''
        const [x, y] = apply(ctm, tm[4], tm[5])
        page.texts.push({ x, y, size: fontSize, text: hex.startsWith('<') ? decodeHex(hex.slice(1, -1)) : hex })
        break
      }
    }
    operands = []
  }
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize()
    const page: PdfPage = { widthPt: width, heightPt: height, fills: [], texts: [] }
    const contents = p.node.Contents()
    const refs = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents]
    for (const s of refs) {
      if (!(s instanceof PDFRawStream)) continue
      const raw = (s as PDFStream & PDFRawStream).getContents()
      let text: string
      try { text = inflateSync(raw).toString('latin1') } catch { text = Buffer.from(raw).toString('latin1') }
      parseContent(text, page)
    }
    return page
  })
}
