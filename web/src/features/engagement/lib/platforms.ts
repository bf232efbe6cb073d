/** Platforms in the order the statistics list them: most shares first, then the catalogue order. */
export function platformRows<P extends string>(byPlatform: Partial<Record<P, number>>, order: readonly P[]): { platform: P; count: number }[] {
  return order
    .map((platform, index) => ({ platform, count: byPlatform[platform] ?? 0, index }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .map(({ platform, count }) => ({ platform, count }));
}
