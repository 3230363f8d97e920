// The food label's layout (issue 10) with a stand-in measure (every character a square of the font size): all
// text stays inside the label, the table sits beside the QR code, the font shrinks to fit, and what cannot fit
// at the smallest font is dropped and reported, never drawn off the label.
import { describe, expect, it } from 'vitest';
import { LABEL_SIZES, labelSize, layoutLabel, wrap, type LabelContent, type LabelLayout, type Measure } from '../../../src/screens/meal/mallRecipeCycleLabelSet/labelLayout.ts';

const square: Measure = (text, size) => [...text].length * size * 0.9;

const content = (lines: string[]): LabelContent => ({
  title: '番茄炒蛋',
  lines,
  header: { name: '项目', per100g: '每100克', perPortion: '每份', nrv: 'NRV%' },
  rows: ['能量', '蛋白质', '脂肪', '碳水', '钠'].map((name) => ({ name, per100g: '628kJ', perPortion: '1256kJ', nrv: '15%' })),
  salt: '每份折合食盐 1.5g',
  qr: 'https://example.test/#/trace/o/d',
});

function inside(l: LabelLayout) {
  for (const t of l.texts) {
    const width = square(t.text, t.size);
    const left = t.anchor === 'end' ? t.x - width : t.x;
    expect(left, t.text).toBeGreaterThanOrEqual(-1e-6);
    expect(left + width, t.text).toBeLessThanOrEqual(l.w + 1e-6);
    expect(t.y, t.text).toBeLessThanOrEqual(l.h + 1e-6);
  }
  expect(l.qr.x + l.qr.size).toBeLessThanOrEqual(l.w);
  expect(l.qr.y + l.qr.size).toBeLessThanOrEqual(l.h);
}

describe('food label layout', () => {
  it('wraps Chinese text character by character within the width', () => {
    expect(wrap('配料表：番茄、鸡蛋、大豆油', 8.5, 1, square)).toEqual(['配料表：番茄、鸡蛋', '、大豆油']);
    expect(wrap('', 10, 1, square)).toEqual(['']);
  });

  it('fits a usual label on every size, inside its edges, table left of the QR code', () => {
    const lines = ['配料表：番茄、鸡蛋、大豆油、食盐', '致敏物质：蛋类', '净含量：223克', '生产日期：2026-11-23', '保质期：1天', '生产者名称：阳光实验小学'];
    for (const size of LABEL_SIZES) {
      const l = layoutLabel(content(lines), size, square);
      expect(l.dropped, size.key).toBe(0);
      expect([l.w, l.h]).toEqual([size.w, size.h]);
      inside(l);
      const nrv = l.texts.filter((t) => t.text === '15%');
      expect(nrv).toHaveLength(5);
      for (const t of nrv) expect(t.x).toBeLessThanOrEqual(l.qr.x);
    }
  });

  it('uses a larger font on a larger label', () => {
    const lines = ['配料表：番茄、鸡蛋'];
    expect(layoutLabel(content(lines), labelSize('100x70'), square).font).toBeGreaterThan(layoutLabel(content(lines), labelSize('60x40'), square).font);
  });

  it('drops the last fields that do not fit at the smallest font and says how many', () => {
    const many = Array.from({ length: 30 }, (_, i) => `字段${i}：很长很长的内容很长很长的内容`);
    const l = layoutLabel(content(many), labelSize('60x40'), square);
    expect(l.dropped).toBeGreaterThan(0);
    expect(l.font).toBeCloseTo(1.3, 5);
    inside(l);
    expect(l.texts.some((t) => t.text.startsWith('字段29'))).toBe(false);
  });

  it('an unknown size key falls back to 60 × 40', () => {
    expect(labelSize('nope')).toEqual({ key: '60x40', w: 60, h: 40 });
  });
});
