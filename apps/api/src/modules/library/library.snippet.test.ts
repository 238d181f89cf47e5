import { describe, expect, it } from 'vitest';
import { buildSnippet, escapeHtml } from './library.snippet';

const page =
  'Clause 4.2 Foundations. The bearing capacity of the soil shall be established by a pile load test ' +
  'before the design of piles is approved. Piling works shall be supervised. '.repeat(4);

describe('buildSnippet', () => {
  it('marks whole words that start with a searched prefix', () => {
    const s = buildSnippet(page, { kind: 'words', prefixes: ['pil'] });
    expect(s).toContain('<mark>pile</mark> load');
    expect(s).toContain('<mark>piles</mark>');
    expect(s).toContain('<mark>Piling</mark>');
    expect(s).not.toContain('<mark>capacity');
  });

  it('does not mark a prefix in the middle of a word', () => {
    const s = buildSnippet('The compile step, then pile.', { kind: 'words', prefixes: ['pile'] });
    expect(s).toBe('The compile step, then <mark>pile</mark>.');
  });

  it('cuts long pages around the first match with ellipses', () => {
    const long = `${'word '.repeat(200)}needle ${'tail '.repeat(200)}`;
    const s = buildSnippet(long, { kind: 'words', prefixes: ['needle'] }, 100);
    expect(s.startsWith('… ')).toBe(true);
    expect(s.endsWith(' …')).toBe(true);
    expect(s).toContain('<mark>needle</mark>');
    expect(s.replace(/<\/?mark>/g, '').length).toBeLessThan(140);
  });

  it('escapes the page text and allows no markup but <mark>', () => {
    const s = buildSnippet('<script>alert("x")</script> & <b>pile</b>', { kind: 'words', prefixes: ['pile'] });
    expect(s).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;<mark>pile</mark>&lt;/b&gt;');
    expect(s.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('finds Burmese substrings and does not split a syllable at the cut', () => {
    const burmese = `${'အဆောက်အအုံ '.repeat(40)}ကွန်ကရစ်အုတ်မြစ်${'ဆောက်လုပ်ရေး'.repeat(40)}`;
    const s = buildSnippet(burmese, { kind: 'substrings', terms: ['ကွန်ကရစ်'] }, 80);
    expect(s).toContain('<mark>ကွန်ကရစ်</mark>');
    const plain = s
      .replace(/<\/?mark>/g, '')
      .replace(/^… |…$/g, '')
      .trim();
    expect(/^\p{M}/u.test(plain)).toBe(false);
  });

  it('treats regular-expression characters in terms as text', () => {
    expect(buildSnippet('a (b) c', { kind: 'substrings', terms: ['(b)'] })).toBe('a <mark>(b)</mark> c');
  });

  it('gives the start of the page when nothing can be marked', () => {
    expect(buildSnippet('Short page.', { kind: 'substrings', terms: [] })).toBe('Short page.');
  });

  it('escapes all five characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
