/** Time left until `at` (epoch ms), split for a clock face; zero once it is reached. */
export function timeLeft(at: number, now: number): { total: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, at - now);
  const s = Math.floor(total / 1000);
  return { total, hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

/** "22:30:05": hours may exceed 24 on a 25-hour day's eve. */
export function clockText(left: { hours: number; minutes: number; seconds: number }): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`;
}
