import { describe, expect, it } from 'vitest';
import { drawingToTypedOrder, looksLikeDrawingOrder, typedMyanmarOrder } from './myanmar-order';

describe('Burmese drawing order', () => {
  it.each([
    ['ေသာ', 'သော'],
    ['အေဆာက်အအုံ', 'အဆောက်အအုံ'],
    ['ြဖစ်ြပီး', 'ဖြစ်ပြီး'],
    ['ေြပာ', 'ပြော'],
    ['ေကာ်လံ', 'ကော်လံ'],
    ['ေရွး', 'ရွေး'],
    ['ြမန်မာနိုင်ငံ', 'မြန်မာနိုင်ငံ'],
  ])('puts %s back as %s', (drawn, typed) => {
    expect(drawingToTypedOrder(drawn)).toBe(typed);
    // With a tell elsewhere on the page (a word starting with E), the whole text is repaired.
    expect(typedMyanmarOrder(`ေကာ် ${drawn} y`)).toBe(`ကော် ${typed} y`);
  });

  it('recognises drawing order only where typed text cannot have it', () => {
    expect(looksLikeDrawingOrder('ဒဏ်ခံနိုင်ေသာ ေကာ်လံ')).toBe(true);
    expect(looksLikeDrawingOrder('ြမန်မာ')).toBe(true);
    expect(looksLikeDrawingOrder('ေြပာ')).toBe(true);
    expect(looksLikeDrawingOrder('ဒဏ်ခံနိုင်သော အဆောက်အအုံ ကနေ ပြောသည်')).toBe(false);
    expect(looksLikeDrawingOrder('Plain English text.')).toBe(false);
  });

  it('leaves typed text and other scripts as they are', () => {
    const typed = 'ငလျင် ဒဏ်ခံနိုင်သော အဆောက်အအုံ ဒီဇိုင်းတွင် ကော်လံများသည် ရက်မများထက် ပိုမို ခိုင်ခံ့ရမည်။ Clause 4.2';
    expect(typedMyanmarOrder(typed)).toBe(typed);
  });

  it('leaves a sign with no consonant after it alone', () => {
    expect(drawingToTypedOrder('ေ 1')).toBe('ေ 1');
  });
});
