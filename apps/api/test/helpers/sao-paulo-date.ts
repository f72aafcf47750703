const DAY_MS = 86_400_000;

/**
 * The date in São Paulo (UTC−3), YYYY-MM-DD, `days` after `from` (now by default): the day of issue
 * the server writes in dhEmi, against which due, batch and delivery dates are judged.
 */
export function saoPauloDate(days = 0, from = Date.now()): string {
  return new Date(from - 3 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
}
