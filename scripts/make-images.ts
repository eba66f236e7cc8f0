/**
 * Draws the web app's illustrations as SVG and encodes them with sharp to WebP at the size they are
 * shown, into apps/web/src/assets/ (the results are committed; Vite fingerprints them on import).
 *
 *   node --import tsx scripts/make-images.ts
 *
 * Everything is drawn here so the portal needs no stock photos, no external hosts and no fonts
 * beyond the system's (the avatars' initials use DejaVu Sans, present on Debian).
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/assets');
const QUALITY = 70;
const MAX_BYTES = 40 * 1024;

const colors = {
  primary: '#0e7490',
  primaryLight: '#a5e4f0',
  secondary: '#0f766e',
  accent: '#3a4256',
  ink: '#1e293b',
  paper: '#f1f6f9',
  white: '#ffffff',
};

/** A molar, 80 x 100 units, drawn from its crown down to two roots. */
const TOOTH =
  'M40 10 C30 2 10 2 6 20 C2 38 12 52 14 70 C16 88 20 100 28 100 C36 100 34 76 40 70 ' +
  'C46 76 44 100 52 100 C60 100 64 88 66 70 C68 52 78 38 74 20 C70 2 50 2 40 10 Z';

function tooth(x: number, y: number, scale: number, attrs: string): string {
  return `<path d="${TOOTH}" transform="translate(${x} ${y}) scale(${scale})" ${attrs}/>`;
}

function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.28;
  return (
    `<path d="M${x} ${y - r} L${x + k} ${y - k} L${x + r} ${y} L${x + k} ${y + k} L${x} ${y + r} ` +
    `L${x - k} ${y + k} L${x - r} ${y} L${x - k} ${y - k} Z" fill="${fill}"/>`
  );
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** Hero: a bright treatment room with a patient chair, a lamp, a cabinet and a window. */
function hero(): string {
  const w = 560;
  const h = 420;
  return svg(
    w,
    h,
    `<defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#e6f6fa"/><stop offset="1" stop-color="#cdeef5"/>
      </linearGradient>
      <linearGradient id="seat" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#14a3c4"/><stop offset="1" stop-color="${colors.primary}"/>
      </linearGradient>
    </defs>
    <rect width="${w}" height="${h}" rx="28" fill="url(#wall)"/>
    <rect x="0" y="330" width="${w}" height="90" rx="0" fill="#b9dde6"/>
    <rect x="0" y="392" width="${w}" height="28" fill="#a3d0db"/>
    <!-- window -->
    <rect x="360" y="50" width="150" height="120" rx="10" fill="${colors.white}" stroke="#9cc9d4" stroke-width="6"/>
    <line x1="435" y1="50" x2="435" y2="170" stroke="#9cc9d4" stroke-width="5"/>
    <line x1="360" y1="110" x2="510" y2="110" stroke="#9cc9d4" stroke-width="5"/>
    <circle cx="480" cy="82" r="16" fill="#fde68a"/>
    <!-- tooth sign on the wall -->
    <circle cx="92" cy="92" r="46" fill="${colors.white}" stroke="${colors.primary}" stroke-width="5"/>
    ${tooth(66, 62, 0.52, `fill="${colors.white}" stroke="${colors.primary}" stroke-width="8"`)}
    <!-- lamp arm -->
    <path d="M210 40 L210 95 L300 120" fill="none" stroke="${colors.accent}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
    <ellipse cx="308" cy="128" rx="34" ry="16" transform="rotate(20 308 128)" fill="${colors.accent}"/>
    <ellipse cx="312" cy="138" rx="22" ry="7" transform="rotate(20 312 138)" fill="#fef9c3"/>
    <path d="M300 146 L250 250 L372 196 Z" fill="#fef9c3" opacity="0.45"/>
    <!-- cabinet -->
    <rect x="430" y="230" width="100" height="120" rx="10" fill="${colors.white}" stroke="#9cc9d4" stroke-width="4"/>
    <line x1="430" y1="290" x2="530" y2="290" stroke="#9cc9d4" stroke-width="4"/>
    <rect x="470" y="255" width="20" height="6" rx="3" fill="${colors.accent}"/>
    <rect x="470" y="315" width="20" height="6" rx="3" fill="${colors.accent}"/>
    <rect x="442" y="205" width="24" height="25" rx="4" fill="#19b5a3"/>
    <rect x="474" y="212" width="18" height="18" rx="4" fill="${colors.primaryLight}"/>
    <!-- chair: base, column, seat, backrest, headrest, armrest, footrest -->
    <ellipse cx="250" cy="368" rx="110" ry="16" fill="#8fc3cf"/>
    <rect x="220" y="300" width="56" height="66" rx="10" fill="${colors.accent}"/>
    <path d="M120 268 C120 250 132 240 150 240 L330 240 C350 240 362 252 362 270 L362 290 C362 300 354 306 344 306 L134 306 C126 306 120 300 120 292 Z" fill="url(#seat)"/>
    <path d="M330 250 L392 150 C398 140 410 138 420 144 L426 148 C434 154 436 166 430 176 L372 282 Z" fill="url(#seat)"/>
    <rect x="402" y="104" width="62" height="34" rx="17" transform="rotate(30 433 121)" fill="${colors.primary}"/>
    <rect x="250" y="214" width="92" height="18" rx="9" fill="${colors.accent}"/>
    <path d="M124 262 L64 318 C58 324 60 334 70 334 L112 334 C118 334 122 330 124 324 L150 280 Z" fill="${colors.primary}"/>
    <!-- tray -->
    <line x1="160" y1="150" x2="160" y2="236" stroke="${colors.accent}" stroke-width="6" stroke-linecap="round"/>
    <rect x="118" y="138" width="86" height="14" rx="7" fill="${colors.accent}"/>
    <rect x="130" y="126" width="8" height="14" rx="3" fill="#64748b"/>
    <rect x="148" y="122" width="8" height="18" rx="3" fill="#64748b"/>
    <rect x="166" y="128" width="8" height="12" rx="3" fill="#64748b"/>
    ${sparkle(520, 36, 10, colors.white)}
    ${sparkle(44, 200, 8, colors.white)}`,
  );
}

/** Footer background: faint teeth scattered over the page colour, so dark text stays readable. */
function footerBackground(): string {
  const w = 1280;
  const h = 360;
  let teeth = '';
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 14; col += 1) {
      const x = col * 96 + (row % 2) * 48 + 8;
      const y = row * 96 + 6;
      const scale = 0.42 + ((row * 7 + col * 3) % 4) * 0.06;
      teeth += tooth(x, y, scale, `fill="none" stroke="${colors.primary}" stroke-width="5" opacity="0.09"`);
    }
  }
  return svg(
    w,
    h,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors.paper}"/><stop offset="1" stop-color="#e3f1f5"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>${teeth}`,
  );
}

/** Call-to-action background: deep navy to teal, dark enough for white text (AA). */
function ctaBackground(): string {
  const w = 1280;
  const h = 480;
  return svg(
    w,
    h,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors.ink}"/><stop offset="1" stop-color="#0b4a5c"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <circle cx="1120" cy="80" r="220" fill="${colors.white}" opacity="0.04"/>
    <circle cx="120" cy="440" r="180" fill="${colors.white}" opacity="0.04"/>
    ${tooth(980, 200, 2.2, `fill="none" stroke="${colors.white}" stroke-width="3" opacity="0.08"`)}
    ${tooth(90, 60, 1.2, `fill="none" stroke="${colors.white}" stroke-width="4" opacity="0.07"`)}
    ${sparkle(860, 120, 14, 'rgba(255,255,255,0.12)')}
    ${sparkle(300, 380, 10, 'rgba(255,255,255,0.12)')}`,
  );
}

const SERVICE_SIZE = 128;

function serviceFrame(background: string, body: string): string {
  const s = SERVICE_SIZE;
  return svg(s, s, `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 2}" fill="${background}"/>${body}`);
}

const serviceToothAttrs = `fill="${colors.white}" stroke="${colors.accent}" stroke-width="5" stroke-linejoin="round"`;

function fluorideTreatment(): string {
  return serviceFrame(
    '#d7f1f7',
    `${tooth(26, 22, 0.8, serviceToothAttrs)}
    <path d="M94 30 C94 30 80 48 80 58 C80 66 86 72 94 72 C102 72 108 66 108 58 C108 48 94 30 94 30 Z" fill="${colors.primary}"/>
    <path d="M88 58 C88 62 90 65 94 66" fill="none" stroke="${colors.white}" stroke-width="3" stroke-linecap="round"/>`,
  );
}

function cavityFilling(): string {
  return serviceFrame(
    '#d5f2ee',
    `${tooth(24, 14, 0.8, serviceToothAttrs)}
    <path d="M46 34 C52 28 62 30 64 38 C66 46 58 52 50 50 C44 48 42 40 46 34 Z" fill="${colors.secondary}"/>
    <rect x="74" y="74" width="40" height="10" rx="5" transform="rotate(-40 94 79)" fill="${colors.accent}"/>
    <rect x="64" y="62" width="14" height="6" rx="3" transform="rotate(-40 71 65)" fill="#64748b"/>`,
  );
}

function teethWhitening(): string {
  return serviceFrame(
    '#dbeafe',
    `${tooth(26, 20, 0.8, serviceToothAttrs)}
    ${sparkle(96, 30, 14, colors.primary)}
    ${sparkle(104, 62, 8, colors.primary)}
    ${sparkle(30, 96, 9, colors.primary)}`,
  );
}

const AVATAR_SIZE = 96;

function avatar(initials: string, background: string): string {
  const s = AVATAR_SIZE;
  return svg(
    s,
    s,
    `<rect width="${s}" height="${s}" fill="${background}"/>
    <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif"
      font-weight="bold" font-size="36" fill="${colors.white}">${initials}</text>`,
  );
}

const images: Record<string, () => string> = {
  'hero-clinic.webp': hero,
  'footer-bg.webp': footerBackground,
  'cta-bg.webp': ctaBackground,
  'service-fluoride.webp': fluorideTreatment,
  'service-cavity.webp': cavityFilling,
  'service-whitening.webp': teethWhitening,
  'avatar-winson.webp': () => avatar('WH', colors.primary),
  'avatar-sarah.webp': () => avatar('SL', colors.secondary),
  'avatar-david.webp': () => avatar('DK', colors.accent),
};

await mkdir(outDir, { recursive: true });
let tooLarge = false;
for (const [name, draw] of Object.entries(images)) {
  const file = path.join(outDir, name);
  const info = await sharp(Buffer.from(draw())).webp({ quality: QUALITY, effort: 6 }).toFile(file);
  const { size } = await stat(file);
  const flag = size > MAX_BYTES ? '  TOO LARGE' : '';
  if (flag) tooLarge = true;
  console.log(`${name.padEnd(24)} ${info.width}x${info.height}  ${(size / 1024).toFixed(1)} KB${flag}`);
}
if (tooLarge) {
  console.error(`Some images exceed ${MAX_BYTES / 1024} KB.`);
  process.exitCode = 1;
}
