/**
 * Which control operations change something, and so carry an `Idempotency-Key`: all but the
 * reads (`liveness`, `keys.whoami`, every `get…` and `list…` procedure). `keys.verifyKey` and
 * `ratelimit.limit` are writes: they spend credits and rate-limit tokens. The spec declares the
 * header on exactly these operations (its tests check the rule against it).
 */
const READ = /^(liveness|keys\.whoami|[a-z]+\.(get|list)[A-Z]\w*)$/

export const isWrite = (operationId: string): boolean => !READ.test(operationId)
