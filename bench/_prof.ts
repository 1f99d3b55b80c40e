import { ingestionRepository } from '../apps/server/src/modules/ingestion/ingestion.repository.ts';
import * as eng from '../apps/server/src/engine/index.ts';
import { ingestRequestSchema } from '@app/contracts';
const totals: Record<string, number> = {};
for (const k of Object.keys(ingestionRepository) as Array<keyof typeof ingestionRepository>) {
  const f = ingestionRepository[k] as (...a: unknown[]) => Promise<unknown>;
  (ingestionRepository as Record<string, unknown>)[k] = async (...a: unknown[]) => { const t = performance.now(); try { return await f.apply(ingestionRepository, a); } finally { totals[k] = (totals[k] ?? 0) + performance.now() - t; } };
}
const { ingestionBench } = await import('./ingestion.ts');
const t0 = performance.now();
console.log(await ingestionBench({ seconds: 6 }));
console.log(totals, 'total', performance.now() - t0);
// zod cost for one batch
const ev = Array.from({length:1000},(_,i)=>({ id: 'x'+i, type: 'trade', account: '5000001', ticket: 'x', symbol: 'EURUSD', side: 'buy', volume: 1, openTime: '2026-01-01T10:00:00.000Z', openPrice: 1.1, closeTime: '2026-01-01T10:01:00.000Z', closePrice: 1.2, profit: 12.34, commission: -7, swap: 0 }));
let t1 = performance.now(); for (let i=0;i<20;i++) ingestRequestSchema.parse({events: ev}); console.log('zod per batch ms', (performance.now()-t1)/20);
t1 = performance.now(); const s = JSON.stringify({events: ev}); for (let i=0;i<20;i++) JSON.parse(s); console.log('json parse per batch ms', (performance.now()-t1)/20);
