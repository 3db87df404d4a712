// Whether this device trusts the server's https certificate. A certificate the browser does not
// trust can be clicked through, and the page (and the camera) work, but the browser refuses to
// install the service worker ("An SSL certificate error occurred when fetching the script"), so the
// app is not kept for offline use. The app asks for the worker once and says so when it is refused
// for that reason (a message, and the shared-table panel).
import { create } from 'zustand'
import { useApp } from '../state/appStore.ts'

export type CertificateTrust = 'not-https' | 'checking' | 'trusted' | 'untrusted' | 'unknown'

export const useCertificateTrust = create<{ trust: CertificateTrust }>(() => ({ trust: 'checking' }))

export const UNTRUSTED_TEXT =
  'This device does not trust the server’s https certificate: the app works now, but it is not kept for offline use. Start the server with a trusted certificate (mkcert, or --cert/--key: see the README, “https on a LAN”) and trust its authority on this device.'

/** An error from serviceWorker.register that comes from the certificate, not from the worker. */
export function isCertificateError(e: unknown): boolean {
  const text = e instanceof Error ? `${e.name} ${e.message}` : String(e)
  return /SSL|certificate/i.test(text)
}

/** Ask for the service worker once (the same one the build registers: `sw.js` at the root) and record the answer. */
export async function checkCertificateTrust(): Promise<CertificateTrust> {
  const set = (trust: CertificateTrust) => {
    useCertificateTrust.setState({ trust })
    return trust
  }
  if (location.protocol !== 'https:') return set('not-https')
  if (!('serviceWorker' in navigator)) return set('unknown')
  try {
    await navigator.serviceWorker.register(new URL('sw.js', document.baseURI).href, { scope: new URL('./', document.baseURI).href })
    return set('trusted')
  } catch (e) {
    if (!isCertificateError(e)) return set('unknown')
    useApp.getState().notify({ level: 'warning', text: UNTRUSTED_TEXT, about: 'certificate' })
    return set('untrusted')
  }
}
