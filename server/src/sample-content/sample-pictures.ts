import sharp from 'sharp';

/**
 * Pictures of the sample projects, drawn here as vector scenes (never copied from anywhere):
 * a building of the project's kind under a sky, with its lightning protection drawn in copper —
 * air-termination rods and masts, conductors on the roof, down conductors to the ground.
 * Deterministic: the same scene and seed always give the same picture.
 */

export const sceneKinds = ['industry', 'datacentre', 'substation', 'public', 'church', 'solar'] as const;
export type SceneKind = (typeof sceneKinds)[number];
export type Scene = { kind: SceneKind; seed: number; sky: SkyKind };

const W = 1600;
const H = 1067;
const horizon = Math.round(H * 0.7);

type SkyKind = 'day' | 'evening' | 'storm' | 'overcast';
const skies: Record<SkyKind, { top: string; bottom: string; ground: [string, string]; hills: string; sun?: string }> = {
  day: { top: '#3f7fc9', bottom: '#cfe3f5', ground: ['#7aa35a', '#557a3c'], hills: '#8fb3a0', sun: '#fff6d5' },
  evening: { top: '#23325c', bottom: '#f2a66b', ground: ['#5d6b45', '#3d4a2f'], hills: '#6c5a6e', sun: '#ffd9a0' },
  storm: { top: '#1f2733', bottom: '#6d7a88', ground: ['#56684a', '#394834'], hills: '#4d5a66' },
  overcast: { top: '#8aa0b8', bottom: '#e3e9ef', ground: ['#889a74', '#66795a'], hills: '#a4b4bd' },
};

const copper = '#c26a2e';
const steel = '#8d969f';

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof random>;

const r1 = (n: number) => Math.round(n * 10) / 10;

function rod(x: number, top: number, height: number, width = 4): string {
  return (
    `<line x1="${r1(x)}" y1="${r1(top + height)}" x2="${r1(x)}" y2="${r1(top)}" stroke="${copper}" stroke-width="${width}" stroke-linecap="round"/>` +
    `<circle cx="${r1(x)}" cy="${r1(top)}" r="${width * 0.9}" fill="${copper}"/>`
  );
}

function conductor(points: [number, number][], width = 3): string {
  return `<polyline points="${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}" fill="none" stroke="${copper}" stroke-width="${width}" stroke-linejoin="round"/>`;
}

function windows(
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gapX: number,
  gapY: number,
  fill: string,
): string {
  let out = '';
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      out += `<rect x="${r1(x + c * (w + gapX))}" y="${r1(y + r * (h + gapY))}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"/>`;
    }
  }
  return out;
}

function tree(x: number, base: number, size: number, colour: string): string {
  return (
    `<rect x="${r1(x - size * 0.06)}" y="${r1(base - size * 0.5)}" width="${r1(size * 0.12)}" height="${r1(size * 0.5)}" fill="#5a4632"/>` +
    `<ellipse cx="${r1(x)}" cy="${r1(base - size * 0.75)}" rx="${r1(size * 0.42)}" ry="${r1(size * 0.5)}" fill="${colour}"/>`
  );
}

function backdrop(sky: SkyKind, rnd: Random): string {
  const s = skies[sky];
  let out = `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.top}"/><stop offset="1" stop-color="${s.bottom}"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.ground[0]}"/><stop offset="1" stop-color="${s.ground[1]}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
    <filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (s.sun)
    out += `<circle cx="${r1(rnd.between(200, 1400))}" cy="${r1(rnd.between(110, 260))}" r="${r1(rnd.between(45, 70))}" fill="${s.sun}" opacity="0.9"/>`;
  const cloudColour = sky === 'storm' ? '#3a4452' : '#ffffff';
  for (let i = 0; i < rnd.int(2, 5); i++) {
    const cx = rnd.between(0, W);
    const cy = rnd.between(80, horizon * 0.45);
    const size = rnd.between(60, 140);
    out +=
      `<g fill="${cloudColour}" opacity="${sky === 'storm' ? 0.85 : 0.75}">` +
      `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(size * 1.6)}" ry="${r1(size * 0.45)}"/>` +
      `<ellipse cx="${r1(cx - size * 0.5)}" cy="${r1(cy - size * 0.25)}" rx="${r1(size * 0.7)}" ry="${r1(size * 0.45)}"/>` +
      `<ellipse cx="${r1(cx + size * 0.4)}" cy="${r1(cy - size * 0.35)}" rx="${r1(size * 0.8)}" ry="${r1(size * 0.55)}"/></g>`;
  }
  if (sky === 'storm') {
    // The reason for all of this: a flash in the distance.
    let x = rnd.between(250, 1350);
    let y = 40;
    const points: [number, number][] = [[x, y]];
    while (y < horizon - 120) {
      x += rnd.between(-60, 60);
      y += rnd.between(40, 90);
      points.push([x, y]);
    }
    const line = points.map(([px, py]) => `${r1(px)},${r1(py)}`).join(' ');
    out +=
      `<polyline points="${line}" fill="none" stroke="#fff3b0" stroke-width="16" opacity="0.55" filter="url(#glow)"/>` +
      `<polyline points="${line}" fill="none" stroke="#fffbe6" stroke-width="4"/>`;
  }
  // Distant hills, then the ground.
  let hills = `M0 ${horizon}`;
  for (let x = 0; x <= W; x += 100) hills += ` L${x} ${r1(horizon - rnd.between(20, 70))}`;
  out += `<path d="${hills} L${W} ${horizon} Z" fill="${s.hills}" opacity="0.8"/>`;
  out += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#ground)"/>`;
  return out;
}

function industry(rnd: Random): string {
  const x0 = rnd.between(140, 320);
  const width = rnd.between(900, 1150);
  const top = horizon - rnd.between(250, 320);
  const teeth = rnd.int(5, 8);
  const tooth = width / teeth;
  const wall = rnd.pick(['#c9d3dc', '#d9d4c7', '#b8c6d1']);
  let out = `<rect x="${r1(x0)}" y="${r1(top)}" width="${r1(width)}" height="${r1(horizon - top + 10)}" fill="${wall}"/>`;
  for (let x = x0 + 18; x < x0 + width; x += 18)
    out += `<line x1="${r1(x)}" y1="${r1(top)}" x2="${r1(x)}" y2="${horizon + 10}" stroke="#000" stroke-opacity="0.06" stroke-width="2"/>`;
  let roof = `M${r1(x0)} ${r1(top)}`;
  const peaks: number[] = [];
  for (let i = 0; i < teeth; i++) {
    const start = x0 + i * tooth;
    roof += ` L${r1(start)} ${r1(top - 70)} L${r1(start + tooth)} ${r1(top)}`;
    peaks.push(start);
  }
  out += `<path d="${roof} Z" fill="#7d8a96"/>`;
  for (const peak of peaks)
    out += `<rect x="${r1(peak + 4)}" y="${r1(top - 62)}" width="10" height="56" fill="#a9d3ef" opacity="0.8"/>`;
  out += windows(x0 + 40, top + 40, Math.floor((width - 80) / 70), 1, 50, 34, 20, 0, '#6f93b3');
  const door = x0 + width * rnd.between(0.3, 0.6);
  out += `<rect x="${r1(door)}" y="${r1(horizon - 150)}" width="150" height="160" fill="#59636d"/>`;
  for (let y = horizon - 140; y < horizon; y += 14)
    out += `<line x1="${r1(door)}" y1="${r1(y)}" x2="${r1(door + 150)}" y2="${r1(y)}" stroke="#4a525a" stroke-width="2"/>`;
  // Chimney and silo beside the hall.
  const silo = x0 + width + rnd.between(40, 90);
  out += `<rect x="${r1(silo)}" y="${r1(top - 120)}" width="110" height="${r1(horizon - top + 130)}" rx="18" fill="#b5bcc3"/><rect x="${r1(silo + 80)}" y="${r1(top - 120)}" width="30" height="${r1(horizon - top + 130)}" fill="url(#shade)"/>`;
  out +=
    rod(silo + 55, top - 200, 80, 5) +
    conductor([
      [silo + 55, top - 120],
      [silo + 106, top - 100],
      [silo + 106, horizon],
    ]);
  // Air-termination rods on every ridge, a ridge conductor and down conductors at the corners.
  for (const peak of peaks) out += rod(peak, top - 130, 60);
  out += conductor(
    peaks.flatMap(
      (p) =>
        [
          [p, top - 70],
          [p + tooth, top],
        ] as [number, number][],
    ),
  );
  out +=
    conductor([
      [x0, top],
      [x0, horizon],
    ]) +
    conductor([
      [x0 + width, top],
      [x0 + width, horizon],
    ]);
  out += conductor([
    [x0 + width / 2, top],
    [x0 + width / 2, horizon - 160],
  ]);
  return out;
}

function datacentre(rnd: Random): string {
  const x0 = rnd.between(120, 260);
  const width = rnd.between(1050, 1250);
  const top = horizon - rnd.between(190, 240);
  let out = `<rect x="${r1(x0)}" y="${r1(top)}" width="${r1(width)}" height="${r1(horizon - top + 10)}" fill="#3e4852"/>`;
  for (let x = x0 + 12; x < x0 + width; x += 12)
    out += `<line x1="${r1(x)}" y1="${r1(top + 30)}" x2="${r1(x)}" y2="${r1(horizon - 20)}" stroke="#56626e" stroke-width="4"/>`;
  out += `<rect x="${r1(x0)}" y="${r1(top)}" width="${r1(width)}" height="22" fill="#2d353d"/>`;
  out += `<rect x="${r1(x0 + width * 0.08)}" y="${r1(horizon - 120)}" width="180" height="130" fill="#9fb4c6"/><rect x="${r1(x0 + width * 0.08)}" y="${r1(horizon - 120)}" width="180" height="8" fill="${rnd.pick(['#2f67b0', '#1d8a6b', '#d9a900'])}"/>`;
  // Cooling units on the roof, each within the protected zone of an isolated mast.
  const units = rnd.int(4, 6);
  const masts: number[] = [];
  for (let i = 0; i < units; i++) {
    const ux = x0 + 60 + i * ((width - 160) / units);
    out += `<rect x="${r1(ux)}" y="${r1(top - 46)}" width="120" height="46" fill="#aeb6bd"/>`;
    out += `<circle cx="${r1(ux + 32)}" cy="${r1(top - 30)}" r="16" fill="#6d757c"/><circle cx="${r1(ux + 88)}" cy="${r1(top - 30)}" r="16" fill="#6d757c"/>`;
    if (i % 2 === 0) masts.push(ux + 140);
  }
  for (const mx of masts) {
    out +=
      `<line x1="${r1(mx)}" y1="${r1(top)}" x2="${r1(mx)}" y2="${r1(top - 170)}" stroke="${steel}" stroke-width="8"/>` +
      rod(mx, top - 230, 70, 5);
    out += `<path d="M${r1(mx - 26)} ${r1(top)} L${r1(mx)} ${r1(top - 40)} L${r1(mx + 26)} ${r1(top)}" fill="none" stroke="${steel}" stroke-width="4"/>`;
  }
  out +=
    conductor([
      [x0 + 4, top],
      [x0 + 4, horizon],
    ]) +
    conductor([
      [x0 + width - 4, top],
      [x0 + width - 4, horizon],
    ]);
  // Generator containers and a fence in front.
  for (let i = 0; i < 2; i++) {
    const gx = x0 + width * 0.55 + i * 200;
    out += `<rect x="${r1(gx)}" y="${r1(horizon - 70)}" width="170" height="80" fill="#e3e6e8"/><rect x="${r1(gx + 130)}" y="${r1(horizon - 100)}" width="14" height="30" fill="#6d757c"/>`;
  }
  const fenceY = horizon + 70;
  out += `<line x1="0" y1="${fenceY - 50}" x2="${W}" y2="${fenceY - 50}" stroke="#55606a" stroke-width="3"/>`;
  for (let x = 10; x < W; x += 40)
    out += `<line x1="${x}" y1="${fenceY}" x2="${x}" y2="${fenceY - 58}" stroke="#55606a" stroke-width="3"/>`;
  return out;
}

function lattice(x: number, base: number, width: number, height: number, colour = steel): string {
  let out = `<polygon points="${r1(x - width / 2)},${base} ${r1(x - width / 6)},${r1(base - height)} ${r1(x + width / 6)},${r1(base - height)} ${r1(x + width / 2)},${base}" fill="none" stroke="${colour}" stroke-width="4"/>`;
  const steps = Math.max(3, Math.round(height / 45));
  for (let i = 0; i < steps; i++) {
    const y1 = base - (height * i) / steps;
    const y2 = base - (height * (i + 1)) / steps;
    const w1 = width / 2 - ((width / 3) * i) / steps;
    const w2 = width / 2 - ((width / 3) * (i + 1)) / steps;
    out += `<line x1="${r1(x - w1)}" y1="${r1(y1)}" x2="${r1(x + w2)}" y2="${r1(y2)}" stroke="${colour}" stroke-width="2.5"/>`;
    out += `<line x1="${r1(x + w1)}" y1="${r1(y1)}" x2="${r1(x - w2)}" y2="${r1(y2)}" stroke="${colour}" stroke-width="2.5"/>`;
  }
  return out;
}

function substation(rnd: Random): string {
  let out = `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#a39f97"/>`;
  for (let i = 0; i < 400; i++) {
    out += `<circle cx="${r1(rnd.between(0, W))}" cy="${r1(rnd.between(horizon, H))}" r="${r1(rnd.between(1.5, 3.5))}" fill="${rnd.pick(['#8d887f', '#bab6ad', '#7a766e'])}"/>`;
  }
  // Gantries with the overhead lines, transformers below, lightning masts around.
  const gantries = [rnd.between(180, 260), rnd.between(720, 820), rnd.between(1280, 1420)];
  const beam = horizon - rnd.between(330, 380);
  for (const gx of gantries) out += lattice(gx - 90, horizon, 50, horizon - beam) + lattice(gx + 90, horizon, 50, horizon - beam);
  out += `<line x1="${r1(gantries[0]! - 110)}" y1="${r1(beam)}" x2="${r1(gantries[2]! + 110)}" y2="${r1(beam)}" stroke="${steel}" stroke-width="10"/>`;
  for (let i = 0; i < 3; i++) {
    const offset = -60 + i * 60;
    for (let g = 0; g < 2; g++) {
      const a = gantries[g]! + offset;
      const b = gantries[g + 1]! + offset;
      out += `<path d="M${r1(a)} ${r1(beam + 30)} Q${r1((a + b) / 2)} ${r1(beam + 90)} ${r1(b)} ${r1(beam + 30)}" fill="none" stroke="#2f353b" stroke-width="2.5"/>`;
    }
    out += `<line x1="${r1(gantries[0]! + offset)}" y1="${r1(beam)}" x2="${r1(gantries[0]! + offset)}" y2="${r1(beam + 30)}" stroke="#c9c3b4" stroke-width="8"/>`;
  }
  for (const tx of [rnd.between(380, 470), rnd.between(960, 1080)]) {
    out += `<rect x="${r1(tx)}" y="${r1(horizon - 150)}" width="200" height="150" fill="#7b8a6b"/>`;
    for (let f = 0; f < 9; f++)
      out += `<rect x="${r1(tx + 8 + f * 21)}" y="${r1(horizon - 130)}" width="9" height="110" fill="#66744f"/>`;
    for (let b = 0; b < 3; b++)
      out += `<rect x="${r1(tx + 40 + b * 55)}" y="${r1(horizon - 215)}" width="14" height="65" rx="4" fill="#c9c3b4"/>`;
  }
  for (const mx of [rnd.between(60, 110), rnd.between(560, 640), rnd.between(1160, 1220), rnd.between(1500, 1560)]) {
    const top = horizon - rnd.between(470, 540);
    out += lattice(mx, horizon, 44, horizon - top, '#6f7881') + rod(mx, top - 70, 70, 5);
  }
  return out;
}

function publicBuilding(rnd: Random): string {
  const x0 = rnd.between(220, 360);
  const width = rnd.between(850, 1000);
  const top = horizon - rnd.between(270, 320);
  const wall = rnd.pick(['#e8dcc3', '#d9c9b0', '#efe6d6']);
  const roof = rnd.pick(['#9b4a36', '#6f4a3f', '#54606b']);
  const ridge = top - 150;
  let out = `<rect x="${r1(x0)}" y="${r1(top)}" width="${r1(width)}" height="${r1(horizon - top + 10)}" fill="${wall}"/>`;
  out += `<polygon points="${r1(x0 - 30)},${r1(top)} ${r1(x0 + 130)},${r1(ridge)} ${r1(x0 + width - 130)},${r1(ridge)} ${r1(x0 + width + 30)},${r1(top)}" fill="${roof}"/>`;
  const cols = Math.floor((width - 60) / 80);
  out += windows(x0 + 45, top + 40, cols, 3, 44, 58, 36, 24, '#587a96');
  const entrance = x0 + width / 2;
  out += `<rect x="${r1(entrance - 110)}" y="${r1(horizon - 170)}" width="220" height="180" fill="${wall}" stroke="#b9a98f" stroke-width="3"/>`;
  for (let c = 0; c < 4; c++)
    out += `<rect x="${r1(entrance - 95 + c * 60)}" y="${r1(horizon - 160)}" width="14" height="160" fill="#fff"/>`;
  out += `<polygon points="${r1(entrance - 130)},${r1(horizon - 170)} ${r1(entrance)},${r1(horizon - 240)} ${r1(entrance + 130)},${r1(horizon - 170)}" fill="${wall}" stroke="#b9a98f" stroke-width="3"/>`;
  // A small clock tower on the ridge.
  const tower = x0 + width * rnd.between(0.35, 0.65);
  out += `<rect x="${r1(tower - 40)}" y="${r1(ridge - 150)}" width="80" height="150" fill="${wall}"/><circle cx="${r1(tower)}" cy="${r1(ridge - 95)}" r="24" fill="#fff" stroke="#444" stroke-width="3"/>`;
  out += `<polygon points="${r1(tower - 50)},${r1(ridge - 150)} ${r1(tower)},${r1(ridge - 220)} ${r1(tower + 50)},${r1(ridge - 150)}" fill="${roof}"/>`;
  out += rod(tower, ridge - 300, 80);
  // Ridge conductor, roof conductors down the slopes and down conductors on the façade.
  out += conductor([
    [x0 + 130, ridge],
    [x0 + width - 130, ridge],
  ]);
  for (const [x, toX] of [
    [x0 + 130, x0 - 30],
    [x0 + width - 130, x0 + width + 30],
  ] as const) {
    out += conductor([
      [x, ridge],
      [toX, top],
      [toX, horizon],
    ]);
  }
  out += conductor([
    [tower + 40, ridge - 150],
    [tower + 40, ridge],
  ]);
  for (const x of [x0 + 130, x0 + width - 130]) out += rod(x, ridge - 60, 60);
  for (let i = 0; i < rnd.int(2, 4); i++)
    out += tree(
      rnd.pick([rnd.between(40, x0 - 40), rnd.between(x0 + width + 60, W - 40)]),
      horizon + 40,
      rnd.between(150, 220),
      '#4f7a3f',
    );
  return out;
}

function church(rnd: Random): string {
  const nave = rnd.between(500, 700);
  const x0 = rnd.between(380, 560);
  const top = horizon - rnd.between(190, 220);
  const wall = rnd.pick(['#e2d6c2', '#cdbfa8', '#d8cfc2']);
  const roof = rnd.pick(['#5b6a75', '#8c4634', '#4f5b52']);
  let out = `<rect x="${r1(x0)}" y="${r1(top)}" width="${r1(nave)}" height="${r1(horizon - top + 10)}" fill="${wall}"/>`;
  out += `<polygon points="${r1(x0 - 20)},${r1(top)} ${r1(x0 + 40)},${r1(top - 140)} ${r1(x0 + nave + 20)},${r1(top - 140)} ${r1(x0 + nave + 60)},${r1(top)}" fill="${roof}"/>`;
  for (let i = 0; i < 4; i++) {
    const wx = x0 + 70 + i * ((nave - 140) / 3);
    out += `<path d="M${r1(wx - 22)} ${r1(horizon - 40)} V${r1(top + 70)} A22 22 0 0 1 ${r1(wx + 22)} ${r1(top + 70)} V${r1(horizon - 40)} Z" fill="#6e86a8"/>`;
  }
  // The steeple: the highest point for miles, so its conductor runs the whole height.
  const sx = x0 - 60;
  const towerTop = top - rnd.between(190, 220);
  out += `<rect x="${r1(sx - 80)}" y="${r1(towerTop)}" width="160" height="${r1(horizon - towerTop + 10)}" fill="${wall}"/><rect x="${r1(sx + 40)}" y="${r1(towerTop)}" width="40" height="${r1(horizon - towerTop + 10)}" fill="url(#shade)"/>`;
  out += `<circle cx="${r1(sx)}" cy="${r1(towerTop + 90)}" r="34" fill="#fff" stroke="#444" stroke-width="4"/>`;
  out += `<path d="M${r1(sx - 24)} ${r1(towerTop + 230)} V${r1(towerTop + 180)} A24 24 0 0 1 ${r1(sx + 24)} ${r1(towerTop + 180)} V${r1(towerTop + 230)} Z" fill="#59636d"/>`;
  const spire = towerTop - rnd.between(150, 180);
  out += `<polygon points="${r1(sx - 95)},${r1(towerTop)} ${r1(sx)},${r1(spire)} ${r1(sx + 95)},${r1(towerTop)}" fill="${roof}"/>`;
  out += `<line x1="${r1(sx)}" y1="${r1(spire)}" x2="${r1(sx)}" y2="${r1(spire - 70)}" stroke="#d4af37" stroke-width="6"/><line x1="${r1(sx - 22)}" y1="${r1(spire - 48)}" x2="${r1(sx + 22)}" y2="${r1(spire - 48)}" stroke="#d4af37" stroke-width="6"/>`;
  out += rod(sx + 8, spire - 110, 110, 3);
  out += conductor([
    [sx + 8, spire],
    [sx + 78, towerTop],
    [sx + 78, horizon],
  ]);
  out +=
    conductor([
      [x0 + 40, top - 140],
      [x0 + nave + 20, top - 140],
    ]) +
    conductor([
      [x0 + nave + 20, top - 140],
      [x0 + nave + 60, top],
      [x0 + nave + 60, horizon],
    ]);
  for (let i = 0; i < rnd.int(4, 7); i++) {
    const hx = rnd.pick([rnd.between(0, sx - 220), rnd.between(x0 + nave + 120, W - 120)]);
    const hw = rnd.between(110, 170);
    const ht = rnd.between(90, 130);
    out += `<rect x="${r1(hx)}" y="${r1(horizon - ht + 30)}" width="${r1(hw)}" height="${r1(ht)}" fill="${rnd.pick(['#efe4d0', '#e0d2bd', '#f3ece0'])}"/>`;
    out += `<polygon points="${r1(hx - 10)},${r1(horizon - ht + 30)} ${r1(hx + hw / 2)},${r1(horizon - ht - 40)} ${r1(hx + hw + 10)},${r1(horizon - ht + 30)}" fill="#8c4634"/>`;
  }
  for (let i = 0; i < 3; i++)
    out += tree(rnd.between(x0 + nave + 60, x0 + nave + 140) + i * 30, horizon + 60, rnd.between(140, 200), '#46703a');
  return out;
}

function solar(rnd: Random): string {
  let out = '';
  // Rows of modules in perspective, with air-termination masts keeping the separation distance.
  const rows = 6;
  for (let i = rows - 1; i >= 0; i--) {
    const y = horizon + 30 + i * i * 7 + i * 34;
    const scale = 0.55 + i * 0.12;
    const height = 34 * scale;
    const tilt = 20 * scale;
    out += `<polygon points="-20,${r1(y)} ${W + 20},${r1(y)} ${W + 20},${r1(y - height)} -20,${r1(y - height - tilt)}" fill="#1f3f73"/>`;
    for (let x = -20; x < W; x += 46 * scale)
      out += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x + 6 * scale)}" y2="${r1(y - height - tilt * (1 - x / W))}" stroke="#8fb2e0" stroke-opacity="0.5" stroke-width="1.5"/>`;
    out += `<line x1="-20" y1="${r1(y - height / 2 - tilt / 2)}" x2="${W + 20}" y2="${r1(y - height / 2)}" stroke="#8fb2e0" stroke-opacity="0.5" stroke-width="1.5"/>`;
    if (i % 2 === 1) {
      for (let m = 0; m < 4; m++) {
        const mx = 150 + m * 420 + rnd.between(-40, 40);
        out +=
          `<line x1="${r1(mx)}" y1="${r1(y + 8)}" x2="${r1(mx)}" y2="${r1(y - 150 * scale)}" stroke="${steel}" stroke-width="${r1(5 * scale)}"/>` +
          rod(mx, y - 200 * scale, 50 * scale, 4 * scale);
      }
    }
  }
  // Inverter station and a wind turbine on the ridge behind.
  const ix = rnd.between(1100, 1350);
  out += `<rect x="${r1(ix)}" y="${r1(horizon - 80)}" width="180" height="90" fill="#e9ecee"/><rect x="${r1(ix)}" y="${r1(horizon - 86)}" width="180" height="10" fill="#9aa3ad"/>`;
  out += rod(ix + 20, horizon - 140, 54) + rod(ix + 160, horizon - 140, 54);
  const tx = rnd.between(250, 600);
  const hub = horizon - rnd.between(330, 400);
  out += `<polygon points="${r1(tx - 8)},${horizon - 40} ${r1(tx - 3)},${r1(hub)} ${r1(tx + 3)},${r1(hub)} ${r1(tx + 8)},${horizon - 40}" fill="#f4f6f7"/>`;
  const angle = rnd.between(0, 120);
  for (let b = 0; b < 3; b++) {
    const a = ((angle + b * 120) * Math.PI) / 180;
    out += `<line x1="${r1(tx)}" y1="${r1(hub)}" x2="${r1(tx + Math.cos(a) * 170)}" y2="${r1(hub + Math.sin(a) * 170)}" stroke="#f4f6f7" stroke-width="7" stroke-linecap="round"/>`;
  }
  out += `<circle cx="${r1(tx)}" cy="${r1(hub)}" r="9" fill="#dfe3e6"/>`;
  return out;
}

const draw: Record<SceneKind, (rnd: Random) => string> = {
  industry,
  datacentre,
  substation,
  public: publicBuilding,
  church,
  solar,
};

export function sceneSvg(scene: Scene): string {
  const rnd = random(scene.seed);
  const body = backdrop(scene.sky, rnd) + draw[scene.kind](rnd);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** The scene as a PNG (lossless, so the picture pipeline gets a clean source, as from a camera). */
export async function renderScene(scene: Scene): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
