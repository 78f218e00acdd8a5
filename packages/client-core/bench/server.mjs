// Separate-process server for the benchmark: answers every request with a small JSON body.
import { createServer } from 'node:http'

const body = process.argv[2] ?? '{}'
const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => process.send?.(server.address().port))
