/**
 * The Regions and States of the Union of Myanmar with some of their districts and
 * townships, for the demo project list. A project's `location` is the township, its
 * `region` the district and its `state` the Region, State or Union Territory.
 */
export interface StateOrRegion {
  name: string;
  /** How often demo projects fall here: high-rise building is concentrated in the big cities. */
  weight: number;
  /** `metro`: a big city district, where the tall towers are. */
  districts: { name: string; townships: string[]; metro?: true }[];
}

export const MYANMAR_STATES: readonly StateOrRegion[] = [
  {
    name: 'Yangon Region',
    weight: 40,
    districts: [
      {
        name: 'Yangon (West) District',
        metro: true,
        townships: [
          'Kamayut',
          'Hlaing',
          'Sanchaung',
          'Ahlone',
          'Bahan',
          'Dagon',
          'Kyauktada',
          'Lanmadaw',
          'Latha',
          'Mayangon',
          'Pabedan',
          'Kyimyindaing',
        ],
      },
      {
        name: 'Yangon (East) District',
        metro: true,
        townships: [
          'Yankin',
          'Tamwe',
          'Thingangyun',
          'South Okkalapa',
          'North Okkalapa',
          'Thaketa',
          'Botahtaung',
          'Pazundaung',
          'Mingala Taungnyunt',
          'Dawbon',
          'North Dagon',
          'South Dagon',
          'East Dagon',
        ],
      },
      {
        name: 'Yangon (North) District',
        metro: true,
        townships: ['Insein', 'Mingaladon', 'Hlaingthaya', 'Shwepyitha', 'Hmawbi', 'Hlegu'],
      },
      { name: 'Yangon (South) District', townships: ['Thanlyin', 'Kyauktan', 'Dala', 'Twante', 'Thongwa'] },
    ],
  },
  {
    name: 'Mandalay Region',
    weight: 16,
    districts: [
      {
        name: 'Mandalay District',
        metro: true,
        townships: [
          'Chanayethazan',
          'Chanmyathazi',
          'Aungmyethazan',
          'Mahaaungmye',
          'Pyigyidagun',
          'Amarapura',
          'Patheingyi',
        ],
      },
      { name: 'Pyin Oo Lwin District', townships: ['Pyin Oo Lwin', 'Madaya'] },
      { name: 'Meiktila District', townships: ['Meiktila', 'Thazi'] },
      { name: 'Myingyan District', townships: ['Myingyan'] },
      { name: 'Kyaukse District', townships: ['Kyaukse'] },
      { name: 'Nyaung-U District', townships: ['Nyaung-U'] },
    ],
  },
  {
    name: 'Naypyidaw Union Territory',
    weight: 8,
    districts: [
      { name: 'Dekkhina District', metro: true, townships: ['Zabuthiri', 'Dekkhinathiri', 'Pyinmana', 'Lewe'] },
      { name: 'Ottara District', metro: true, townships: ['Ottarathiri', 'Pobbathiri', 'Zeyathiri', 'Tatkon'] },
    ],
  },
  {
    name: 'Shan State',
    weight: 5,
    districts: [
      { name: 'Taunggyi District', townships: ['Taunggyi', 'Nyaungshwe', 'Kalaw'] },
      { name: 'Lashio District', townships: ['Lashio'] },
      { name: 'Kengtung District', townships: ['Kengtung'] },
      { name: 'Muse District', townships: ['Muse'] },
    ],
  },
  {
    name: 'Ayeyarwady Region',
    weight: 4,
    districts: [
      { name: 'Pathein District', townships: ['Pathein', 'Ngwesaung'] },
      { name: 'Hinthada District', townships: ['Hinthada'] },
      { name: 'Myaungmya District', townships: ['Myaungmya'] },
      { name: 'Maubin District', townships: ['Maubin'] },
      { name: 'Pyapon District', townships: ['Pyapon'] },
    ],
  },
  {
    name: 'Bago Region',
    weight: 4,
    districts: [
      { name: 'Bago District', townships: ['Bago', 'Waw'] },
      { name: 'Taungoo District', townships: ['Taungoo'] },
      { name: 'Pyay District', townships: ['Pyay', 'Paungde'] },
      { name: 'Tharrawaddy District', townships: ['Tharrawaddy'] },
    ],
  },
  {
    name: 'Mon State',
    weight: 4,
    districts: [
      { name: 'Mawlamyine District', townships: ['Mawlamyine', 'Mudon', 'Kyaikmaraw'] },
      { name: 'Thaton District', townships: ['Thaton', 'Kyaikto', 'Bilin'] },
    ],
  },
  {
    name: 'Sagaing Region',
    weight: 3,
    districts: [
      { name: 'Sagaing District', townships: ['Sagaing'] },
      { name: 'Monywa District', townships: ['Monywa'] },
      { name: 'Shwebo District', townships: ['Shwebo'] },
      { name: 'Kalay District', townships: ['Kalay'] },
    ],
  },
  {
    name: 'Magway Region',
    weight: 3,
    districts: [
      { name: 'Magway District', townships: ['Magway', 'Taungdwingyi'] },
      { name: 'Minbu District', townships: ['Minbu'] },
      { name: 'Pakokku District', townships: ['Pakokku'] },
      { name: 'Thayet District', townships: ['Thayet', 'Aunglan'] },
    ],
  },
  {
    name: 'Tanintharyi Region',
    weight: 3,
    districts: [
      { name: 'Dawei District', townships: ['Dawei'] },
      { name: 'Myeik District', townships: ['Myeik'] },
      { name: 'Kawthaung District', townships: ['Kawthaung'] },
    ],
  },
  {
    name: 'Kachin State',
    weight: 2,
    districts: [
      { name: 'Myitkyina District', townships: ['Myitkyina', 'Waingmaw'] },
      { name: 'Bhamo District', townships: ['Bhamo'] },
      { name: 'Putao District', townships: ['Putao'] },
    ],
  },
  {
    name: 'Kayin State',
    weight: 2,
    districts: [
      { name: 'Hpa-an District', townships: ['Hpa-an', 'Hlaingbwe'] },
      { name: 'Myawaddy District', townships: ['Myawaddy'] },
      { name: 'Kawkareik District', townships: ['Kawkareik'] },
    ],
  },
  {
    name: 'Rakhine State',
    weight: 2,
    districts: [
      { name: 'Sittwe District', townships: ['Sittwe'] },
      { name: 'Kyaukpyu District', townships: ['Kyaukpyu', 'Ramree'] },
      { name: 'Thandwe District', townships: ['Thandwe'] },
    ],
  },
  {
    name: 'Kayah State',
    weight: 1,
    districts: [
      { name: 'Loikaw District', townships: ['Loikaw', 'Demoso'] },
      { name: 'Bawlakhe District', townships: ['Bawlakhe'] },
    ],
  },
  {
    name: 'Chin State',
    weight: 1,
    districts: [
      { name: 'Hakha District', townships: ['Hakha'] },
      { name: 'Falam District', townships: ['Falam', 'Tedim'] },
    ],
  },
];

export interface Place {
  township: string;
  district: string;
  state: string;
  metro: boolean;
}
