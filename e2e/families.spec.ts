/**
 * A family on a 360 px phone (practice-loop.md section 7): a parent signs up, adds two children on
 * My Family, books both for the same morning in one sitting (the booking dialog's "Who is this
 * for?"), and sees both on My Appointments with whose they are. The parent invites a second
 * guardian for each child by email; the second guardian, new to the clinic, opens the mailed
 * link, signs up from it, comes back to it and accepts, accepts the other child's link signed in,
 * and sees both children's bookings on their own My Appointments.
 *
 * The invitations are mailed, so the spec runs on a server of its own that mails to the suite's
 * mailbox, with the same settings as the other specs that read mail (so they may share it).
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone } from '@clinic/shared';
import { mailboxURL, smtpURL } from '../playwright.config.ts';
import { PHONE, expectNoHorizontalScroll, openFromMenu } from './support/admin.ts';
import { uniquePatient } from './support/auth.ts';
import { expect, pageOn, test } from './support/past-visits.ts';

test.use({
  ownServerEnv: { SMTP_URL: smtpURL, REMINDER_QUIET_HOURS: '', REQUIRE_EMAIL_VERIFICATION: 'none' },
  viewport: PHONE,
});

const TREATMENT = 'Teeth Cleaning';

/** No WCAG 2.1 A or AA violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Signs up on the register page already open, and waits for the page it leads back to
 * (signUpThroughUi looks for Sign Out, which a phone keeps behind the navbar's menu).
 */
async function signUpHere(page: Page, who: ReturnType<typeof uniquePatient>, backTo: RegExp) {
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(backTo);
}

async function addFamilyMember(
  page: Page,
  child: { name: string; dateOfBirth: string; relationship: string },
) {
  await page.getByRole('button', { name: 'Add a family member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a family member' });
  await dialog.getByLabel('Name').fill(child.name);
  await dialog.getByLabel('Date of birth').fill(child.dateOfBirth);
  await dialog.getByLabel('Relationship (optional)').fill(child.relationship);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`${child.name} added to your family`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Books Teeth Cleaning on `day` for `who` (a child's name) at the first free slot not in `taken`. */
async function bookFor(page: Page, day: string, who: string, taken: string[]): Promise<string> {
  await page.goto(`/appointment?date=${day}`);
  const card = page.getByRole('listitem', { name: TREATMENT });
  await card.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: `Booking for ${TREATMENT}` });
  await dialog.getByLabel('Who is this for?').selectOption({ label: who });
  await expect(dialog.getByLabel('Name')).toHaveValue(who);
  const slots = await dialog.getByLabel('Slot').locator('option').allTextContents();
  const slot = slots.find((s) => !taken.includes(s));
  expect(slot, 'a free slot that morning').toBeTruthy();
  await dialog.getByLabel('Slot').selectOption(slot!);
  await dialog.getByLabel('Phone').fill('+1 555 0100');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText(`Appointment is set, ${formatMediumDate(day)} at ${slot}`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  return slot!;
}

/** Invites `email` to manage `child` too, from the child's card on My Family. */
async function inviteGuardian(page: Page, child: string, email: string) {
  await page.getByRole('button', { name: `Invite a guardian for ${child}` }).click();
  const dialog = page.getByRole('dialog', { name: `Invite another guardian for ${child}` });
  await dialog.getByLabel('Their email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The invitation link mailed to `email` about `child`, once the mail has gone. */
async function invitationMailedTo(
  request: APIRequestContext,
  email: string,
  child: string,
): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`${mailboxURL}/mail?to=${encodeURIComponent(email)}`)
        ).json()) as string[];
        const invitation = mails.find((text) =>
          text.includes(`invites you to manage ${child}'s appointments`),
        );
        link = (invitation && /https?:\/\/\S+\/l\/[A-Za-z0-9_-]{43}/.exec(invitation)?.[0]) || '';
        return link;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

test('a parent books two children for one morning and a second guardian, invited by mail, sees both', async ({
  page,
  browser,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const leo = { name: `Leo ${stamp}`, dateOfBirth: '2019-03-04', relationship: 'Son' };
  const mia = { name: `Mia ${stamp}`, dateOfBirth: '2016-08-09', relationship: 'Daughter' };

  // The parent signs up and adds the two children on My Family.
  const parent = uniquePatient('parent');
  await page.goto('/register');
  await signUpHere(page, parent, /\/$/);
  await openFromMenu(page, 'My Family');
  await expect(page.getByRole('heading', { name: 'My Family' })).toBeVisible();
  await expect(page.getByText(/^No family members yet/)).toBeVisible();
  await addFamilyMember(page, leo);
  await addFamilyMember(page, mia);
  const family = page.getByRole('list', { name: 'Family members' });
  await expect(family.getByRole('listitem', { name: leo.name })).toContainText(
    'Date of birthMar 4, 2019',
  );
  await expect(family.getByRole('listitem', { name: mia.name })).toContainText(
    'RelationshipDaughter',
  );
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  // Both booked for the same morning, one after the other, choosing who each is for.
  const day = addDays(todayInZone(new Date(), 'UTC'), 3);
  const leoSlot = await bookFor(page, day, leo.name, []);
  const miaSlot = await bookFor(page, day, mia.name, [leoSlot]);
  await expectNoHorizontalScroll(page);

  // My Appointments: both, each saying whose it is.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Appointments: 2' })).toBeVisible();
  await expect(page.getByText(`for ${leo.name}`)).toBeVisible();
  await expect(page.getByText(`for ${mia.name}`)).toBeVisible();
  await expectNoHorizontalScroll(page);

  // The parent invites a second guardian for each child.
  const second = uniquePatient('guardian');
  await openFromMenu(page, 'My Family');
  await expect(family.getByRole('listitem', { name: leo.name })).toContainText(
    '1 upcoming appointment',
  );
  await page.getByRole('button', { name: `Invite a guardian for ${leo.name}` }).click();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await inviteGuardian(page, leo.name, second.email);
  await inviteGuardian(page, mia.name, second.email);

  // The second guardian, new to the clinic, opens Leo's link on their phone and signs up from it.
  const leoLink = await invitationMailedTo(page.request, second.email, leo.name);
  const miaLink = await invitationMailedTo(page.request, second.email, mia.name);
  const guardian = await pageOn(browser, ownServer.baseURL, PHONE);
  await guardian.page.goto(leoLink);
  const parentFirstName = parent.name.split(' ')[0];
  await expect(
    guardian.page.getByText(`${parentFirstName} invites you to manage Leo's appointments.`),
  ).toBeVisible();
  await expectNoHorizontalScroll(guardian.page);
  await expectAccessible(guardian.page);
  await guardian.page.getByRole('link', { name: 'Sign up' }).click();
  // Back on the link once signed up, signed in: one button.
  await signUpHere(guardian.page, second, new RegExp(`${leoLink}$`));
  await guardian.page.getByRole('button', { name: 'Accept' }).click();
  await expect(guardian.page.getByText("You now manage Leo's appointments.")).toBeVisible();

  // Mia's link, signed in already.
  await guardian.page.goto(miaLink);
  await expect(
    guardian.page.getByText(`${parentFirstName} invites you to manage Mia's appointments.`),
  ).toBeVisible();
  await guardian.page.getByRole('button', { name: 'Accept' }).click();
  await expect(guardian.page.getByText("You now manage Mia's appointments.")).toBeVisible();

  // Their My Appointments: both children's bookings, booked by the parent.
  await guardian.page.getByRole('link', { name: 'My Appointments' }).click();
  await expect(guardian.page.getByRole('heading', { name: 'My Appointments: 2' })).toBeVisible();
  await expect(guardian.page.getByText(`for ${leo.name}`)).toBeVisible();
  await expect(guardian.page.getByText(`for ${mia.name}`)).toBeVisible();
  await expect(guardian.page.getByText(leoSlot).first()).toBeVisible();
  await expect(guardian.page.getByText(miaSlot).first()).toBeVisible();
  await expectNoHorizontalScroll(guardian.page);
  expect(guardian.errors).toEqual([]);
  await guardian.close();

  // The parent's My Family names the second guardian on each child.
  await page.reload();
  for (const child of [leo, mia]) {
    await expect(family.getByRole('listitem', { name: child.name })).toContainText(
      `${second.name} (${second.email})`,
    );
  }
});
