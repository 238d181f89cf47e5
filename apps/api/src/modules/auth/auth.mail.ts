import { PRODUCT, type Locale } from '@hpbc/shared';
import { renderMail as render, type RenderedMail } from '../../lib/mail-layout';

export type { RenderedMail };

export function verificationMail(opts: { name: string; url: string; locale: Locale }): RenderedMail {
  if (opts.locale === 'my') {
    return render('my', {
      kind: 'account_security',
      subject: `${PRODUCT.short} - အီးမေးလ်လိပ်စာကို အတည်ပြုပါ`,
      greeting: `${opts.name} ထံသို့`,
      paragraphs: [`${PRODUCT.short} ပေါ်တယ်တွင် အကောင့်ဖွင့်ခြင်းအတွက် ကျေးဇူးတင်ပါသည်။ အောက်ပါခလုတ်ကို နှိပ်၍ သင်၏ အီးမေးလ်လိပ်စာကို အတည်ပြုပါ။`],
      action: { label: 'အီးမေးလ်ကို အတည်ပြုရန်', url: opts.url },
      after: ['ဤလင့်ခ်သည် မိနစ် ၆၀ အတွင်း သက်တမ်းကုန်ပါမည်။', 'သင် အကောင့်ဖွင့်ခဲ့ခြင်း မရှိပါက ဤစာကို လျစ်လျူရှုနိုင်ပါသည်။'],
    });
  }
  return render('en', {
    kind: 'account_security',
    subject: `${PRODUCT.short} - Verify your email address`,
    greeting: `Hello ${opts.name},`,
    paragraphs: [
      `Thank you for creating an account on the ${PRODUCT.short} portal. Please confirm your email address.`,
    ],
    action: { label: 'Verify Email Address', url: opts.url },
    after: ['This link expires in 60 minutes.', 'If you did not create an account, you can ignore this email.'],
  });
}

export function passwordResetMail(opts: { name: string; url: string; locale: Locale }): RenderedMail {
  if (opts.locale === 'my') {
    return render('my', {
      kind: 'account_security',
      subject: `${PRODUCT.short} - စကားဝှက် ပြန်လည်သတ်မှတ်ရန်`,
      greeting: `${opts.name} ထံသို့`,
      paragraphs: ['သင်၏ အကောင့်အတွက် စကားဝှက် ပြန်လည်သတ်မှတ်ရန် တောင်းဆိုမှုကို ကျွန်ုပ်တို့ လက်ခံရရှိပါသည်။'],
      action: { label: 'စကားဝှက် ပြန်လည်သတ်မှတ်ရန်', url: opts.url },
      after: [
        'ဤလင့်ခ်သည် မိနစ် ၆၀ အတွင်း သက်တမ်းကုန်ပြီး တစ်ကြိမ်သာ အသုံးပြုနိုင်ပါသည်။',
        'သင် တောင်းဆိုခဲ့ခြင်း မရှိပါက မည်သည့် လုပ်ဆောင်ချက်မျှ ပြုလုပ်ရန် မလိုပါ။ သင်၏ စကားဝှက် မပြောင်းလဲပါ။',
      ],
    });
  }
  return render('en', {
    kind: 'account_security',
    subject: `${PRODUCT.short} - Reset your password`,
    greeting: `Hello ${opts.name},`,
    paragraphs: ['We received a request to reset the password of your account.'],
    action: { label: 'Reset Password', url: opts.url },
    after: [
      'This link expires in 60 minutes and can be used once.',
      'If you did not ask for this, no action is needed; your password stays the same.',
    ],
  });
}

/** A moment as account mails write it, in Myanmar time: the committee and its users are there, whatever the server's zone. */
export function mailStamp(when: Date, locale: Locale): string {
  return locale === 'my'
    ? `${new Intl.DateTimeFormat('my-MM', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Yangon' }).format(when)} (မြန်မာစံတော်ချိန်)`
    : `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Yangon' }).format(when)} (Myanmar time)`;
}

export function passwordChangedMail(opts: {
  name: string;
  when: Date;
  locale: Locale;
  loginUrl: string;
}): RenderedMail {
  const stamp = mailStamp(opts.when, opts.locale);
  if (opts.locale === 'my') {
    return render('my', {
      kind: 'account_security',
      subject: `${PRODUCT.short} - သင်၏ စကားဝှက် ပြောင်းလဲပြီးပါပြီ`,
      greeting: `${opts.name} ထံသို့`,
      paragraphs: [
        `သင်၏ ${PRODUCT.short} အကောင့် စကားဝှက်ကို ${stamp} တွင် ပြောင်းလဲခဲ့ပါသည်။ အခြား စက်များမှ ဝင်ရောက်ထားမှုများကို ထွက်စေပြီး ဖြစ်ပါသည်။`,
        'သင် ပြောင်းလဲခဲ့ခြင်း မဟုတ်ပါက "စကားဝှက် မေ့နေပါသလား" ဖြင့် ချက်ချင်း ပြန်လည်သတ်မှတ်ပြီး စီမံခန့်ခွဲသူကို ဆက်သွယ်ပါ။',
      ],
      action: { label: 'အကောင့်သို့ ဝင်ရန်', url: opts.loginUrl },
    });
  }
  return render('en', {
    kind: 'account_security',
    subject: `${PRODUCT.short} - Your password was changed`,
    greeting: `Hello ${opts.name},`,
    paragraphs: [
      `The password of your ${PRODUCT.short} account was changed on ${stamp}. Sessions on other devices have been signed out.`,
      'If you did not make this change, reset your password at once with "Forgot your password?" and contact the administrator.',
    ],
    action: { label: 'Sign in', url: opts.loginUrl },
  });
}
