// WebXR Raw Camera Access (camera-access) for the IWER emulator, which does not offer it: the one
// platform piece a desktop browser cannot provide. Installed into the page (as a script string)
// after IWER and before the session starts. It adds what Chrome on ARCore gives:
//   XRView.camera → { width, height } (an image aligned with the view: same projection),
//   XRWebGLBinding.getCameraImage(camera) → a WebGLTexture with rows bottom-up (GL convention).
// The image itself comes from the test's Node side (window.__renderXrCamera: the synthetic frame
// renderer drawing the real table seen from this view's pose), so what the app reads is the table
// the test knows the truth of. While the image for the current pose is not there yet, the binding
// returns null (as a browser does when no image is available), never a stale image for a new pose.
(() => {
  const WIDTH = 1280
  const cameras = new WeakMap()
  Object.defineProperty(XRView.prototype, 'camera', {
    configurable: true,
    get() {
      let camera = cameras.get(this)
      if (!camera) {
        const p = this.projectionMatrix
        // Same aspect as the view (p5 / p0 = width / height).
        camera = { width: WIDTH, height: Math.round((WIDTH * p[0]) / p[5]), view: this }
        cameras.set(this, camera)
      }
      return camera
    },
  })
  const Base = globalThis.XRWebGLBinding
  class CameraBinding extends Base {
    constructor(session, gl) {
      super(session, gl)
      this.gl = gl
      this.texture = null
      this.key = ''
      this.pending = ''
    }
    getCameraImage(camera) {
      const m = camera.view.transform.matrix
      const key = Array.from(m, (v) => v.toFixed(5)).join(',')
      if (key !== this.key && key !== this.pending) {
        this.pending = key
        window.__renderXrCamera({ matrix: Array.from(m), width: camera.width, height: camera.height }).then((b64) => {
          if (this.pending !== key) return
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
          // Top row first from the renderer → bottom row first in the texture.
          const stride = camera.width * 4
          const flipped = new Uint8Array(bytes.length)
          for (let r = 0; r < camera.height; r++) flipped.set(bytes.subarray(r * stride, r * stride + stride), (camera.height - 1 - r) * stride)
          const gl = this.gl
          const before = gl.getParameter(gl.TEXTURE_BINDING_2D)
          this.texture ??= gl.createTexture()
          gl.bindTexture(gl.TEXTURE_2D, this.texture)
          gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false)
          gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false)
          gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4)
          gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, camera.width, camera.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, flipped)
          gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
          gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
          gl.bindTexture(gl.TEXTURE_2D, before)
          this.key = key
          this.pending = ''
        })
      }
      return key === this.key ? this.texture : null
    }
  }
  globalThis.XRWebGLBinding = CameraBinding
  window.__xrCameraShim = true
})()
