import type { IngestEventInput } from '@app/contracts';

/**
 * A believable trader for the demo feed and `npm run simulate`: trades on real-looking symbols with
 * a random-walk P/L, commission per lot, occasional swap, and equity snapshots with floating P/L.
 * Everything comes from the PRNG it is given, so a seed gives the same history every time.
 */
/** `digits`: decimals the symbol is quoted with, as a trading platform shows its prices. */
const SYMBOLS: Array<{ symbol: string; price: number; pip: number; digits: number }> = [
  { symbol: 'EURUSD', price: 1.0842, pip: 0.0001, digits: 5 },
  { symbol: 'GBPUSD', price: 1.2671, pip: 0.0001, digits: 5 },
  { symbol: 'USDJPY', price: 151.32, pip: 0.01, digits: 3 },
  { symbol: 'XAUUSD', price: 2341.5, pip: 0.1, digits: 2 },
  { symbol: 'US30', price: 39120, pip: 1, digits: 1 },
  { symbol: 'NAS100', price: 18210, pip: 1, digits: 1 },
];
const COMMISSION_PER_LOT_CENTS = 700;
const HOUR = 3_600_000;

export interface DayOptions {
  trades: number;
  /** Expected net result of a trade, in bps of the initial balance. */
  biasBps: number;
  /** Typical size of a trade's result, in bps of the initial balance. */
  volatilityBps: number;
  /** Snapshots taken during the day (one at the end is always added). */
  snapshots?: number;
  /** Trades opened at these times on these symbols, besides the random ones (a trade into the news). */
  placed?: Array<{ openMs: number; symbol: string }>;
}

const toMoney = (cents: number) => cents / 100;
const iso = (ms: number) => new Date(ms).toISOString();

export class DemoTrader {
  private seq = 0;
  private readonly tickets = new Set<string>();

  constructor(
    readonly login: string,
    private readonly initialCents: number,
    public balanceCents: number,
    private readonly rnd: () => number,
    private readonly idPrefix: string,
    /**
     * Digits of its tickets. The demo seed's have 8. A simulation feeding accounts that already
     * traded takes 10, so that a new ticket all but never meets a stored one (500 stored: about 1 in
     * 18 million per trade).
     */
    private readonly ticketDigits: 8 | 10 = 8,
  ) {}

  private id(): string {
    this.seq++;
    return `${this.idPrefix}-${this.login}-${this.seq}`;
  }

  /**
   * A ticket this trader has not used: drawn at random, then the next free one (one draw either
   * way, so a seed's history stays the same). A repeat would close one position twice.
   */
  private ticket(): string {
    const lowest = 10 ** (this.ticketDigits - 1);
    const highest = 10 ** this.ticketDigits - 1;
    let n = lowest + Math.floor(this.rnd() * (highest - lowest));
    while (this.tickets.has(String(n))) n = n >= highest ? lowest : n + 1;
    this.tickets.add(String(n));
    return String(n);
  }

  /** A roughly normal draw (sum of uniforms). */
  private gauss(): number {
    return this.rnd() + this.rnd() + this.rnd() + this.rnd() - 2;
  }

  /** One closed trade between `openMs` and `closeMs`, on `symbol` or a random one. */
  trade(openMs: number, closeMs: number, biasBps: number, volatilityBps: number, symbol?: string): IngestEventInput {
    const s = SYMBOLS.find((x) => x.symbol === symbol) ?? SYMBOLS[Math.floor(this.rnd() * SYMBOLS.length)]!;
    const side = this.rnd() < 0.5 ? 'buy' : 'sell';
    const volume = Math.max(0.01, Math.round((0.2 + this.rnd() * 2.3) * 100) / 100);
    const profitCents = Math.round(((biasBps + this.gauss() * volatilityBps) * this.initialCents) / 10_000);
    const commissionCents = -Math.round(volume * COMMISSION_PER_LOT_CENTS);
    const swapCents = closeMs - openMs > 20 * HOUR ? -Math.round(this.rnd() * volume * 300) : 0;
    const moveInPips = Math.round(profitCents / Math.max(1, volume * 1000));
    const openPrice = Number((s.price * (1 + this.gauss() * 0.004)).toFixed(s.digits));
    const delta = moveInPips * s.pip * (side === 'buy' ? 1 : -1);
    const closePrice = Number(Math.max(s.pip, openPrice + delta).toFixed(s.digits));
    this.balanceCents += profitCents + commissionCents + swapCents;
    return {
      id: this.id(),
      type: 'trade',
      account: this.login,
      ticket: this.ticket(),
      symbol: s.symbol,
      side,
      volume,
      openTime: iso(openMs),
      openPrice,
      closeTime: iso(closeMs),
      closePrice,
      profit: toMoney(profitCents),
      commission: toMoney(commissionCents),
      swap: toMoney(swapCents),
    };
  }

  /** Balance and equity now, with some floating P/L when positions are open. */
  snapshot(atMs: number, volatilityBps: number, floatingBiasBps = 0): IngestEventInput {
    const open = this.rnd() < 0.6 ? 1 + Math.floor(this.rnd() * 2) : 0;
    const floating = open
      ? Math.round(((floatingBiasBps + this.gauss() * volatilityBps) * this.initialCents) / 10_000)
      : 0;
    return {
      id: this.id(),
      type: 'snapshot',
      account: this.login,
      time: iso(atMs),
      balance: toMoney(this.balanceCents),
      equity: toMoney(this.balanceCents + floating),
      openPositions: open,
    };
  }

  /** A trading day from 07:00 UTC: trades spread over ten hours, snapshots between them, one at the close. */
  day(dayStartMs: number, o: DayOptions): IngestEventInput[] {
    const from = dayStartMs + 7 * HOUR;
    const span = 10 * HOUR;
    const items: Array<{ at: number; make: () => IngestEventInput }> = [];
    for (let i = 0; i < o.trades; i++) {
      const open = from + Math.floor(this.rnd() * span * 0.8);
      const close = open + Math.floor((5 + this.rnd() * 175) * 60_000);
      items.push({ at: close, make: () => this.trade(open, close, o.biasBps, o.volatilityBps) });
    }
    for (const { openMs, symbol } of o.placed ?? []) {
      const close = openMs + Math.floor((5 + this.rnd() * 40) * 60_000);
      items.push({ at: close, make: () => this.trade(openMs, close, o.biasBps, o.volatilityBps, symbol) });
    }
    const snapshots = o.snapshots ?? 4;
    for (let i = 0; i < snapshots; i++) {
      const at = from + Math.floor(((i + 0.5) / snapshots) * span);
      items.push({ at, make: () => this.snapshot(at, o.volatilityBps / 2) });
    }
    items.sort((a, b) => a.at - b.at);
    // Generated in time order so each snapshot states the balance of the trades closed before it.
    const events = items.map((i) => i.make());
    const close = from + span + HOUR;
    events.push({
      id: this.id(),
      type: 'snapshot',
      account: this.login,
      time: iso(close),
      balance: toMoney(this.balanceCents),
      equity: toMoney(this.balanceCents),
      openPositions: 0,
    });
    return events;
  }
}

/** Trading days (Mon–Fri) ending today, oldest first, as UTC midnights. */
export function tradingDaysBack(nowMs: number, count: number): number[] {
  const days: number[] = [];
  let d = Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate());
  while (days.length < count) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) days.unshift(d);
    d -= 24 * HOUR;
  }
  return days;
}
