/**
 * Draws the site's illustrations as SVG and renders them to WebP at several widths for srcset.
 * Run `npm run images -w web`; the outputs under web/public/images/ are committed, so a build
 * never needs this script (or any outside host).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

// A small deterministic PRNG so every run draws the same pictures.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const palette = ['#c8553d', '#f28f3b', '#ffd5c2', '#588b8b', '#2d5d7b', '#e9c46a', '#8e5572', '#6a994e', '#bc4749', '#457b9d'];
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;

const meeple = (x: number, y: number, s: number, fill: string, rot = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><path fill="${fill}" stroke="rgba(0,0,0,.25)" stroke-width="2" d="M0-48c-10 0-17 8-17 17 0 6 3 10 6 13-13 3-33 8-35 17-2 8 12 9 22 9L-34 36c-2 6 2 10 8 10h14l12-20 12 20h14c6 0 10-4 8-10L24 8c10 0 24-1 22-9-2-9-22-14-35-17 3-3 6-7 6-13 0-9-7-17-17-17z"/></g>`;

const die = (x: number, y: number, s: number, fill: string, pips: number, rot = 0) => {
  // One face a line, as a die reads.
  // prettier-ignore
  const spots: Record<number, [number, number][]> = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  const dots = spots[pips]!.map(([dx, dy]) => `<circle cx="${dx * 14}" cy="${dy * 14}" r="5" fill="#fff8ee"/>`).join('');
  return `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><rect x="-28" y="-28" width="56" height="56" rx="10" fill="${fill}" stroke="rgba(0,0,0,.3)" stroke-width="2"/>${dots}</g>`;
};

const card = (x: number, y: number, s: number, fill: string, rot: number) =>
  `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><rect x="-40" y="-58" width="80" height="116" rx="8" fill="#fffaf0" stroke="rgba(0,0,0,.2)" stroke-width="2"/><rect x="-32" y="-50" width="64" height="100" rx="5" fill="${fill}"/><circle r="18" fill="#fffaf0" opacity=".85"/></g>`;

function woodTable(w: number, h: number, r: () => number, base = '#7a4a2a') {
  const planks: string[] = [];
  const n = 7;
  for (let i = 0; i < n; i++) {
    const y = (h / n) * i;
    const shade = i % 2 ? 'rgba(255,255,255,.05)' : 'rgba(0,0,0,.06)';
    planks.push(`<rect x="0" y="${y}" width="${w}" height="${h / n}" fill="${shade}"/>`);
    for (let g = 0; g < 5; g++) {
      const gy = y + r() * (h / n);
      planks.push(
        `<path d="M0 ${gy} C ${w * 0.3} ${gy - 8 + r() * 16}, ${w * 0.6} ${gy - 8 + r() * 16}, ${w} ${gy}" stroke="rgba(40,20,5,.12)" stroke-width="${1 + r() * 2}" fill="none"/>`,
      );
    }
    planks.push(`<rect x="0" y="${y}" width="${w}" height="2" fill="rgba(30,15,5,.25)"/>`);
  }
  return `<rect width="${w}" height="${h}" fill="${base}"/>${planks.join('')}`;
}

function vignette(w: number, h: number) {
  return `<defs><radialGradient id="v" cx="50%" cy="50%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity=".55"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#v)"/>`;
}

function shelves(w: number, h: number, seed: number) {
  const r = rng(seed);
  const parts = [`<rect width="${w}" height="${h}" fill="#3b2415"/>`];
  const rows = 5;
  const rowH = h / rows;
  for (let row = 0; row < rows; row++) {
    const y0 = row * rowH;
    parts.push(`<rect x="0" y="${y0 + rowH - 18}" width="${w}" height="18" fill="#6b4226"/>`);
    let x = 10;
    while (x < w - 20) {
      const bw = 24 + r() * 60;
      const bh = rowH * (0.55 + r() * 0.35);
      const color = pick(r, palette);
      parts.push(
        `<rect x="${x}" y="${y0 + rowH - 18 - bh}" width="${bw}" height="${bh}" fill="${color}" stroke="rgba(0,0,0,.35)" stroke-width="2"/>`,
        `<rect x="${x + bw * 0.2}" y="${y0 + rowH - 18 - bh * 0.8}" width="${bw * 0.6}" height="${bh * 0.12}" fill="rgba(255,250,235,.7)"/>`,
      );
      if (r() < 0.15) {
        // a box lying flat
        x += bw + 4;
        const fw = 90 + r() * 60;
        parts.push(
          `<rect x="${x}" y="${y0 + rowH - 40}" width="${fw}" height="22" fill="${pick(r, palette)}" stroke="rgba(0,0,0,.35)" stroke-width="2"/>`,
        );
        x += fw;
      }
      x += bw + 2;
    }
  }
  return parts.join('');
}

function pizza(cx: number, cy: number, radius: number, seed: number) {
  const r = rng(seed);
  const parts = [
    `<circle cx="${cx}" cy="${cy}" r="${radius * 1.12}" fill="#d9d4cc"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#d99a4e"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${radius * 0.88}" fill="#c0392b"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${radius * 0.84}" fill="#f4d28a"/>`,
  ];
  for (let i = 0; i < 14; i++) {
    const a = r() * Math.PI * 2;
    const d = r() * radius * 0.7;
    parts.push(
      `<circle cx="${cx + Math.cos(a) * d}" cy="${cy + Math.sin(a) * d}" r="${radius * 0.09}" fill="#a93226" stroke="#7b241c" stroke-width="3"/>`,
    );
  }
  for (let i = 0; i < 18; i++) {
    const a = r() * Math.PI * 2;
    const d = r() * radius * 0.75;
    parts.push(
      `<ellipse cx="${cx + Math.cos(a) * d}" cy="${cy + Math.sin(a) * d}" rx="${radius * 0.05}" ry="${radius * 0.025}" transform="rotate(${r() * 180} ${cx + Math.cos(a) * d} ${cy + Math.sin(a) * d})" fill="#3f7d20"/>`,
    );
  }
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    parts.push(
      `<line x1="${cx}" y1="${cy}" x2="${cx + Math.cos(a) * radius * 0.88}" y2="${cy + Math.sin(a) * radius * 0.88}" stroke="rgba(120,60,20,.35)" stroke-width="3"/>`,
    );
  }
  return parts.join('');
}

function sub(cx: number, cy: number, len: number) {
  return `<g transform="translate(${cx} ${cy}) rotate(-12)">
    <ellipse rx="${len * 0.55}" ry="${len * 0.2}" fill="#e9e4da"/>
    <rect x="${-len / 2}" y="${-len * 0.1}" width="${len}" height="${len * 0.2}" rx="${len * 0.1}" fill="#d89b52"/>
    <path d="M${-len / 2 + 10} 0 q ${len / 8} -20 ${len / 4} 0 t ${len / 4} 0 t ${len / 4} 0 t ${len / 4 - 20} 0" stroke="#6a994e" stroke-width="14" fill="none"/>
    <path d="M${-len / 2 + 14} 8 h ${len - 28}" stroke="#c0392b" stroke-width="10"/>
    <path d="M${-len / 2 + 14} 16 h ${len - 28}" stroke="#f6d365" stroke-width="8"/>
    <rect x="${-len / 2}" y="${-len * 0.13}" width="${len}" height="${len * 0.1}" rx="${len * 0.05}" fill="#e0a862"/>
  </g>`;
}

function salad(cx: number, cy: number, radius: number, seed: number) {
  const r = rng(seed);
  const parts = [
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#f5f1e8" stroke="#d6cfc2" stroke-width="6"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${radius * 0.8}" fill="#7cb342"/>`,
  ];
  for (let i = 0; i < 40; i++) {
    const a = r() * Math.PI * 2;
    const d = r() * radius * 0.7;
    const color = pick(r, ['#558b2f', '#9ccc65', '#33691e', '#aed581']);
    parts.push(
      `<ellipse cx="${cx + Math.cos(a) * d}" cy="${cy + Math.sin(a) * d}" rx="${radius * 0.14}" ry="${radius * 0.07}" transform="rotate(${r() * 180} ${cx + Math.cos(a) * d} ${cy + Math.sin(a) * d})" fill="${color}"/>`,
    );
  }
  for (let i = 0; i < 8; i++) {
    const a = r() * Math.PI * 2;
    const d = r() * radius * 0.6;
    parts.push(`<circle cx="${cx + Math.cos(a) * d}" cy="${cy + Math.sin(a) * d}" r="${radius * 0.08}" fill="#e53935"/>`);
  }
  for (let i = 0; i < 6; i++) {
    const a = r() * Math.PI * 2;
    const d = r() * radius * 0.6;
    parts.push(
      `<rect x="${cx + Math.cos(a) * d}" y="${cy + Math.sin(a) * d}" width="${radius * 0.1}" height="${radius * 0.1}" fill="#f3d27a" transform="rotate(${r() * 90} ${cx + Math.cos(a) * d} ${cy + Math.sin(a) * d})"/>`,
    );
  }
  return parts.join('');
}

function board(cx: number, cy: number, size: number, rot: number, seed: number) {
  const r = rng(seed);
  const cells: string[] = [];
  const n = 8;
  const c = size / n;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === 0 || j === 0 || i === n - 1 || j === n - 1) {
        cells.push(
          `<rect x="${-size / 2 + i * c + 3}" y="${-size / 2 + j * c + 3}" width="${c - 6}" height="${c - 6}" rx="6" fill="${pick(r, palette)}"/>`,
        );
      }
    }
  }
  return `<g transform="translate(${cx} ${cy}) rotate(${rot})"><rect x="${-size / 2 - 16}" y="${-size / 2 - 16}" width="${size + 32}" height="${size + 32}" rx="14" fill="#f7efe0" stroke="rgba(0,0,0,.25)" stroke-width="3"/>${cells.join('')}<circle r="${size * 0.22}" fill="#2d5d7b" opacity=".85"/><circle r="${size * 0.12}" fill="#e9c46a"/></g>`;
}

function mug(x: number, y: number, s: number, color: string) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><circle r="60" fill="#f5f1e8"/><circle r="48" fill="${color}"/><circle r="38" fill="#6f4e37"/><path d="M-12 -6 q 12 -16 24 0 q -12 16 -24 0" fill="#d7b899" opacity=".8"/><rect x="56" y="-14" width="34" height="28" rx="12" fill="#f5f1e8"/></g>`;
}

function scatter(w: number, h: number, seed: number, count: number, kinds: ('meeple' | 'die' | 'card')[], scale = 1) {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = pick(r, kinds);
    const x = r() * w;
    const y = r() * h;
    const s = (0.7 + r() * 0.9) * scale;
    const rot = r() * 360;
    if (kind === 'meeple') out.push(meeple(x, y, s, pick(r, palette), rot));
    else if (kind === 'die') out.push(die(x, y, s, pick(r, palette), 1 + Math.floor(r() * 6), rot));
    else out.push(card(x, y, s, pick(r, palette), rot));
  }
  return out.join('');
}

type Picture = { name: string; width: number; height: number; widths: number[]; svg: () => string };

const W = 1920;
const H = 1080;
const wrap = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

const heroWidths = [640, 1024, 1600, 1920];
const cardWidths = [400, 800];
const galleryWidths = [400, 800, 1600];

const pictures: Picture[] = [
  {
    name: 'hero/games-wall',
    width: W,
    height: H,
    widths: heroWidths,
    svg: () =>
      wrap(W, H, shelves(W, H, 11) + meeple(1500, 900, 2.2, '#e9c46a', -8) + meeple(1700, 930, 1.8, '#c8553d', 10) + vignette(W, H)),
  },
  {
    name: 'hero/fresh-food',
    width: W,
    height: H,
    widths: heroWidths,
    svg: () =>
      wrap(
        W,
        H,
        woodTable(W, H, rng(2)) +
          pizza(620, 560, 360, 5) +
          salad(1380, 380, 230, 7) +
          sub(1400, 860, 520) +
          mug(1750, 150, 1.2, '#588b8b') +
          vignette(W, H),
      ),
  },
  {
    name: 'hero/game-night',
    width: W,
    height: H,
    widths: heroWidths,
    svg: () =>
      wrap(
        W,
        H,
        woodTable(W, H, rng(3), '#6b3f22') +
          board(960, 540, 560, -6, 9) +
          scatter(W, H, 21, 14, ['die', 'card'], 1.6) +
          meeple(840, 470, 1.3, '#c8553d', 0) +
          meeple(1080, 610, 1.3, '#2d5d7b', 0) +
          mug(220, 200, 1.3, '#8e5572') +
          vignette(W, H),
      ),
  },
  {
    name: 'about/cafe-table',
    width: 1200,
    height: 900,
    widths: [480, 800, 1200],
    svg: () =>
      wrap(
        1200,
        900,
        woodTable(1200, 900, rng(4), '#8a5a35') +
          board(560, 430, 420, 8, 14) +
          card(980, 260, 1.4, '#457b9d', -14) +
          card(1040, 300, 1.4, '#bc4749', 10) +
          die(240, 720, 1.6, '#e9c46a', 5, 20) +
          die(340, 760, 1.6, '#588b8b', 3, -10) +
          meeple(520, 380, 1.2, '#6a994e', 0) +
          mug(1040, 720, 1.3, '#c8553d') +
          vignette(1200, 900),
      ),
  },
  {
    name: 'food/pizza',
    width: 800,
    height: 600,
    widths: cardWidths,
    svg: () => wrap(800, 600, woodTable(800, 600, rng(5)) + pizza(400, 300, 240, 15) + vignette(800, 600)),
  },
  {
    name: 'food/subs-wraps',
    width: 800,
    height: 600,
    widths: cardWidths,
    svg: () => wrap(800, 600, woodTable(800, 600, rng(6), '#6e4326') + sub(400, 240, 520) + sub(420, 420, 460) + vignette(800, 600)),
  },
  {
    name: 'food/salads',
    width: 800,
    height: 600,
    widths: cardWidths,
    svg: () => wrap(800, 600, woodTable(800, 600, rng(7), '#94673f') + salad(400, 300, 230, 17) + vignette(800, 600)),
  },
];

const galleryScenes: { name: string; draw: (w: number, h: number) => string }[] = [
  { name: 'game-shelves', draw: (w, h) => shelves(w, h, 31) },
  { name: 'dice-pile', draw: (w, h) => woodTable(w, h, rng(32)) + scatter(w, h, 33, 26, ['die'], 2.4) },
  { name: 'meeple-crowd', draw: (w, h) => `<rect width="${w}" height="${h}" fill="#2d5d7b"/>` + scatter(w, h, 34, 30, ['meeple'], 2.4) },
  { name: 'card-game', draw: (w, h) => woodTable(w, h, rng(35), '#6b3f22') + scatter(w, h, 36, 16, ['card'], 2.4) },
  { name: 'board-close-up', draw: (w, h) => woodTable(w, h, rng(37)) + board(w / 2, h / 2, h * 0.75, 12, 38) },
  {
    name: 'pizza-night',
    draw: (w, h) => woodTable(w, h, rng(39)) + pizza(w * 0.45, h / 2, h * 0.38, 40) + mug(w * 0.85, h * 0.25, 1, '#588b8b'),
  },
  {
    name: 'family-game',
    draw: (w, h) =>
      woodTable(w, h, rng(41), '#8a5a35') + board(w * 0.4, h / 2, h * 0.6, -10, 42) + scatter(w, h, 43, 8, ['meeple', 'die'], 2.4),
  },
  {
    name: 'coffee-and-cards',
    draw: (w, h) => woodTable(w, h, rng(44), '#5c3820') + mug(w * 0.3, h * 0.4, 1.6, '#8e5572') + scatter(w, h, 45, 8, ['card'], 2.4),
  },
  {
    name: 'tournament-table',
    draw: (w, h) => woodTable(w, h, rng(46)) + board(w * 0.3, h * 0.5, h * 0.5, 4, 47) + board(w * 0.72, h * 0.5, h * 0.5, -6, 48),
  },
  {
    name: 'snack-break',
    draw: (w, h) => woodTable(w, h, rng(49), '#94673f') + salad(w * 0.3, h * 0.5, h * 0.3, 50) + sub(w * 0.7, h * 0.55, w * 0.4),
  },
];
for (const scene of galleryScenes) {
  pictures.push({
    name: `gallery/${scene.name}`,
    width: 1600,
    height: 1200,
    widths: galleryWidths,
    svg: () => wrap(1600, 1200, scene.draw(1600, 1200) + vignette(1600, 1200)),
  });
}

async function main() {
  for (const picture of pictures) {
    const svg = Buffer.from(picture.svg());
    for (const width of picture.widths) {
      const file = join(out, `${picture.name}-${width}.webp`);
      mkdirSync(dirname(file), { recursive: true });
      const data = await sharp(svg, { density: 72 * (width / picture.width) > 72 ? 72 * (width / picture.width) : 72 })
        .resize({ width })
        .webp({ quality: width > 1000 ? 62 : 70, effort: 6 })
        .toBuffer();
      writeFileSync(file, data);
      console.log(`${file.slice(out.length + 1)}  ${(data.length / 1024).toFixed(1)} KB`);
    }
  }
}

await main();
