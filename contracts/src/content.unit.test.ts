import { describe, expect, it } from 'vitest';
import { PRICE_DECIMALS, PRICE_INVALID, PRICE_NEGATIVE, PRICE_REQUIRED, PRICE_TOO_LARGE, isWebUrl, parsePrice } from './content-fields.js';
import { menuCategorySchema, menuItemSchema, menuItemUpdateSchema } from './menu.js';
import { cafeEventSchema, eventStartsAt, withFormDate } from './cafe-events.js';
import { galleryImageSchema, galleryImageUpdateSchema } from './gallery.js';
import { DEFAULT_HOURS_TEXT, businessInfoFormSchema, hoursFromLines, hoursToLines } from './business-info-form.js';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('parsePrice: decimal(10,2) kept exactly', () => {
  it.each([
    [12.1, '12.10'],
    ['12.10', '12.10'],
    ['12.1', '12.10'],
    [12, '12.00'],
    ['0', '0.00'],
    [0.1 + 0.2, '0.30'],
    [1.1 * 3, '3.30'],
    [19.99, '19.99'],
    ['$8.50', '8.50'],
    ['1,250.00', '1250.00'],
    ['.5', '0.50'],
    ['007.5', '7.50'],
    ['12.100', '12.10'],
    [99999999.99, '99999999.99'],
    ['99999999.99', '99999999.99'],
  ])('%s → %s', (input, expected) => {
    expect(parsePrice(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [undefined, PRICE_REQUIRED],
    [null, PRICE_REQUIRED],
    ['  ', PRICE_REQUIRED],
    ['abc', PRICE_INVALID],
    ['12.3.4', PRICE_INVALID],
    [Number.NaN, PRICE_INVALID],
    [true, PRICE_INVALID],
    [-1, PRICE_NEGATIVE],
    ['-0.50', PRICE_NEGATIVE],
    [1.005, PRICE_DECIMALS],
    ['1.005', PRICE_DECIMALS],
    [100000000, PRICE_TOO_LARGE],
    ['123456789.00', PRICE_TOO_LARGE],
  ])('%s is refused: %s', (input, message) => {
    expect(parsePrice(input)).toEqual({ ok: false, message });
  });
});

describe('menu schemas', () => {
  it('apply the defaults and SPEC messages', () => {
    expect(menuCategorySchema.parse({ name: 'Pizzas' })).toEqual({ name: 'Pizzas', sortOrder: 0, description: undefined });
    expect(first(menuCategorySchema.safeParse({ name: ' ' }))).toBe('Category name is required');
    const item = menuItemSchema.parse({ categoryId: 'c1', name: 'Margherita', price: 12.1, image_url: 'https://x.test/a.jpg' });
    expect(item).toMatchObject({ price: '12.10', imageUrl: 'https://x.test/a.jpg', isPopular: false, isVisible: true, sortOrder: 0 });
    expect(first(menuItemSchema.safeParse({ categoryId: 'c1', price: 1 }))).toBe('Item name is required');
    expect(first(menuItemSchema.safeParse({ categoryId: 'c1', name: 'x' }))).toBe('Price is required');
    expect(first(menuItemSchema.safeParse({ name: 'x', price: 1 }))).toBe('Category is required');
    expect(first(menuItemSchema.safeParse({ categoryId: '', name: 'x', price: 1 }))).toBe('Category is required');
    expect(first(menuItemSchema.safeParse({ categoryId: 'c', name: 'x', price: 1, imageUrl: 'nope' }))).toBe('Please enter a valid URL');
  });
  it('update: absent fields stay absent, an empty description clears', () => {
    expect(menuItemUpdateSchema.parse({ description: '' })).toEqual({ description: null, imageUrl: undefined });
    expect(first(menuItemUpdateSchema.safeParse({ price: '' }))).toBe('Price is required');
  });
});

describe('event schema: both readings', () => {
  it("reads 'h:mm AM/PM' as HH:mm and derives startsAt in the café zone", () => {
    const e = cafeEventSchema.parse({ title: 'Game night', event_date: '2026-12-04', event_time: '7:30 PM', max_attendees: 24 });
    expect(e).toMatchObject({ event_time: '19:30', max_attendees: 24, isVisible: true, isFeatured: false });
    // Chicago is UTC-6 in December.
    expect(eventStartsAt(e.event_date, e.event_time!, 'America/Chicago')).toBe('2026-12-05T01:30:00.000Z');
    expect(eventStartsAt('2026-07-04', '19:30', 'America/Chicago')).toBe('2026-07-05T00:30:00.000Z');
  });
  it('gives the SPEC messages', () => {
    expect(first(cafeEventSchema.safeParse({ event_date: '2026-12-04' }))).toBe('Event title is required');
    expect(first(cafeEventSchema.safeParse({ title: 'x' }))).toBe('Event date is required');
    expect(first(cafeEventSchema.safeParse({ title: 'x', event_date: '2026-12-04', image_url: 'x' }))).toBe('Please enter a valid URL');
    expect(first(cafeEventSchema.safeParse({ title: 'x', event_date: '2026-12-04', max_attendees: 2.5 }))).toMatch(/whole number/);
    expect(first(cafeEventSchema.safeParse({ title: 'x', event_date: '2026-12-04', event_time: '25:00' }))).toMatch(/time/);
  });
  it('reads the stored form (startsAt) as a café-local date and time', () => {
    expect(withFormDate({ title: 'x', startsAt: '2026-12-05T01:30:00Z' }, 'America/Chicago')).toEqual({
      title: 'x',
      event_date: '2026-12-04',
      event_time: '19:30',
    });
  });
});

describe('gallery schemas', () => {
  it('want a URL (absolute or on this site) and alt text', () => {
    expect(galleryImageSchema.parse({ url: '/api/uploads/abc.jpg', alt: 'Dice' })).toEqual({ url: '/api/uploads/abc.jpg', alt: 'Dice' });
    expect(first(galleryImageSchema.safeParse({ url: 'not a url', alt: 'x' }))).toBe('Please enter a valid URL');
    expect(first(galleryImageSchema.safeParse({ url: 'https://x.test/a.jpg', alt: '' }))).toBe('Alt text is required');
    expect(first(galleryImageUpdateSchema.safeParse({}))).toMatch(/Send url and alt/);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('//evil.test/x')).toBe(false);
  });
});

describe('business info form', () => {
  it('gives the SPEC messages', () => {
    expect(first(businessInfoFormSchema.safeParse({ name: '' }))).toBe('Business name is required');
    expect(first(businessInfoFormSchema.safeParse({ name: 'x', email: 'nope' }))).toBe('Please enter a valid email address');
    expect(first(businessInfoFormSchema.safeParse({ name: 'x', website: 'nope' }))).toBe('Please enter a valid URL');
    expect(businessInfoFormSchema.parse({ name: 'x', email: '', website: '' })).toMatchObject({ email: null, website: null });
  });
  it('reads hours lines, ranges and abbreviations', () => {
    expect(
      hoursFromLines('Monday - Friday: 3:00 PM - 11:00 PM\nSat: 11:00 AM - 11:00 PM\nSunday 11 AM - 8 PM\nHoliday hours vary'),
    ).toEqual({
      monday: '3:00 PM - 11:00 PM',
      tuesday: '3:00 PM - 11:00 PM',
      wednesday: '3:00 PM - 11:00 PM',
      thursday: '3:00 PM - 11:00 PM',
      friday: '3:00 PM - 11:00 PM',
      saturday: '11:00 AM - 11:00 PM',
      sunday: '11 AM - 8 PM',
    });
    expect(hoursFromLines('Weekends: Closed')).toEqual({ saturday: 'Closed', sunday: 'Closed' });
    expect(hoursFromLines('call us')).toBeNull();
  });
  it('writes the default hours as lines that read back the same', () => {
    expect(DEFAULT_HOURS_TEXT).toBe('Monday - Friday: 3:00 PM - 11:00 PM\nSaturday: 11:00 AM - 11:00 PM\nSunday: 11:00 AM - 8:00 PM');
    expect(hoursToLines(hoursFromLines(DEFAULT_HOURS_TEXT)!)).toBe(DEFAULT_HOURS_TEXT);
  });
});
