import type { Locale } from './product';
import { FORM_MESSAGE_TEMPLATES, renderWith, type FormMessageCode, type MessageTemplates } from './form-messages';

export {
  fieldLabel,
  MESSAGE_FIELD_LABELS,
  registerFieldLabels,
  registerValueLabels,
  renderFormMessage,
  valueLabel,
  type FormMessageCode,
} from './form-messages';

/**
 * Validation messages travel as codes ("required|email", "max|name|255") so that the
 * server and the browser render the same rule in English or Burmese from one table.
 * A message that is not a code is already plain text and is shown as it is.
 *
 * The table has two parts. The codes the pages make themselves (a shared schema's or a page's
 * check, with the field and value labels) are in form-messages.ts, which is all the browser
 * loads. The answers below are made by the server alone and leave it rendered in the request's
 * language (docs/decisions/026), so no page's script carries them (issue 31; docs/decisions/118).
 */
const ANSWER_TEMPLATES = {
  unique: { en: 'The :field has already been taken.', my: 'ဤ :field ကို အသုံးပြုပြီး ဖြစ်ပါသည်။' },
  common_password: {
    en: 'This password is too common. Please choose a less predictable one.',
    my: 'ဤစကားဝှက်သည် အလွန်အသုံးများပါသည်။ ခန့်မှန်းရခက်သော စကားဝှက်ကို ရွေးပါ။',
  },
  current_password: {
    en: 'The current password is incorrect.',
    my: 'လက်ရှိ စကားဝှက် မမှန်ကန်ပါ။',
  },
  reset_token: {
    en: 'This password reset link is invalid or has expired.',
    my: 'ဤစကားဝှက် ပြန်လည်သတ်မှတ်ရန် လင့်ခ်သည် မမှန်ကန်ပါ သို့မဟုတ် သက်တမ်းကုန်သွားပါပြီ။',
  },
  own_account: {
    en: 'You cannot deactivate your own account or remove your own administrator access.',
    my: 'သင့်ကိုယ်ပိုင် အကောင့်ကို ပိတ်၍ သို့မဟုတ် သင်၏ စီမံခန့်ခွဲသူ ခွင့်ကို ဖယ်ရှား၍ မရပါ။',
  },
  credentials: {
    en: 'These credentials do not match our records.',
    my: 'အီးမေးလ် သို့မဟုတ် စကားဝှက် မမှန်ကန်ပါ။',
  },
  // The 429 answer of docs/api.md; :0 is the wait in seconds (also sent as Retry-After).
  throttled: {
    en: 'Too many attempts. Please try again in :0 seconds.',
    my: 'ကြိုးစားမှု များလွန်းနေပါသည်။ :0 စက္ကန့် အကြာတွင် ထပ်ကြိုးစားပါ။',
  },
  one_file: { en: 'Please send only one file.', my: 'ဖိုင်တစ်ခုသာ ပေးပို့ပါ။' },
  future: { en: 'The :field must be in the future.', my: ':field သည် နောက်လာမည့် အချိန် ဖြစ်ရပါမည်။' },
  custom: { en: ':0', my: ':0' },
  // Security (issue 9): the password policy's explanations, text the server cannot store, active PDFs.
  password_common: {
    en: 'This password is one of the most used passwords, which attackers try first. Choose another: three or four unrelated words make a strong, memorable password.',
    my: 'ဤစကားဝှက်သည် အသုံးအများဆုံး စကားဝှက်များထဲမှ တစ်ခုဖြစ်ပြီး တိုက်ခိုက်သူများ ဦးစွာ စမ်းကြည့်တတ်ပါသည်။ အခြားတစ်ခုကို ရွေးပါ။ ဆက်စပ်မှုမရှိသော စကားလုံး သုံးလေးလုံးဖြင့် ခိုင်မာပြီး မှတ်မိလွယ်သော စကားဝှက် ဖြစ်စေနိုင်ပါသည်။',
  },
  password_personal: {
    en: "This password is built from your name, your email address or this site's own words (such as HPBC, committee or demo). Choose one that has nothing to do with you or this site.",
    my: 'ဤစကားဝှက်ကို သင့်အမည်၊ သင့်အီးမေးလ်လိပ်စာ သို့မဟုတ် ဤဆိုက်၏ စကားလုံးများ (HPBC၊ committee၊ demo ကဲ့သို့) ဖြင့် ဖွဲ့စည်းထားပါသည်။ သင်နှင့် ဤဆိုက်နှင့် မသက်ဆိုင်သော စကားဝှက်ကို ရွေးပါ။',
  },
  password_weak: {
    en: 'This password is too easy to guess. Make it longer, for example three or four unrelated words, and avoid names, dates, keyboard rows and repeated characters.',
    my: 'ဤစကားဝှက်ကို ခန့်မှန်းရန် လွယ်လွန်းပါသည်။ ပိုရှည်အောင် လုပ်ပါ (ဥပမာ ဆက်စပ်မှုမရှိသော စကားလုံး သုံးလေးလုံး)၊ အမည်များ၊ ရက်စွဲများ၊ ကီးဘုတ်ပေါ်ရှိ အစဉ်လိုက် စာလုံးများနှင့် ထပ်နေသော စာလုံးများကို ရှောင်ပါ။',
  },
  text_chars: {
    en: 'The :field contains characters that cannot be stored (a NUL character or a broken character pair).',
    my: ':field တွင် သိမ်းဆည်း၍ မရသော စာလုံးများ (NUL စာလုံး သို့မဟုတ် ပျက်နေသော စာလုံးအတွဲ) ပါဝင်နေပါသည်။',
  },
  pdf_active: {
    en: 'This PDF contains JavaScript or an action that opens other files or programs. Please save it again as a plain PDF (for example with "Print to PDF") and send that.',
    my: 'ဤ PDF တွင် JavaScript သို့မဟုတ် အခြားဖိုင်များ သို့မဟုတ် ပရိုဂရမ်များကို ဖွင့်သော လုပ်ဆောင်ချက် ပါဝင်နေပါသည်။ သာမန် PDF အဖြစ် ပြန်သိမ်းပြီး (ဥပမာ “Print to PDF” ဖြင့်) ထိုဖိုင်ကို ပေးပို့ပါ။',
  },
  pdf_unreadable: {
    en: 'This PDF could not be read completely: it is damaged, protected by a password, or made in a way the portal cannot check. Please save it again as a plain PDF (for example with "Print to PDF") and send that.',
    my: 'ဤ PDF ကို အပြည့်အစုံ ဖတ်၍ မရပါ။ ပျက်စီးနေခြင်း၊ စကားဝှက်ဖြင့် ကာကွယ်ထားခြင်း သို့မဟုတ် ပေါ်တယ်က စစ်ဆေး၍ မရသော ပုံစံဖြင့် ပြုလုပ်ထားခြင်း ဖြစ်နိုင်ပါသည်။ သာမန် PDF အဖြစ် ပြန်သိမ်းပြီး (ဥပမာ “Print to PDF” ဖြင့်) ထိုဖိုင်ကို ပေးပို့ပါ။',
  },
  // Answers that are not about one field (404, 409, 500, ...), in the request's language too
  // (docs/decisions/026). The English text is the wording of docs/api.md.
  company_not_found: { en: 'Company not found.', my: 'ကုမ္ပဏီကို ရှာမတွေ့ပါ။' },
  recommendation_not_found: { en: 'Recommendation not found.', my: 'နည်းပညာဆိုင်ရာ အကြံပြုချက်ကို ရှာမတွေ့ပါ။' },
  library_document_not_found: { en: 'Library volume not found.', my: 'စာကြည့်တိုက် အတွဲကို ရှာမတွေ့ပါ။' },
  library_indexing: {
    en: 'This volume is still being indexed. Please wait until it is done.',
    my: 'ဤအတွဲကို ရှာဖွေရန် အညွှန်း ပြုလုပ်နေဆဲ ဖြစ်ပါသည်။ ပြီးဆုံးသည်အထိ စောင့်ပါ။',
  },
  not_found: { en: 'Not found.', my: 'ရှာမတွေ့ပါ။' },
  // Working-day clocks (docs/decisions/077-working-day-clocks.md).
  extension_not_waiting: {
    en: 'This registration is not waiting on you, so you cannot ask for more time.',
    my: 'ဤမှတ်ပုံတင်မှုသည် သင့်ထံတွင် စောင့်ဆိုင်းနေခြင်း မဟုတ်သဖြင့် အချိန်တိုးရန် တောင်းဆို၍ မရပါ။',
  },
  extension_decided: {
    en: 'This extension has been decided already.',
    my: 'ဤအချိန်တိုးရန် တောင်းဆိုချက်ကို ဆုံးဖြတ်ပြီး ဖြစ်ပါသည်။',
  },
  user_not_found: { en: 'User not found.', my: 'အသုံးပြုသူကို ရှာမတွေ့ပါ။' },
  project_not_found: { en: 'Project not found', my: 'စီမံကိန်းကို ရှာမတွေ့ပါ။' },
  unauthenticated: { en: 'Unauthenticated.', my: 'အကောင့်ဝင်ရန် လိုအပ်ပါသည်။' },
  unauthorized: { en: 'This action is unauthorized.', my: 'ဤလုပ်ဆောင်ချက်ကို ပြုလုပ်ခွင့် မရှိပါ။' },
  csrf_mismatch: {
    en: 'CSRF token mismatch.',
    my: 'စာမျက်နှာ၏ လုံခြုံရေး တိုကင် မကိုက်ညီပါ။ စာမျက်နှာကို ပြန်ဖွင့်ပြီး ထပ်ကြိုးစားပါ။',
  },
  account_inactive: { en: 'Account inactive', my: 'အကောင့်ကို ပိတ်ထားသည်။' },
  verification_required: { en: 'Email verification required', my: 'အီးမေးလ် အတည်ပြုရန် လိုအပ်ပါသည်။' },
  registration_not_found: { en: 'Registration not found.', my: 'မှတ်ပုံတင်မှုကို ရှာမတွေ့ပါ။' },
  service_request_not_found: { en: 'Service request not found.', my: 'ဝန်ဆောင်မှု တောင်းဆိုချက်ကို ရှာမတွေ့ပါ။' },
  admins_only: { en: 'This area is for administrators only.', my: 'ဤနေရာကို စီမံခန့်ခွဲသူများသာ အသုံးပြုနိုင်ပါသည်။' },
  email_not_verified: { en: 'Your email address is not verified.', my: 'သင်၏ အီးမေးလ်လိပ်စာကို အတည်မပြုရသေးပါ။' },
  role_required: {
    en: 'You do not have the role needed for this page.',
    my: 'ဤစာမျက်နှာအတွက် လိုအပ်သော အခန်းကဏ္ဍ သင့်တွင် မရှိပါ။',
  },
  verification_failed: {
    en: 'Email verification failed. The link may be invalid or expired.',
    my: 'အီးမေးလ် အတည်ပြု၍ မရပါ။ လင့်ခ်သည် မမှန်ကန်ခြင်း သို့မဟုတ် သက်တမ်းကုန်သွားခြင်း ဖြစ်နိုင်ပါသည်။',
  },
  too_many_drafts: {
    en: 'You already have :0 unfinished registrations. Please finish or delete one first.',
    my: 'မပြီးသေးသော မှတ်ပုံတင်မှု :0 ခု ရှိနေပါပြီ။ တစ်ခုကို အရင် ပြီးအောင်ဖြည့်ပါ သို့မဟုတ် ဖျက်ပါ။',
  },
  already_submitted: {
    en: 'This registration has already been submitted.',
    my: 'ဤမှတ်ပုံတင်မှုကို တင်သွင်းပြီး ဖြစ်ပါသည်။',
  },
  pdf_not_submitted: {
    en: 'Only a submitted registration can be downloaded as a PDF.',
    my: 'တင်သွင်းပြီးသော မှတ်ပုံတင်မှုကိုသာ PDF အဖြစ် ဒေါင်းလုဒ်ဆွဲနိုင်ပါသည်။',
  },
  // :0 and :1 are registration statuses, shown with their labels (registerValueLabels).
  status_change: {
    en: 'A registration that is :0 cannot be changed to :1.',
    my: 'အခြေအနေ “:0” ရှိသော မှတ်ပုံတင်မှုကို “:1” သို့ ပြောင်း၍ မရပါ။',
  },
  // The counterparts' review (docs/api.md, "Counterpart review").
  not_your_discipline: {
    en: 'This registration does not name you as the national counterpart for this discipline.',
    my: 'ဤမှတ်ပုံတင်မှုတွင် ဤဘာသာရပ်အတွက် နိုင်ငံသား တွဲဖက်ပညာရှင်အဖြစ် သင့်ကို ဖော်ပြထားခြင်း မရှိပါ။',
  },
  conflict_of_interest: {
    en: 'You cannot countersign this registration because of a conflict of interest: your e-mail address also appears on it as another party (designer, signatory, director, manager or contractor), or it is your own registration.',
    my: 'ဤမှတ်ပုံတင်မှုတွင် သင် တွဲဖက်လက်မှတ် ထိုး၍ မရပါ။ သင်၏ အီးမေးလ်လိပ်စာသည် အခြားသူ (ဒီဇိုင်နာ၊ လက်မှတ်ရေးထိုးသူ၊ ဒါရိုက်တာ၊ မန်နေဂျာ သို့မဟုတ် ကန်ထရိုက်တာ) အဖြစ်လည်း ပါဝင်နေခြင်း သို့မဟုတ် သင်ကိုယ်တိုင် တင်သွင်းထားသော မှတ်ပုံတင်မှု ဖြစ်နေခြင်းကြောင့် ဖြစ်ပါသည်။',
  },
  countersign_stale: {
    en: 'The registration has changed since you opened it. Please read it again before you countersign.',
    my: 'သင် ဖွင့်ကြည့်ပြီးနောက် မှတ်ပုံတင်မှု ပြောင်းလဲသွားပါသည်။ လက်မှတ်ရေးထိုးခြင်း မပြုမီ ထပ်မံ ဖတ်ရှုပါ။',
  },
  review_status: {
    en: 'A registration that is :0 cannot be reviewed now.',
    my: 'အခြေအနေ “:0” ရှိသော မှတ်ပုံတင်မှုကို ယခု စိစစ်၍ မရပါ။',
  },
  countersignatures_missing: {
    en: 'It cannot be approved yet: these disciplines have no countersignature on the current content: :0.',
    my: 'ယခု အတည်ပြု၍ မရသေးပါ။ အောက်ပါ ဘာသာရပ်များအတွက် လက်ရှိ အကြောင်းအရာပေါ်တွင် တွဲဖက်လက်မှတ် မရှိသေးပါ - :0။',
  },
  // The company work areas (issue 13).
  company_required: {
    en: 'Your account is not linked to a company. Please ask an administrator.',
    my: 'သင်၏ အကောင့်ကို ကုမ္ပဏီတစ်ခုနှင့် ချိတ်ဆက်မထားပါ။ စီမံခန့်ခွဲသူကို ဆက်သွယ်ပါ။',
  },
  service_request_move: {
    en: 'A request that is :0 cannot be changed to :1.',
    my: 'အခြေအနေ “:0” ရှိသော တောင်းဆိုချက်ကို “:1” သို့ ပြောင်း၍ မရပါ။',
  },
  inspection_not_found: { en: 'Inspection not found.', my: 'စစ်ဆေးခြင်းကို ရှာမတွေ့ပါ။' },
  // Replays of an offline phone's queue (docs/decisions/092-idempotent-replays.md).
  idempotency_key_invalid: {
    en: 'The Idempotency-Key header must be :0 to :1 printable characters.',
    my: 'ထပ်ပို့ခြင်း သော့ (Idempotency-Key) ခေါင်းစီးသည် ပုံနှိပ်နိုင်သော စာလုံး :0 လုံးမှ :1 လုံးအထိ ဖြစ်ရပါမည်။',
  },
  idempotency_key_busy: {
    en: 'The first request with this Idempotency-Key is still being processed. Please try again in a moment.',
    my: 'ဤထပ်ပို့ခြင်း သော့ (Idempotency-Key) ဖြင့် ပထမဆုံး ပေးပို့ထားသော တောင်းဆိုမှုကို လုပ်ဆောင်နေဆဲ ဖြစ်ပါသည်။ ခဏအကြာတွင် ထပ်ကြိုးစားပါ။',
  },
  idempotency_key_reused: {
    en: 'This Idempotency-Key was already used for a different request.',
    my: 'ဤထပ်ပို့ခြင်း သော့ (Idempotency-Key) ကို အခြား တောင်းဆိုမှုတစ်ခုအတွက် အသုံးပြုပြီး ဖြစ်ပါသည်။',
  },
  // Notices and public concerns (issue 27).
  notice_not_found: { en: 'Notice not found.', my: 'အသိပေးချက်ကို ရှာမတွေ့ပါ။' },
  concern_not_found: { en: 'Concern not found.', my: 'စိုးရိမ်ချက်ကို ရှာမတွေ့ပါ။' },
  photo_hash_mismatch: {
    en: 'The photo that arrived does not match its :field: it changed after it was taken, or on the way.',
    my: 'ရောက်ရှိလာသော ဓာတ်ပုံသည် ၎င်း၏ :field နှင့် မကိုက်ညီပါ- ရိုက်ပြီးနောက် သို့မဟုတ် ပို့စဉ်အတွင်း ပြောင်းလဲသွားပါသည်။',
  },
  checklist_item_unknown: {
    en: 'The :field name an item that is not on this inspection’s checklist: :0.',
    my: ':field တွင် ဤစစ်ဆေးခြင်း၏ စစ်ဆေးရန်စာရင်း၌ မပါသော အချက် ပါဝင်နေပါသည်- :0။',
  },
  inspection_photo_not_found: { en: 'Photo not found.', my: 'ဓာတ်ပုံကို ရှာမတွေ့ပါ။' },
  checklist_item_not_found: { en: 'Checklist item not found.', my: 'စစ်ဆေးရန်စာရင်းပါ အချက်ကို ရှာမတွေ့ပါ။' },
  concern_photo_not_found: { en: 'This concern has no photo.', my: 'ဤစိုးရိမ်ချက်တွင် ဓာတ်ပုံ မပါပါ။' },
  concern_answered: {
    en: 'This concern has been answered already.',
    my: 'ဤစိုးရိမ်ချက်ကို ဖြေကြားပြီး ဖြစ်ပါသည်။',
  },
  not_approved: {
    en: 'Only an approved project has a site signboard.',
    my: 'အတည်ပြုပြီး စီမံကိန်းတွင်သာ လုပ်ငန်းခွင် ဆိုင်းဘုတ် ရှိပါသည်။',
  },
  // Issue 28, item 6: a result is what was found on the day, so not before it.
  result_before_date: {
    en: 'The :field cannot be recorded before the inspection date (:0, Myanmar time).',
    my: 'စစ်ဆေးခြင်း ရက်စွဲ (:0၊ မြန်မာစံတော်ချိန်) မတိုင်မီ :field ကို မှတ်တမ်းတင်၍ မရပါ။',
  },
  inspection_closed: {
    en: 'This inspection is :0 and can no longer be changed.',
    my: 'ဤစစ်ဆေးခြင်းသည် “:0” ဖြစ်ပြီး ပြောင်းလဲ၍ မရတော့ပါ။',
  },
  countersignature_not_found: {
    en: 'You have no countersignature for this discipline on this registration.',
    my: 'ဤမှတ်ပုံတင်မှုတွင် ဤဘာသာရပ်အတွက် သင်၏ တွဲဖက်လက်မှတ် မရှိပါ။',
  },
  // :0 is the field's discipline. Issue 28, item 6.
  comment_discipline: {
    en: 'This field belongs to the :0 discipline; comment on it under that discipline.',
    my: 'ဤအကွက်သည် :0 ဘာသာရပ်နှင့် သက်ဆိုင်ပါသည်။ ထိုဘာသာရပ်အောက်တွင် မှတ်ချက်ပေးပါ။',
  },
  report_missing: { en: 'The report file is missing.', my: 'အစီရင်ခံစာ ဖိုင် မရှိတော့ပါ။' },
  // Issue 30: construction stages are reported after approval, each once (decision 094).
  stage_not_approved: {
    en: 'Construction stages can be reported once the registration is approved.',
    my: 'မှတ်ပုံတင်မှုကို အတည်ပြုပြီးမှသာ ဆောက်လုပ်ရေး အဆင့်များကို အစီရင်ခံနိုင်ပါသည်။',
  },
  stage_reported: {
    en: 'The “:0” stage has been reported already.',
    my: '“:0” အဆင့်ကို အစီရင်ခံပြီး ဖြစ်ပါသည်။',
  },
  cover_letter_missing: { en: 'The cover letter file is missing.', my: 'တင်ပြစာ ဖိုင် မရှိတော့ပါ။' },
  cover_letter_checksum: {
    en: 'The stored cover letter does not match its checksum.',
    my: 'သိမ်းဆည်းထားသော တင်ပြစာ ဖိုင်သည် မူရင်းနှင့် မကိုက်ညီပါ။',
  },
  multipart_required: {
    en: 'The request must be sent as multipart/form-data.',
    my: 'တောင်းဆိုချက်ကို multipart/form-data အဖြစ် ပို့ရပါမည်။',
  },
  too_many_fields: { en: 'The form has too many fields.', my: 'ပုံစံတွင် အကွက် များလွန်းပါသည်။' },
  form_unreadable: { en: 'The form data could not be read.', my: 'ပုံစံ၏ အချက်အလက်ကို ဖတ်၍ မရပါ။' },
  invalid_data: { en: 'The given data was invalid.', my: 'ပေးပို့သော အချက်အလက် မမှန်ကန်ပါ။' },
  body_object: {
    en: 'The request body must be a JSON object.',
    my: 'တောင်းဆိုချက်၏ ကိုယ်ထည်သည် JSON အရာဝတ္ထု (object) ဖြစ်ရပါမည်။',
  },
  body_too_large: { en: 'The request body is too large.', my: 'တောင်းဆိုချက် ကြီးလွန်းပါသည်။' },
  unsupported_type: { en: 'Unsupported content type.', my: 'ဤအကြောင်းအရာ အမျိုးအစားကို လက်မခံပါ။' },
  invalid_json: { en: 'The request body is not valid JSON.', my: 'တောင်းဆိုချက်၏ ကိုယ်ထည်သည် မှန်ကန်သော JSON မဟုတ်ပါ။' },
  bad_request: { en: 'Bad request.', my: 'တောင်းဆိုချက် မမှန်ကန်ပါ။' },
  server_error: { en: 'Server error.', my: 'ဆာဗာတွင် အမှားတစ်ခု ဖြစ်ပေါ်နေပါသည်။ နောက်မှ ထပ်ကြိုးစားပါ။' },
  two_factor_recovery_code: {
    en: 'This recovery code is not right, or it has already been used.',
    my: 'ဤအရန်ကုဒ် မမှန်ကန်ပါ သို့မဟုတ် အသုံးပြုပြီး ဖြစ်ပါသည်။',
  },
  two_factor_challenge: {
    en: 'This sign-in has expired. Please sign in again with your e-mail and password.',
    my: 'ဤအကောင့်ဝင်ရောက်မှု သက်တမ်းကုန်သွားပါပြီ။ အီးမေးလ်နှင့် စကားဝှက်ဖြင့် ထပ်မံ ဝင်ရောက်ပါ။',
  },
  two_factor_no_setup: {
    en: 'Start the set-up again: scan the new QR code first.',
    my: 'စတင်သတ်မှတ်ခြင်းကို ပြန်စပါ- QR ကုဒ်အသစ်ကို အရင် စကင်ဖတ်ပါ။',
  },
  two_factor_enabled: {
    en: 'Two-step sign-in is already set up for this account.',
    my: 'ဤအကောင့်အတွက် နှစ်ဆင့် အတည်ပြု ဝင်ရောက်ခြင်းကို သတ်မှတ်ပြီး ဖြစ်ပါသည်။',
  },
  two_factor_sign_in: {
    en: 'Enter the code from your authenticator app to finish signing in.',
    my: 'အကောင့်ဝင်ရောက်ခြင်း ပြီးဆုံးရန် အတည်ပြုကုဒ် အက်ပ်မှ ကုဒ်ကို ထည့်ပါ။',
  },
  two_factor_codes_saved: {
    en: 'Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.',
    my: 'နှစ်ဆင့် အတည်ပြု ဝင်ရောက်ခြင်း ဖွင့်ပြီးပါပြီ။ ဤအရန်ကုဒ်များကို လုံခြုံသောနေရာတွင် သိမ်းထားပါ- တစ်ခုစီကို တစ်ကြိမ်သာ သုံးနိုင်ပြီး ယခုတစ်ကြိမ်သာ ပြသပါမည်။',
  },
  two_factor_enrol: {
    en: 'Administrators must set up two-step sign-in before they can sign in again.',
    my: 'စီမံခန့်ခွဲသူများသည် ထပ်မံ ဝင်ရောက်နိုင်ရန် နှစ်ဆင့် အတည်ပြု ဝင်ရောက်ခြင်းကို သတ်မှတ်ရပါမည်။',
  },
  // Design documents (issue 25, docs/api.md "Documents of a registration").
  document_not_found: { en: 'Document not found.', my: 'စာတမ်းကို ရှာမတွေ့ပါ။' },
  upload_unknown: {
    en: 'The upload was not found or has expired. Please upload the file again.',
    my: 'တင်ထားသော ဖိုင်ကို ရှာမတွေ့ပါ သို့မဟုတ် သက်တမ်းကုန်သွားပါပြီ။ ဖိုင်ကို ထပ်မံ တင်ပါ။',
  },
  upload_unfinished: {
    en: 'The upload is not finished yet. Please wait until it is complete.',
    my: 'ဖိုင်တင်ခြင်း မပြီးသေးပါ။ ပြီးဆုံးသည်အထိ စောင့်ပါ။',
  },
  pdf_encrypted: {
    en: 'The :field is encrypted or protected by a password. Please send a PDF without a password.',
    my: ':field ကို စကားဝှက်ဖြင့် ကာကွယ်ထားပါသည်။ စကားဝှက်မပါသော PDF ကို ပေးပို့ပါ။',
  },
  documents_required: {
    en: 'Upload at least one current document for each discipline that names a counterpart: :0.',
    my: 'အမျိုးသားအဆင့် တွဲဖက်ပုဂ္ဂိုလ် အမည်ပါသော ဘာသာရပ်တိုင်းအတွက် လက်ရှိစာတမ်း အနည်းဆုံး တစ်ခု တင်ပါ- :0။',
  },
  documents_locked: {
    en: 'Documents can be changed only while the registration is a draft or returned for changes.',
    my: 'မှတ်ပုံတင်မှုသည် မူကြမ်း သို့မဟုတ် ပြင်ဆင်ရန် ပြန်ပို့ထားချိန်တွင်သာ စာတမ်းများကို ပြောင်းလဲနိုင်ပါသည်။',
  },
  approved_copy_missing: {
    en: 'This document has no approved copy.',
    my: 'ဤစာတမ်းတွင် အတည်ပြုထားသော မိတ္တူ မရှိပါ။',
  },
  comment_not_found: { en: 'Comment not found.', my: 'မှတ်ချက်ကို ရှာမတွေ့ပါ။' },
  completion_not_inspected: {
    en: 'The completion certificate is issued once the completion inspection has passed.',
    my: 'ပြီးစီးမှု စစ်ဆေးခြင်း အောင်မြင်ပြီးမှသာ ဆောက်လုပ်ရေး ပြီးစီးကြောင်း လက်မှတ်ကို ထုတ်ပေးပါသည်။',
  },
  completion_change_open: {
    en: 'The completion certificate waits until no design change report is open.',
    my: 'ဖွင့်ထားသော ဒီဇိုင်း ပြောင်းလဲမှု အစီရင်ခံစာ မရှိတော့မှသာ ဆောက်လုပ်ရေး ပြီးစီးကြောင်း လက်မှတ်ကို ထုတ်ပေးပါသည်။',
  },
  // ---- The designer's presentation (issue 30) ----
  presentation_not_found: { en: 'Presentation not found.', my: 'တင်ပြပွဲကို ရှာမတွေ့ပါ။' },
  presentation_past: {
    en: 'The :field must be in the future.',
    my: ':field သည် အနာဂတ်အချိန် ဖြစ်ရပါမည်။',
  },
  presentation_status: {
    en: 'A presentation is scheduled only for a submitted registration under review.',
    my: 'စိစစ်ဆဲ တင်သွင်းပြီးသော မှတ်ပုံတင်မှုအတွက်သာ တင်ပြပွဲကို စီစဉ်နိုင်ပါသည်။',
  },
  // ---- Design changes during construction (issue 30) ----
  change_report_not_found: { en: 'Change report not found.', my: 'ဒီဇိုင်း ပြောင်းလဲမှု အစီရင်ခံစာကို ရှာမတွေ့ပါ။' },
  change_report_needs_approval: {
    en: 'A change report can be filed only for an approved registration.',
    my: 'အတည်ပြုပြီးသော မှတ်ပုံတင်မှုအတွက်သာ ဒီဇိုင်း ပြောင်းလဲမှု အစီရင်ခံစာ တင်နိုင်ပါသည်။',
  },
  change_report_document: {
    en: 'Each revised sheet must be a new revision of this registration uploaded after approval, not named by another change report.',
    my: 'ပြင်ဆင်ထားသော စာရွက်တိုင်းသည် အတည်ပြုပြီးနောက် တင်ထားသော ဤမှတ်ပုံတင်မှု၏ ပြင်ဆင်မှုအသစ် ဖြစ်ရမည်ဖြစ်ပြီး အခြား ပြောင်းလဲမှု အစီရင်ခံစာတွင် မပါဝင်ရပါ။',
  },
  change_report_same_sheet: {
    en: 'Name one revision of each sheet only.',
    my: 'စာရွက်တစ်ခုစီအတွက် ပြင်ဆင်မှု တစ်ခုတည်းကိုသာ ရွေးပါ။',
  },
  change_report_discipline: {
    en: 'This change report does not concern this discipline.',
    my: 'ဤ ပြောင်းလဲမှု အစီရင်ခံစာသည် ဤဘာသာရပ်နှင့် မသက်ဆိုင်ပါ။',
  },
  change_report_closed: {
    en: 'This change report is closed.',
    my: 'ဤ ပြောင်းလဲမှု အစီရင်ခံစာကို ပိတ်ပြီး ဖြစ်ပါသည်။',
  },
  change_report_not_minor: {
    en: 'A major change report is countersigned, not acknowledged.',
    my: 'အဓိက ပြောင်းလဲမှု အစီရင်ခံစာကို အသိအမှတ်ပြုရုံ မဟုတ်ဘဲ တွဲဖက်လက်မှတ် ထိုးရပါသည်။',
  },
  change_report_not_major: {
    en: 'A minor change report is acknowledged; it has no countersignatures or decision.',
    my: 'အသေးစား ပြောင်းလဲမှု အစီရင်ခံစာကို အသိအမှတ်ပြုရုံသာ ဖြစ်ပြီး တွဲဖက်လက်မှတ် သို့မဟုတ် ဆုံးဖြတ်ချက် မလိုပါ။',
  },
  // ---- Passkeys and step-up for legal acts (issue 26, decisions 074-076) ----
  step_up_required: {
    en: 'Confirm it is you with your passkey or a code from your authenticator app (a proof lasts 5 minutes and signs one act).',
    my: 'သင်ဖြစ်ကြောင်း သင်၏ ပတ်စ်ကီး သို့မဟုတ် အတည်ပြုကုဒ် အက်ပ်မှ ကုဒ်ဖြင့် အတည်ပြုပါ (အတည်ပြုချက်တစ်ခုသည် ၅ မိနစ်ခံပြီး လုပ်ဆောင်ချက်တစ်ခုကိုသာ လက်မှတ်ထိုးပါသည်)။',
  },
  two_factor_required: {
    en: 'Set up a passkey or an authenticator app in your profile (Security) before you sign legal acts.',
    my: 'တရားဝင် လုပ်ဆောင်ချက်များကို လက်မှတ်မထိုးမီ သင့်ကိုယ်ရေးအချက်အလက် (လုံခြုံရေး) တွင် ပတ်စ်ကီး သို့မဟုတ် အတည်ပြုကုဒ် အက်ပ်ကို သတ်မှတ်ပါ။',
  },
  passkey_unknown: {
    en: 'This passkey is not registered for an account here, or it was removed.',
    my: 'ဤပတ်စ်ကီးကို ဤနေရာရှိ အကောင့်တစ်ခုအတွက် မှတ်ပုံတင်ထားခြင်း မရှိပါ သို့မဟုတ် ဖယ်ရှားပြီး ဖြစ်ပါသည်။',
  },
  passkey_not_found: { en: 'Passkey not found.', my: 'ပတ်စ်ကီး မတွေ့ပါ။' },
  security_link_sent: {
    en: 'We have mailed you a link. Open it within 30 minutes to add or remove a second factor.',
    my: 'သင့်ထံ လင့်ခ်တစ်ခု ပို့ထားပါသည်။ ဒုတိယ အတည်ပြုနည်းလမ်းကို ထည့်ရန် သို့မဟုတ် ဖယ်ရှားရန် မိနစ် ၃၀ အတွင်း ဖွင့်ပါ။',
  },
  two_factor_enrol_mailed: {
    en: 'You must set up two-step sign-in before you can sign in again. We have mailed you a link: open it, then sign in again to set it up.',
    my: 'ထပ်မံ ဝင်ရောက်နိုင်ရန် နှစ်ဆင့် အတည်ပြု ဝင်ရောက်ခြင်းကို သတ်မှတ်ရပါမည်။ သင့်ထံ လင့်ခ်တစ်ခု ပို့ထားပါသည်- ၎င်းကို ဖွင့်ပြီး သတ်မှတ်ရန် ထပ်မံ ဝင်ရောက်ပါ။',
  },
  service_unavailable: {
    en: 'The service is briefly unavailable. Please try again in a few seconds.',
    my: 'ဝန်ဆောင်မှုကို ခဏတာ အသုံးပြု၍ မရသေးပါ။ စက္ကန့်အနည်းငယ်အကြာတွင် ထပ်ကြိုးစားပါ။',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageCode = FormMessageCode | keyof typeof ANSWER_TEMPLATES;

/**
 * Every template, for the server and for the tests that keep the Burmese column complete.
 * Marked pure so that a bundle which does not use it leaves the answers out (an object
 * spread would be kept, in case it had effects).
 */
export const MESSAGE_TEMPLATES: Readonly<Record<MessageCode, Readonly<Record<Locale, string>>>> =
  /* @__PURE__ */ Object.assign({}, FORM_MESSAGE_TEMPLATES, ANSWER_TEMPLATES);

/** Builds a message code: rule('max', 'name', 255) → "max|name|255". */
export function rule(code: MessageCode, field: string, ...params: (string | number)[]): string {
  return [code, field, ...params].join('|');
}

/** The 429 message code for a wait of `seconds` (rounded up, at least 1). */
export function throttled(seconds: number): string {
  return rule('throttled', '', Math.max(1, Math.ceil(seconds)));
}

/** A message code without a field: messageCode('not_found') → "not_found|". */
export function messageCode(code: MessageCode, ...params: (string | number)[]): string {
  return rule(code, '', ...params);
}

/**
 * Renders any message code in a language (the server's answers and the form codes); plain
 * text passes through unchanged. The pages use renderFormMessage, which has no answers.
 */
export function renderMessage(message: string, locale: Locale = 'en'): string {
  return renderWith(MESSAGE_TEMPLATES as MessageTemplates, message, locale);
}
