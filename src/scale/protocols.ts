// Frame parsers of the continuous outputs electronic scales send over a serial line (issue 11). Pure functions
// over bytes, so they are tested on real byte sequences and shared by any transport (Web Serial today).
// - Mettler-Toledo standard continuous output: STX, three status bytes (A, B, C), six digits of displayed weight,
//   six digits of tare, CR, and an optional checksum byte. Status A bits 0-2 place the decimal point; B bit 1 is
//   the sign, bit 2 over/under capacity, bit 3 motion, bit 4 kg (else lb); C bits 0-2 name other units (g, t, oz).
// - The ASCII line format of most Chinese and Taiwanese indicators (耀华, 朗科, A&D style): `ST,GS,+0001.234kg`
//   CR LF — ST stable / US unstable / OL overload, GS gross / NT net (optional), signed value, unit.
import type { ScaleProtocol } from '../../domain/scale.ts';

export interface ScaleReading {
  /** the weight on the platter, in grams (net when the scale shows net) */
  grams: number;
  /** the scale reports no motion */
  stable: boolean;
}

/** A frame that is well formed but carries no weight to use: over capacity, or a unit that is not a mass. */
export interface ScaleFault { fault: 'overload' | 'unit' }

export type FrameResult = ScaleReading | ScaleFault;

const STX = 0x02;
const CR = 0x0d;
const LF = 0x0a;
/** STX + A B C + 6 weight digits + 6 tare digits */
const MT_BODY = 16;

const GRAMS: Readonly<Record<string, number>> = { g: 1, kg: 1000, t: 1_000_000, lb: 453.59237, oz: 28.349523125 };
/** Status A bits 0-2: the factor the six digits are multiplied by. */
const MT_DECIMALS = [100, 10, 1, 0.1, 0.01, 0.001, 0.0001, 0.00001] as const;

const roundTenth = (g: number) => Math.round(g * 10) / 10;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** Parses one Mettler-Toledo continuous frame starting at its STX (`bytes[0] === 0x02`, CR at index 16); null when malformed. */
export function parseMettlerFrame(bytes: Uint8Array): FrameResult | null {
  if (bytes.length < MT_BODY + 1 || bytes[0] !== STX || bytes[MT_BODY] !== CR) return null;
  const [a, b, c] = [bytes[1]!, bytes[2]!, bytes[3]!];
  // bit 5 of every status byte is always 1: a cheap check that this is a status byte at all
  if (!(a & 0x20) || !(b & 0x20) || !(c & 0x20)) return null;
  const digits = bytes.subarray(4, 10);
  if (!digits.every(isDigit)) return null;
  if (b & 0x04) return { fault: 'overload' };
  const unitCode = c & 0x07;
  const unit = unitCode === 0 ? (b & 0x10 ? 'kg' : 'lb') : unitCode === 1 ? 'g' : unitCode === 2 ? 't' : unitCode === 3 ? 'oz' : null;
  if (!unit) return { fault: 'unit' };
  const value = Number(String.fromCharCode(...digits)) * MT_DECIMALS[a & 0x07]!;
  const sign = b & 0x02 ? -1 : 1;
  return { grams: roundTenth(sign * value * GRAMS[unit]!), stable: !(b & 0x08) };
}

// some indicators put a comma before the unit (`ST,GS,+0001.234,kg`)
const ASCII_LINE = /^(ST|US|OL)\s*,\s*(?:(GS|NT|TR|G|N)\s*,\s*)?([+-]?)\s*(\d+(?:\.\d+)?)\s*,?\s*(kg|g|t|lb|oz)?\s*$/i;

/** Parses one ASCII line (`ST,GS,+0001.234kg`, without its CR LF); null when it is not such a line. */
export function parseAsciiLine(line: string): FrameResult | null {
  const m = ASCII_LINE.exec(line.trim());
  if (!m) return null;
  const status = m[1]!.toUpperCase();
  if (status === 'OL') return { fault: 'overload' };
  const unit = (m[5] ?? 'kg').toLowerCase();
  const grams = Number(m[4]) * GRAMS[unit]! * (m[3] === '-' ? -1 : 1);
  return { grams: roundTenth(grams), stable: status === 'ST' };
}

/**
 * A decoder for a byte stream: bytes arrive in chunks cut anywhere, frames are taken out as they complete, and
 * bytes between frames (a checksum, noise after a cable is plugged in) are skipped.
 */
export interface FrameDecoder { push(chunk: Uint8Array): FrameResult[] }

const MAX_BUFFER = 256;

export function frameDecoder(protocol: Exclude<ScaleProtocol, 'simulated'>): FrameDecoder {
  let buf = new Uint8Array(0);
  const append = (chunk: Uint8Array) => {
    const next = new Uint8Array(buf.length + chunk.length);
    next.set(buf);
    next.set(chunk, buf.length);
    // a line that never ends is noise: keep only the tail a frame could still start in
    buf = next.length > MAX_BUFFER ? next.subarray(next.length - MAX_BUFFER) : next;
  };
  if (protocol === 'mettlerContinuous') {
    return {
      push(chunk) {
        append(chunk);
        const out: FrameResult[] = [];
        for (;;) {
          const start = buf.indexOf(STX);
          if (start < 0) { buf = new Uint8Array(0); break; }
          if (buf.length - start < MT_BODY + 1) { buf = buf.subarray(start); break; }
          const frame = parseMettlerFrame(buf.subarray(start, start + MT_BODY + 1));
          if (frame) { out.push(frame); buf = buf.subarray(start + MT_BODY + 1); } else buf = buf.subarray(start + 1);
        }
        return out;
      },
    };
  }
  const text = new TextDecoder('ascii');
  return {
    push(chunk) {
      append(chunk);
      const out: FrameResult[] = [];
      for (;;) {
        const end = buf.findIndex((x) => x === CR || x === LF);
        if (end < 0) break;
        const line = text.decode(buf.subarray(0, end));
        buf = buf.subarray(end + 1);
        const frame = line.trim() ? parseAsciiLine(line) : null;
        if (frame) out.push(frame);
      }
      return out;
    },
  };
}

export const isReading = (f: FrameResult): f is ScaleReading => 'grams' in f;
