import { describe, expect, it } from 'vitest';
import { parseSnippet } from './snippet';

describe('parseSnippet', () => {
  it('splits marked and plain text', () => {
    expect(parseSnippet('… the <mark>pile</mark> load <mark>test</mark> …')).toEqual([
      { text: '… the ', marked: false },
      { text: 'pile', marked: true },
      { text: ' load ', marked: false },
      { text: 'test', marked: true },
      { text: ' …', marked: false },
    ]);
  });

  it('decodes escaped characters into plain text, never markup', () => {
    expect(parseSnippet('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>it&#39;s</mark>')).toEqual([
      { text: '<script>alert("x")</script> & ', marked: false },
      { text: "it's", marked: true },
    ]);
  });

  it('decodes each entity once', () => {
    expect(parseSnippet('&amp;lt;')).toEqual([{ text: '&lt;', marked: false }]);
  });
});
