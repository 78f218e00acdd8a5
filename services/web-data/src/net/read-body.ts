import type http from 'node:http'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

/**
 * The body of `res`, decoded by its `content-encoding` (gzip and its alias x-gzip, deflate, br)
 * and capped at `maxBytes` decoded bytes: a larger body destroys `req` with `tooLarge()`, so a
 * small compressed answer cannot expand without bound in memory.
 */
export function readBody(
  req: http.ClientRequest,
  res: http.IncomingMessage,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let stream: Readable = res
    const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase()
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip())
    else if (encoding === 'deflate') stream = res.pipe(createInflate())
    else if (encoding === 'br') stream = res.pipe(createBrotliDecompress())
    const chunks: Buffer[] = []
    let size = 0
    let capped = false
    stream.on('data', (chunk: Buffer) => {
      if (capped) return
      size += chunk.length
      if (size > maxBytes) {
        // The decoder may still end cleanly on what it holds; the cap must win over that end.
        capped = true
        const error = tooLarge()
        req.destroy(error)
        reject(error)
        return
      }
      chunks.push(chunk)
    })
    stream.on('end', () => {
      if (!capped) resolve(Buffer.concat(chunks))
    })
    stream.on('error', reject)
    res.on('error', reject)
  })
}
