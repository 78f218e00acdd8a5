/**
 * The body of a request as the journal shows it, read from a clone so the app reads the original
 * untouched: parsed when JSON, the text when text, undefined for anything else. At most
 * `PREVIEW_LIMIT` bytes are read: a larger body is recorded as `{ truncated: true, bytes }`.
 */

const PREVIEW_LIMIT = 64 * 1024

export async function readBodyPreview(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return undefined
  const type = request.headers.get('content-type') ?? ''
  const isJson = /[/+]json\b/i.test(type)
  if (!isJson && !/^text\//i.test(type)) return undefined
  let reader: ReadableStreamDefaultReader<Uint8Array>
  try {
    reader = request.clone().body?.getReader() as ReadableStreamDefaultReader<Uint8Array>
    if (!reader) return undefined
  } catch {
    return undefined
  }
  const chunks: Uint8Array[] = []
  let bytes = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      bytes += value.byteLength
      if (bytes > PREVIEW_LIMIT) {
        // Not awaited: cancelling one branch of a cloned body settles only once the other branch
        // is read or cancelled too, and an app that answered without reading the body never does.
        void reader.cancel().catch(() => {})
        return { truncated: true, bytes }
      }
    }
  } catch {
    // The client went away mid-body: the app answers that; the journal records no body.
    return undefined
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (!isJson) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
