import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create('memory://');
await db.exec(`create table acc (id uuid primary key); insert into acc values ('00000000-0000-4000-8000-000000000001');
create table con (id uuid primary key); insert into con values ('00000000-0000-4000-8000-000000000002');
create table ev (c uuid not null, e text not null, a uuid not null, primary key (c, e));
create table evfk (c uuid not null references con(id), e text not null, a uuid not null references acc(id), primary key (c, e));
create table tr (id bigint generated always as identity primary key, account_id uuid not null, event_id text not null, ticket text not null, symbol text not null, side text not null, volume float8 not null, time timestamptz not null, open_time timestamptz not null, open_price float8 not null, close_time timestamptz, close_price float8, profit_cents bigint not null, commission_cents bigint not null, swap_cents bigint not null);
create index on tr (account_id, time, id);
create table trfk (id bigint generated always as identity primary key, account_id uuid not null references acc(id), event_id text not null, ticket text not null, symbol text not null, side text not null, volume float8 not null, time timestamptz not null, open_time timestamptz not null, open_price float8 not null, close_time timestamptz, close_price float8, profit_cents bigint not null, commission_cents bigint not null, swap_cents bigint not null);
create index on trfk (account_id, time, id);`);
const acc = '00000000-0000-4000-8000-000000000001', con = '00000000-0000-4000-8000-000000000002';
function rows(k: number) { return Array.from({length:1000},(_,i)=>({e:`k${k}-${i}`,a:acc,ticket:'t',symbol:'EURUSD',side:'buy',volume:1,t:new Date(1.7e12+i*1000).toISOString(),ot:new Date(1.7e12).toISOString(),op:1.1,ct:new Date(1.7e12+i*1000).toISOString(),cp:1.2,p:100,c:-7,s:0})); }
async function time(name: string, f: (k: number) => Promise<unknown>) { let tot=0; for (let k=0;k<30;k++){ const t=performance.now(); await f(k); tot+=performance.now()-t;} return tot/30; }
let K=0;
for (let round = 0; round < 3; round++) {
const a = await time('ids', async () => { const r = rows(K++).map(x=>({e:x.e,a:x.a})); await db.query(`insert into ev select $1::uuid, e, a from json_to_recordset($2::json) as x(e text, a uuid) order by e on conflict do nothing returning e`, [con, JSON.stringify(r)]); });
const b = await time('ids fk', async () => { const r = rows(K++).map(x=>({e:x.e,a:x.a})); await db.query(`insert into evfk select $1::uuid, e, a from json_to_recordset($2::json) as x(e text, a uuid) order by e on conflict do nothing returning e`, [con, JSON.stringify(r)]); });
const c = await time('tr', async () => { const r = rows(K++); await db.query(`insert into tr (account_id, event_id, ticket, symbol, side, volume, time, open_time, open_price, close_time, close_price, profit_cents, commission_cents, swap_cents) select a, e, ticket, symbol, side, volume, t, ot, op, ct, cp, p, c, s from json_to_recordset($1::json) as x(a uuid, e text, ticket text, symbol text, side text, volume float8, t timestamptz, ot timestamptz, op float8, ct timestamptz, cp float8, p bigint, c bigint, s bigint)`, [JSON.stringify(r)]); });
const d = await time('tr fk', async () => { const r = rows(K++); await db.query(`insert into trfk (account_id, event_id, ticket, symbol, side, volume, time, open_time, open_price, close_time, close_price, profit_cents, commission_cents, swap_cents) select a, e, ticket, symbol, side, volume, t, ot, op, ct, cp, p, c, s from json_to_recordset($1::json) as x(a uuid, e text, ticket text, symbol text, side text, volume float8, t timestamptz, ot timestamptz, op float8, ct timestamptz, cp float8, p bigint, c bigint, s bigint)`, [JSON.stringify(r)]); });
console.log({ ids: a.toFixed(1), idsFk: b.toFixed(1), tr: c.toFixed(1), trFk: d.toFixed(1) });
}
