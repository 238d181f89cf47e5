/**
 * Burmese texts for part of the demo recommendations (decision 106): every discipline's
 * name, the Geotechnical site investigation and pile load test, and the whole Inspection
 * discipline, keyed by the English text they render (a name or an item's content). The rest
 * stays English only, so the public page shows both the Burmese texts and the fallback.
 * Terms follow docs/glossary.md (ဘူမိနည်းပညာ, မြေဆီလွှာ စူးစမ်းခြင်း, တွင်းဖောက်ပိုင်,
 * စစ်ဆေးခြင်း, အပေါ်ပိုင်း တည်ဆောက်ပုံ); numbers in Burmese digits, abbreviations kept.
 */
export const RECOMMENDATIONS_MY: Readonly<Record<string, string>> = {
  // The disciplines, as apps/web/src/locales/my/recommendations.json names them.
  Geotechnical: 'ဘူမိနည်းပညာ',
  Architectural: 'ဗိသုကာ',
  Structural: 'ဖွဲ့စည်းတည်ဆောက်ပုံ',
  Electrical: 'လျှပ်စစ်',
  ACMV: 'လေအေးပေးနှင့် လေဝင်လေထွက် (ACMV)',
  'Water Supply and Sanitation': 'ရေပေးဝေရေးနှင့် မိလ္လာ',
  Inspection: 'ကွင်းဆင်းစစ်ဆေးရေး',

  // Geotechnical: site investigation.
  'Site Investigation': 'မြေဆီလွှာ စူးစမ်းခြင်း',
  'Subsurface Exploration Programme': 'မြေအောက် စူးစမ်းလေ့လာရေး အစီအစဉ်',
  'Number and Depth of Boreholes': 'မြေတွင်း အရေအတွက်နှင့် အနက်',
  'Minimum number of boreholes': 'အနည်းဆုံး မြေတွင်း အရေအတွက်',
  'At least one borehole for every 300 m² of building footprint, and not fewer than three for any high-rise building, placed at the corners and centre of the footprint.':
    'အဆောက်အအုံ မြေပြင်ဧရိယာ စတုရန်းမီတာ ၃၀၀ တိုင်းအတွက် အနည်းဆုံး မြေတွင်း တစ်တွင်း ဖောက်ရမည်။ အထပ်မြင့် အဆောက်အအုံတိုင်းအတွက် သုံးတွင်းထက် မနည်းစေဘဲ ဧရိယာ၏ ထောင့်များနှင့် အလယ်တွင် ထားရမည်။',
  'Depth of boreholes': 'မြေတွင်း အနက်',
  'Extend boreholes to 1.5 times the least width of the foundation below founding level, or 5 m into competent rock with RQD of 50% or more, whichever is shallower.':
    'မြေတွင်းကို အုတ်မြစ်ချသည့် အဆင့်အောက် အုတ်မြစ်၏ အနည်းဆုံး အကျယ်၏ ၁.၅ ဆအထိ၊ သို့မဟုတ် RQD ၅၀% နှင့်အထက် ရှိသော ခိုင်မာသည့် ကျောက်လွှာထဲသို့ ၅ မီတာအထိ၊ နှစ်ခုအနက် တိမ်သည့် အနက်အထိ ဖောက်ရမည်။',
  'Groundwater observation': 'မြေအောက်ရေ စောင့်ကြည့်ခြင်း',
  'Record the water level at first strike and after 24 hours; install standpipe piezometers where basements are planned.':
    'ရေ စတင်တွေ့ချိန်နှင့် ၂၄ နာရီအကြာတွင် ရေမျက်နှာပြင် အမြင့်ကို မှတ်တမ်းတင်ရမည်။ မြေအောက်ထပ် ဆောက်မည့်နေရာတွင် ရေဖိအားတိုင်း ပိုက်များ တပ်ဆင်ရမည်။',
  'In-situ and Laboratory Testing': 'ကွင်းဆင်းနှင့် ဓာတ်ခွဲခန်း စမ်းသပ်ခြင်း',
  'Standard Penetration Test (SPT)': 'စံ ထိုးဖောက်မှု စမ်းသပ်ချက် (SPT)',
  'Carry out SPT at 1.5 m intervals in soil and correct N-values for hammer energy (N60) and overburden pressure.':
    'မြေဆီလွှာတွင် ၁.၅ မီတာ ခြားတိုင်း SPT ပြုလုပ်ပြီး N တန်ဖိုးများကို တူ၏ စွမ်းအင် (N60) နှင့် အပေါ်မှ မြေဖိအားအတွက် ပြင်ဆင်ရမည်။',
  'Undisturbed sampling': 'မထိခိုက်သော နမူနာ ယူခြင်း',
  'Take thin-walled tube samples in cohesive layers for unconfined compression, triaxial (UU and CU) and oedometer consolidation tests.':
    'စေးကပ်သော မြေလွှာများမှ နံရံပါး ပြွန်ဖြင့် နမူနာယူ၍ ဘေးဖိအားမဲ့ ဖိသိပ်ခြင်း၊ သုံးဝင်ရိုး (UU နှင့် CU) နှင့် မြေသိပ်သည်းမှု စမ်းသပ်ချက်များ ပြုလုပ်ရမည်။',
  'Moisture content, Atterberg limits, particle size distribution and specific gravity for every stratum':
    'မြေလွှာတိုင်းအတွက် စိုထိုင်းဆ၊ Atterberg ကန့်သတ်ချက်များ၊ အမှုန် အရွယ်အစား ဖြန့်ဝေမှုနှင့် သီးခြား ဆွဲငင်အား',
  'Geotechnical Investigation Report': 'ဘူမိနည်းပညာ စူးစမ်းမှု အစီရင်ခံစာ',
  'Required Contents': 'ပါဝင်ရမည့် အကြောင်းအရာများ',
  'Site plan with borehole locations and ground levels': 'မြေတွင်း တည်နေရာများနှင့် မြေပြင် အမြင့်များ ပါသော နေရာပြ မြေပုံ',
  'Borehole logs and an interpreted soil profile': 'မြေတွင်း မှတ်တမ်းများနှင့် အဓိပ္ပာယ်ဖွင့်ထားသော မြေလွှာ ပုံစံ',
  'Design parameters': 'ဒီဇိုင်း ကိန်းသေများ',
  'Recommended unit weight, shear strength, stiffness and permeability of each layer, with the basis for their selection.':
    'မြေလွှာတစ်ခုစီ၏ အကြံပြု ယူနစ်အလေးချိန်၊ ညှပ်အား၊ မာကျောမှုနှင့် ရေစိမ့်ဝင်နိုင်မှုကို ရွေးချယ်ရသည့် အကြောင်းရင်းနှင့်အတူ ဖော်ပြရမည်။',
  'Liquefaction assessment': 'မြေအရည်ဖြစ်မှု အကဲဖြတ်ချက်',
  'For saturated loose sands and silts in areas of moderate to high seismicity, assess liquefaction potential by the simplified SPT-based procedure and state the factor of safety with depth.':
    'ငလျင်ဒဏ် အလယ်အလတ်မှ မြင့်သော ဒေသများရှိ ရေဝနေသော သဲပွနှင့် နုန်းမြေများအတွက် SPT အခြေခံ ရိုးရှင်းသော နည်းဖြင့် မြေအရည်ဖြစ်နိုင်ခြေကို အကဲဖြတ်ပြီး အနက်အလိုက် ဘေးကင်းမှု ဆခွဲကိန်းကို ဖော်ပြရမည်။',

  // Geotechnical: the pile load test.
  'Pile Foundations': 'ပိုင် အုတ်မြစ်များ',
  'Pile Load Test': 'ပိုင် ဝန်စမ်းသပ်ခြင်း',
  'Static Load Test Procedure': 'ငြိမ်ဝန် စမ်းသပ်ခြင်း လုပ်ထုံးလုပ်နည်း',
  'Preliminary test piles': 'ကြိုတင် စမ်းသပ်ပိုင်များ',
  'Test at least one preliminary pile for each pile type and ground condition to 2.5 times the working load before working piles are installed.':
    'လုပ်ငန်းသုံး ပိုင်များ မတပ်ဆင်မီ ပိုင်အမျိုးအစားနှင့် မြေအခြေအနေ တစ်ခုစီအတွက် ကြိုတင် စမ်းသပ်ပိုင် အနည်းဆုံး တစ်တိုင်းကို လုပ်ငန်းသုံးဝန်၏ ၂.၅ ဆအထိ စမ်းသပ်ရမည်။',
  'Working pile tests': 'လုပ်ငန်းသုံး ပိုင် စမ်းသပ်ခြင်း',
  'Test 0.5% to 1% of working piles, and at least one per building, to 1.5 times the working load.':
    'လုပ်ငန်းသုံး ပိုင်များ၏ ၀.၅% မှ ၁% အထိ (အဆောက်အအုံ တစ်ခုလျှင် အနည်းဆုံး တစ်တိုင်း) ကို လုပ်ငန်းသုံးဝန်၏ ၁.၅ ဆအထိ စမ်းသပ်ရမည်။',
  'Loading stages': 'ဝန်တင် အဆင့်များ',
  'Apply load in steps of 25% of the working load; hold each step until settlement is less than 0.1 mm in 20 minutes, and hold the maximum load for 24 hours on preliminary piles.':
    'လုပ်ငန်းသုံးဝန်၏ ၂၅% စီ အဆင့်လိုက် ဝန်တင်ရမည်။ အဆင့်တစ်ခုစီကို မိနစ် ၂၀ အတွင်း နိမ့်ဆင်းမှု ၀.၁ မီလီမီတာ အောက် ရောက်သည်အထိ ထိန်းထားရမည်။ ကြိုတင် စမ်းသပ်ပိုင်များတွင် အမြင့်ဆုံးဝန်ကို ၂၄ နာရီ ထိန်းထားရမည်။',
  'Acceptance criteria': 'လက်ခံနိုင်သည့် စံနှုန်းများ',
  'Settlement at working load not more than 12 mm and residual settlement after unloading not more than 6 mm, unless the designer justifies other limits.':
    'ဒီဇိုင်နာက အခြား ကန့်သတ်ချက်ကို အကြောင်းပြချက်ဖြင့် မတင်ပြပါက လုပ်ငန်းသုံးဝန်တွင် နိမ့်ဆင်းမှု ၁၂ မီလီမီတာထက် မပိုရ၊ ဝန်ဖြုတ်ပြီးနောက် ကျန်ရှိသော နိမ့်ဆင်းမှု ၆ မီလီမီတာထက် မပိုရ။',
  'Integrity and Dynamic Tests': 'ပိုင် ကောင်းမွန်မှုနှင့် ရွေ့လျားဝန် စမ်းသပ်ခြင်း',
  'Pile integrity test (PIT)': 'ပိုင် ကောင်းမွန်မှု စမ်းသပ်ချက် (PIT)',
  'Low-strain integrity testing of every bored pile, and of at least 30% of driven piles, once the concrete is 7 days old.':
    'ကွန်ကရစ် သက်တမ်း ၇ ရက် ပြည့်ပြီးနောက် တွင်းဖောက်ပိုင် တိုင်းကို၊ ရိုက်သွင်းပိုင်များ၏ အနည်းဆုံး ၃၀% ကို နိမ့်သော ဖိအားဖြင့် ကောင်းမွန်မှု စမ်းသပ်ရမည်။',
  'High-strain dynamic test (PDA)': 'မြင့်သော ဖိအား ရွေ့လျားဝန် စမ်းသပ်ချက် (PDA)',
  'May supplement static tests when calibrated against at least one static test on the same site, with CAPWAP signal matching.':
    'တစ်နေရာတည်းရှိ ငြိမ်ဝန် စမ်းသပ်ချက် အနည်းဆုံး တစ်ခုနှင့် CAPWAP အချက်ပြ တိုက်ဆိုင်မှုဖြင့် ချိန်ညှိထားပါက ငြိမ်ဝန် စမ်းသပ်ချက်များကို ဖြည့်စွက်နိုင်သည်။',

  // Inspection, the whole discipline.
  'Construction Inspection': 'ဆောက်လုပ်ရေး ကွင်းဆင်းစစ်ဆေးခြင်း',
  'Stage Inspections': 'အဆင့်အလိုက် စစ်ဆေးခြင်း',
  'Checklist: Foundations': 'စစ်ဆေးရန်စာရင်း- အုတ်မြစ်',
  'Setting out checked against the approved drawings by a licensed surveyor':
    'အဆောက်အအုံ နေရာချ မှတ်သားမှုကို လိုင်စင်ရ မြေတိုင်းသမားက အတည်ပြုထားသော ပုံစံများနှင့် တိုက်ဆိုင်စစ်ဆေးခြင်း',
  'Pile records': 'ပိုင် မှတ်တမ်းများ',
  'Pile position, verticality, toe level, concrete volume and test results recorded for every pile.':
    'ပိုင်တိုင်းအတွက် တည်နေရာ၊ ဒေါင်လိုက်မတ်မှု၊ အောက်ခြေ အမြင့်၊ ကွန်ကရစ် ပမာဏနှင့် စမ်းသပ်ချက် ရလဒ်များကို မှတ်တမ်းတင်ရမည်။',
  'Excavation base inspected by the geotechnical engineer before blinding':
    'အောက်ခံ ကွန်ကရစ် မခင်းမီ တူးဖော်ထားသော အောက်ခြေကို ဘူမိနည်းပညာ အင်ဂျင်နီယာက စစ်ဆေးခြင်း',
  'Reinforcement and cover checked and signed before every pour':
    'ကွန်ကရစ် မလောင်းမီ အကြိမ်တိုင်း သံချောင်းနှင့် ကွန်ကရစ် အကာအထူကို စစ်ဆေး လက်မှတ်ထိုးခြင်း',
  'Checklist: Superstructure': 'စစ်ဆေးရန်စာရင်း- အပေါ်ပိုင်း တည်ဆောက်ပုံ',
  'Formwork and props': 'ပုံစံခွက်နှင့် ထောက်တိုင်များ',
  'Props checked for plumb and bearing; no stripping before the specified strength.':
    'ထောက်တိုင်များ၏ ဒေါင်လိုက်မတ်မှုနှင့် ဝန်ထမ်းနိုင်မှုကို စစ်ဆေးရမည်။ သတ်မှတ်ထားသော ခိုင်ခံ့အား မရမီ ပုံစံခွက် မဖြုတ်ရ။',
  'Concrete sampling': 'ကွန်ကရစ် နမူနာယူခြင်း',
  'One set of three cubes for every 50 m³ or every pour, tested at 7 and 28 days.':
    'ကုဗမီတာ ၅၀ တိုင်း သို့မဟုတ် လောင်းတိုင်းအတွက် ကုဗတုံး သုံးတုံးပါ အစုံ တစ်စုံယူ၍ ၇ ရက်နှင့် ၂၈ ရက်တွင် စမ်းသပ်ရမည်။',
  'Fire-stopping of service penetrations inspected before ceilings are closed':
    'မျက်နှာကြက် မပိတ်မီ ပိုက်နှင့် ကြိုးလမ်းကြောင်း ဖောက်ပေါက်များ၏ မီးပိတ်ဆို့မှုကို စစ်ဆေးခြင်း',
  'Quality Assurance': 'အရည်အသွေး အာမခံချက်',
  'Materials Testing': 'ပစ္စည်း စမ်းသပ်ခြင်း',
  'Acceptance of Materials': 'ပစ္စည်းများ လက်ခံခြင်း',
  'Reinforcing steel': 'သံချောင်း',
  'Mill certificates, and tensile and bend tests for every 20 tonnes of each bar diameter.':
    'စက်ရုံ၏ အရည်အသွေး အထောက်အထားများ၊ သံချောင်း အချင်း တစ်မျိုးစီ တန် ၂၀ တိုင်းအတွက် ဆွဲအားနှင့် ကွေးအား စမ်းသပ်ချက်များ။',
  'Cement and aggregates tested before the concrete mix design is approved':
    'ကွန်ကရစ် ရောစပ်ပုံ ဒီဇိုင်းကို အတည်မပြုမီ ဘိလပ်မြေ၊ သဲနှင့် ကျောက်စရစ်တို့ကို စမ်းသပ်ခြင်း',
  'Non-conforming material marked, recorded and removed from site':
    'စံမမီသော ပစ္စည်းကို အမှတ်အသားပြု၍ မှတ်တမ်းတင်ပြီး လုပ်ငန်းခွင်မှ ဖယ်ရှားခြင်း',
  'Completion and Occupancy': 'ပြီးစီးခြင်းနှင့် နေထိုင်အသုံးပြုခြင်း',
  'Final Inspection': 'နောက်ဆုံး စစ်ဆေးခြင်း',
  'Before the Occupancy Permit': 'နေထိုင်အသုံးပြုခွင့် မထုတ်ပေးမီ',
  'Fire safety acceptance': 'မီးဘေးလုံခြုံရေး လက်ခံခြင်း',
  'The Fire Services Department accepts the fire alarm, sprinkler, hydrant and pressurisation systems after witnessing their tests.':
    'မီးသတ်ဦးစီးဌာနသည် မီးသတိပေးစနစ်၊ ရေပန်းမီးငြိမ်းစနစ်၊ မီးသတ်ရေပိုက်ခေါင်းနှင့် လေဖိအားပေးစနစ်တို့၏ စမ်းသပ်မှုကို ကိုယ်တိုင် ကြည့်ရှုပြီးမှ လက်ခံသည်။',
  'As-built drawings and operation and maintenance manuals handed over':
    'အမှန်တကယ် ဆောက်လုပ်ထားသည့် ပုံစံများနှင့် လည်ပတ်ရေးနှင့် ပြုပြင်ထိန်းသိမ်းရေး လက်စွဲများ လွှဲအပ်ခြင်း',
  'Lift and escalator certificates of the authorised inspector': 'ခွင့်ပြုချက်ရ စစ်ဆေးသူ၏ ဓာတ်လှေကားနှင့် စက်လှေကား အတည်ပြုလက်မှတ်များ',
};

/** The Burmese of an English text of the demo tree, or null. */
export const burmeseOf = (english: string | null): string | null =>
  (english !== null && RECOMMENDATIONS_MY[english]) || null;
