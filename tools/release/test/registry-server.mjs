// The registry process of registry.ts: Verdaccio with the configuration file it is given, on a
// loopback port the system picks, announced on stdout once it listens.
import { runServer } from 'verdaccio'

const server = await runServer(process.argv[2])
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on port ${server.address().port}\n`))
