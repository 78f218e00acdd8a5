import pkg from 'node-sql-parser'
const { Parser } = pkg
const p = new Parser()
const opt = { database: 'PostgresQL' }
const show = (q) => { try { const a = p.astify(q, opt); console.log(JSON.stringify(a.where ?? a.columns)) } catch (e) { console.log('ERR', e.message.slice(0,150)) } }
show("SELECT 1 FROM t WHERE time > now() - INTERVAL 7 DAY")
show("SELECT 1 FROM t WHERE time > now() - INTERVAL '7 days'")
show("SELECT x::int, CAST(y AS text), CASE WHEN a THEN 1 END, date_trunc('day', time), extract(hour from time) FROM t")
show("SELECT count(*) FILTER (WHERE passed) FROM t")
show("SELECT * FROM t WHERE id IN (SELECT id FROM root_keys)")
show("SELECT $$a$$, E'\\x41', U&'\\0041' FROM t")
