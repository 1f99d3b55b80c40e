/**
 * The answers of the week query, kept for a short while (decision 025): every member opening the
 * calendar asks for the same week, and the calendar changes only when an import or the feed writes
 * it. A write sends NOTIFY on `NEWS_CHANGES_CHANNEL` in its transaction and every instance forgets
 * its answers; the TTL bounds what a lost notification could leave. While the LISTEN connection is
 * down nothing is kept.
 */
export const NEWS_CHANGES_CHANNEL = 'news_changes';

const MAX_ENTRIES = 256;

export class WeekCache {
  private readonly entries = new Map<string, { text: string; until: number }>();
  /** Bumped by every forget: an answer read before a write must not be stored after it. */
  private generation = 0;
  private trusted = true;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** The cached answer for `key`, or the one `read` gives (stored unless a write came meanwhile). */
  async get(key: string, read: () => Promise<string>): Promise<string> {
    if (this.ttlMs <= 0 || !this.trusted) return read();
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.until > now) return hit.text;
    const generation = this.generation;
    const text = await read();
    if (generation === this.generation && this.trusted) {
      this.entries.delete(key);
      // Oldest first out (a Map keeps insertion order); the TTL does the rest.
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { text, until: now + this.ttlMs });
    }
    return text;
  }

  /** The calendar changed (here or on another instance). */
  forget(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Notifications may be missed until `restored`: read the database every time. */
  lost(): void {
    this.trusted = false;
    this.forget();
  }

  restored(): void {
    this.forget();
    this.trusted = true;
  }

  get size(): number {
    return this.entries.size;
  }
}
