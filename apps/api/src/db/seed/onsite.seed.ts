import { createHash } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import type { RecordedChecklistItem } from '@hpbc/shared';
import type { Db } from '../client';
import { inspectionChecklistItems, inspectionPhotos, inspections, users } from '../schema/index';
import { dataDirStore } from '../../lib/file-store/file-store';
import type { SeedContext } from './index';

/**
 * Issue 30's demo: a checklist for every inspection kind, drawn from the technical
 * recommendations, and one open inspection of the demo EIET company with its checklist
 * recorded and two site photos (generated pictures). Added once (when there is no checklist).
 */
const CHECKLISTS: Record<string, [string, string, string][]> = {
  foundation: [
    [
      'Pile caps and ground beams as drawn (size, level, position).',
      'ပိုင်ခေါင်းနှင့် မြေအောက်ရက်မများ ပုံစံအတိုင်း ဖြစ်ခြင်း (အရွယ်၊ အမြင့်၊ နေရာ)။',
      'Structural › Foundations',
    ],
    [
      'Reinforcement cover and spacing checked before the pour.',
      'ကွန်ကရစ် မလောင်းမီ သံချောင်း အကာအကွယ်နှင့် အကွာအဝေး စစ်ဆေးပြီးခြင်း။',
      'Structural › Reinforced concrete',
    ],
    [
      'Soil investigation report on site and followed.',
      'မြေဆီလွှာ စစ်ဆေးချက် အစီရင်ခံစာ လုပ်ငန်းခွင်တွင် ရှိပြီး လိုက်နာခြင်း။',
      'Geotechnical › Soil investigation',
    ],
  ],
  structure: [
    [
      'Columns and slabs as the approved drawings (sizes, levels).',
      'တိုင်များနှင့် ကြမ်းခင်းပြားများ အတည်ပြုပုံစံအတိုင်း ဖြစ်ခြင်း (အရွယ်၊ အမြင့်)။',
      'Structural › Frames',
    ],
    [
      'Concrete cube test results for every pour.',
      'ကွန်ကရစ် လောင်းတိုင်း၏ ကုဗတုံး စမ်းသပ်ချက် ရလဒ်များ ရှိခြင်း။',
      'Structural › Materials',
    ],
    [
      'Formwork and props safe; no cracks in cast members.',
      'ပုံစံခွက်နှင့် ထောက်တိုင်များ ဘေးကင်းခြင်း၊ လောင်းပြီး အစိတ်အပိုင်းများတွင် အက်ကြောင်း မရှိခြင်း။',
      'Structural › Workmanship',
    ],
  ],
  services: [
    [
      'Electrical distribution boards and earthing as drawn.',
      'လျှပ်စစ် ဖြန့်ဖြူးဘုတ်များနှင့် မြေစိုက်ကြိုး ပုံစံအတိုင်း ဖြစ်ခြင်း။',
      'Electrical › Distribution',
    ],
    ['Water supply and drainage pressure-tested.', 'ရေပေးဝေရေးနှင့် ရေနုတ်မြောင်း ဖိအား စမ်းသပ်ပြီးခြင်း။', 'Plumbing › Testing'],
    ['Lift installation certificate on site.', 'ဓာတ်လှေကား တပ်ဆင်မှု လက်မှတ် လုပ်ငန်းခွင်တွင် ရှိခြင်း။', 'Mechanical › Lifts'],
  ],
  fire_safety: [
    [
      'Escape stairs and exits clear and signed.',
      'လွတ်မြောက်ရေး လှေကားနှင့် ထွက်ပေါက်များ ရှင်းလင်းပြီး ဆိုင်းဘုတ် ရှိခြင်း။',
      'Fire safety › Means of escape',
    ],
    ['Fire alarm and sprinklers tested.', 'မီးလောင်မှု သတိပေးစနစ်နှင့် ရေပန်းစနစ် စမ်းသပ်ပြီးခြင်း။', 'Fire safety › Active systems'],
    ['Fire doors close by themselves.', 'မီးခံတံခါးများ အလိုအလျောက် ပိတ်ခြင်း။', 'Fire safety › Compartments'],
  ],
  completion: [
    [
      'Building as the approved set (storeys, height, use).',
      'အဆောက်အအုံသည် အတည်ပြုပုံစံအစုံအတိုင်း ဖြစ်ခြင်း (အထပ်၊ အမြင့်၊ အသုံးပြုပုံ)။',
      'Architectural › Compliance',
    ],
    [
      'All earlier inspections passed or their conditions met.',
      'ယခင် စစ်ဆေးခြင်းအားလုံး အောင်မြင်ခြင်း သို့မဟုတ် ၎င်းတို့၏ စည်းကမ်းချက်များ ပြည့်မီခြင်း။',
      'Committee › Completion',
    ],
    ['Site signboard and public access safe.', 'လုပ်ငန်းခွင် ဆိုင်းဘုတ်နှင့် အများပြည်သူ ဝင်ထွက်ရာ ဘေးကင်းခြင်း။', 'Committee › Site'],
  ],
};

/** A small PNG (an RGB picture of a sky, a building and the ground, varied by `seed`): a generated "site photo". */
export function sitePhotoPng(width: number, height: number, seed: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      const building = x > width * (0.3 + 0.05 * seed) && x < width * 0.7 && y > height * 0.25;
      const ground = y > height * 0.8;
      const [r, g, b] = ground
        ? [120, 100, 70]
        : building
          ? [180 - ((y >> 3) % 2) * 30, 180, 190]
          : [120, 170, 230 - y / 4];
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = Math.max(0, Math.round(b));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function seedOnsiteDemo(ctx: SeedContext, tx: Db): Promise<void> {
  const existing = await tx.select({ id: inspectionChecklistItems.id }).from(inspectionChecklistItems).limit(1);
  if (existing.length > 0) return;
  const items = await tx
    .insert(inspectionChecklistItems)
    .values(
      Object.entries(CHECKLISTS).flatMap(([kind, rows]) =>
        rows.map(([textEn, textMy, recommendation], n) => ({
          kind,
          position: n + 1,
          textEn,
          textMy,
          recommendation,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })),
      ),
    )
    .returning();

  const [inspector] = await tx.select().from(users).where(eq(users.email, 'eiet@hpbc.test'));
  if (!inspector?.eietCompanyId) return;
  const [open] = await tx
    .select()
    .from(inspections)
    .where(
      and(
        eq(inspections.eietCompanyId, inspector.eietCompanyId),
        eq(inspections.status, 'scheduled'),
        eq(inspections.kind, 'structure'),
      ),
    )
    .orderBy(asc(inspections.scheduledFor))
    .limit(1);
  if (!open) return;
  const results = ['passed', 'failed', 'passed'] as const;
  const checklist: RecordedChecklistItem[] = items
    .filter((i) => i.kind === open.kind)
    .map((i, n) => ({
      item_id: i.id,
      text_en: i.textEn,
      text_my: i.textMy,
      recommendation: i.recommendation,
      result: results[n % 3]!,
      note: results[n % 3] === 'failed' ? 'Cube results of the level 3 pour missing.' : null,
    }));
  await tx.update(inspections).set({ checklist, checklistUpdatedAt: ctx.now }).where(eq(inspections.id, open.id));

  const store = dataDirStore(ctx.dataDir, 'inspection-photos');
  for (const n of [0, 1]) {
    const original = sitePhotoPng(640, 480, n);
    const resized = sitePhotoPng(320, 240, n);
    const kept = await store.save('originals', original, ctx.now, '.png');
    const copy = await store.save('resized', resized, ctx.now, '.png');
    await tx.insert(inspectionPhotos).values({
      inspectionId: open.id,
      sha256: createHash('sha256').update(original).digest('hex'),
      type: 'image/png',
      size: original.length,
      originalKey: kept.key,
      resizedKey: copy.key,
      resizedType: 'image/png',
      takenAt: new Date(ctx.now.getTime() - (2 - n) * 600_000),
      latitude: 16.7795 + n * 0.0002,
      longitude: 96.1595,
      accuracy: 12,
      createdBy: inspector.id,
      createdAt: ctx.now,
    });
  }
}
