// Bright kitchens in Chromium (issue 33): a school adds a camera whose play URL is a live HLS stream ffmpeg makes here
// and a small server serves on loopback (this test server lets its health checks reach loopback, OUTBOUND_ALLOW, and
// its console's CSP lets the wall fetch from that media server, MEDIA_ORIGINS; the defaults refuse both); the live
// wall plays it (the video's currentTime advances), and so does the demo's own camera, on the stream this server
// ships; the stream is stopped, the scheduled health check (every second on this server, DEVICE_HEALTH_EVERY_MS)
// marks the camera offline and opens a ticket assigned to its installer company; the company's technician fixes it
// with a note, and the school verifies it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { launchPeople } from '../support/browser.ts';
import { DEMO, SCHOOL_A } from '../api/usersApi.ts';

const INSTALLER = '13800000012';
const CAMERA = '后厨直播测试机';
let dir = '';
let ffmpeg: ChildProcess | undefined;
let media: http.Server | undefined;
let streamUrl = '';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hls-'));
  // a live stream: a test pattern, 1 s segments, the playlist keeps the last six
  ffmpeg = spawn('ffmpeg', ['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency',
    '-pix_fmt', 'yuv420p', '-g', '15', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', '-hls_flags', 'delete_segments', path.join(dir, 'live.m3u8')], { stdio: 'ignore' });
  media = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(new URL(req.url ?? '/', 'http://x').pathname));
    res.setHeader('access-control-allow-origin', '*');
    if (!fs.existsSync(file)) { res.statusCode = 404; res.end(); return; }
    res.setHeader('content-type', file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => media!.listen(0, '127.0.0.1', r));
  streamUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}/live.m3u8`;
  for (let i = 0; i < 100 && !fs.existsSync(path.join(dir, 'live.m3u8')); i++) await new Promise((r) => setTimeout(r, 100));
});
// after the media server's beforeAll (hooks run in order): the console's server knows its origin
const harness = useConsole(() => {
  const { host, origin } = new URL(streamUrl);
  return { outboundAllow: [host], mediaOrigins: [origin], deviceHealthEveryMs: 1_000 };
});
afterAll(async () => {
  ffmpeg?.kill('SIGKILL');
  await new Promise((r) => (media?.listening ? media.close(r) : r(null)));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('bright kitchen', () => {
  it('a camera on the live wall plays; stopped, the health check opens a ticket the company fixes and the school verifies', async () => {
    const { server } = harness;
    expect(fs.existsSync(path.join(dir, 'live.m3u8'))).toBe(true);
    const people = await launchPeople();
    try {
      const school = await harness.browser.context.newPage();
      const technician = await (await people.newContext()).newPage();
      await Promise.all([signInToHome(school, server.url, DEMO.purchaser, SCHOOL_A), signInToHome(technician, server.url, INSTALLER)]);

      await openScreen(school, 'videoDevice');
      // the school wants a ticket as soon as a camera is found offline
      await school.getByTestId('device-settings').click();
      await expect.poll(() => school.getByTestId('device-threshold-input').inputValue(), { timeout: 10_000 }).toBe('10');
      await school.getByTestId('device-threshold-input').fill('0');
      await school.getByTestId('device-settings-form-submit').click();
      await school.getByTestId('device-settings-form-submit').waitFor({ state: 'detached' });
      await school.getByTestId('device-add').click();
      await school.getByTestId('device-name-input').fill(CAMERA);
      await school.getByTestId('device-url-input').fill(streamUrl);
      await school.getByTestId('device-company-input').selectOption({ label: '安心智能安装工程有限公司' });
      await school.getByTestId('device-form-submit').click();
      // the edge box's secret is shown once
      await expect.poll(async () => (await school.getByTestId('device-secret-value').textContent())?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(20);
      await school.getByTestId('device-secret-submit').click();

      // the wall, one tile per page: page through to the new camera and watch it play
      await school.getByTestId('tab-wall').click();
      await school.getByTestId('wall-size-9').click();
      const tile = school.locator(`[data-testid="wall-tile"][data-device-name="${CAMERA}"]`);
      await tile.waitFor({ timeout: 15_000 });
      const played = () => tile.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(played, { timeout: 20_000 }).toBeGreaterThan(0.5);
      const first = await played();
      await expect.poll(played, { timeout: 10_000 }).toBeGreaterThan(first + 0.5);
      // the demo's own camera plays the stream this deployment ships, from its own origin (server/data/demoStream)
      const demoTile = school.locator('[data-testid="wall-tile"][data-device-name="烹饪区摄像头"]');
      await expect.poll(() => demoTile.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);

      // the stream stops: the media server is gone; the next health round finds it offline and the list shows it live
      await school.getByTestId('tab-devices').click();
      const row = school.locator(`[data-device-name="${CAMERA}"]`);
      await row.getByTestId('device-online').waitFor({ timeout: 15_000 });
      ffmpeg?.kill('SIGKILL');
      media!.closeAllConnections();
      await new Promise((r) => media!.close(r));
      await row.getByTestId('device-offline').waitFor({ timeout: 15_000 });

      // the technician's list has the ticket, assigned to his company; he fixes it with a note
      await openScreen(technician, 'errorDevice');
      const ticket = technician.locator(`[data-device-name="${CAMERA}"]`);
      await ticket.waitFor({ timeout: 20_000 });
      expect(await ticket.getAttribute('data-status')).toBe('assigned');
      await ticket.getByTestId('ticket-open').click();
      await technician.getByTestId('ticket-note').fill('重启媒体服务器，恢复推流');
      await technician.getByTestId('ticket-fix').click();
      await expect.poll(() => technician.getByTestId('ticket-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('fixed');

      // the school verifies
      await openScreen(school, 'errorDevice');
      const mine = school.locator(`[data-device-name="${CAMERA}"]`);
      await expect.poll(() => mine.getAttribute('data-status'), { timeout: 15_000 }).toBe('fixed');
      await mine.getByTestId('ticket-open').click();
      await school.getByTestId('ticket-verify').click();
      await expect.poll(() => school.getByTestId('ticket-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('verified');
    } finally {
      await people.close();
    }
  });
});
