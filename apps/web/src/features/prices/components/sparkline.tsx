/** A small trend line of the last months; decorative, the numbers are next to it. */
export function Sparkline({ values, trend, className = 'h-10 w-28' }: { values: number[]; trend: 'up' | 'down' | 'flat'; className?: string }) {
  if (values.length < 2) return <div className={className} aria-hidden="true" />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((value, index) => `${((index / (values.length - 1)) * 100).toFixed(2)},${(28 - ((value - min) / span) * 26).toFixed(2)}`)
    .join(' ');
  const stroke = trend === 'up' ? 'stroke-emerald-500' : trend === 'down' ? 'stroke-red-500' : 'stroke-slate-400';
  return (
    <svg viewBox="0 0 100 30" preserveAspectRatio="none" className={className} aria-hidden="true" data-testid="sparkline">
      <polyline points={points} fill="none" className={stroke} strokeWidth="1.8" vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
    </svg>
  );
}
