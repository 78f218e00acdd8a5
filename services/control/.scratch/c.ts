import { compileQuery } from '../src/routes/analytics.shared/query.js'
for (const q of [
  "SELECT toStartOfDay(time) AS day, countIf(outcome = 'VALID') AS valid, countIf(outcome = 'RATE_LIMITED') AS rateLimited FROM key_verifications WHERE time > now() - INTERVAL 7 DAY GROUP BY day ORDER BY day",
  "SELECT path, count() AS errors FROM key_verifications WHERE region >= 'a' GROUP BY path ORDER BY errors DESC LIMIT 5",
  "SELECT k.outcome FROM key_verifications k JOIN key_verifications x ON x.key_id = k.key_id",
  "SELECT key_verifications.outcome FROM key_verifications",
  "WITH a AS (SELECT * FROM key_verifications) SELECT * FROM a",
  "WITH a AS (DELETE FROM key_verifications RETURNING *) SELECT * FROM a",
  "SELECT * FROM root_keys", "SELECT * FROM public.key_verifications", "SELECT pg_sleep(10)", "SELECT 1; SELECT 2",
  "SELECT * FROM key_verifications WHERE key_id IN (SELECT id FROM root_keys)",
  "SELECT set_config('a','b',true)", "SELECT x::regclass FROM key_verifications", "SELECT * FROM key_verifications /* x */ LIMIT 100000",
  "SELECT * FROM generate_series(1,10)", "SELECT * FROM (SELECT * FROM ratelimits) s", "SELECT 1 UNION SELECT * FROM root_keys",
  "SELECT nextval('x')", "SELECT lo_import('/etc/passwd')", "SELECT * FROM key_verifications -- ; DROP TABLE x",
  "DELETE FROM key_verifications", "INSERT INTO key_verifications VALUES (1)", "SELEC 1",
]) {
  try { console.log('OK ', compileQuery(q, ['key_verifications'])) } catch (e) { console.log('ERR', (e as Error).message) }
}
