// The `import` half of offline-isolation.cjs: a module hook (module.register) for which a module
// that resolves outside the project's folder is not found.
import { realpathSync } from 'node:fs'
import { sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = realpathSync(fileURLToPath(new URL('.', import.meta.url))) + sep
const outside = (file) => {
  try {
    return !realpathSync(file).startsWith(root)
  } catch {
    return false
  }
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context)
  if (result.url.startsWith('file:') && outside(fileURLToPath(result.url)))
    throw Object.assign(
      new Error(`Cannot find package '${specifier}' in the project (only outside it: ${result.url})`),
      { code: 'ERR_MODULE_NOT_FOUND' },
    )
  return result
}
