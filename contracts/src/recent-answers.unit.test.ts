import { describe, expect, it } from 'vitest';
import { RecentAnswers } from './recent-answers.js';

describe('RecentAnswers', () => {
  it('hands back what it kept, and lets everything go once it holds its most', () => {
    // given room for three answers
    const answers = new RecentAnswers<number>(3);
    // when three are kept, each is answered
    expect(answers.keep('a', 1)).toBe(1);
    answers.keep('b', 2);
    answers.keep('c', 0);
    expect([answers.get('a'), answers.get('b'), answers.get('c'), answers.get('d')]).toEqual([1, 2, 0, undefined]);
    // then a fourth lets the first three go and is kept alone
    answers.keep('d', 4);
    expect([answers.get('a'), answers.get('d')]).toEqual([undefined, 4]);
  });
});
