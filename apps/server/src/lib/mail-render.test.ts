import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-render.ts';

describe('renderMail', () => {
  const facts = (locale?: 'en' | 'fr' | 'ja' | 'zh') =>
    renderMail('Subject', [[['Code', 'AB12-CD34']]], undefined, locale);

  it('writes a label and its value as each language punctuates them', () => {
    expect(facts('en').text).toBe('Code: AB12-CD34');
    expect(facts('fr').text).toBe('Code\u202f: AB12-CD34');
    expect(facts('ja').text).toBe('Code：AB12-CD34');
    expect(facts('zh').html).toBe('<p>Code：<strong>AB12-CD34</strong></p>');
    expect(facts().text).toBe('Code: AB12-CD34');
  });

  it('escapes every value in the HTML body', () => {
    const mail = renderMail('S', [['<b>hi</b>', ['Name', 'A & "B"']]]);
    expect(mail.html).toBe('<p>&lt;b&gt;hi&lt;/b&gt;<br>Name: <strong>A &amp; &quot;B&quot;</strong></p>');
  });
});
