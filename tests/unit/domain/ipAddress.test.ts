import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress, outboundUrlRefusal } from '../../../domain/ipAddress.ts';

describe('address classes (issue 16)', () => {
  it('knows loopback in every spelling', () => {
    for (const ip of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '8.8.8.8', '', 'nonsense']) expect(isLoopbackAddress(ip), ip).toBe(false);
  });

  it('calls only the public internet public', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '0.0.0.0', '10.0.0.1', '100.64.1.1', '127.0.0.1', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.1.1', '224.0.0.1',
      '255.255.255.255', '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:169.254.169.254', '::ffff:7f00:1',
      '64:ff9b::a00:1', '2002:c0a8:0101::1', '2001:db8::1', 'example.com', '',
    ]) expect(isPublicAddress(ip), ip).toBe(false);
    expect(isPublicAddress('172.32.0.1')).toBe(true);
  });

  it('refuses URLs that are not http(s) to a public place, unless allowed', () => {
    expect(outboundUrlRefusal('https://tracker.example.com/api/v4')).toBeNull();
    expect(outboundUrlRefusal('http://8.8.8.8/api')).toBeNull();
    for (const url of ['file:///etc/passwd', 'gopher://x/', 'not a url', 'http://u:p@example.com/', 'http://localhost/', 'http://127.0.0.1:9/', 'http://[::1]/', 'http://169.254.169.254/']) {
      expect(outboundUrlRefusal(url), url).not.toBeNull();
    }
    expect(outboundUrlRefusal('http://127.0.0.1:4000/api', ['127.0.0.1:4000'])).toBeNull();
    expect(outboundUrlRefusal('http://127.0.0.1:4001/api', ['127.0.0.1:4000'])).not.toBeNull();
  });
});
