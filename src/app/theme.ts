import { createDarkTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import type { ThemeMode } from './preferences.ts';

/** The product's own blue when the org configures no brand colour. */
export const DEFAULT_BRAND_COLOR = '#1f6feb';

const STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: number[], b: number[], t: number) => a.map((v, i) => v + (b[i] - v) * t);

/** A 16-step Fluent brand ramp around `brandColor` (80 is the colour itself; darker below, lighter above). */
export function brandRamp(brandColor: string): BrandVariants {
  const base = parseHex(brandColor) ?? parseHex(DEFAULT_BRAND_COLOR)!;
  const ramp = {} as Record<number, string>;
  for (const step of STEPS) {
    if (step === 80) ramp[step] = toHex(base);
    else if (step < 80) ramp[step] = toHex(mix(base, [0, 0, 0], ((80 - step) / 70) * 0.85));
    else ramp[step] = toHex(mix(base, [255, 255, 255], ((step - 80) / 80) * 0.9));
  }
  return ramp as unknown as BrandVariants;
}

/** The Fluent theme of the org's ysdadminTheme brand colour in the chosen mode. */
export function buildTheme(brandColor: string | null | undefined, mode: ThemeMode): Theme {
  const brand = brandRamp(brandColor || DEFAULT_BRAND_COLOR);
  if (mode === 'dark') {
    const theme = createDarkTheme(brand);
    return { ...theme, colorBrandForeground1: brand[110], colorBrandForeground2: brand[120] };
  }
  return createLightTheme(brand);
}
