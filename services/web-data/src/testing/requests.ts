/**
 * A URL nothing listens on (port 9, discard, on loopback): requests that need a URL but whose
 * outcome is not what the test is about fail fast on it, without touching the network.
 */
export const UNREACHABLE = 'http://127.0.0.1:9/'

/** An extraction schema that is not JSON Schema (`money` is no type), refused with 422. */
export const INVALID_SCHEMA = { type: 'object', properties: { price: { type: 'money' } } }

/** The catalog's extraction schema error for `INVALID_SCHEMA`. */
export const INVALID_SCHEMA_MESSAGE = /^Invalid JSON schema: \/properties\/price\/type /
