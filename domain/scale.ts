// Electronic scales (issue 11, §2 mallElectronicWeightManage): the scales a school registers, and the rules of
// receiving on them. One place for the tolerance rule and the grams → line unit conversion, so the receive
// dialog's preview, the order decider and the supplier's view of a difference cannot disagree.
// - A scale's tolerance is a percentage of the ordered weight or a fixed number of grams.
// - A weighed line is short (or over) when the weighed grams fall below (or above) the ordered grams by more
//   than the tolerance; within it the line is ok (the goods are taken as ordered weight-wise, §9 weights).
// - Grams convert to the line's unit by its weight (domain/purchasePlan gramsPerUnit: 斤 500 g, 千克 1000 g, a
//   spec such as "10kg/袋"); a line sold by a unit with no weight (份, 枚) cannot be weighed.
import { gramsPerUnit } from './purchasePlan.ts';
import { ORDER_LIMITS } from './order.ts';

/** How a scale talks: the two common continuous-output line formats, or the simulated scale of tests and demos. */
export const SCALE_PROTOCOLS = ['mettlerContinuous', 'asciiStGs', 'simulated'] as const;
export type ScaleProtocol = (typeof SCALE_PROTOCOLS)[number];

/** Serial speeds the scales in use offer (the scale's menu sets one; the console opens the port at it). */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const DEFAULT_BAUD_RATE = 9600;

export const TOLERANCE_KINDS = ['percent', 'grams'] as const;
export type ToleranceKind = (typeof TOLERANCE_KINDS)[number];

/** §6 power node of the scales screen: registering, changing and removing scales (read by server and console). */
export const SCALE_MANAGE_POWER = { groupName: 'mallPower', parentId: 'mallElectronicWeightManage', moduleId: 'scaleManage', powerName: '电子秤管理' } as const;

export const SCALE_LIMITS = {
  nameMax: 30,
  modelMax: 50,
  /** % of the ordered weight */
  percentMax: 50,
  /** g */
  gramsMax: 100_000,
  /** scales one org may register */
  scales: 50,
  /** the heaviest reading taken (g): 1 t, beyond any platform scale of a school kitchen */
  weightMax: 1_000_000,
  /** decimals of a reading in grams */
  weightDecimals: 1,
} as const;

export interface ScaleFields {
  name: string;
  model: string;
  protocol: ScaleProtocol;
  baudRate: number;
  toleranceKind: ToleranceKind;
  tolerance: number;
  enabled: boolean;
}

/** The server's words (§8 style). */
export const SCALE_TEXT = {
  nameEmpty: '参数错误：电子秤名称不能为空',
  nameTooLong: `参数错误：电子秤名称不能超过 ${SCALE_LIMITS.nameMax} 个字`,
  modelTooLong: `参数错误：型号不能超过 ${SCALE_LIMITS.modelMax} 个字`,
  nameTaken: (name: string) => `电子秤「${name}」已存在`,
  badProtocol: '参数错误：不支持的通讯协议',
  badBaudRate: `参数错误：波特率须为 ${BAUD_RATES.join('、')} 之一`,
  badTolerance: `参数错误：误差须为 0–${SCALE_LIMITS.percentMax}% 或 0–${SCALE_LIMITS.gramsMax} 克（百分比最多两位小数，克最多一位小数）`,
  notFound: '电子秤不存在',
  tooMany: `每个机构最多登记 ${SCALE_LIMITS.scales} 台电子秤`,
  mayNotManage: '无权管理电子秤',
  weightNaN: '参数错误：称重重量不是有效的数字',
  weightNegative: '参数错误：称重重量不能小于 0',
  weightTooLarge: `参数错误：称重重量不能超过 ${SCALE_LIMITS.weightMax} 克`,
  weightDecimals: `参数错误：称重重量最多 ${SCALE_LIMITS.weightDecimals} 位小数（克）`,
  unknownScale: (skuId: string) => `参数错误：称重所用的电子秤不存在或已停用（${skuId}）`,
  scaleRequired: (skuId: string) => `参数错误：称重需注明电子秤（${skuId}）`,
  notWeighable: (skuId: string, unit: string) => `商品 ${skuId} 的单位「${unit}」不是重量单位，不能称重收货`,
  weighedMismatch: (skuId: string) => `参数错误：实收数量与称重重量不符（${skuId}）`,
} as const;

const decimalsOk = (n: number, decimals: number) => Math.abs(n * 10 ** decimals - Math.round(n * 10 ** decimals)) < 1e-6;

/** Why a scale's fields (those given) are not valid, or null. */
export function scaleProblem(s: Partial<ScaleFields>): string | null {
  if (s.name !== undefined && !s.name.trim()) return SCALE_TEXT.nameEmpty;
  if (s.name !== undefined && s.name.trim().length > SCALE_LIMITS.nameMax) return SCALE_TEXT.nameTooLong;
  if (s.model !== undefined && s.model.trim().length > SCALE_LIMITS.modelMax) return SCALE_TEXT.modelTooLong;
  if (s.protocol !== undefined && !(SCALE_PROTOCOLS as readonly string[]).includes(s.protocol)) return SCALE_TEXT.badProtocol;
  if (s.baudRate !== undefined && !(BAUD_RATES as readonly number[]).includes(s.baudRate)) return SCALE_TEXT.badBaudRate;
  if (s.tolerance !== undefined || s.toleranceKind !== undefined) {
    const t = s.tolerance;
    const kind = s.toleranceKind;
    if (t !== undefined && (typeof t !== 'number' || !Number.isFinite(t) || t < 0)) return SCALE_TEXT.badTolerance;
    if (kind !== undefined && !(TOLERANCE_KINDS as readonly string[]).includes(kind)) return SCALE_TEXT.badTolerance;
    if (t !== undefined && kind !== undefined) return toleranceProblem(kind, t);
  }
  return null;
}

/** Why a tolerance of this kind is not valid, or null. */
export function toleranceProblem(kind: ToleranceKind, tolerance: number): string | null {
  if (!Number.isFinite(tolerance) || tolerance < 0) return SCALE_TEXT.badTolerance;
  if (kind === 'percent') return tolerance <= SCALE_LIMITS.percentMax && decimalsOk(tolerance, 2) ? null : SCALE_TEXT.badTolerance;
  return tolerance <= SCALE_LIMITS.gramsMax && decimalsOk(tolerance, 1) ? null : SCALE_TEXT.badTolerance;
}

/** Why a reading a client sent is not a weight, or null (NaN, negative, too heavy, finer than 0.1 g). */
export function weightProblem(grams: unknown): string | null {
  if (typeof grams !== 'number' || !Number.isFinite(grams)) return SCALE_TEXT.weightNaN;
  if (grams < 0) return SCALE_TEXT.weightNegative;
  if (grams > SCALE_LIMITS.weightMax) return SCALE_TEXT.weightTooLarge;
  if (!decimalsOk(grams, SCALE_LIMITS.weightDecimals)) return SCALE_TEXT.weightDecimals;
  return null;
}

/** The grams a tolerance allows either way on an ordered weight. */
export function allowedGrams(tolerance: Pick<ScaleFields, 'toleranceKind' | 'tolerance'>, orderedGrams: number): number {
  const g = tolerance.toleranceKind === 'percent' ? (orderedGrams * tolerance.tolerance) / 100 : tolerance.tolerance;
  return Math.round(g * 10) / 10;
}

export type WeighResult = 'ok' | 'short' | 'over';

/** The verdicts beyond a scale's tolerance: a difference the supplier sees, which marks the order in the order lists. */
export const DIFFERENCE_RESULTS = ['short', 'over'] as const satisfies readonly WeighResult[];
/** The order lists' filter on them (our own query parameter `weighDifference`): any difference, or one kind. */
export const WEIGH_DIFFERENCE_FILTERS = ['any', ...DIFFERENCE_RESULTS] as const;
export type WeighDifferenceFilter = (typeof WEIGH_DIFFERENCE_FILTERS)[number];
/** The stored verdicts a filter asks for. */
export const differenceResults = (filter: WeighDifferenceFilter): readonly WeighResult[] => (filter === 'any' ? DIFFERENCE_RESULTS : [filter]);

/** The tolerance rule: short or over only beyond the allowed grams. */
export function weighResult(orderedGrams: number, weighedGrams: number, tolerance: Pick<ScaleFields, 'toleranceKind' | 'tolerance'>): WeighResult {
  const allowed = allowedGrams(tolerance, orderedGrams);
  const diff = Math.round((weighedGrams - orderedGrams) * 10) / 10;
  if (diff < -allowed) return 'short';
  if (diff > allowed) return 'over';
  return 'ok';
}

/** Grams in one unit of an order line (null: the unit is not a weight and the spec states none). */
export const lineGramsPerUnit = (unit: string, spec: string): number | null => gramsPerUnit(unit, spec);

/** A reading in grams as a received quantity in the line's unit, to the decimals a quantity may carry. */
export function quantityOfGrams(grams: number, perUnit: number): number {
  const scale = 10 ** ORDER_LIMITS.quantityDecimals;
  return Math.round((grams / perUnit) * scale) / scale;
}

/** What weighing one line comes to: the quantity it receives, its difference to the order, the tolerance verdict. */
export interface Weighing {
  receivedQuantity: number;
  /** receivedQuantity − ordered quantity, in the line's unit */
  difference: number;
  /** weighed − ordered grams */
  differenceGrams: number;
  allowedGrams: number;
  result: WeighResult;
  /** the most this line may receive on this scale (issue 27): beyond it ('over') the receipt is refused */
  maxQuantity: number;
}

/**
 * The most of a line a school may receive on a scale (issue 27): the ordered weight plus the scale's tolerance, in
 * the line's unit. A reading above it ('over') is refused, so nobody is made to pay for goods beyond the order.
 */
export function weighedReceiveLimit(line: { quantity: number; perUnit: number }, tolerance: Pick<ScaleFields, 'toleranceKind' | 'tolerance'>): number {
  const ordered = line.quantity * line.perUnit;
  const scale = 10 ** ORDER_LIMITS.quantityDecimals;
  return Math.floor(((ordered + allowedGrams(tolerance, ordered)) / line.perUnit) * scale + 1e-6) / scale;
}

export function weighLine(line: { quantity: number; perUnit: number }, grams: number, tolerance: Pick<ScaleFields, 'toleranceKind' | 'tolerance'>): Weighing {
  const ordered = line.quantity * line.perUnit;
  const receivedQuantity = quantityOfGrams(grams, line.perUnit);
  return {
    receivedQuantity,
    maxQuantity: weighedReceiveLimit(line, tolerance),
    difference: Math.round((receivedQuantity - line.quantity) * 1000) / 1000,
    differenceGrams: Math.round((grams - ordered) * 10) / 10,
    allowedGrams: allowedGrams(tolerance, ordered),
    result: weighResult(ordered, grams, tolerance),
  };
}
