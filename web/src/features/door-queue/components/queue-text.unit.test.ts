import { describe, expect, it } from 'vitest';
import { holdLeftText, minutesText, placeText } from './queue-text';

describe('the door queue words', () => {
  it('counts a hold down in minutes and seconds, then says it is over', () => {
    const until = '2026-12-06T23:10:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(holdLeftText(until, at('2026-12-06T23:00:00.000Z'))).toBe('10:00 left');
    expect(holdLeftText(until, at('2026-12-06T23:09:51.000Z'))).toBe('0:09 left');
    expect(holdLeftText(until, at('2026-12-06T23:10:00.000Z'))).toBe('Hold over');
    expect(holdLeftText(until, at('2026-12-06T23:12:00.000Z'))).toBe('Hold over');
  });

  it('says the wait and the place as a guest reads them', () => {
    expect(minutesText(25)).toBe('about 25 min');
    expect(minutesText(0)).toBe('now');
    expect(placeText(1)).toBe("You're next in the queue");
    expect(placeText(3)).toBe("You're number 3 in the queue");
  });
});
