// supermarketManage 商超管理 (§3 category group mallPriceSupermarket, issue 35): the supermarkets of an area (categories
// of that group in the bureau's org) and the shelf prices the bureau's staff record there, with a date and a photo.
// They are price surveys (domain/aggregates/priceSurvey.ts) that name a supermarket, so the survey vouchers list
// them and the market average counts them; here the rules of the reference a pending price is judged against.
import { parseDay } from './priceCycle.ts';

/** §3 the category group whose entries are an area's supermarkets */
export const SUPERMARKET_GROUP = 'mallPriceSupermarket';

/** How far back a shelf price still counts as the reference of a day: shelves change, a year-old label does not. */
export const SUPERMARKET_REFERENCE_DAYS = 30;

/** The org setting (org config path) of how far above the reference a price may be before it is flagged, in %. */
export const SUPERMARKET_MARGIN_PATH = 'supermarketPriceMargin';
export const SUPERMARKET_MARGIN_DEFAULT = 10;
export const SUPERMARKET_MARGIN_MAX = 1000;

/** A photo is a picture link or a small inline picture (what the console makes of a phone shot). */
export const SUPERMARKET_PHOTO_MAX = 400_000;
export const isPhotoLink = (photo: string) => /^(https?:\/\/|\/|data:image\/(jpeg|png|webp);base64,)/.test(photo) && photo.length <= SUPERMARKET_PHOTO_MAX;

/** One shelf price as the reference needs it. */
export interface ShelfPrice {
  supermarketId: string;
  /** the SKU it was recorded for, else null (recorded by product) */
  skuId: string | null;
  productId: string | null;
  price: number;
  /** YYYY-MM-DD */
  surveyDate: string;
}

export interface SupermarketReference {
  /** the average of each supermarket's latest shelf price, 2 decimals */
  price: number;
  /** how many supermarkets it stands on */
  supermarkets: number;
  /** the newest date among them */
  latestDate: string;
}

const daysBetween = (from: string, to: string) => Math.round((parseDay(to)!.getTime() - parseDay(from)!.getTime()) / 86_400_000);

/**
 * The area's supermarket reference of a good on `day`: among the shelf prices of the last SUPERMARKET_REFERENCE_DAYS
 * days up to `day`, those of the SKU (else, when none, those of its product), each supermarket's latest one, averaged.
 * A supermarket counts once, so a shop visited every day does not outweigh one visited once.
 */
export function supermarketReferenceOf(prices: readonly ShelfPrice[], good: { skuId: string; productId: string | null }, day: string, windowDays = SUPERMARKET_REFERENCE_DAYS): SupermarketReference | null {
  if (!parseDay(day)) return null;
  const recent = prices.filter((p) => parseDay(p.surveyDate) && p.surveyDate <= day && daysBetween(p.surveyDate, day) < windowDays);
  const bySku = recent.filter((p) => p.skuId === good.skuId);
  const picked = bySku.length ? bySku : recent.filter((p) => !p.skuId && good.productId !== null && p.productId === good.productId);
  if (!picked.length) return null;
  const latest = new Map<string, ShelfPrice>();
  for (const p of picked) {
    const seen = latest.get(p.supermarketId);
    if (!seen || p.surveyDate > seen.surveyDate) latest.set(p.supermarketId, p);
  }
  const chosen = [...latest.values()];
  const price = Math.round((chosen.reduce((n, p) => n + p.price, 0) / chosen.length) * 100) / 100;
  return { price, supermarkets: chosen.length, latestDate: chosen.reduce((d, p) => (p.surveyDate > d ? p.surveyDate : d), chosen[0].surveyDate) };
}

/** The margin setting as stored: a number of percent from 0 to SUPERMARKET_MARGIN_MAX, else the default. */
export function marginOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= SUPERMARKET_MARGIN_MAX ? n : SUPERMARKET_MARGIN_DEFAULT;
}

export interface ReferenceVerdict {
  /** the price is above the reference by more than the margin */
  flagged: boolean;
  /** how far above (+) or below (-) the reference, in %, 1 decimal */
  percent: number;
}

/** How a price stands to its reference: flagged when it passes reference × (1 + margin %). */
export function judgeAgainstReference(price: number, reference: number, marginPercent: number): ReferenceVerdict | null {
  if (!(reference > 0) || !Number.isFinite(price)) return null;
  const percent = Math.round(((price - reference) / reference) * 1000) / 10;
  // compared in cents, so 11.00 against 10.00 at 10 % is not flagged by a float's last digit
  const cents = Math.round(price * 100);
  const refCents = Math.round(reference * 100);
  return { flagged: cents * 100 - refCents * (100 + marginPercent) > 1e-6, percent };
}
