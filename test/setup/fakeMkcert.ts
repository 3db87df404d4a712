// A stand-in for mkcert in tests (its command line: -cert-file F -key-file K host…), signing with the
// authority in the CAROOT folder given as the first argument (rootCA.pem, rootCA-key.pem).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeServerCertificate } from './testCertificates.ts'

const [caRoot, ...args] = process.argv.slice(2)
const take = (flag: string) => {
  const i = args.indexOf(flag)
  const v = args[i + 1]
  if (i < 0 || !v) throw new Error(`fake mkcert: ${flag} missing`)
  args.splice(i, 2)
  return v
}
const certFile = take('-cert-file')
const keyFile = take('-key-file')
const authority = { cert: readFileSync(join(caRoot!, 'rootCA.pem'), 'utf8'), key: readFileSync(join(caRoot!, 'rootCA-key.pem'), 'utf8') }
const leaf = await makeServerCertificate(authority, args)
writeFileSync(certFile, leaf.cert)
writeFileSync(keyFile, leaf.key)
