import { describe, expect, it } from 'vitest';
import { noticeEdge } from './notify';

describe('notices', () => {
  it('keep to the edge away from the field being worked on, so that they never cover it', () => {
    // A phone's window, 844 px high: a field near the bottom (the footer's form) puts them at the top.
    expect(noticeEdge({ top: 700, bottom: 744 }, 844)).toBe('top');
    expect(noticeEdge({ top: 80, bottom: 124 }, 844)).toBe('bottom');
  });

  it('keep to the bottom without a focused field', () => {
    expect(noticeEdge(null, 844)).toBe('bottom');
  });
});
