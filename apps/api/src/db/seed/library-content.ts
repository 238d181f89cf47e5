/**
 * Text of the sample library volumes: plausible building-code prose, clearly marked as
 * sample content in the PDFs. Page 1 of every volume is its cover; `pages[0]` here is
 * page 2. Real volumes replace the generated files later.
 */

export interface LibrarySection {
  heading: string;
  clauses: readonly string[];
}
export interface LibraryPage {
  sections: readonly LibrarySection[];
  /** A Burmese paragraph printed after the sections. */
  burmese?: string;
}

/** The sentence on every cover: "This book is sample text only, not the official code." */
export const BURMESE_SAMPLE_NOTICE = 'ဤစာအုပ်သည် နမူနာ စာသားသာ ဖြစ်ပြီး တရားဝင် မြန်မာနိုင်ငံ အမျိုးသား အဆောက်အအုံ စံချိန်စံညွှန်း မဟုတ်ပါ။';

/**
 * Words that occur on exactly one page of the whole library, for the search tests.
 * `page` counts from 1 as a PDF viewer does (the cover is page 1).
 */
export const LIBRARY_SEARCH_MARKERS = [
  { documentId: 1, page: 3, word: 'grievance' },
  { documentId: 2, page: 4, word: 'daylighting' },
  { documentId: 3, page: 4, word: 'liquefaction' },
  { documentId: 3, page: 5, word: 'ငလျင်' },
  { documentId: 3, page: 7, word: 'creep' },
  { documentId: 4, page: 5, word: 'luminaire' },
  { documentId: 5, page: 3, word: 'backflow' },
  { documentId: 6, page: 5, word: 'deluge' },
  { documentId: 7, page: 3, word: 'efflorescence' },
  { documentId: 8, page: 2, word: 'hoarding' },
] as const;

const s = (heading: string, ...clauses: string[]): LibrarySection => ({ heading, clauses });

/** Content pages (page 2 onwards) of each volume, by document id. */
export const LIBRARY_CONTENT: Record<number, readonly LibraryPage[]> = {
  1: [
    {
      sections: [
        s(
          'General',
          'This Part sets out how the planning, design, construction and use of buildings are controlled, who is responsible at each stage, and how the provisions of the other Parts are enforced.',
          'It applies to every new building, to every alteration or extension of an existing building, and to any change of use that increases the occupant load or the fire hazard.',
          'Where a provision of this Part conflicts with a by-law of a city development committee, the more stringent requirement governs.',
        ),
        s(
          'Definitions',
          'Authority: the city development committee, township development affairs organisation or other body empowered to grant building permits in the area concerned.',
          'High-rise building: a building of more than eight storeys or more than 25 m in height above the average ground level.',
          'Public building: a building used by the public, including hospitals, schools, markets, offices of government and places of assembly.',
        ),
      ],
      burmese: 'အဆောက်အအုံ ဆောက်လုပ်ခွင့် လျှောက်ထားရာတွင် ပုံစံများ၊ တွက်ချက်မှုများနှင့် မြေဆီလွှာ စစ်ဆေးမှု အစီရင်ခံစာကို တင်ပြရမည်။',
    },
    {
      sections: [
        s(
          'Building Permit',
          'No person shall erect, alter or demolish a building without a permit issued by the Authority.',
          'An application shall include the site plan, architectural drawings, structural calculations signed by a registered engineer, the geotechnical investigation report and the fire safety design.',
          'For high-rise and public buildings, the Authority shall refer the application to the Committee for technical review before issuing the permit.',
        ),
        s(
          'Review by the Committee',
          'The Committee reviews the architectural, structural, geotechnical, electrical, mechanical and plumbing designs and may require changes or further tests.',
          'The Committee shall give its decision in writing, with reasons, within the period published in its procedures.',
          'An applicant who disagrees with a decision may lodge a grievance with the Committee within 30 days of receiving it; the grievance is heard by members who did not take part in the first review.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Inspection during Construction',
          'The owner shall appoint an engineering inspection team, registered with the Committee, to inspect the works at each stage listed in the permit.',
          'The contractor shall notify the inspection team at least 48 hours before foundations, reinforcement of each floor and fire-protection systems are covered up.',
          'Inspection records shall be kept on site and made available to the Authority on request.',
        ),
        s(
          'Occupancy',
          'No building shall be occupied until the Authority has issued an occupancy permit.',
          'The occupancy permit is issued after the final inspection, the acceptance of the fire safety systems by the Fire Services Department, and the submission of as-built drawings.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Enforcement',
          'Where work is carried out without a permit or contrary to it, the Authority may order the work to stop until the breach is remedied.',
          'Where a building is dangerous, the Authority may order it to be vacated, made safe or, as a last resort, removed at the owner’s cost.',
        ),
        s(
          'Registration of Professionals',
          'Architects and engineers who sign drawings and calculations shall hold a current registration of the appropriate professional council.',
          'Engineering inspection teams and piling contractors shall be registered with the Committee; a registration lapses when its certificate expires and is not renewed.',
          'The Committee publishes the list of registered firms with the dates of their certificates.',
        ),
      ],
    },
  ],
  2: [
    {
      sections: [
        s(
          'Site Planning',
          'The plot coverage, floor area ratio and building height shall not exceed those allowed by the zoning plan of the Authority for the site.',
          'Buildings shall be placed so that every habitable room receives light and air, and so that fire appliances can reach the building.',
        ),
        s(
          'Open Space',
          'At least 10% of the site area of a residential development of more than 50 units shall be kept as landscaped open space at ground level.',
          'Open space shall be accessible to all occupants and shall not be used for parking or storage.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Access and Circulation',
          'Every building shall have a vehicular access not less than 6 m wide from a public road.',
          'Car parking shall be provided at the rates of the Authority; ramps shall have a gradient not steeper than 1:8 and headroom of at least 2.2 m.',
        ),
        s(
          'Means of Escape',
          'Every storey above the fourth shall be served by at least two protected staircases located as far apart as practicable.',
          'Escape routes shall be kept free of obstruction, shall not pass through a room that may be locked, and shall lead to a place of safety outside the building.',
          'The width of exits shall be based on the occupant load of the floor they serve.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Light and Ventilation',
          'Every habitable room shall have windows opening to the external air with a glazed area of not less than 10% of the floor area and an openable area of not less than 5%.',
          'Daylighting of deep plan offices shall be assessed; where the average daylight factor is below 2%, the artificial lighting shall be designed to make up the shortfall.',
          'Light wells serving habitable rooms shall have a least dimension of 3 m for buildings of up to eight storeys, increasing with height.',
        ),
        s(
          'Accessibility',
          'Public buildings shall have at least one step-free entrance, an accessible lift serving all public floors, and accessible toilets.',
          'Ramps shall have a gradient not steeper than 1:12 and handrails on both sides.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Building Envelope',
          'External walls, windows and curtain walls shall resist the design wind pressure and prevent the entry of rain.',
          'Glazing less than 1 m above the floor, and all overhead glazing, shall be of safety glass.',
        ),
        s(
          'Heritage Areas',
          'In areas listed for their heritage value, new buildings shall respect the height, scale and building line of the listed buildings around them.',
          'Alterations to a listed building require the consent of the heritage authority in addition to a building permit.',
        ),
      ],
    },
  ],
  3: [
    {
      sections: [
        s(
          'General Structural Requirements',
          'Every building and every part of it shall be designed to carry all loads and actions likely to occur during construction and use, with adequate safety, stiffness and durability.',
          'Structural design shall be carried out and signed by a registered structural engineer, and shall follow the limit state method.',
        ),
        s(
          'Dead and Imposed Loads',
          'Dead loads shall be calculated from the actual weights of materials and permanent equipment.',
          'Imposed floor loads shall be not less than 2.0 kPa for residential floors, 3.0 kPa for offices, 4.0 kPa for corridors and stairs, and 5.0 kPa for places of assembly with fixed seating.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Wind Loads',
          'The design wind speed shall be derived from the basic wind speed of the wind zone map, adjusted for terrain, topography and building height.',
          'Buildings more than 120 m high or with unusual shapes shall be designed with the help of a dynamic analysis or a wind tunnel test.',
        ),
        s(
          'Seismic Design',
          'Every building shall be designed for the seismic zone of its site as shown on the seismic zone map.',
          'The structural system shall provide a continuous load path with adequate strength, stiffness and ductility from every part of the building to the foundation.',
          'Irregular buildings shall be analysed by the response spectrum method.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Soil Investigation',
          'A soil investigation shall be carried out for every high-rise and public building by a registered geotechnical engineer.',
          'The number and depth of boreholes shall be sufficient to determine the soil profile under the whole building and to the depth influenced by the foundations.',
        ),
        s(
          'Soils under Earthquake Shaking',
          'Where saturated loose sands or non-plastic silts occur within 20 m of the ground surface in seismic zones 3 and above, the potential for liquefaction shall be assessed.',
          'The factor of safety against liquefaction shall be determined at each test depth from corrected SPT or CPT results and the design ground acceleration.',
          'Where liquefaction is predicted, the foundations shall be carried below the liquefiable layers or the ground shall be improved.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Ductile Detailing',
          'In seismic zones 3 and above, beams, columns and walls of reinforced concrete frames shall be detailed for ductile behaviour.',
          'Transverse reinforcement in potential plastic hinge zones shall be closed hoops with 135-degree hooks at a spacing of not more than 100 mm.',
          'The sum of the flexural strengths of the columns at a joint shall be at least 1.2 times that of the beams framing into it.',
        ),
      ],
      burmese: 'ငလျင် ဒဏ်ခံနိုင်သော အဆောက်အအုံ ဒီဇိုင်းတွင် ကော်လံများသည် ရက်မများထက် ပိုမို ခိုင်ခံ့ရမည်။',
    },
    {
      sections: [
        s(
          'Shallow Foundations',
          'The allowable bearing pressure shall be determined from the geotechnical report with a factor of safety of at least 3 against bearing failure.',
          'Total and differential settlements shall be within limits that the structure and its finishes can tolerate.',
        ),
        s(
          'Pile Foundations',
          'Piles shall be designed for the axial, lateral and uplift loads of the structure with a factor of safety of at least 2.5 on the ultimate capacity.',
          'Preliminary piles shall be load tested before the working piles are installed, and a proportion of working piles shall be tested as specified by the designer.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Concrete Design',
          'The grade of concrete for structural members shall be not lower than C25, and not lower than C30 for columns and walls of high-rise buildings.',
          'Nominal cover to reinforcement shall be chosen for the exposure condition and the required fire resistance.',
        ),
        s(
          'Long-term Deformation',
          'The effects of creep and shrinkage of concrete shall be considered in the design of tall buildings, in particular the differential shortening of columns and cores.',
          'Long-term deflections of slabs and beams shall not exceed span/250, and span/500 after the installation of partitions and finishes.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Steel Structures',
          'Structural steel shall comply with the material standards of Part 6 and shall be designed by the limit state method.',
          'Connections shall be designed to transmit the forces in the members; welds and high-strength bolts shall be inspected and tested.',
        ),
        s(
          'Quality of Structural Works',
          'The contractor shall operate a quality plan that covers materials, formwork, reinforcement, concreting and curing.',
          'Concrete shall be sampled and tested at the rate of one set of cubes for every 50 cubic metres or for every pour, whichever is more frequent.',
        ),
      ],
    },
  ],
  4: [
    {
      sections: [
        s(
          'Scope',
          'This Part applies to electrical installations, lighting and allied systems in buildings, from the point of supply to the final outlet.',
          'Installations shall be designed by a registered electrical engineer and installed by licensed electricians.',
        ),
        s(
          'Supply and Metering',
          'The supply arrangement shall be agreed with the electricity supply authority before the design is completed.',
          'Buildings with a maximum demand above 500 kVA shall provide a substation room with ventilation, a fire-rated enclosure and access for the supply authority at all times.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Wiring Installations',
          'Cables shall be sized for the design current, the grouping and ambient temperature, and a voltage drop of not more than 4% to the end of any circuit.',
          'Circuits serving fire-fighting and life-safety equipment shall use fire-resistant cables and shall be routed separately from other circuits.',
          'Every final circuit shall be protected by a circuit breaker matched to the cable it protects.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Earthing',
          'Every installation shall have a main earthing terminal connected to earth electrodes whose combined resistance does not exceed 5 ohms.',
          'Socket-outlet circuits and circuits in wet areas shall be protected by residual current devices of 30 mA.',
        ),
        s(
          'Lightning Protection',
          'The need for and level of lightning protection shall be determined by a risk assessment.',
          'Air terminals, down conductors and earth terminations shall form a continuous system bonded to the main earthing terminal.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Lighting',
          'Artificial lighting shall provide the illuminance recommended for each task: 500 lux in offices, 300 lux in classrooms and 100 lux in corridors.',
          'Each luminaire shall be selected for efficacy and glare control; lighting power density in offices shall not exceed 10 W per square metre.',
          'Daylight-linked and occupancy controls shall be provided in spaces that are often unoccupied.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Emergency Power',
          'A standby generator shall supply the fire pumps, fire lifts, smoke control fans, emergency lighting and other life-safety loads.',
          'The generator shall start automatically and take the load within 15 seconds of a supply failure.',
        ),
        s(
          'Testing and Commissioning',
          'Before the installation is energised, insulation resistance, continuity, polarity, earth resistance and the operation of protective devices shall be tested and recorded.',
          'A completion certificate signed by the responsible electrical engineer shall be submitted with the application for occupancy.',
        ),
      ],
    },
  ],
  5: [
    {
      sections: [
        s(
          'Water Demand',
          'The daily water demand shall be estimated from the number of occupants: 135 to 180 litres per person in dwellings, 45 litres per person in offices and 450 litres per bed in hospitals.',
          'Allowance shall be made for cooling towers, landscape irrigation and other special uses.',
        ),
        s(
          'Storage',
          'Storage of not less than one day’s demand shall be provided, divided between ground and roof tanks.',
          'Tanks shall be watertight, covered, ventilated through screened vents, and divided into two compartments to allow cleaning.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Distribution and Protection of Water',
          'The static pressure at any fixture shall not exceed 350 kPa; pressure zones or pressure-reducing valves shall be provided in tall buildings.',
          'Backflow of contaminated water into the potable supply shall be prevented by air gaps at tank inlets and by approved preventers on connections to equipment.',
          'Pipework shall be tested at 1.5 times the working pressure and disinfected before use.',
        ),
      ],
      burmese: 'သောက်သုံးရေ ကန်များကို ခြောက်လ တစ်ကြိမ် သန့်ရှင်းရေး ပြုလုပ်ရမည်။',
    },
    {
      sections: [
        s(
          'Sanitary Drainage',
          'Drainage pipes shall be sized by fixture units and laid at gradients that keep them self-cleansing.',
          'No soil stack shall be smaller than 100 mm in diameter, and access for cleaning shall be provided at every change of direction.',
        ),
        s(
          'Venting',
          'Traps shall be protected against siphonage by venting, and the vent stack shall terminate at least 0.9 m above the roof and away from windows.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Sewage Treatment',
          'Where no public sewer is available, sewage shall be treated on site in a treatment plant approved by the Authority.',
          'Treated effluent shall not exceed 20 mg/L BOD and 30 mg/L suspended solids before discharge.',
        ),
        s(
          'Storm Water',
          'Roof and site drainage shall be designed for the 5-minute rainfall intensity with a 10-year return period.',
          'Rainwater may be harvested for flushing and irrigation where it is kept separate from the potable supply.',
        ),
      ],
    },
  ],
  6: [
    {
      sections: [
        s(
          'Ventilation',
          'Every occupied space shall be ventilated naturally or mechanically with outdoor air at the rates of this Part.',
          'Basement car parks shall have mechanical ventilation of at least 6 air changes per hour, controlled by carbon monoxide detectors.',
        ),
        s(
          'Air Conditioning Design',
          'Cooling loads shall be calculated for the outdoor design conditions of the site and an indoor condition of 24 degrees Celsius and 55 to 65% relative humidity.',
          'Ducts shall be sized to keep velocities and noise within the limits of the space served.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Energy Efficiency',
          'Chillers, pumps and fans shall meet the minimum efficiencies of this Part; variable-speed drives shall be used on variable loads.',
          'Chilled water pipes and supply air ducts shall be insulated and vapour-sealed.',
        ),
        s(
          'Smoke Control',
          'Protected staircases of buildings over 60 m high shall be pressurised to maintain a pressure difference of 50 Pa with the doors closed.',
          'Basements and atria shall have smoke extraction systems switched on automatically by the fire alarm system.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Fire Compartmentation',
          'Buildings shall be divided into fire compartments by walls and floors of the fire resistance given in this Part.',
          'Openings in compartment walls and floors shall be protected by fire doors, fire dampers and fire-stopping of the same rating.',
        ),
      ],
      burmese: 'မီးဘေး အရေးပေါ် အခြေအနေတွင် ဓာတ်လှေကားကို အသုံးမပြုဘဲ လှေကားဖြင့်သာ ဆင်းရမည်။',
    },
    {
      sections: [
        s(
          'Fire Detection and Alarm',
          'An automatic fire alarm system with smoke detectors shall be installed in every high-rise and public building.',
          'The alarm shall be audible throughout the building and shall be transmitted to a constantly attended fire command centre.',
        ),
        s(
          'Special Hazards',
          'Transformer rooms and fuel stores shall be protected by a deluge or water spray system, or by another system suited to the hazard.',
          'Rooms with essential electronic equipment may be protected by gaseous extinguishing systems with safeguards for occupants.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Sprinklers and Hydrants',
          'Automatic sprinklers shall be installed throughout buildings more than 24 m high and in basements used for parking or storage.',
          'Wet risers with landing valves on every floor, and external hydrants within 45 m of every entrance, shall be provided.',
        ),
        s(
          'Fire Lifts',
          'At least one fire lift shall serve every floor of a building more than 24 m high, with a protected lobby on every floor.',
        ),
      ],
    },
  ],
  7: [
    {
      sections: [
        s(
          'General',
          'Materials used in building work shall be fit for their purpose, shall comply with the standards referred to in this Part, and shall be tested as required.',
          'Test certificates shall be kept on site for the inspection team.',
        ),
        s(
          'Cement and Aggregates',
          'Cement shall be stored dry and used in the order of delivery; cement older than three months shall be retested.',
          'Aggregates shall be clean, well graded, and free from clay, silt and organic matter in harmful amounts.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Masonry Units',
          'Burnt clay bricks shall have a compressive strength of not less than 5 MPa for load-bearing walls.',
          'Bricks showing heavy efflorescence after the soaking test shall be rejected.',
          'Concrete blocks shall be cured and dried before they are laid.',
        ),
        s('Timber', 'Structural timber shall be seasoned and treated against termites and decay.'),
      ],
    },
    {
      sections: [
        s(
          'Steel Reinforcement',
          'Reinforcing bars shall be supplied with mill certificates and tested for tensile strength and bending at the rate of one test for every 20 tonnes of each diameter.',
          'Bars shall be stored off the ground and kept free from loose rust, oil and mud.',
        ),
        s(
          'Glass and Finishes',
          'Safety glass shall be permanently marked with its type and standard.',
          'Finishes used in escape routes shall not spread flame faster than allowed by this Part.',
        ),
      ],
    },
  ],
  8: [
    {
      sections: [
        s(
          'Site Organisation',
          'Construction sites shall be enclosed by a hoarding at least 2.4 m high, with covered walkways where the public pass close to the works.',
          'A site safety plan shall be prepared before work starts and kept up to date.',
        ),
        s(
          'Excavation Safety',
          'Excavations deeper than 1.5 m shall be supported or battered back, and barriers shall be placed around them.',
          'The condition of excavation supports shall be checked daily and after heavy rain.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Work at Height',
          'Guard rails, toe boards and safety nets shall be provided at every open edge from which a person could fall 2 m or more.',
          'Workers at height shall wear safety harnesses attached to secure anchorages.',
          'Scaffolds shall be erected by trained workers and inspected every week.',
        ),
      ],
      burmese: 'ဆောက်လုပ်ရေး လုပ်ငန်းခွင်တွင် လုပ်သားအားလုံး ဦးထုပ်နှင့် ဘေးကင်းရေး ခါးပတ်ကို ဝတ်ဆင်ရမည်။',
    },
    {
      sections: [
        s(
          'Demolition',
          'Demolition shall follow a written method statement that keeps the structure stable at every stage.',
          'Services shall be disconnected and the public kept away from the zone of falling debris.',
        ),
        s(
          'Lifting Operations',
          'Tower cranes shall be erected on certified foundations, inspected before use and load tested after erection.',
          'Lifting shall stop when the wind speed exceeds the limit given by the crane manufacturer.',
        ),
      ],
    },
    {
      sections: [
        s(
          'Building Maintenance',
          'The owner shall keep the building, its services and its fire safety systems in good repair and in working order.',
          'A maintenance log shall record inspections, tests and repairs of lifts, fire safety systems, electrical installations and water tanks.',
        ),
        s(
          'Periodic Inspection',
          'The external walls, balconies and roofs of buildings more than 15 years old shall be inspected by a registered engineer every five years.',
          'Defects that endanger the public shall be made safe at once and reported to the Authority.',
        ),
      ],
    },
  ],
};
