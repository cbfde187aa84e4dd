import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, slotsFor, todayIn } from '@cafe/contracts';
import { launchChromium, type LaunchedBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { dismissToasts, expectText, expectToast, openSection, screenshot, SCREENSHOTS } from './support/content-dashboard';
import { pageFetch, signInAsStaff } from './support/staff';
import { fillDate } from './support/dashboard';
import { picture } from './support/picture';

/**
 * The staff change what visitors read (menu, events, gallery, business info, who may sign in) through
 * the real dashboard at 1440×900 and 390×844, against the real gateway; the landing page shows each
 * change. Every notice is checked inside the viewport.
 */

const OWNER = 'owner@example.com';
const VIEWPORTS = [
  { tag: 'desktop', width: 1440, height: 900 },
  { tag: 'phone', width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

let server: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: OWNER });
  chromium = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

const shot = (page: Page, name: string, vp: Viewport) => screenshot(page, `content-${name}`, vp);

async function publicPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url);
  return page;
}

describe.each(VIEWPORTS)('the content dashboard at $width×$height', (vp) => {
  const t = vp.tag;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await signInAsStaff(chromium.browser, server.url, OWNER, { width: vp.width, height: vp.height }));
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  it('Menu: required messages, a category and an item at $12.10 shown on the landing page, then the item edited and deleted', async () => {
    const category = `Game Night Bites ${t}`;
    const item = `Meeple Nachos ${t}`;
    await openSection(page, vp, 'Menu', 'menu');
    await page.locator('.category-card').first().waitFor();
    await shot(page, 'menu', vp);

    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const categoryDialog = page.getByRole('dialog');
    await categoryDialog.getByRole('button', { name: 'Add Category' }).click();
    await expectText(categoryDialog, 'Category name is required');
    await page.getByRole('form', { name: 'Add category' }).getByLabel('Name', { exact: true }).fill(category);
    await page.locator('#category-description').fill('Shareable plates for the game table');
    await page.getByRole('form', { name: 'Add category' }).getByLabel('Name', { exact: true }).press('Enter'); // the keyboard submits
    await expectToast(page, 'Category created successfully');
    const categoryCards = page.getByRole('list', { name: 'Menu categories' });
    await categoryCards.getByRole('heading', { name: category }).waitFor();

    await page.getByRole('button', { name: 'Add Item', exact: true }).click();
    const itemDialog = page.getByRole('dialog');
    await itemDialog.getByRole('button', { name: 'Add Item' }).click();
    for (const message of ['Item name is required', 'Price is required', 'Category is required']) await expectText(itemDialog, message);
    await shot(page, 'menu-item-dialog-errors', vp);
    await page.getByRole('form', { name: 'Add menu item' }).getByLabel('Name', { exact: true }).fill(item);
    await page.getByLabel('Price ($)', { exact: true }).fill('12.10');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
    await page.locator('#item-image').fill('not a url');
    await itemDialog.getByRole('button', { name: 'Add Item' }).click();
    await expectText(itemDialog, 'Please enter a valid URL');
    await page.locator('#item-image').fill('');
    await itemDialog.getByRole('button', { name: 'Add Item' }).click();
    await expectToast(page, 'Menu item created successfully');
    const group = page.getByRole('region', { name: `${category} items` });
    await group.getByText('$12.10').waitFor();
    await shot(page, 'menu-after-create', vp);

    // The landing page's food section lists it under its category.
    const landing = await publicPage(context);
    await landing.getByRole('button', { name: 'View full menu' }).click();
    const listed = landing.getByRole('region', { name: category });
    await listed.getByText(item).waitFor();
    await listed.getByText('$12.10').waitFor();
    await picture(landing.locator('#menu'), { path: join(SCREENSHOTS, `content-landing-menu-${vp.width}x${vp.height}.png`) });
    await landing.close();

    // A category that still has items cannot be deleted, and the dashboard says why.
    await page.getByRole('button', { name: `Delete category ${category}` }).click();
    await page.locator('.bp6-alert').getByText('still has 1 menu item').waitFor();
    await page.locator('.bp6-alert').getByRole('button', { name: 'OK' }).click();

    await page.getByRole('button', { name: `Edit ${item}` }).click();
    await expect(page.getByLabel('Price ($)', { exact: true }).inputValue()).resolves.toBe('12.10');
    await page.getByRole('form', { name: 'Edit menu item' }).getByLabel('Name', { exact: true }).fill(`${item} Supreme`);
    await page.getByLabel('Price ($)', { exact: true }).fill('13.25');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Item' }).click();
    await expectToast(page, 'Menu item updated successfully');
    await group.getByText('$13.25').waitFor();
    await group.getByText(`${item} Supreme`).waitFor();

    await page.getByRole('button', { name: `Delete ${item} Supreme` }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Delete Item' }).click();
    await expectToast(page, 'Menu item deleted successfully');
    await group.getByText('No items in this category yet.').waitFor();

    if (vp.tag === 'desktop') {
      await page.getByRole('button', { name: `Delete category ${category}` }).click();
      await page.locator('.bp6-alert').getByRole('button', { name: 'Delete Category' }).click();
      await expectToast(page, 'Category deleted successfully');
    } else {
      // Another admin deletes the category while this one renames it: the server's reason shows in a
      // danger toast, the dialog stays open (nothing was saved), and the list is read again.
      await page.getByRole('button', { name: `Edit category ${category}` }).click();
      const categories = await pageFetch<{ id: string; name: string }[]>(page, 'GET', '/api/menu/categories');
      const id = categories.json.find((c) => c.name === category)!.id;
      expect((await pageFetch(page, 'DELETE', `/api/admin/menu/categories/${id}`)).status).toBe(200);
      await page.getByRole('form', { name: 'Edit category' }).getByLabel('Name', { exact: true }).fill(`${category} renamed`);
      await page.getByRole('dialog').getByRole('button', { name: 'Save Category' }).click();
      await expectToast(page, 'Category not updated');
      await page.locator('.bp6-toast.bp6-intent-danger', { hasText: 'Menu category not found' }).waitFor();
      await expect(page.getByRole('dialog').isVisible()).resolves.toBe(true);
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    }
    await expect.poll(() => categoryCards.getByRole('heading', { name: category }).count()).toBe(0);
  });

  it('Events: required messages; created at 7:30 PM, read back as 19:30, edited and deleted', async () => {
    const title = `Catan Night ${t}`;
    // A day whose time list (the café's slots) offers 7:30 PM: not a Sunday, which closes at 8 PM.
    let date = addDays(todayIn('America/Chicago'), 10);
    while (!slotsFor(date).includes('19:30')) date = addDays(date, 1);
    await openSection(page, vp, 'Events', 'events');
    await page.locator('.event-card').first().waitFor();
    await shot(page, 'events', vp);

    await page.getByRole('button', { name: 'Add Event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expectText(dialog, 'Event title is required');
    await expectText(dialog, 'Event date is required');
    await page.getByLabel('Title', { exact: true }).fill(title);
    // The calendar date input and the café's time select (issue 27), as a person picks them.
    await fillDate(page, page.locator('#event-date'), date);
    await page.locator('#event-time').selectOption('19:30');
    await page.locator('#event-location').fill('Main hall');
    await page.locator('#event-price').fill('$5');
    await page.locator('#event-max').fill('24');
    await shot(page, 'events-dialog', vp);
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    await expectToast(page, 'Event created successfully');
    const card = page.locator('.event-card', { hasText: title });
    await card.getByText('7:30 PM').waitFor();

    await dismissToasts(page);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    // The dialog fills its fields once it has opened: read the time when it is there, not at the first frame.
    await expect.poll(() => page.locator('#event-time').inputValue()).toBe('19:30');
    await page.getByLabel('Title', { exact: true }).fill(`${title} Tournament`);
    await page.getByRole('dialog').getByRole('button', { name: 'Save Event' }).click();
    await expectToast(page, 'Event updated successfully');
    await page.locator('.event-card', { hasText: `${title} Tournament` }).waitFor();

    // A phone's last card sits at the bottom edge, under the toast: closed first.
    await dismissToasts(page);
    await page.getByRole('button', { name: `Delete ${title} Tournament` }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Delete Event' }).click();
    await expectToast(page, 'Event deleted successfully');
    await expect(page.locator('.event-card', { hasText: title }).count()).resolves.toBe(0);
  });

  it('Gallery: a real PNG uploaded, a text file named .png refused, two images featured and reordered, shown on the landing page', async () => {
    const uploadedAlt = `Red test square ${t}`;
    const urlAlt = `Dice by URL ${t}`;
    await openSection(page, vp, 'Gallery', 'gallery');
    const all = page.getByRole('list', { name: 'All images' });
    await all.locator('li').first().waitFor();
    await shot(page, 'gallery', vp);
    const upload = page.locator('form[aria-labelledby="gallery-upload-title"]');
    const byUrl = page.locator('form[aria-labelledby="gallery-url-title"]');

    await upload.getByRole('button', { name: 'Upload Image' }).click();
    await expectText(upload, 'Please select an image file');
    await expectText(upload, 'Alt text is required');
    await byUrl.getByRole('button', { name: 'Add Image' }).click();
    await expectText(byUrl, 'Please enter a valid URL');
    await expectText(byUrl, 'Alt text is required');

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 30 } } })
      .png()
      .toBuffer();
    if (vp.tag === 'desktop') {
      // Dropped onto the drop zone, as from a file manager.
      await page.locator('.gallery-dropzone').evaluate(
        (zone, { base64, name }) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const data = new DataTransfer();
          data.items.add(new File([bytes], name, { type: 'image/png' }));
          zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        { base64: png.toString('base64'), name: `red-square-${t}.png` },
      );
      await upload.getByText(`red-square-${t}.png`).waitFor();
    } else {
      await page.locator('#gallery-file').setInputFiles({ name: `red-square-${t}.png`, mimeType: 'image/png', buffer: png });
    }
    await page.getByLabel('Alt text').first().fill(uploadedAlt);
    // The server's answer is held back a moment so the progress bar can be seen.
    await page.route('**/api/admin/gallery/upload', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await upload.getByRole('button', { name: 'Upload Image' }).click();
    await upload.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await expectToast(page, 'Image uploaded successfully');
    await page.unroute('**/api/admin/gallery/upload');
    await expect(upload.getByRole('progressbar', { name: 'Upload progress' }).count()).resolves.toBe(0);
    await all.locator(`img[alt="${uploadedAlt}"]`).waitFor();

    // A text file with an image's name: the server reads the bytes and refuses it; nothing is added.
    const before = await all.locator('li').count();
    await page
      .locator('#gallery-file')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture\n') });
    await page.getByLabel('Alt text').first().fill(`Not a photo ${t}`);
    await upload.getByRole('button', { name: 'Upload Image' }).click();
    await expectToast(page, 'Upload failed');
    await upload.locator('#gallery-file-error').waitFor();
    expect(await upload.locator('#gallery-file-error').isVisible()).toBe(true);
    await shot(page, 'gallery-upload-refused', vp);
    await expect(all.locator('li').count()).resolves.toBe(before);
    await expect(all.locator(`img[alt="Not a photo ${t}"]`).count()).resolves.toBe(0);

    // An address with no picture behind it: the grid falls back to the placeholder served under /api.
    await page.getByLabel('Image URL', { exact: true }).fill(`${server.url}/api/uploads/missing-${t}.png`);
    await page.getByLabel('Alt text').nth(1).fill(urlAlt);
    await byUrl.getByRole('button', { name: 'Add Image' }).click();
    await expectToast(page, 'Image added successfully');
    const broken = all.locator(`img[alt="${urlAlt}"]`);
    await broken.scrollIntoViewIfNeeded();
    await expect.poll(() => broken.getAttribute('src')).toBe('/api/images/placeholder.svg');

    // Featuring puts each at the end of the featured order; moving the second up swaps them.
    const featured = page.getByRole('list', { name: 'Featured images' });
    for (const alt of [uploadedAlt, urlAlt]) {
      await page.getByLabel(`Featured: ${alt}`, { exact: true }).press('Space'); // switches work from the keyboard
      await expectToast(page, 'Featured status updated successfully');
      await featured.getByText(alt).waitFor();
    }
    const featuredOrder = () => featured.locator('.gallery-featured-alt').allTextContents();
    let order = await featuredOrder();
    expect(order.indexOf(uploadedAlt)).toBe(order.indexOf(urlAlt) - 1);
    await page.getByRole('button', { name: `Move ${urlAlt} up` }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Order updated successfully');
    // The keyboard user keeps their place on the image that moved.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${urlAlt} up`);
    await expect.poll(featuredOrder).toContain(urlAlt);
    await expect.poll(async () => (order = await featuredOrder()).indexOf(urlAlt) === order.indexOf(uploadedAlt) - 1).toBe(true);
    await shot(page, 'gallery-featured', vp);

    const landing = await publicPage(context);
    const tiles = landing.locator('#gallery .gallery-grid img');
    await tiles.first().waitFor();
    const shown = await tiles.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt));
    expect(shown.indexOf(urlAlt)).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(urlAlt)).toBe(shown.indexOf(uploadedAlt) - 1);
    await landing.close();

    await page.getByRole('button', { name: `Edit ${urlAlt}` }).click();
    await page.getByRole('heading', { name: 'Edit Image' }).waitFor();
    await page.getByLabel('Alt text').nth(1).fill(`${urlAlt} (edited)`);
    await byUrl.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Image updated successfully');
    await all.locator(`img[alt="${urlAlt} (edited)"]`).waitFor();

    // Leave the public gallery as it was: one unfeatured, the other deleted.
    await page.getByLabel(`Featured: ${uploadedAlt}`, { exact: true }).press('Space');
    await expectToast(page, 'Featured status updated successfully');
    await page.getByRole('button', { name: `Delete ${urlAlt} (edited)` }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Delete Image' }).click();
    await expectToast(page, 'Image deleted successfully');
    await expect(all.locator(`img[alt="${urlAlt} (edited)"]`).count()).resolves.toBe(0);
  });

  it('Business Info: the name is required; the phone and hours changed show on the landing page', async () => {
    const phone = vp.tag === 'desktop' ? '(262) 555-0101' : '(262) 555-0102';
    // The Operating Hours card chooses each day's opening and closing from half-hour lists.
    const [saturdayOpens, saturday] = vp.tag === 'desktop' ? ['10:00 AM', '10:00 AM – 11:30 PM'] : ['9:30 AM', '9:30 AM – 11:30 PM'];
    await openSection(page, vp, 'Business Info', 'business-info');
    const name = page.getByLabel('Business name', { exact: true });
    await name.waitFor();
    await shot(page, 'business-info', vp);
    const original = await name.inputValue();
    await name.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'Business name is required');
    await name.fill(original);
    await page.locator('#business-phone').fill(phone);
    await page.locator('#hours-saturday-open').selectOption({ label: saturdayOpens });
    await page.locator('#hours-saturday-close').selectOption({ label: '11:30 PM' });
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      await page.locator(`#hours-${day}-open`).selectOption({ label: '4:00 PM' });
      await page.locator(`#hours-${day}-close`).selectOption({ label: '10:00 PM' });
    }
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Business information updated successfully');

    const landing = await publicPage(context);
    const contact = landing.locator('#contact');
    await contact.getByText(phone).waitFor();
    await contact.getByText(saturday).waitFor();
    await contact.getByText('4:00 PM – 10:00 PM').waitFor();
    await picture(contact, { path: join(SCREENSHOTS, `content-landing-contact-${vp.width}x${vp.height}.png`) });
    await landing.close();
  });

  it('Admin Access: an added e-mail can sign in to /admin; once removed it is denied; removing yourself warns first', async () => {
    const friend = `friend-${t}@example.com`;
    await openSection(page, vp, 'Admin Access', 'admin-access');
    await page.getByText(OWNER).first().waitFor();
    await page.getByText('Add your own account first').waitFor();
    await page.getByRole('button', { name: 'Add Email' }).click();
    await expectText(page, 'Please enter a valid email address');
    await page.getByLabel('Email address', { exact: true }).fill(friend);
    await page.getByLabel('Email address', { exact: true }).press('Enter');
    await expectToast(page, 'Email added');
    const list = page.getByRole('list', { name: 'Authorized admin emails' });
    await list.getByText(friend).waitFor();
    await shot(page, 'admin-access', vp);

    const signedIn = await signInAsStaff(chromium.browser, server.url, friend, { width: vp.width, height: vp.height });
    await signedIn.page.getByRole('button', { name: 'Logout' }).waitFor();

    await page.getByRole('button', { name: `Remove ${friend}` }).click();
    await page.locator('.bp6-alert').getByText('They will no longer be able to sign in').waitFor();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Email removed');
    await expect(list.getByText(friend).count()).resolves.toBe(0);

    // Failures say so, with the server's reason: an address already on the list, one removed meanwhile.
    await page.getByLabel('Email address', { exact: true }).fill(OWNER);
    await page.getByRole('button', { name: 'Add Email' }).click();
    await expectToast(page, 'Failed to add email');
    await page.locator('.bp6-toast.bp6-intent-danger', { hasText: 'This email is already on the admin whitelist' }).waitFor();
    const gone = `gone-${t}@example.com`;
    await page.getByLabel('Email address', { exact: true }).fill(gone);
    await page.getByRole('button', { name: 'Add Email' }).click();
    await expectToast(page, 'Email added');
    await list.getByText(gone).waitFor();
    expect((await pageFetch(page, 'DELETE', `/api/admin/whitelist/${encodeURIComponent(gone)}`)).status).toBe(200);
    await page.getByRole('button', { name: `Remove ${gone}` }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Failed to remove email');
    await page.locator('.bp6-toast.bp6-intent-danger', { hasText: 'This email is not on the admin whitelist' }).waitFor();
    await expect.poll(() => list.getByText(gone).count()).toBe(0);

    await signedIn.page.goto(`${server.url}/admin`);
    await signedIn.page.waitForURL(`${server.url}/admin/login?error=access_denied`);
    await signedIn.page.getByText('Access denied. Your email is not authorized for admin access.').waitFor();
    await signedIn.context.close();

    await page.getByRole('button', { name: `Remove ${OWNER}` }).click();
    await page.locator('.bp6-alert').getByText('you will lose access').waitFor();
    await page.waitForTimeout(400); // the alert's opening animation, for the screenshot
    await shot(page, 'admin-access-remove-self', vp);
    await page.locator('.bp6-alert').getByRole('button', { name: 'Cancel' }).click();
    await list.getByText(OWNER).waitFor();
  });

  it("/admin/gallery-management: 'Checking admin access...', then 'Access Denied' for a signed-in non-admin", async () => {
    const ctx = await chromium.browser.newContext({ viewport: { width: vp.width, height: vp.height } });
    const stranger = await ctx.newPage();
    await stranger.goto(`${server.url}/admin/login`);
    await stranger.getByRole('button', { name: 'Sign in' }).click();
    await stranger.getByLabel('Email').fill(`stranger-${t}@example.com`);
    await stranger.getByRole('button', { name: 'Sign in' }).click();
    await stranger.waitForURL(/\/admin\/login\?error=access_denied/);

    // The admin check is held back a moment so the waiting state can be seen.
    await stranger.route('**/api/admin/whitelist', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await stranger.goto(`${server.url}/admin/gallery-management`);
    await stranger.getByText('Checking admin access...').waitFor();
    await stranger.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await stranger.getByText("You don't have permission to access this page.").waitFor();
    expect(stranger.url()).toBe(`${server.url}/admin/gallery-management`);
    await shot(stranger, 'gallery-access-denied', vp);
    await ctx.close();

    // The owner at the same address gets the dashboard with the Gallery section open.
    await page.goto(`${server.url}/admin/gallery-management`);
    await page.getByRole('heading', { name: 'Featured Images' }).waitFor();
  });
});
