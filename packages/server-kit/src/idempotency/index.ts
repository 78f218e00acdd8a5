export { requestFingerprint } from './fingerprint.js'
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type IdempotencyOptions,
  type IdempotencyRefusal,
  idempotency,
  MAX_IDEMPOTENCY_KEY_LENGTH,
} from './middleware.js'
export { IDEMPOTENCY_SCHEMA } from './schema.sql.js'
export {
  IDEMPOTENCY_LOCK_MS,
  IDEMPOTENCY_TTL_MS,
  IdempotencyStore,
  type IdempotencyStoreOptions,
  installIdempotency,
  type Reservation,
  type StoredAnswer,
} from './store.js'
