import { PRODUCT, toMyanmarDigits, type Locale } from '@hpbc/shared';
import { renderMail as render, type RenderedMail } from '../../lib/mail-layout';

/** A change of a second factor, told to its owner (issue 24 hole 2 and 5, issue 26, issue 28 item 2). */
export type SecurityChange =
  'passkey_added' | 'passkey_removed' | 'totp_enabled' | 'recovery_code_used' | 'recovery_codes_renewed';

const WHAT: Record<SecurityChange, Record<Locale, (detail: string) => string>> = {
  passkey_added: {
    en: (d) => `A passkey ("${d}") was added to your account. It can now sign you in and sign legal acts.`,
    my: (d) =>
      `သင့်အကောင့်တွင် ပတ်စ်ကီး ("${d}") ကို ထည့်ခဲ့ပါသည်။ ၎င်းဖြင့် ယခု အကောင့်ဝင်ရောက်ခြင်းနှင့် တရားဝင် လုပ်ဆောင်ချက်များကို လက်မှတ်ထိုးခြင်း ပြုလုပ်နိုင်ပါပြီ။`,
  },
  passkey_removed: {
    en: (d) => `The passkey "${d}" was removed from your account.`,
    my: (d) => `ပတ်စ်ကီး "${d}" ကို သင့်အကောင့်မှ ဖယ်ရှားခဲ့ပါသည်။`,
  },
  totp_enabled: {
    en: () => 'Two-step sign-in with an authenticator app was turned on for your account.',
    my: () => 'သင့်အကောင့်အတွက် အတည်ပြုကုဒ် အက်ပ်ဖြင့် နှစ်ဆင့် အတည်ပြု ဝင်ရောက်ခြင်းကို ဖွင့်ခဲ့ပါသည်။',
  },
  recovery_code_used: {
    en: (d) => `A recovery code was used to sign in to your account. Recovery codes left: ${d}.`,
    my: (d) => `သင့်အကောင့်သို့ ဝင်ရောက်ရန် အရန်ကုဒ်တစ်ခုကို အသုံးပြုခဲ့ပါသည်။ ကျန်ရှိသော အရန်ကုဒ်- ${toMyanmarDigits(d)}။`,
  },
  recovery_codes_renewed: {
    en: () => 'New recovery codes were made for your account; the old ones no longer work.',
    my: () => 'သင့်အကောင့်အတွက် အရန်ကုဒ်အသစ်များ ပြုလုပ်ခဲ့ပါသည်။ အဟောင်းများကို မသုံးနိုင်တော့ပါ။',
  },
};

/** To the owner after every addition, removal, recovery-code use or renewal of a second factor. */
export function securityChangeMail(opts: {
  name: string;
  locale: Locale;
  change: SecurityChange;
  detail?: string;
  when: string;
  securityUrl: string;
}): RenderedMail {
  const what = WHAT[opts.change][opts.locale](opts.detail ?? '');
  if (opts.locale === 'my') {
    return render('my', {
      kind: 'account_security',
      subject: `${PRODUCT.short} - သင့်အကောင့်၏ လုံခြုံရေး ပြောင်းလဲမှု`,
      greeting: `${opts.name} ထံသို့`,
      paragraphs: [what, `အချိန်- ${opts.when}`, 'ဤပြောင်းလဲမှုကို သင် မပြုလုပ်ခဲ့ပါက သင့်စကားဝှက်ကို ချက်ချင်း ပြောင်းပြီး ကော်မတီကို ဆက်သွယ်ပါ။'],
      action: { label: 'လုံခြုံရေး ဆက်တင်များ', url: opts.securityUrl },
    });
  }
  return render('en', {
    kind: 'account_security',
    subject: `${PRODUCT.short} - A security change on your account`,
    greeting: `Hello ${opts.name},`,
    paragraphs: [
      what,
      `When: ${opts.when}`,
      'If this was not you, change your password at once and contact the committee.',
    ],
    action: { label: 'Security settings', url: opts.securityUrl },
  });
}

/** The link that, with the password already given, allows one change of the second factors. */
export function securityLinkMail(opts: { name: string; locale: Locale; url: string; minutes: number }): RenderedMail {
  if (opts.locale === 'my') {
    return render('my', {
      kind: 'account_security',
      subject: `${PRODUCT.short} - ဒုတိယ အတည်ပြုနည်းလမ်း ပြောင်းလဲရန် လင့်ခ်`,
      greeting: `${opts.name} ထံသို့`,
      paragraphs: [
        `ပတ်စ်ကီး သို့မဟုတ် အတည်ပြုကုဒ် အက်ပ်ကို ထည့်ရန် သို့မဟုတ် ဖယ်ရှားရန် သင့်စကားဝှက်ဖြင့် တောင်းဆိုခဲ့ပါသည်။ ဤလင့်ခ်ကို မိနစ် ${toMyanmarDigits(opts.minutes)} အတွင်း တစ်ကြိမ်သာ သုံးနိုင်ပါသည်။`,
        'ဤတောင်းဆိုမှုကို သင် မပြုလုပ်ခဲ့ပါက ဤစာကို လျစ်လျူရှုပြီး သင့်စကားဝှက်ကို ပြောင်းပါ- တစ်စုံတစ်ယောက်က သင့်စကားဝှက်ကို သိနေပါသည်။',
      ],
      action: { label: 'ဆက်လုပ်ရန်', url: opts.url },
    });
  }
  return render('en', {
    kind: 'account_security',
    subject: `${PRODUCT.short} - Your link to change your second factor`,
    greeting: `Hello ${opts.name},`,
    paragraphs: [
      `Your password was given to add or remove a passkey or an authenticator app. This link works once, within ${opts.minutes} minutes.`,
      'If this was not you, ignore this mail and change your password: someone knows it.',
    ],
    action: { label: 'Continue', url: opts.url },
  });
}
