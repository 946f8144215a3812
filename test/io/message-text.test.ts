// The one way messages are shortened: clip by code points, the first non-blank line, an error's text.
import { expect } from 'chai';
import { clip, errorText, firstLine } from '../../io/message-text.js';

describe('message-text', () => {
  it('clip keeps short text whole and cuts long text to the width, the ellipsis included', () => {
    expect(clip('abc', 3)).to.equal('abc');
    expect(clip('abcdef', 4)).to.equal('abc…');
  });

  it('clip never splits a surrogate pair', () => {
    expect(clip('😀😀😀', 2)).to.equal('😀…');
    expect(clip('😀😀', 2)).to.equal('😀😀');
  });

  it('firstLine skips leading blank lines and clips', () => {
    expect(firstLine('\n  \r\nboom\nat x')).to.equal('boom');
    expect(firstLine('abcdef\nx', 4)).to.equal('abc…');
    expect(firstLine('')).to.equal('');
  });

  it('errorText gives the message, with the name on request, and stringifies anything else', () => {
    expect(errorText(new TypeError('bad'))).to.equal('bad');
    expect(errorText(new TypeError('bad'), { withName: true })).to.equal('TypeError: bad');
    expect(errorText(42)).to.equal('42');
  });
});
