// Preloaded (`--require`, through NODE_OPTIONS) into every node process run in an offline project
// (tools/contract/src/offline-project.ts), from the project's root folder, where it is copied.
// A project installed inside our repository has the workspace's node_modules folders above it: a
// module the project lacks would be found there. Here it is not found (MODULE_NOT_FOUND,
// ERR_MODULE_NOT_FOUND), as in a project of its own. `require` is checked here, `import` by the
// module hook registered below (offline-isolation.mjs).
'use strict'
const { realpathSync } = require('node:fs')
const Module = require('node:module')
const { isAbsolute, sep } = require('node:path')
const { pathToFileURL } = require('node:url')

const root = realpathSync(__dirname) + sep
const outside = (file) => {
  try {
    return !realpathSync(file).startsWith(root)
  } catch {
    return false
  }
}

const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  const file = resolveFilename.call(this, request, ...rest)
  if (isAbsolute(file) && outside(file))
    throw Object.assign(
      new Error(`Cannot find module '${request}' in the project (only outside it: ${file})`),
      {
        code: 'MODULE_NOT_FOUND',
      },
    )
  return file
}

Module.register(pathToFileURL(`${__dirname}/offline-isolation.mjs`))
