// A text label that always faces the camera (a sprite with a canvas texture), sized in table mm.
import { useEffect, useMemo } from 'react'
import { CanvasTexture, LinearFilter, SRGBColorSpace } from 'three'

const FONT_PX = 48
const PAD_PX = 12

function makeLabel(text: string, colour: string, background: string): { texture: CanvasTexture; aspect: number } {
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
  ctx.font = `700 ${FONT_PX}px system-ui, sans-serif`
  ctx.fillStyle = colour
  ctx.textBaseline = 'middle'
  ctx.fillText(text, PAD_PX, h / 2 + 2)
  const texture = new CanvasTexture(canvas)
  texture.colorSpace = SRGBColorSpace
  texture.minFilter = LinearFilter
  return { texture, aspect: w / h }
}

export function Label({ text, position, heightMm = 30, colour = '#ffffff', background = 'rgba(0,0,0,0.78)' }: {
  text: string
  position: readonly [number, number, number]
  heightMm?: number
  colour?: string
  background?: string
}) {
  const label = useMemo(() => makeLabel(text, colour, background), [text, colour, background])
  useEffect(() => () => label.texture.dispose(), [label])
  return (
    <sprite position={[position[0], position[1], position[2]]} scale={[heightMm * label.aspect, heightMm, 1]} renderOrder={20}>
      <spriteMaterial map={label.texture} depthTest={false} depthWrite={false} transparent toneMapped={false} />
    </sprite>
  )
}
