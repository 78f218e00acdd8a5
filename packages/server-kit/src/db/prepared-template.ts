/**
 * Prepared templates: the data folder of a database that already holds what a service's start
 * builds on an empty one (the job queue's table, the migrations, the demo data), made once when the
 * service is built (`makePreparedTemplate`), so that a new in-memory database starts as a copy of it
 * instead of a copy of the initdb template followed by the migrations and the seeding.
 *
 * A file is only used by databases it was made for: its header lists the identities it holds
 * (`preparedTemplateIdentity`: the format, the PGlite build and initdb's arguments, the job queue's
 * and the migrations' tables, every migration file, and the code that seeds it). Any difference,
 * a damaged file (its payload is gzip, whose CRC is checked) or no file, and the database is made
 * the way it was before.
 *
 * The file: `PGLTPL1\n`, the header's length (u32, big-endian), the header (JSON: the format, the
 * identities, the payload's length), then the gzip of the payload: the length of the list (u32),
 * the list (JSON: the folders; each file's path, size and blocks; the length of each stored
 * block), then the stored blocks. A file is 8 KiB blocks (PostgreSQL's page), each stored once
 * however many files hold it (template0 and template1 are the same database), blocks of zeros not
 * at all; the WAL holds only the shutdown checkpoint (see `makePreparedTemplate`). The build's
 * database, about 42 MB of files, is about 11 MB of blocks, 1.2 MB of gzip.
 *
 * Only types come from PGlite here: the service's thread checks a template without loading it.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join, relative, sep } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { MemoryFS, PGlite, PGliteOptions } from '@electric-sql/pglite'
import { IDEMPOTENCY_SCHEMA } from '../idempotency/schema.sql.js'
import { JOBS_SCHEMA } from '../jobs/schema.sql.js'
import { MIGRATIONS_TABLE, migrationFiles } from './migrate.js'
import { pgliteOptions } from './pglite-options.js'
import { initdbKey, pgliteVersion, templatesOff } from './pglite-template.js'

const MAGIC = Buffer.from('PGLTPL1\n')
/** PostgreSQL's page size: the unit in which a data folder's files change. */
const BLOCK = 8192
/** Changes whenever the file's layout or what a template is made of changes. */
const FORMAT = 1

/** A prepared template as a service names it: where it is, and what a copy of it must hold. */
export interface PreparedTemplate {
  /** The template file (made when the service is built). */
  file: string
  /** `preparedTemplateIdentity` of what the running service would build on an empty database. */
  identity: string
}

export interface PreparedTemplateSource {
  /** The service's migrations. */
  migrationsDir: string
  /**
   * The folder of the code that seeds the database (the running service's `src/` or `dist/`):
   * every source file in it (`.ts`, `.js`; not tests, declarations, source maps or `testing/`)
   * is part of the identity, so a template never outlives a change to the seeding.
   */
  code: string
}

/**
 * The identity of the database a service builds on an empty one, or undefined when the PGlite
 * build cannot be told (no template is used then).
 */
export function preparedTemplateIdentity(source: PreparedTemplateSource): string | undefined {
  const version = pgliteVersion()
  if (!version) return undefined
  const hash = createHash('sha256')
  hash.update(
    JSON.stringify({
      format: FORMAT,
      pglite: version,
      // The same options a new database is opened with (only initdb's arguments matter).
      initdb: initdbKey(pgliteOptions([])),
      jobs: JOBS_SCHEMA,
      idempotency: IDEMPOTENCY_SCHEMA,
      migrationsTable: MIGRATIONS_TABLE,
    }),
  )
  for (const name of migrationFiles(source.migrationsDir)) {
    hash.update(`\0migration\0${name}\0`)
    hash.update(readFileSync(join(source.migrationsDir, name)))
  }
  for (const file of codeFiles(source.code)) {
    hash.update(`\0code\0${relative(source.code, file).split(sep).join('/')}\0`)
    hash.update(readFileSync(file))
  }
  return hash.digest('hex')
}

/** The source files of a code folder, sorted (see `PreparedTemplateSource.code`). */
function codeFiles(dir: string): string[] {
  const found: string[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== 'node_modules') walk(path)
      } else if (/\.(ts|js)$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) found.push(path)
    }
  }
  walk(dir)
  return found.sort()
}

/**
 * A service's prepared template, as `databaseTemplate()` of the service names it: the identity is
 * computed once (it reads every migration and source file), on the first call.
 */
export function servicePreparedTemplate(
  source: PreparedTemplateSource & { file: string },
): () => PreparedTemplate | undefined {
  let template: { value: PreparedTemplate | undefined } | undefined
  return () => {
    template ??= (() => {
      const identity = preparedTemplateIdentity(source)
      return { value: identity ? { file: source.file, identity } : undefined }
    })()
    return template.value
  }
}

/**
 * Whether `template`'s file is there and was made for its identity (its header only: the contents
 * are checked when it is loaded). False when templates are off (`PGLITE_TEMPLATE_DIR=off`).
 */
export function preparedTemplateMatches(template: PreparedTemplate): boolean {
  if (templatesOff()) return false
  let fd: number
  try {
    fd = openSync(template.file, 'r')
  } catch {
    return false
  }
  try {
    const start = Buffer.alloc(MAGIC.length + 4)
    if (readSync(fd, start, 0, start.length, 0) !== start.length) return false
    const length = headerLength(start)
    if (length === undefined) return false
    const header = Buffer.alloc(length)
    if (readSync(fd, header, 0, length, start.length) !== length) return false
    return parseHeader(header)?.identities.includes(template.identity) ?? false
  } catch {
    return false
  } finally {
    closeSync(fd)
  }
}

/** The folders and files of a prepared template's data folder, each file its own buffer. */
export interface PreparedFiles {
  directories: string[]
  files: Array<{ path: string; contents: Uint8Array }>
}

/** The data folder held by `template`'s file, or undefined when it is missing, not made for it or damaged. */
export function loadPreparedTemplate(template: PreparedTemplate): PreparedFiles | undefined {
  if (templatesOff()) return undefined
  let bytes: Buffer
  try {
    bytes = readFileSync(template.file)
  } catch {
    return undefined
  }
  try {
    const length = headerLength(bytes)
    if (length === undefined) return undefined
    const start = MAGIC.length + 4
    const header = parseHeader(bytes.subarray(start, start + length))
    if (!header?.identities.includes(template.identity)) return undefined
    // One output chunk of the known size: no list of chunks concatenated afterwards.
    const payload = gunzipSync(bytes.subarray(start + length), {
      chunkSize: Math.max(64 * 1024, header.payload + 1),
    })
    if (payload.length !== header.payload) return undefined
    const listLength = payload.readUInt32BE(0)
    const list = JSON.parse(payload.subarray(4, 4 + listLength).toString('utf8')) as FileList
    const offsets: number[] = []
    let offset = 4 + listLength
    for (const blockLength of list.blocks) {
      offsets.push(offset)
      offset += blockLength
    }
    if (offset !== payload.length) return undefined
    const files: PreparedFiles['files'] = []
    for (const [path, size, blocks] of list.files) {
      const contents = new Uint8Array(size)
      for (let i = 0; i < blocks.length; i++) {
        const block = blocks[i] as number
        if (block < 0) continue
        const blockOffset = offsets[block]
        const blockLength = list.blocks[block]
        if (blockOffset === undefined || blockLength !== Math.min(BLOCK, size - i * BLOCK)) return undefined
        contents.set(payload.subarray(blockOffset, blockOffset + blockLength), i * BLOCK)
      }
      files.push({ path, contents })
    }
    return { directories: list.directories, files }
  } catch {
    return undefined
  }
}

interface Header {
  format: number
  identities: string[]
  /** Bytes of the payload once unpacked. */
  payload: number
}

interface FileList {
  directories: string[]
  /** path, size, and its blocks in order: the index of the stored block, -1 for zeros (those at the end left out) */
  files: Array<[string, number, number[]]>
  /** The length of each stored block (8 KiB, less at the end of a file) */
  blocks: number[]
}

function headerLength(bytes: Buffer): number | undefined {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
  return bytes.readUInt32BE(MAGIC.length)
}

function parseHeader(bytes: Buffer): Header | undefined {
  const header = JSON.parse(bytes.toString('utf8')) as Partial<Header>
  if (header.format !== FORMAT || !Array.isArray(header.identities) || typeof header.payload !== 'number')
    return undefined
  return header as Header
}

/**
 * Writes the template file of a PGlite data folder that was shut down cleanly, for `identities`
 * (several: the same database built by the service's `dist/` and by its `src/`). Written under a
 * temporary name and renamed into place.
 */
export function writePreparedTemplate(file: string, dataDir: string, identities: string[]): void {
  const directories: string[] = []
  const listed: FileList['files'] = []
  const stored: Buffer[] = []
  const known = new Map<string, number>()
  const walk = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    )
    for (const entry of entries) {
      const path = join(folder, entry.name)
      const name = relative(dataDir, path).split(sep).join('/')
      if (entry.isDirectory()) {
        directories.push(name)
        walk(path)
      } else if (entry.isFile()) {
        const data = readFileSync(path)
        const blocks: number[] = []
        for (let at = 0; at < data.length; at += BLOCK) {
          const block = data.subarray(at, Math.min(at + BLOCK, data.length))
          if (block.every((byte) => byte === 0)) {
            blocks.push(-1)
            continue
          }
          const digest = createHash('sha256').update(block).digest('base64')
          let index = known.get(digest)
          if (index === undefined) {
            index = stored.length
            known.set(digest, index)
            stored.push(block)
          }
          blocks.push(index)
        }
        while (blocks.at(-1) === -1) blocks.pop()
        listed.push([name, data.length, blocks])
      } else throw new Error(`${path}: a data folder holds only folders and files`)
    }
  }
  walk(dataDir)
  const list = Buffer.from(
    JSON.stringify({ directories, files: listed, blocks: stored.map((b) => b.length) } satisfies FileList),
  )
  const listLength = Buffer.alloc(4)
  listLength.writeUInt32BE(list.length)
  const payload = Buffer.concat([listLength, list, ...stored])
  const header = Buffer.from(
    JSON.stringify({ format: FORMAT, identities, payload: payload.length } satisfies Header),
  )
  const headerSize = Buffer.alloc(4)
  headerSize.writeUInt32BE(header.length)
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`
  try {
    writeFileSync(temporary, Buffer.concat([MAGIC, headerSize, header, gzipSync(payload, { level: 9 })]))
    renameSync(temporary, file)
  } finally {
    rmSync(temporary, { force: true })
  }
}

type EmscriptenOptions = Parameters<MemoryFS['init']>[1]
type PreRun = NonNullable<EmscriptenOptions['preRun']>[number]
type PostgresModule = Parameters<PreRun>[0]

/** What `writeFiles` uses of an Emscripten in-memory (MEMFS) folder node. */
interface MemoryNode {
  node_ops?: { mknod?: (parent: MemoryNode, name: string, mode: number, dev: number) => MemoryNode }
  contents?: Uint8Array
  usedBytes?: number
}

const FOLDER_MODE = 0o40777
const FILE_MODE = 0o100666

/**
 * Writes the files into the in-memory folder `root`: as `FS.mkdir` and `FS.writeFile` (with
 * `canOwn`: the file keeps the buffer) would, but each node made by its parent's `mknod` and given
 * its buffer, without resolving every path from the root again: about a tenth of the time (a
 * thousand files: 10-20 ms against 100-150 ms). Through the `FS` calls when the folder's nodes are
 * not MEMFS's.
 */
function writeFiles(FS: PostgresModule['FS'], root: string, files: PreparedFiles): void {
  const rootNode = FS.lookupPath(root, {}).node as unknown as MemoryNode
  if (typeof rootNode.node_ops?.mknod !== 'function') {
    for (const directory of files.directories) FS.mkdirTree(`${root}/${directory}`)
    for (const { path, contents } of files.files) FS.writeFile(`${root}/${path}`, contents, { canOwn: true })
    return
  }
  const folders = new Map<string, MemoryNode>([['', rootNode]])
  const parentOf = (path: string): [MemoryNode, string] => {
    const slash = path.lastIndexOf('/')
    const parent = folders.get(slash < 0 ? '' : path.slice(0, slash))
    if (!parent?.node_ops?.mknod) throw new Error(`${path}: its folder is not in the template`)
    return [parent, path.slice(slash + 1)]
  }
  // Folders come parents first (the template lists them as it walked them).
  for (const directory of files.directories) {
    const [parent, name] = parentOf(directory)
    folders.set(directory, parent.node_ops?.mknod?.(parent, name, FOLDER_MODE, 0) as MemoryNode)
  }
  for (const { path, contents } of files.files) {
    const [parent, name] = parentOf(path)
    const node = parent.node_ops?.mknod?.(parent, name, FILE_MODE, 0) as MemoryNode
    node.contents = contents
    node.usedBytes = contents.length
  }
}

/**
 * Opens PGlite in memory on a copy of `prepared`: its files are written into PostgreSQL's data
 * folder before PostgreSQL starts, so PGlite finds a database and opens it as existing data (no
 * tarball to unpack, no initdb). The buffers become the database's files: use them once.
 */
export async function openPreparedPglite(
  pglite: { PGlite: typeof PGlite; MemoryFS: typeof MemoryFS },
  prepared: PreparedFiles,
  options: PGliteOptions,
): Promise<PGlite> {
  let pending: PreparedFiles | undefined = prepared
  const copyFiles = (mod: PostgresModule) => {
    const root = mod.ENV.PGDATA
    if (!root || !pending) throw new Error('PGlite did not name its data folder')
    mod.FS.mkdirTree(root)
    writeFiles(mod.FS, root, pending)
    // The buffers are the files' now; a file that grows gets a new one, and the old one can go.
    pending = undefined
  }
  class PreparedFS extends pglite.MemoryFS {
    override async init(pg: PGlite, emscriptenOptions: EmscriptenOptions) {
      const { emscriptenOpts } = await super.init(pg, emscriptenOptions)
      return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), copyFiles] } }
    }
  }
  return pglite.PGlite.create({ ...options, fs: new PreparedFS() })
}
