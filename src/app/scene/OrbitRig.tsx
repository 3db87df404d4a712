// Orbit camera around the table centre (three's OrbitControls; z is up in the table frame).
import { useEffect } from 'react'
import { useFrame, useThree } from '@react-three/fiber'
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js'
import { orbitHandle } from './orbitHandle.ts'

export function OrbitRig({ targetX, targetY }: { targetX: number; targetY: number }) {
  const camera = useThree((s) => s.camera)
  const domElement = useThree((s) => s.gl.domElement)
  const invalidate = useThree((s) => s.invalidate)
  useEffect(() => {
    camera.up.set(0, 0, 1)
    const controls = new OrbitControls(camera, domElement)
    controls.target.set(targetX, targetY, 0)
    controls.enableDamping = true
    controls.dampingFactor = 0.15
    controls.maxPolarAngle = Math.PI * 0.49
    controls.minDistance = 150
    controls.maxDistance = 6000
    controls.update()
    orbitHandle.controls = controls
    // The planner renders on demand (battery on a phone): every camera move asks for a frame, and
    // damping keeps asking until the camera settles.
    const onChange = () => invalidate()
    controls.addEventListener('change', onChange)
    return () => {
      controls.removeEventListener('change', onChange)
      controls.dispose()
      if (orbitHandle.controls === controls) orbitHandle.controls = null
    }
  }, [camera, domElement, targetX, targetY, invalidate])
  useFrame(() => {
    orbitHandle.controls?.update()
  })
  return null
}
