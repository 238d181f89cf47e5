import { PRODUCT, type Locale } from '@hpbc/shared';
import { renderMail as render, type RenderedMail } from '../../lib/mail-layout';

/** To the owner when many sign-ins with wrong passwords hit the account (at most once a day). */
export function loginAttackMail(opts: { name: string; locale: Locale; resetUrl: string }): RenderedMail {
  if (opts.locale === 'my') {
    return render('my', {
      kind: 'account_security',
      subject: `${PRODUCT.short} - သင့်အကောင့်သို့ မှားယွင်းသော ဝင်ရောက်မှုများ`,
      greeting: `${opts.name} ထံသို့`,
      paragraphs: [
        'မကြာသေးမီက သင့်အကောင့်သို့ မှားယွင်းသော စကားဝှက်များဖြင့် ဝင်ရောက်ရန် ကြိုးစားမှု အများအပြား ရှိခဲ့ပါသည်။ ထို့ကြောင့် ဝင်ရောက်မှုတစ်ခုစီကြား စောင့်ချိန်ကို ယာယီ တိုးထားပါသည်။ မှန်ကန်သော စကားဝှက်ဖြင့် တစ်မိနစ်အတွင်း ဆက်လက် ဝင်ရောက်နိုင်ပါသည်။',
        'ဤကြိုးစားမှုများသည် သင် မဟုတ်ပါက သင့်စကားဝှက်ကို ခိုင်မာသော စကားဝှက်အသစ်ဖြင့် ပြောင်းလဲပါ။ ပြန်လည်သတ်မှတ်ခြင်း အောင်မြင်ပါက စောင့်ချိန်များ ပြန်လည် ပယ်ဖျက်ပါမည်။',
      ],
      action: { label: 'စကားဝှက် ပြန်လည်သတ်မှတ်ရန်', url: opts.resetUrl },
    });
  }
  return render('en', {
    kind: 'account_security',
    subject: `${PRODUCT.short} - Many failed sign-ins to your account`,
    greeting: `Hello ${opts.name},`,
    paragraphs: [
      'There have just been many attempts to sign in to your account with wrong passwords, so each further attempt now has to wait a little. With the right password you can still sign in within a minute.',
      'If these attempts were not yours, change your password to a new, strong one. A successful reset also lifts the waiting.',
    ],
    action: { label: 'Reset Password', url: opts.resetUrl },
  });
}

/** To the OLD address when the account's e-mail address is changed. */
export function emailChangedMail(opts: { name: string; locale: Locale; newEmail: string }): RenderedMail {
  if (opts.locale === 'my') {
    return render('my', {
      kind: 'account_security',
      subject: `${PRODUCT.short} - သင့်အကောင့်၏ အီးမေးလ်လိပ်စာ ပြောင်းလဲပြီးပါပြီ`,
      greeting: `${opts.name} ထံသို့`,
      paragraphs: [
        `သင်၏ ${PRODUCT.short} အကောင့်၏ အီးမေးလ်လိပ်စာကို ${opts.newEmail} သို့ ပြောင်းလဲခဲ့ပါသည်။ ဤလိပ်စာသို့ အကောင့်နှင့်ပတ်သက်သော စာများ နောက်ထပ် ရောက်လာမည် မဟုတ်ပါ။ အခြား စက်များမှ ဝင်ရောက်ထားမှုများကို ထွက်စေပြီး ဖြစ်ပါသည်။`,
        'သင် ပြောင်းလဲခဲ့ခြင်း မဟုတ်ပါက စီမံခန့်ခွဲသူကို ချက်ချင်း ဆက်သွယ်ပါ။',
      ],
    });
  }
  return render('en', {
    kind: 'account_security',
    subject: `${PRODUCT.short} - The email address of your account was changed`,
    greeting: `Hello ${opts.name},`,
    paragraphs: [
      `The email address of your ${PRODUCT.short} account was changed to ${opts.newEmail}. Mail about the account no longer comes to this address. Sessions on other devices have been signed out.`,
      'If you did not make this change, contact the administrator at once.',
    ],
  });
}
