// The scale frame parsers on the bytes scales send (issue 11): Mettler-Toledo continuous output and the ASCII
// `ST,GS,+0001.234kg` line format, whole, cut into chunks anywhere, and with noise and checksums between frames.
import { describe, expect, it } from 'vitest';
import { frameDecoder, parseAsciiLine, parseMettlerFrame } from '../../../src/scale/protocols.ts';

const bytes = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
/**
 * A Mettler-Toledo frame: STX, status A (bit 5 set, increment ×1 = 0x08, decimal code), status B (bit 5, bit 4 kg,
 * bit 3 motion, bit 2 overload, bit 1 minus), status C (bit 5, units code), 6 weight digits, 6 tare digits, CR.
 */
const mt = (a: number, b: number, c: number, weight: string, tare = '000000') => bytes(`\x02${String.fromCharCode(a, b, c)}${weight}${tare}\r`);

describe('Mettler-Toledo continuous output', () => {
  it('reads 1.234 kg stable: A = 0x2D (XXX.XXX), B = 0x30 (kg), C = 0x20', () => {
    expect(parseMettlerFrame(bytes('\x02-0 001234000000\r'))).toEqual({ grams: 1234, stable: true });
    expect(parseMettlerFrame(mt(0x2d, 0x30, 0x20, '001234'))).toEqual({ grams: 1234, stable: true });
  });
  it('reads motion, a minus sign, grams, pounds and a decimal point moved', () => {
    expect(parseMettlerFrame(mt(0x2d, 0x38, 0x20, '004750'))).toEqual({ grams: 4750, stable: false });
    expect(parseMettlerFrame(mt(0x2d, 0x32, 0x20, '000500'))).toEqual({ grams: -500, stable: true });
    // grams (C units code 1), no decimal point (A code 2)
    expect(parseMettlerFrame(mt(0x2a, 0x20, 0x21, '000500'))).toEqual({ grams: 500, stable: true });
    // 2.50 lb (B bit 4 clear, A code 4 = XXXX.XX)
    expect(parseMettlerFrame(mt(0x2c, 0x20, 0x20, '000250'))).toEqual({ grams: 1134, stable: true });
    // 12.3 kg with A code 3 (XXXXX.X)
    expect(parseMettlerFrame(mt(0x2b, 0x30, 0x20, '000123'))).toEqual({ grams: 12300, stable: true });
  });
  it('says overload and an unknown unit; refuses what is not a frame', () => {
    expect(parseMettlerFrame(mt(0x2d, 0x34, 0x20, '999999'))).toEqual({ fault: 'overload' });
    expect(parseMettlerFrame(mt(0x2d, 0x30, 0x24, '000100'))).toEqual({ fault: 'unit' });
    expect(parseMettlerFrame(bytes('\x02-0 00a234000000\r'))).toBeNull();
    expect(parseMettlerFrame(bytes('\x02-0 001234000000\n'))).toBeNull();
    // status bytes without their always-set bit 5
    expect(parseMettlerFrame(mt(0x0d, 0x10, 0x00, '001234'))).toBeNull();
  });
  it('decodes a stream cut anywhere, with checksum bytes and noise between frames', () => {
    const stream = new Uint8Array([
      0x41, 0x7f, // noise from plugging in
      ...mt(0x2d, 0x38, 0x20, '004700'), 0x5a, // a frame in motion, then its checksum byte
      ...mt(0x2d, 0x30, 0x20, '004750'), 0x11,
      ...mt(0x2d, 0x30, 0x20, '004750'),
    ]);
    for (const cut of [1, 5, 7, 17, 18]) {
      const d = frameDecoder('mettlerContinuous');
      const out = [];
      for (let i = 0; i < stream.length; i += cut) out.push(...d.push(stream.subarray(i, i + cut)));
      expect(out, `chunks of ${cut}`).toEqual([{ grams: 4700, stable: false }, { grams: 4750, stable: true }, { grams: 4750, stable: true }]);
    }
  });
});

describe('ASCII ST,GS line format', () => {
  it('reads stable and unstable, gross and net, signs, units', () => {
    expect(parseAsciiLine('ST,GS,+0001.234kg')).toEqual({ grams: 1234, stable: true });
    expect(parseAsciiLine('US,NT,-0000.500kg')).toEqual({ grams: -500, stable: false });
    expect(parseAsciiLine('ST,NT,+00123.4 g')).toEqual({ grams: 123.4, stable: true });
    // A&D style, no gross/net field
    expect(parseAsciiLine('ST,+00004.75  kg')).toEqual({ grams: 4750, stable: true });
    expect(parseAsciiLine('US,GS,  12.5lb')).toEqual({ grams: 5669.9, stable: false });
    // a comma before the unit
    expect(parseAsciiLine('ST,GS,+0001.234,kg')).toEqual({ grams: 1234, stable: true });
  });
  it('says overload; refuses other lines', () => {
    expect(parseAsciiLine('OL,GS,+9999.999kg')).toEqual({ fault: 'overload' });
    expect(parseAsciiLine('HELLO')).toBeNull();
    expect(parseAsciiLine('ST,GS,+12.3.4kg')).toBeNull();
  });
  it('decodes CR LF lines from chunks cut anywhere, skipping blank and foreign lines', () => {
    const stream = bytes('garbage\r\nUS,GS,+0004.700kg\r\nST,GS,+0004.750kg\r\n\r\nST,GS,+0004.750kg\r\nST,GS,+00');
    for (const cut of [1, 3, 16, 64]) {
      const d = frameDecoder('asciiStGs');
      const out = [];
      for (let i = 0; i < stream.length; i += cut) out.push(...d.push(stream.subarray(i, i + cut)));
      expect(out, `chunks of ${cut}`).toEqual([{ grams: 4700, stable: false }, { grams: 4750, stable: true }, { grams: 4750, stable: true }]);
    }
  });
});
