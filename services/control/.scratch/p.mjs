import pkg from 'node-sql-parser'
const { Parser } = pkg
const p = new Parser()
const opt = { database: 'PostgresQL' }
for (const q of [
 "SELECT toStartOfDay(time) AS day, countIf(outcome = 'VALID') AS valid FROM key_verifications WHERE time > now() - INTERVAL 7 DAY GROUP BY day ORDER BY day",
 "SELECT path, count() AS errors FROM gateway_requests WHERE status >= 500 AND time > now() - INTERVAL '1 day' GROUP BY path ORDER BY errors DESC LIMIT 5",
 "SELECT 1; DELETE FROM x",
 "WITH d AS (DELETE FROM x RETURNING *) SELECT * FROM d",
 "SELECT * FROM key_verifications /* c */ -- x",
 "SELECT pg_sleep(1), set_config('a','b',true) FROM public.root_keys",
 "SELECT count(*) FROM (SELECT * FROM ratelimits) s",
]) {
  try {
    const ast = p.astify(q, opt)
    console.log(JSON.stringify(ast).slice(0, 600))
    console.log('SQL:', p.sqlify(ast, opt))
    console.log('tables:', p.tableList(q, opt), 'cols', p.columnList(q,opt).slice(0,5))
  } catch (e) { console.log('ERR', e.message.slice(0,200)) }
}
