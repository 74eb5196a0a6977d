// Draws media/icon.png (128x128, what vsce and the Marketplace want): a
// crystal ball on a dark tile, rasterised here with 4x4 supersampling and
// written as a PNG with node:zlib, so no image tool or download is needed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const N = 128;
const SS = 4;
const px = new Float64Array(N * N * 4);

const tile = { r: [30, 27, 58], radius: 22 };
const ball = { cx: 64, cy: 56, r: 36 };
const inside = (x, y, x0, y0, x1, y1, rad) => {
  const cx = Math.min(Math.max(x, x0 + rad), x1 - rad);
  const cy = Math.min(Math.max(y, y0 + rad), y1 - rad);
  return (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad;
};
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

function shade(x, y) {
  if (!inside(x, y, 0, 0, N, N, tile.radius)) return null;
  let c = tile.r;
  // Stand under the ball.
  if (inside(x, y, 36, 96, 92, 112, 6)) c = [122, 92, 220];
  if (inside(x, y, 44, 88, 84, 100, 4)) c = [150, 120, 240];
  const d = Math.hypot(x - ball.cx, y - ball.cy) / ball.r;
  if (d <= 1) {
    // Radial glow: bright cyan centre to violet rim.
    c = mix([120, 230, 255], [110, 70, 210], Math.min(1, d ** 1.4));
    // A ring of "index" dots orbiting inside the ball.
    const a = Math.atan2(y - ball.cy, x - ball.cx);
    const ringD = Math.abs(d - 0.55);
    if (ringD < 0.07 && Math.abs(Math.sin(a * 4)) > 0.55) c = [255, 255, 255];
    // Specular highlight.
    if (Math.hypot(x - (ball.cx - 13), y - (ball.cy - 14)) < 7) c = mix(c, [255, 255, 255], 0.85);
  }
  return c;
}

for (let y = 0; y < N; y++) {
  for (let x = 0; x < N; x++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const c = shade(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
        if (!c) continue;
        r += c[0];
        g += c[1];
        b += c[2];
        a += 1;
      }
    }
    const i = (y * N + x) * 4;
    if (a > 0) [px[i], px[i + 1], px[i + 2]] = [r / a, g / a, b / a];
    px[i + 3] = (a / (SS * SS)) * 255;
  }
}

const raw = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) {
  raw[y * (N * 4 + 1)] = 0;
  for (let x = 0; x < N * 4; x++) raw[y * (N * 4 + 1) + 1 + x] = Math.round(px[y * N * 4 + x]);
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = new URL('../media/icon.png', import.meta.url);
writeFileSync(out, png);
console.error(`wrote ${out.pathname} (${png.length} bytes)`);
