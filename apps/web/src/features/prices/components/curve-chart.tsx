import type { CurvePoint } from '@fueldesk/contracts';
import { formatPrice } from '../lib/format';

export interface CurveLine {
  id: string;
  label: string;
  color: string;
  dashed?: boolean;
  points: CurvePoint[];
}

const WIDTH = 640;
const HEIGHT = 280;
const PAD = { top: 16, right: 24, bottom: 36, left: 64 };

/**
 * A forward curve: contracts along the bottom, settlement up the side, one line per compared date.
 * Plain SVG (four points a line need no charting library), scaled to its box's width.
 */
export function CurveChart({ lines, decimals, label, contractLabel }: { lines: CurveLine[]; decimals: number; label: string; contractLabel: (n: number) => string }) {
  const contracts = [...new Set(lines.flatMap((line) => line.points.map((point) => point.contract)))].sort((a, b) => a - b);
  const values = lines.flatMap((line) => line.points.map((point) => Number(point.value)));
  if (contracts.length === 0 || values.length === 0) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const margin = (high - low || Math.abs(high) || 1) * 0.1;
  const [bottom, top] = [low - margin, high + margin];
  const x = (contract: number) =>
    contracts.length === 1 ? WIDTH / 2 : PAD.left + ((contracts.indexOf(contract) / (contracts.length - 1)) * (WIDTH - PAD.left - PAD.right));
  const y = (value: number) => PAD.top + ((top - value) / (top - bottom)) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => bottom + share * (top - bottom));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full text-slate-500 dark:text-slate-400">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200 dark:stroke-slate-800" />
          <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" className="fill-current text-[11px]">
            {formatPrice(tick, decimals)}
          </text>
        </g>
      ))}
      {contracts.map((contract) => (
        <text key={contract} x={x(contract)} y={HEIGHT - 12} textAnchor="middle" className="fill-current text-[11px]">
          {contractLabel(contract)}
        </text>
      ))}
      {lines.map((line) => (
        <g key={line.id}>
          <polyline
            fill="none"
            stroke={line.color}
            strokeWidth={line.dashed ? 2 : 3}
            strokeDasharray={line.dashed ? '6 4' : undefined}
            points={line.points.map((point) => `${x(point.contract)},${y(Number(point.value))}`).join(' ')}
          />
          {line.points.map((point) => (
            <circle key={point.contract} cx={x(point.contract)} cy={y(Number(point.value))} r={4} fill={line.color}>
              <title>{`${line.label}: ${contractLabel(point.contract)} ${point.value}`}</title>
            </circle>
          ))}
        </g>
      ))}
    </svg>
  );
}
