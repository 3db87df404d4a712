// Save a blob as a file (the browser's download), e.g. an exported ruling.
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Read a file the user picked as text; a clear error when it cannot be read. */
export async function readFileText(file: File): Promise<string> {
  try {
    return await file.text()
  } catch (e) {
    throw new Error(`could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`)
  }
}
