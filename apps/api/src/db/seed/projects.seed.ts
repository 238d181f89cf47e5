import { PROJECT_STATUSES, type ProjectStatus } from '@hpbc/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { projects } from '../schema/index';
import { MYANMAR_STATES, type Place } from './myanmar-places';
import { createRng, type Rng } from './random';

export type NewProject = typeof projects.$inferInsert;

const STATUS_WEIGHTS: readonly (readonly [ProjectStatus, number])[] = [
  ['Active', 38],
  ['Completed', 27],
  ['Pending', 18],
  ['On Hold', 9],
  ['Cancelled', 8],
];

const NAME_PREFIXES = [
  'Golden Valley',
  'Royal Lake',
  'Inya Lake',
  'Kandawgyi',
  'Star City',
  'Pearl',
  'Emerald',
  'Lotus',
  'Sakura',
  'Shwe Hinthar',
  'Yadanar',
  'Mya Yeik Nyo',
  'Thiri',
  'Aung Zeya',
  'Padauk',
  'Thazin',
  'Ngwe Kyar Yan',
  'Diamond',
  'Crystal',
  'Silver Moon',
  'Sapphire',
  'Ayeyar',
  'Bayint Naung',
  'Shwe Pyi',
  'Zeyar',
  'Mingalar',
  'Nawarat',
  'Thukha',
  'Sein Lann',
  'Myittar',
  'Ruby',
  'Jade',
  'Orchid',
  'Sunrise',
  'Golden Hill',
  'Green Valley',
  'Yoma View',
  'City Star',
  'Grand Pyi',
  'Hinthar Gon',
];

const ROADS: Record<string, string[]> = {
  'Yangon Region': [
    'Pyay Road',
    'Kabar Aye Pagoda Road',
    'Sule Pagoda Road',
    'Bogyoke Aung San Road',
    'Strand Road',
    'Merchant Road',
    'Anawrahta Road',
    'Insein Road',
    'University Avenue',
    'Kyaikkasan Road',
    'Baho Road',
    'Shwegondaing Road',
  ],
  'Mandalay Region': ['78th Street', '35th Street', 'Theikpan Road', '73rd Street', '62nd Street'],
  'Naypyidaw Union Territory': ['Yaza Htarni Road', 'Taw Win Road', 'Thapyay Kone Road'],
};

const PRIVATE_DEVELOPERS = [
  'Shwe Taung Development Co., Ltd.',
  'Golden Land Real Estate Co., Ltd.',
  'Myanmar Pyi Thar Builders Co., Ltd.',
  'Aung Thiri Property Development Co., Ltd.',
  'Yadanar Hlaing Construction Co., Ltd.',
  'Royal Ayeyar Housing Co., Ltd.',
  'Thiri Mandala Construction Co., Ltd.',
  'Mya Yeik Nyo Real Estate Ltd.',
  'Zeyar Shwe Myint Engineering & Construction Co., Ltd.',
  'Silver Moon Development Group',
  'Asia Star Property Development Co., Ltd.',
  'Great Golden Hill Construction Co., Ltd.',
  'Nawarat Holdings Ltd.',
  'Myittar Myanmar Construction Co., Ltd.',
  'Sein Lann Property Co., Ltd.',
  'Mahar Bawga Builders Co., Ltd.',
  'United Pacific Development Co., Ltd.',
  'Hinthar Gon Real Estate Co., Ltd.',
  'ရွှေတောင် ဖွံ့ဖြိုးရေး ကုမ္ပဏီ',
  'ရတနာ ဆောက်လုပ်ရေး ကုမ္ပဏီ လီမိတက်',
  'အောင်သီရိ အိမ်ရာ ဖွံ့ဖြိုးရေး ကုမ္ပဏီ',
  'ဧရာဝတီ မြေယာ ဖွံ့ဖြိုးရေး ကုမ္ပဏီ လီမိတက်',
  'ငွေကြာယံ အိမ်ရာ ကုမ္ပဏီ လီမိတက်',
  'မြန်မာ့ရွှေပြည် ဆောက်လုပ်ရေး ကုမ္ပဏီ',
  'ပုလဲ ဆောက်လုပ်ရေးနှင့် ဖွံ့ဖြိုးရေး ကုမ္ပဏီ',
  'ရွှေဟင်္သာ အိမ်ရာ ဖွံ့ဖြိုးရေး လီမိတက်',
];

function cityCommittee(state: string): string {
  if (state === 'Yangon Region') return 'Yangon City Development Committee';
  if (state === 'Mandalay Region') return 'Mandalay City Development Committee';
  if (state === 'Naypyidaw Union Territory') return 'Nay Pyi Taw Development Committee';
  return `${state} Development Affairs Organization`;
}

interface BuildingKind {
  /** How common the kind is in a big city, and elsewhere. */
  weight: number;
  townWeight: number;
  storeys: readonly [number, number];
  basements: readonly [number, number];
  /** Metres per typical storey. */
  floorHeight: readonly [number, number];
  /** Metres of the taller ground storey. */
  groundHeight: readonly [number, number];
  name(rng: Rng, place: Place): string;
  /** Who builds it; public buildings of the township are built by the state. */
  developer(rng: Rng, place: Place, name: string): string;
}

const privateDeveloper = (rng: Rng) => rng.pick(PRIVATE_DEVELOPERS);
const phase = (rng: Rng) => (rng.chance(0.15) ? ` (Phase ${rng.int(2, 4)})` : rng.chance(0.1) ? ' Tower B' : '');

/** High-rise kinds (8-40 storeys) and public buildings (lower). */
const KINDS: readonly BuildingKind[] = [
  {
    weight: 34,
    townWeight: 16,
    storeys: [8, 40],
    basements: [0, 4],
    floorHeight: [3.2, 3.4],
    groundHeight: [4.5, 5.5],
    name: (rng, p) =>
      `${p.metro && rng.chance(0.2) ? p.township : rng.pick(NAME_PREFIXES)} ${rng.pick([
        'Residences',
        'Condominium',
        'Tower',
        'Heights',
        'Garden Residences',
        'Park Residences',
        'Mansion',
        'Sky Residences',
      ])}${phase(rng)}`,
    developer: privateDeveloper,
  },
  {
    weight: 16,
    townWeight: 4,
    storeys: [10, 36],
    basements: [1, 4],
    floorHeight: [3.4, 3.6],
    groundHeight: [5, 6],
    name: (rng, p) => {
      const roads = ROADS[p.state];
      if (roads && rng.chance(0.5)) return `${rng.pick(roads)} Office Tower`;
      return `${rng.pick(NAME_PREFIXES)} ${rng.pick(['Business Centre', 'Trade Centre', 'Corporate Tower', 'Plaza'])}`;
    },
    developer: privateDeveloper,
  },
  {
    weight: 10,
    townWeight: 10,
    storeys: [8, 28],
    basements: [0, 3],
    floorHeight: [3.3, 3.5],
    groundHeight: [5, 6],
    name: (rng, p) =>
      rng.chance(0.3)
        ? `${p.township} ${rng.pick(['Lake View Hotel', 'Grand Hotel'])}`
        : `${rng.pick(NAME_PREFIXES)} ${rng.pick(['Hotel', 'Grand Hotel', 'Serviced Residences'])}`,
    developer: privateDeveloper,
  },
  {
    weight: 10,
    townWeight: 2,
    storeys: [12, 40],
    basements: [1, 4],
    floorHeight: [3.4, 3.6],
    groundHeight: [5, 6],
    name: (rng) =>
      `${rng.pick(NAME_PREFIXES)} ${rng.pick(['Mixed-Use Development', 'City Centre', 'Square', 'Shopping Mall and Office Tower'])}${phase(rng)}`,
    developer: privateDeveloper,
  },
  {
    weight: 10,
    townWeight: 22,
    storeys: [3, 10],
    basements: [0, 1],
    floorHeight: [3.5, 3.6],
    groundHeight: [4.5, 5],
    name: (rng, p) =>
      rng.chance(0.6)
        ? `${p.township} ${rng.pick(['General Hospital', 'Women and Children Hospital', 'General Hospital Extension'])}`
        : `${rng.pick(NAME_PREFIXES)} ${rng.pick(['Specialist Hospital', 'Medical Centre'])}`,
    developer: (rng, p, name) =>
      name.startsWith(p.township) ? `Ministry of Health, ${p.state}` : privateDeveloper(rng),
  },
  {
    weight: 10,
    townWeight: 24,
    storeys: [2, 6],
    basements: [0, 0],
    floorHeight: [3.2, 3.6],
    groundHeight: [3.8, 4.5],
    name: (rng, p) =>
      rng.pick([
        () => `Basic Education High School No. ${rng.int(1, 12)}, ${p.township}`,
        () => `${p.township} Technological University Academic Block`,
        () => `${p.township} Degree College Library Building`,
        () => `${rng.pick(NAME_PREFIXES)} International School`,
      ])(),
    developer: (rng, p, name) =>
      name.endsWith('International School') ? privateDeveloper(rng) : `Ministry of Education, ${p.state}`,
  },
  {
    weight: 10,
    townWeight: 22,
    storeys: [2, 6],
    basements: [0, 1],
    floorHeight: [3.3, 3.6],
    groundHeight: [4, 5],
    name: (rng, p) =>
      `${p.township} ${rng.pick([
        'Township Administration Office',
        'Central Market',
        'Public Library',
        'Fire Station',
        'Sports Complex',
        'Bus Terminal',
      ])}`,
    developer: (_rng, p) => cityCommittee(p.state),
  },
];

const CITY_KINDS = KINDS.map((k) => [k, k.weight] as const);
const TOWN_KINDS = KINDS.map((k) => [k, k.townWeight] as const);
/** Outside the big cities towers stay lower. */
const TOWN_MAX_STOREYS = 16;
const STATE_WEIGHTS = MYANMAR_STATES.map((s) => [s, s.weight] as const);

function placeIn(rng: Rng, state: (typeof MYANMAR_STATES)[number]): Place {
  const district = rng.pick(state.districts);
  return {
    township: rng.pick(district.townships),
    district: district.name,
    state: state.name,
    metro: district.metro === true,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Demo projects: deterministic for a given rng, every status, and every Region and State
 * (the first fifteen rows go one to each). Fast enough for the 100,000-row benchmark.
 */
export function generateProjects(count = 300, rng: Rng = createRng()): NewProject[] {
  const rows: NewProject[] = [];
  let rn = 1000;
  for (let i = 0; i < count; i++) {
    const state = i < MYANMAR_STATES.length ? MYANMAR_STATES[i]! : rng.weighted(STATE_WEIGHTS);
    const place = placeIn(rng, state);
    const kind = rng.weighted(place.metro ? CITY_KINDS : TOWN_KINDS);
    const maxStorey = place.metro
      ? kind.storeys[1]
      : Math.max(kind.storeys[0], Math.min(kind.storeys[1], TOWN_MAX_STOREYS));
    const storey = rng.int(kind.storeys[0], maxStorey);
    // Shallow buildings seldom have deep basements.
    const maxBasement = Math.min(kind.basements[1], Math.max(kind.basements[0], Math.floor(storey / 8)));
    const basement = rng.int(kind.basements[0], maxBasement);
    const height =
      rng.float(kind.groundHeight[0], kind.groundHeight[1]) +
      (storey - 1) * rng.float(kind.floorHeight[0], kind.floorHeight[1]);
    rn += rng.int(1, 3);
    const projectName = kind.name(rng, place);
    rows.push({
      rnNumber: rn,
      projectName,
      developer: kind.developer(rng, place, projectName),
      // The first five rows take each status once, so even a tiny list shows them all.
      status: i < PROJECT_STATUSES.length ? PROJECT_STATUSES[i]! : rng.weighted(STATUS_WEIGHTS),
      basement,
      storey,
      buildingHeight: round1(height),
      location: place.township,
      region: place.district,
      state: place.state,
    });
  }
  return rows;
}

/**
 * Inserts in batches of column arrays (INSERT ... SELECT FROM unnest): ten parameters per
 * statement whatever its size, about three times faster than multi-row VALUES, which is
 * what keeps the 100,000-project benchmark set to seconds.
 */
export async function insertProjects(db: Db, rows: readonly NewProject[], batchSize = 5000): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize);
    const col = <K extends keyof NewProject>(key: K, fallback?: NewProject[K]) =>
      sql.param(batch.map((r) => r[key] ?? fallback));
    await db.execute(sql`
      INSERT INTO projects (rn_number, project_name, developer, status, basement, storey, building_height, location, region, state)
      SELECT * FROM unnest(
        ${col('rnNumber')}::int[], ${col('projectName')}::text[], ${col('developer')}::text[], ${col('status')}::text[],
        ${col('basement', 0)}::int[], ${col('storey')}::int[], ${col('buildingHeight')}::float8[],
        ${col('location')}::text[], ${col('region')}::text[], ${col('state')}::text[])`);
  }
}
