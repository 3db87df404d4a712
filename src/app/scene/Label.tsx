// A text label on the table: a camera-facing sprite of a fixed size in screen pixels, placed by
// the label layout (labelLayout.ts) so that it never overlaps another label. `priority` decides
// who keeps a contested spot. Text is drawn on a canvas: a coloured box with dark text, or light
// text on a dark box; `hatch` adds stripes (a pattern as well as a colour).
import { useEffect, useMemo, useRef } from 'react'
import { CanvasTexture, LinearFilter, LinearMipmapLinearFilter, SRGBColorSpace, type Sprite } from 'three'
import { registerLabel } from './labelLayout.ts'

const FONT_PX = 48
const PAD_PX = 12

function makeLabel(text: string, colour: string, background: string, hatch: boolean): { texture: CanvasTexture; aspect: number } {
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d')!
  ctx.font = `700 ${FONT_PX}px system-ui, sans-serif`
  const w = Math.ceil(ctx.measureText(text).width) + 2 * PAD_PX
  const h = FONT_PX + 2 * PAD_PX
  canvas.width = w
  canvas.height = h
  ctx.fillStyle = background
  ctx.beginPath()
  ctx.roundRect(0, 0, w, h, 12)
  ctx.fill()
  if (hatch) {
    ctx.save()
    ctx.clip()
    ctx.strokeStyle = 'rgba(255,255,255,0.35)'
    ctx.lineWidth = 6
    for (let x = -h; x < w; x += 18) {
      ctx.beginPath()
      ctx.moveTo(x, h)
      ctx.lineTo(x + h, 0)
      ctx.stroke()
    }
    ctx.restore()
  }
  ctx.font = `700 ${FONT_PX}px system-ui, sans-serif`
  ctx.fillStyle = colour
  ctx.textBaseline = 'middle'
  ctx.fillText(text, PAD_PX, h / 2 + 2)
  const texture = new CanvasTexture(canvas)
  texture.colorSpace = SRGBColorSpace
  texture.minFilter = LinearMipmapLinearFilter
  texture.magFilter = LinearFilter
  return { texture, aspect: w / h }
}

export function Label({ text, position, colour = '#ffffff', background = 'rgba(0,0,0,0.82)', priority = 10, kind = 'label', hatch = false }: {
  text: string
  position: readonly [number, number, number]
  /** Ignored (labels are sized in screen pixels now); kept so older call sites still compile. */
  heightMm?: number
  colour?: string
  background?: string
  priority?: number
  kind?: string
  hatch?: boolean
}) {
  const label = useMemo(() => makeLabel(text, colour, background, hatch), [text, colour, background, hatch])
  const sprite = useRef<Sprite>(null)
  useEffect(() => () => label.texture.dispose(), [label])
  useEffect(() => {
    if (!sprite.current) return
    return registerLabel({ sprite: sprite.current, aspect: label.aspect, priority, text, kind })
  }, [label, priority, text, kind])
  return (
    <sprite ref={sprite} position={[position[0], position[1], position[2]]} renderOrder={20} visible={false}>
      <spriteMaterial map={label.texture} depthTest={false} depthWrite={false} transparent toneMapped={false} sizeAttenuation={false} />
    </sprite>
  )
}
