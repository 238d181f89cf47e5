import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rowsOf } from './rows';
import { burmeseOf } from './recommendations-my.seed';
import { disciplines, items, subDisciplines, subTitles, titles } from '../schema/index';

/** An item is a principle: a short name, and the rule itself when there is more to say. */
type ItemSeed = string | readonly [name: string, content: string];
interface SubTitleSeed {
  name: string;
  items: readonly ItemSeed[];
}
interface TitleSeed {
  name: string;
  subTitles: readonly SubTitleSeed[];
}
interface SubDisciplineSeed {
  name: string;
  titles: readonly TitleSeed[];
}
export interface DisciplineSeed {
  name: string;
  subDisciplines: readonly SubDisciplineSeed[];
}

const st = (name: string, ...list: ItemSeed[]): SubTitleSeed => ({ name, items: list });
const t = (name: string, ...subs: SubTitleSeed[]): TitleSeed => ({ name, subTitles: subs });
const sd = (name: string, ...list: TitleSeed[]): SubDisciplineSeed => ({ name, titles: list });

/**
 * The technical recommendations, in the order of the specification (their ids are 1-7
 * on a fresh database). Figures follow common practice in Myanmar and the codes it draws
 * on; they are demo content, to be replaced by the committee's own text.
 */
export const RECOMMENDATIONS: readonly DisciplineSeed[] = [
  {
    name: 'Geotechnical',
    subDisciplines: [
      sd(
        'Site Investigation',
        t(
          'Subsurface Exploration Programme',
          st(
            'Number and Depth of Boreholes',
            [
              'Minimum number of boreholes',
              'At least one borehole for every 300 m² of building footprint, and not fewer than three for any high-rise building, placed at the corners and centre of the footprint.',
            ],
            [
              'Depth of boreholes',
              'Extend boreholes to 1.5 times the least width of the foundation below founding level, or 5 m into competent rock with RQD of 50% or more, whichever is shallower.',
            ],
            [
              'Groundwater observation',
              'Record the water level at first strike and after 24 hours; install standpipe piezometers where basements are planned.',
            ],
          ),
          st(
            'In-situ and Laboratory Testing',
            [
              'Standard Penetration Test (SPT)',
              'Carry out SPT at 1.5 m intervals in soil and correct N-values for hammer energy (N60) and overburden pressure.',
            ],
            [
              'Undisturbed sampling',
              'Take thin-walled tube samples in cohesive layers for unconfined compression, triaxial (UU and CU) and oedometer consolidation tests.',
            ],
            'Moisture content, Atterberg limits, particle size distribution and specific gravity for every stratum',
          ),
        ),
        t(
          'Geotechnical Investigation Report',
          st(
            'Required Contents',
            'Site plan with borehole locations and ground levels',
            'Borehole logs and an interpreted soil profile',
            [
              'Design parameters',
              'Recommended unit weight, shear strength, stiffness and permeability of each layer, with the basis for their selection.',
            ],
            [
              'Liquefaction assessment',
              'For saturated loose sands and silts in areas of moderate to high seismicity, assess liquefaction potential by the simplified SPT-based procedure and state the factor of safety with depth.',
            ],
          ),
        ),
      ),
      sd(
        'Pile Foundations',
        t(
          'Pile Design',
          st(
            'Axial Capacity',
            [
              'Static capacity',
              'Ultimate capacity is the sum of shaft friction and end bearing; use the effective-stress (β) method in sands and the α-method in clays.',
            ],
            [
              'Factor of safety',
              'A global factor of safety of at least 2.5 on ultimate capacity; 2.0 may be used where preliminary load tests confirm the design.',
            ],
            [
              'Negative skin friction',
              'Allow for downdrag where fill or soft clay consolidates around the pile, and do not count shaft friction in those layers.',
            ],
          ),
          st(
            'Pile Groups and Settlement',
            [
              'Minimum spacing',
              'Centre-to-centre spacing not less than 3 pile diameters for friction piles and 2.5 diameters for end-bearing piles.',
            ],
            [
              'Group settlement',
              'Estimate with the equivalent raft method, placing the raft at two-thirds of the pile length for friction piles.',
            ],
          ),
        ),
        t(
          'Pile Load Test',
          st(
            'Static Load Test Procedure',
            [
              'Preliminary test piles',
              'Test at least one preliminary pile for each pile type and ground condition to 2.5 times the working load before working piles are installed.',
            ],
            [
              'Working pile tests',
              'Test 0.5% to 1% of working piles, and at least one per building, to 1.5 times the working load.',
            ],
            [
              'Loading stages',
              'Apply load in steps of 25% of the working load; hold each step until settlement is less than 0.1 mm in 20 minutes, and hold the maximum load for 24 hours on preliminary piles.',
            ],
            [
              'Acceptance criteria',
              'Settlement at working load not more than 12 mm and residual settlement after unloading not more than 6 mm, unless the designer justifies other limits.',
            ],
          ),
          st(
            'Integrity and Dynamic Tests',
            [
              'Pile integrity test (PIT)',
              'Low-strain integrity testing of every bored pile, and of at least 30% of driven piles, once the concrete is 7 days old.',
            ],
            [
              'High-strain dynamic test (PDA)',
              'May supplement static tests when calibrated against at least one static test on the same site, with CAPWAP signal matching.',
            ],
          ),
        ),
      ),
      sd(
        'Deep Excavation',
        t(
          'Excavation Support Systems',
          st(
            'Choice of Retaining Wall',
            [
              'Sheet piles',
              'Suitable for excavations up to about 6 m in soft to medium soils; check vibration on neighbouring buildings during driving.',
            ],
            [
              'Contiguous or secant bored piles',
              'For excavations of 6 to 12 m; use secant piles where groundwater must be cut off.',
            ],
            [
              'Diaphragm walls',
              'For basements of three or more levels next to existing buildings; the wall may also serve as the permanent basement wall.',
            ],
          ),
          st(
            'Shoring and Bracing',
            [
              'Strut design',
              'Design struts and walers for apparent earth pressure envelopes, and preload struts to 50% of their design load.',
            ],
            [
              'Ground anchors',
              'Proof-test every anchor to 1.25 times its working load; obtain the neighbours’ consent before anchors cross the site boundary.',
            ],
            'Dewatering design that keeps the drawdown outside the site within the limits agreed with neighbours',
          ),
        ),
        t(
          'Excavation Monitoring',
          st(
            'Instruments and Trigger Levels',
            [
              'Inclinometers',
              'In or behind the retaining wall at every 20 to 30 m of perimeter, read at least twice a week during excavation.',
            ],
            [
              'Settlement markers',
              'On neighbouring buildings, roads and utilities; take baseline readings before excavation starts.',
            ],
            [
              'Alert and action levels',
              'Alert at 70% and action at 100% of the predicted movement; stop excavation and review the design when the action level is exceeded.',
            ],
          ),
        ),
      ),
    ],
  },
  {
    name: 'Architectural',
    subDisciplines: [
      sd(
        'Site Planning',
        t(
          'Setbacks and Open Space',
          st(
            'Building Setbacks',
            [
              'Front setback',
              'As required by the zoning of the city development committee, and not less than 6 m for buildings over 12 storeys on main roads.',
            ],
            [
              'Side and rear setbacks',
              'Increase with building height so that light, natural ventilation and fire-fighting access are kept for the building and its neighbours.',
            ],
          ),
          st(
            'Fire Appliance Access',
            [
              'Access road',
              'A fire engine access road at least 6 m wide with 4.5 m clear headroom, reaching within 18 m of the main entrance.',
            ],
            [
              'Hardstanding',
              'Along at least one long side of every building taller than 24 m, kept free of planting and parking.',
            ],
          ),
        ),
      ),
      sd(
        'Means of Escape',
        t(
          'Exit Staircases',
          st(
            'Number, Width and Travel Distance',
            [
              'Number of staircases',
              'At least two independent protected staircases for every building over four storeys.',
            ],
            [
              'Travel distance',
              'Not more than 30 m to a protected staircase where only one direction of escape is available, and 45 m where two are available, in sprinklered buildings.',
            ],
            [
              'Clear width',
              'Not less than 1.2 m for residential buildings and 1.5 m for hospitals and places of assembly.',
            ],
          ),
          st(
            'Protection of Escape Routes',
            [
              'Fire doors',
              'Self-closing fire doors of at least one-hour rating at every entrance to a protected staircase.',
            ],
            [
              'Staircase pressurisation',
              'Pressurise staircases in buildings over 60 m high, and wherever they cannot be ventilated naturally.',
            ],
            ['Refuge floors', 'Provide a refuge floor every 20 storeys in buildings over 60 m high.'],
          ),
        ),
      ),
      sd(
        'Architect Detail Design',
        t(
          'Barrier-Free Access',
          st(
            'Access for Persons with Disabilities',
            ['Ramps', 'Gradient not steeper than 1:12, with landings every 9 m and handrails on both sides.'],
            [
              'Lifts',
              'At least one lift with a car of at least 1.1 m by 1.4 m and controls between 0.9 m and 1.2 m above the floor.',
            ],
            'One accessible toilet on every floor of a public building',
          ),
        ),
        t(
          'Building Envelope',
          st(
            'Facade and Roof',
            [
              'Curtain walls',
              'Test for wind pressure, water penetration and air infiltration; use safety glass in every pane lower than 1 m above the floor.',
            ],
            [
              'Roof waterproofing',
              'Falls of at least 1:80 to outlets, with overflow outlets so that ponding cannot exceed the roof design load.',
            ],
            [
              'Balustrades',
              'At least 1.1 m high on balconies and roofs, without footholds, and with gaps no wider than 100 mm.',
            ],
          ),
        ),
      ),
    ],
  },
  {
    name: 'Structural',
    subDisciplines: [
      sd(
        'Design Loads',
        t(
          'Gravity Loads',
          st(
            'Imposed Floor Loads',
            'Residential floors: 2.0 kPa',
            'Offices: 2.5 to 3.0 kPa',
            'Corridors, lobbies and stairs: 4.0 kPa',
            'Plant rooms: 7.5 kPa or the actual equipment weight if greater',
            [
              'Partition allowance',
              'Add 1.0 kPa uniformly distributed where partition positions are not fixed at design stage.',
            ],
          ),
        ),
        t(
          'Lateral Loads',
          st(
            'Wind Load',
            [
              'Basic wind speed',
              'Take the basic wind speed of the site from the wind zone map of the Myanmar National Building Code; the coasts of Rakhine and Ayeyarwady are the most severe.',
            ],
            [
              'Dynamic response',
              'Buildings over 120 m high, or with a height-to-width ratio over 5, need a dynamic analysis or a wind tunnel test.',
            ],
            ['Drift under wind', 'Inter-storey drift under service wind not more than storey height / 500.'],
          ),
          st(
            'Seismic Load',
            [
              'Seismic zone',
              'Determine from the seismic zone map; the Sagaing Fault corridor through Sagaing, Mandalay, Naypyidaw and Bago carries the highest hazard.',
            ],
            [
              'Method of analysis',
              'Equivalent static analysis for regular buildings up to 60 m; response spectrum analysis for taller or irregular buildings.',
            ],
            ['Drift limit', 'Design inter-storey drift not more than 0.020 times the storey height.'],
          ),
        ),
      ),
      sd(
        'Superstructure Design',
        t(
          'Reinforced Concrete',
          st(
            'Materials and Durability',
            [
              'Concrete grade',
              'Not lower than C30 for columns, shear walls and transfer structures of high-rise buildings.',
            ],
            [
              'Nominal cover',
              '25 mm for slabs, 40 mm for beams and columns, and 50 mm for foundations cast against soil.',
            ],
          ),
          st(
            'Ductile Detailing',
            [
              'Strong column, weak beam',
              'At every joint, the sum of column flexural strengths at least 1.2 times the sum of beam flexural strengths.',
            ],
            ['Confinement', 'Hoops at not more than 100 mm spacing in plastic hinge zones, closed with 135° hooks.'],
            ['Lap splices', 'Not within plastic hinge zones or joints; stagger laps of column bars.'],
          ),
        ),
        t(
          'Transfer Structures',
          st(
            'Transfer Beams and Plates',
            'Design for amplified seismic forces (overstrength factor) from the discontinued elements above',
            [
              'Construction stages',
              'Check the transfer element for the loads of the floors cast above it before it reaches full strength, and keep back-props until it does.',
            ],
          ),
        ),
      ),
      sd(
        'Foundation Design',
        t(
          'Rafts and Pile Caps',
          st(
            'Design Checks',
            [
              'Pile caps',
              'Design by strut-and-tie or bending theory; check punching shear around columns and around corner piles.',
            ],
            [
              'Raft foundations',
              'Model soil or pile stiffness with springs calibrated to the predicted settlement, and check differential settlement between cores and columns.',
            ],
            [
              'Uplift',
              'Check basements against flotation with the highest groundwater level and a factor of safety of at least 1.1 on dead load alone.',
            ],
          ),
        ),
      ),
    ],
  },
  {
    name: 'Electrical',
    subDisciplines: [
      sd(
        'Power Supply and Distribution',
        t(
          'Supply Arrangement',
          st(
            'Incoming Supply',
            [
              'Substation',
              'Buildings with a maximum demand over 500 kVA need a dedicated substation room approved by the electricity supply authority (YESC, MESC or ESE).',
            ],
            [
              'Standby generator',
              'Sized for fire-fighting and life-safety loads plus essential services, starting automatically and taking load within 15 seconds.',
            ],
          ),
          st(
            'Distribution',
            ['Voltage drop', 'Not more than 4% from the point of supply to the end of any final circuit.'],
            [
              'Rising mains',
              'Busbar trunking in a dedicated riser, fire-stopped at every floor, with a tap-off box per floor.',
            ],
            'Separate circuits, fed from the essential busbar, for fire pumps, fire lifts and smoke control fans',
          ),
        ),
      ),
      sd(
        'Earthing and Lightning Protection',
        t(
          'Earthing System',
          st(
            'Earth Electrodes',
            [
              'Earth resistance',
              'Not more than 1 ohm for the substation earth and not more than 5 ohms for other installations.',
            ],
            [
              'Testing',
              'Measure by the fall-of-potential method, in the dry season, and record the results in the building log book.',
            ],
          ),
          st(
            'Protective Devices',
            [
              'Residual current devices',
              '30 mA RCDs on socket-outlet circuits and on all circuits in bathrooms and other wet areas.',
            ],
            'Main equipotential bonding of water, gas and structural steel at the point of entry',
          ),
        ),
        t(
          'Lightning Protection',
          st(
            'Design',
            ['Risk assessment', 'Assess the risk as in IEC 62305-2 and choose the lightning protection level from it.'],
            [
              'Down conductors',
              'Spaced 10 m to 20 m apart depending on the protection level; reinforcement may serve when its electrical continuity is proven.',
            ],
          ),
        ),
      ),
      sd(
        'Lighting',
        t(
          'Lighting Design',
          st(
            'Illuminance Levels',
            'Offices: 500 lux on the working plane',
            'Classrooms: 300 lux',
            'Corridors and stairs: 100 lux',
            'Car parks: 75 lux',
          ),
          st(
            'Emergency Lighting',
            ['Duration', 'At least 90 minutes, with at least 1 lux along the centre line of escape routes.'],
            ['Exit signs', 'Illuminated exit signs at every exit and at every change of direction.'],
          ),
        ),
      ),
    ],
  },
  {
    name: 'ACMV',
    subDisciplines: [
      sd(
        'Mechanical Ventilation',
        t(
          'Ventilation Rates',
          st(
            'Air Change Rates',
            [
              'Car parks',
              '6 air changes per hour in normal use and 9 in fire mode, with fans controlled by CO sensors.',
            ],
            'Toilets: 10 air changes per hour, exhausted to outside',
            ['Commercial kitchens', 'Hood extract sized on hood face velocity, with make-up air of about 80%.'],
          ),
          st(
            'Duct Sizing',
            [
              'Velocity method',
              'Main ducts at 6 to 8 m/s and branches at 4 to 5 m/s above occupied spaces, to keep noise low.',
            ],
            ['Equal friction method', 'About 0.8 to 1.0 Pa per metre of friction loss for low-pressure systems.'],
            [
              'Fire dampers',
              'At every penetration of a fire compartment wall or floor, with access panels for inspection.',
            ],
          ),
        ),
      ),
      sd(
        'Air Conditioning',
        t(
          'Design Conditions and Equipment',
          st(
            'Design Conditions',
            ['Outdoor design (Yangon)', '35 °C dry bulb and 28 °C wet bulb.'],
            ['Indoor design', '24 °C ± 1 °C and 55% to 65% relative humidity.'],
            ['Outdoor air', 'As in ASHRAE 62.1; for offices, 2.5 L/s per person plus 0.3 L/s per m² of floor area.'],
          ),
          st(
            'Energy Efficiency',
            ['Chillers', 'Water-cooled chillers with a full-load COP of at least 5.5; air-cooled units at least 2.9.'],
            'Variable-speed drives on chilled water pumps and air handling unit fans',
            'Insulate chilled water pipes and supply ducts against condensation',
          ),
        ),
      ),
      sd(
        'Smoke Control',
        t(
          'Smoke Control Systems',
          st(
            'Pressurisation and Extraction',
            [
              'Staircase pressurisation',
              'Keep 50 Pa across closed doors, with a door opening force of not more than 110 N.',
            ],
            [
              'Smoke extraction',
              'In basements, atria and large undivided floors, sized for the design fire and switched by the fire alarm.',
            ],
          ),
        ),
      ),
    ],
  },
  {
    name: 'Water Supply and Sanitation',
    subDisciplines: [
      sd(
        'Water Supply',
        t(
          'Demand and Storage',
          st(
            'Water Tank Sizing',
            [
              'Daily demand',
              'Residential 135 to 180 litres per person per day; offices 45 litres per person; hospitals 450 litres per bed.',
            ],
            [
              'Storage',
              'Store one day’s demand, two-thirds in the ground tank and one-third in the roof tank; keep the fire reserve separate.',
            ],
            ['Compartments', 'Two compartments per tank so that one can be cleaned while the other stays in use.'],
          ),
          st(
            'Distribution',
            [
              'Pressure zones',
              'Limit the static pressure at fixtures to 350 kPa by pressure zones or pressure-reducing valves every 10 to 12 storeys.',
            ],
            [
              'Backflow prevention',
              'Air gaps at tank inlets, and check valves or backflow preventers wherever non-potable water could enter.',
            ],
          ),
        ),
      ),
      sd(
        'Drainage and Sanitation',
        t(
          'Sanitary Drainage',
          st(
            'Pipes and Venting',
            ['Pipe sizing', 'Size stacks and branches by fixture units; no soil stack smaller than 100 mm.'],
            [
              'Venting',
              'Vent every trap that could be siphoned, and carry the stack vent at least 0.9 m above the roof.',
            ],
          ),
          st(
            'Sewage Treatment',
            [
              'Treatment plant',
              'Where there is no public sewer, treat sewage on site to a BOD of not more than 20 mg/L and suspended solids of not more than 30 mg/L.',
            ],
            'Grease traps on all kitchen drains before they join the sewer',
          ),
        ),
        t(
          'Storm Water',
          st(
            'Roof and Site Drainage',
            [
              'Design rainfall',
              'Size gutters and downpipes for the 5-minute rainfall intensity with a 10-year return period.',
            ],
            [
              'Rainwater harvesting',
              'Collect roof water for flushing and irrigation where the site allows, with first-flush diverters.',
            ],
          ),
        ),
      ),
    ],
  },
  {
    name: 'Inspection',
    subDisciplines: [
      sd(
        'Construction Inspection',
        t(
          'Stage Inspections',
          st(
            'Checklist: Foundations',
            'Setting out checked against the approved drawings by a licensed surveyor',
            [
              'Pile records',
              'Pile position, verticality, toe level, concrete volume and test results recorded for every pile.',
            ],
            'Excavation base inspected by the geotechnical engineer before blinding',
            'Reinforcement and cover checked and signed before every pour',
          ),
          st(
            'Checklist: Superstructure',
            ['Formwork and props', 'Props checked for plumb and bearing; no stripping before the specified strength.'],
            ['Concrete sampling', 'One set of three cubes for every 50 m³ or every pour, tested at 7 and 28 days.'],
            'Fire-stopping of service penetrations inspected before ceilings are closed',
          ),
        ),
      ),
      sd(
        'Quality Assurance',
        t(
          'Materials Testing',
          st(
            'Acceptance of Materials',
            [
              'Reinforcing steel',
              'Mill certificates, and tensile and bend tests for every 20 tonnes of each bar diameter.',
            ],
            'Cement and aggregates tested before the concrete mix design is approved',
            'Non-conforming material marked, recorded and removed from site',
          ),
        ),
      ),
      sd(
        'Completion and Occupancy',
        t(
          'Final Inspection',
          st(
            'Before the Occupancy Permit',
            [
              'Fire safety acceptance',
              'The Fire Services Department accepts the fire alarm, sprinkler, hydrant and pressurisation systems after witnessing their tests.',
            ],
            'As-built drawings and operation and maintenance manuals handed over',
            'Lift and escalator certificates of the authorised inspector',
          ),
        ),
      ),
    ],
  },
];

/** A node's name, with its Burmese where the demo has one (recommendations-my.seed.ts). */
const named = (name: string) => ({ name, nameMy: burmeseOf(name) });

const nameAndContent = (item: ItemSeed) => {
  const [name, content] = typeof item === 'string' ? [item, null] : item;
  return { ...named(name), content, contentMy: burmeseOf(content) };
};

const LEVELS = [
  'disciplines',
  'sub_disciplines',
  'recommendation_titles',
  'recommendation_sub_titles',
  'recommendation_items',
] as const;

/**
 * Inserts the tree with ids given here, one statement per level: the disciplines get
 * 1-7 in the order of the specification on a fresh database (even after a rolled-back
 * attempt used up sequence values), and the sequences are moved past them afterwards.
 */
export async function insertRecommendations(db: Db, tree: readonly DisciplineSeed[] = RECOMMENDATIONS): Promise<void> {
  const next: number[] = [];
  for (const level of LEVELS) {
    const rows = rowsOf<{ next: number | string }>(
      await db.execute(sql.raw(`SELECT coalesce(max(id), 0) + 1 AS next FROM ${level}`)),
    );
    next.push(Number(rows[0]?.next ?? 1));
  }
  const take = (level: number) => next[level]!++;
  const ds: (typeof disciplines.$inferInsert)[] = [];
  const sds: (typeof subDisciplines.$inferInsert)[] = [];
  const ts: (typeof titles.$inferInsert)[] = [];
  const sts: (typeof subTitles.$inferInsert)[] = [];
  const its: (typeof items.$inferInsert)[] = [];
  for (const discipline of tree) {
    const disciplineId = take(0);
    ds.push({ id: disciplineId, ...named(discipline.name) });
    for (const [sdPos, sub] of discipline.subDisciplines.entries()) {
      const subDisciplineId = take(1);
      sds.push({ id: subDisciplineId, disciplineId, ...named(sub.name), position: sdPos });
      for (const [tPos, title] of sub.titles.entries()) {
        const titleId = take(2);
        ts.push({ id: titleId, subDisciplineId, ...named(title.name), position: tPos });
        for (const [stPos, subTitle] of title.subTitles.entries()) {
          const subTitleId = take(3);
          sts.push({ id: subTitleId, titleId, ...named(subTitle.name), position: stPos });
          for (const [position, item] of subTitle.items.entries()) {
            its.push({ id: take(4), subTitleId, position, ...nameAndContent(item) });
          }
        }
      }
    }
  }
  if (ds.length) await db.insert(disciplines).values(ds);
  if (sds.length) await db.insert(subDisciplines).values(sds);
  if (ts.length) await db.insert(titles).values(ts);
  if (sts.length) await db.insert(subTitles).values(sts);
  if (its.length) await db.insert(items).values(its);
  for (const level of LEVELS) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${level}', 'id'), coalesce((SELECT max(id) FROM ${level}), 0) + 1, false)`,
      ),
    );
  }
}
