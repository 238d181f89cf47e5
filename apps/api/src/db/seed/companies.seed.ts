import { EXPIRY_WARNING_DAYS } from '@hpbc/shared';
import type { Db } from '../client';
import { eietCompanies, pileCompanies } from '../schema/index';
import { createRng, type Rng } from './random';

export type NewEietCompany = typeof eietCompanies.$inferInsert;
export type NewPileCompany = typeof pileCompanies.$inferInsert;

/** [name, e-mail domain stem]; a few names are Burmese, as the committee's real lists are. */
const EIET_NAMES: readonly (readonly [string, string])[] = [
  ['Myanmar Engineering Inspection Services Co., Ltd.', 'meis'],
  ['Golden Triangle Engineering Consultants Co., Ltd.', 'goldentriangle-eng'],
  ['Thiri Structural Inspection Co., Ltd.', 'thiri-inspection'],
  ['Aung Myin Engineering Inspection Co., Ltd.', 'aungmyin'],
  ['Pyinnyar Consultancy & Inspection Ltd.', 'pyinnyar'],
  ['Yangon Building Inspection Group', 'ybig'],
  ['Mandalar Engineering Consultants Co., Ltd.', 'mandalar-eng'],
  ['Zaw Engineering & Testing Services', 'zawengineering'],
  ['Quality Assurance Engineers Myanmar Co., Ltd.', 'qaem'],
  ['Sein Pann Technical Services Co., Ltd.', 'seinpann'],
  ['Asia Engineering Inspection & Testing Co., Ltd.', 'asia-eit'],
  ['Myat Mingalar Consultants Ltd.', 'myatmingalar'],
  ['Precision Structural Audit Co., Ltd.', 'precision-audit'],
  ['Lotus Engineering Services Co., Ltd.', 'lotus-eng'],
  ['Trust Engineering Inspection Co., Ltd.', 'trust-inspection'],
  ['Kyaw Engineering Associates', 'kyaw-associates'],
  ['Ayeyar Inspection & Enforcement Co., Ltd.', 'ayeyar-ie'],
  ['Bagan Civil Engineering Consultants Co., Ltd.', 'bagan-civil'],
  ['Delta Building Services Inspection Co., Ltd.', 'delta-bsi'],
  ['Nay Pyi Taw Engineering Consultants Ltd.', 'npt-eng'],
  ['Htoo Engineering & Safety Services Co., Ltd.', 'htoo-safety'],
  ['Pyae Phyo Engineering Inspection Co., Ltd.', 'pyaephyo'],
  ['Myanmar Technical Audit Co., Ltd.', 'mta'],
  ['Ever Safe Engineering Co., Ltd.', 'eversafe'],
  ['Royal Standard Inspection Co., Ltd.', 'royalstandard'],
  ['Unity Engineering Consultants Co., Ltd.', 'unity-eng'],
  ['Eastern Star Engineering Inspection Co., Ltd.', 'easternstar'],
  ['မြန်မာ အင်ဂျင်နီယာ စစ်ဆေးရေး ကုမ္ပဏီ', 'myanmar-eic'],
  ['ရွှေသံလွင် အင်ဂျင်နီယာ ကုမ္ပဏီ လီမိတက်', 'shwethanlwin'],
  ['မန္တလာ အင်ဂျင်နီယာ အတိုင်ပင်ခံ ကုမ္ပဏီ', 'mandala-consult'],
];

const CEO_NAMES = [
  'U Kyaw Zin Htet',
  'Daw Thandar Win',
  'Dr. Aung Myo Min',
  'U Min Thu Aung',
  'Daw Khin Mar Lwin',
  'U Zaw Min Oo',
  'Dr. Nilar Myint',
  'U Htet Aung Kyaw',
  'Daw Su Su Hlaing',
  'U Thein Naing',
  'U Ye Win Tun',
  'Daw Aye Aye Mon',
  'U Soe Moe Kyaw',
  'Dr. Myint Myat Thu',
  'U Naing Lin Htun',
  'Daw May Thu Zaw',
  'U Kyaw Swar Lin',
  'U Tin Maung Oo',
  'Daw Hnin Wai Phyo',
  'U Aung Kyaw Moe',
  'Dr. Win Pa Pa Aung',
  'U Myo Thant',
  'Daw Ei Ei Khaing',
  'U Phyo Wai Aung',
  'U Sai Kham Leng',
  'Daw Nan Thida Oo',
  'U Zaw Tun',
  'ဦးအောင်မျိုးမင်း',
  'ဒေါ်ခင်မာလွင်',
  'ဦးသိန်းနိုင်',
];

const PILE_NAMES: readonly (readonly [string, string])[] = [
  ['Myanmar Piling & Foundation Co., Ltd.', 'mpf'],
  ['Golden Pile Engineering Co., Ltd.', 'goldenpile'],
  ['Deep Foundation Specialists Myanmar', 'dfs-myanmar'],
  ['Shwe Pyi Piling Services Co., Ltd.', 'shwepyi-piling'],
  ['Thiri Geotechnical & Piling Co., Ltd.', 'thiri-geo'],
  ['Ayeyar Bored Pile Co., Ltd.', 'ayeyar-boredpile'],
  ['Strong Base Foundation Engineering Co., Ltd.', 'strongbase'],
  ['Solid Ground Piling Co., Ltd.', 'solidground'],
  ['Yangon Pile Testing Services', 'ypts'],
  ['Mandalay Foundation Works Co., Ltd.', 'mdy-foundation'],
  ['Aung Piling Contractors Co., Ltd.', 'aungpiling'],
  ['Pyramid Geotech Co., Ltd.', 'pyramidgeotech'],
  ['Rock Solid Foundations Co., Ltd.', 'rocksolid'],
  ['Delta Spun Pile Industries Co., Ltd.', 'deltaspunpile'],
  ['Zeya Piling & Construction Co., Ltd.', 'zeyapiling'],
  ['Myint Foundation Engineering Co., Ltd.', 'myintfoundation'],
  ['Asia Pile Load Test Co., Ltd.', 'asia-plt'],
  ['Bedrock Engineering Services Co., Ltd.', 'bedrock-eng'],
  ['Unity Piling Co., Ltd.', 'unitypiling'],
  ['Precast Pile Manufacturing Myanmar Co., Ltd.', 'ppmm'],
  ['Kyaw Soil Investigation & Piling Co., Ltd.', 'kyaw-si'],
  ['Eastern Geotechnical Services Co., Ltd.', 'eastern-geo'],
  ['Royal Diaphragm Wall Co., Ltd.', 'royal-dwall'],
  ['Sein Lann Piling Co., Ltd.', 'seinlann-piling'],
  ['Htoo Foundation Co., Ltd.', 'htoofoundation'],
  ['Nay Pyi Taw Piling Services Co., Ltd.', 'npt-piling'],
  ['Mingalar Micropile Co., Ltd.', 'mingalar-micropile'],
  ['မြန်မာ ပိုင်ရိုက် လုပ်ငန်း ကုမ္ပဏီ', 'myanmar-piling'],
  ['ရွှေမြေ အုတ်မြစ် အင်ဂျင်နီယာ ကုမ္ပဏီ', 'shwemyay'],
  ['ရန်ကုန် ပိုင်ရိုက် ဝန်ဆောင်မှု လီမိတက်', 'yangon-piling'],
];

const PILE_SERVICES = [
  'Bored piling',
  'Driven precast concrete piles',
  'Spun piles',
  'Static pile load testing',
  'Pile integrity testing (PIT)',
  'High-strain dynamic testing (PDA)',
  'Sheet piling',
  'Diaphragm walls',
  'Secant pile walls',
  'Soil investigation',
  'Ground anchors',
  'Jet grouting',
  'Micropiles',
];

/** Office addresses as Myanmar firms write them, weighted towards the big cities. */
const ADDRESS_TEMPLATES: readonly (readonly [(rng: Rng) => string, number])[] = [
  [
    (rng) =>
      `No. ${rng.int(1, 450)}, ${rng.pick(['Pyay Road', 'Kabar Aye Pagoda Road', 'Insein Road', 'Baho Road'])}, ${rng.pick(['Hlaing', 'Kamayut', 'Mayangon', 'Sanchaung'])} Township, Yangon`,
    30,
  ],
  [
    (rng) =>
      `Room ${rng.int(1, 12)}${rng.pick(['A', 'B', 'C'])}, No. ${rng.int(10, 220)}, ${rng.pick(['Bo Aung Kyaw Street', 'Maha Bandoola Road', 'Merchant Road', 'Anawrahta Road'])}, ${rng.pick(['Kyauktada', 'Botahtaung', 'Pabedan', 'Latha'])} Township, Yangon`,
    20,
  ],
  [
    (rng) =>
      `No. ${rng.int(1, 120)}, ${rng.pick(['Thitsar Road', 'Yankin Road', 'Kyaikkasan Road'])}, ${rng.pick(['Yankin', 'Tamwe', 'Thingangyun'])} Township, Yangon`,
    15,
  ],
  [
    (rng) => {
      const street = rng.int(26, 40);
      return `No. ${rng.int(1, 99)}, ${rng.pick(['78th', '80th', '62nd', '73rd'])} Street, between ${ordinal(street)} and ${ordinal(street + 1)} Street, ${rng.pick(['Chanayethazan', 'Mahaaungmye', 'Chanmyathazi'])} Township, Mandalay`;
    },
    20,
  ],
  [
    (rng) =>
      `No. ${rng.int(1, 60)}, ${rng.pick(['Yaza Htarni Road', 'Taw Win Road'])}, ${rng.pick(['Zabuthiri', 'Ottarathiri', 'Pyinmana'])} Township, Nay Pyi Taw`,
    10,
  ],
  [
    (rng) =>
      rng.pick([
        `No. ${rng.int(1, 80)}, Bogyoke Road, Taunggyi, Shan State`,
        `No. ${rng.int(1, 80)}, Strand Road, Mawlamyine, Mon State`,
        `No. ${rng.int(1, 80)}, Merchant Street, Pathein, Ayeyarwady Region`,
      ]),
    5,
  ],
];

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

/** Mobile and office numbers in the ways Myanmar businesses print them. */
function phoneNumber(rng: Rng): string {
  return rng.weighted([
    [() => `+95 9 ${rng.pick(['4', '7', '9', '2'])}${digits(rng, 2)} ${digits(rng, 3)} ${digits(rng, 3)}`, 5],
    [() => `09-${rng.pick(['4', '7', '9', '2'])}${digits(rng, 2)} ${digits(rng, 3)} ${digits(rng, 3)}`, 4],
    [() => `+95 1 ${rng.int(2, 6)}${digits(rng, 2)} ${digits(rng, 3)}`, 2],
  ] as const)();
}

function emailAddress(rng: Rng, stem: string, secondBox: string): string {
  const domain = rng.pick([`${stem}.com.mm`, `${stem}.com`, `${stem}-myanmar.com`]);
  const first = `${rng.pick(['info', 'contact', 'office'])}@${domain}`;
  // The specification: an address field may hold two addresses separated by a line break.
  return rng.chance(0.3) ? `${first}\n${secondBox}@${domain}` : first;
}

function isoDay(now: Date, days: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

type CertificateCase = 'none' | 'expired' | 'expiring' | 'valid';

/**
 * Certificate dates around `now`: a couple without a certificate, some expired, some
 * inside the warning window, the rest valid; the order of the cases is shuffled.
 */
function certificateDates(
  now: Date,
  rng: Rng,
  count: number,
  windowDays: number,
  counts: { none: number; expired: number; expiring: number },
) {
  const cases: CertificateCase[] = [
    ...Array<CertificateCase>(counts.none).fill('none'),
    ...Array<CertificateCase>(counts.expired).fill('expired'),
    ...Array<CertificateCase>(counts.expiring).fill('expiring'),
  ];
  while (cases.length < count) cases.push('valid');
  return rng.shuffle(cases).map((c) => {
    if (c === 'none') return { issueCertificateDate: null, certificateExpireDate: null };
    const expiresIn =
      c === 'expired'
        ? -rng.int(3, 240)
        : c === 'expiring'
          ? rng.int(3, windowDays - 3)
          : rng.int(windowDays + 15, windowDays + 900);
    // A certificate is issued before today: its validity covers at least the days still left.
    const validityDays = Math.max(rng.pick([365, 730, 1095]), expiresIn + rng.int(30, 365));
    return {
      issueCertificateDate: isoDay(now, expiresIn - validityDays),
      certificateExpireDate: isoDay(now, expiresIn),
    };
  });
}

export function generateEietCompanies(now: Date, rng: Rng = createRng()): NewEietCompany[] {
  const dates = certificateDates(now, rng, EIET_NAMES.length, EXPIRY_WARNING_DAYS.eiet, {
    none: 2,
    expired: 4,
    expiring: 5,
  });
  return EIET_NAMES.map(([name, stem], i) => ({
    eietName: name,
    ceoName: CEO_NAMES[i % CEO_NAMES.length]!,
    officeAddress: rng.weighted(ADDRESS_TEMPLATES)(rng),
    emailAddress: emailAddress(rng, stem, 'inspection'),
    phoneNumber: phoneNumber(rng),
    ...dates[i]!,
  }));
}

export function generatePileCompanies(now: Date, rng: Rng = createRng()): NewPileCompany[] {
  const dates = certificateDates(now, rng, PILE_NAMES.length, EXPIRY_WARNING_DAYS.pile, {
    none: 2,
    expired: 4,
    expiring: 6,
  });
  return PILE_NAMES.map(([name, stem], i) => ({
    companyName: name,
    item: rng.shuffle(PILE_SERVICES).slice(0, rng.int(2, 4)).join(', '),
    address: rng.weighted(ADDRESS_TEMPLATES)(rng),
    emailAddress: emailAddress(rng, stem, 'piling'),
    phoneNumber: phoneNumber(rng),
    ...dates[i]!,
  }));
}

export async function insertCompanies(
  db: Db,
  rows: { eiet: readonly NewEietCompany[]; pile: readonly NewPileCompany[] },
): Promise<void> {
  if (rows.eiet.length) await db.insert(eietCompanies).values([...rows.eiet]);
  if (rows.pile.length) await db.insert(pileCompanies).values([...rows.pile]);
}
