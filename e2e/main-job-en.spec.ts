/** The main job in en-US: the language is chosen with the selector on the requester page. */
import { test } from '@playwright/test';
import { mainJob } from './flow.ts';

// With the animations users see (the rest of the suite asks for reduced motion).
test.use({ reducedMotion: 'no-preference' });

test('requester submits, admin signs in, switches company, claims and completes (en-US)', async ({ page, request }) => {
  await mainJob(page, request, {
    langLabel: 'English',
    shotSuffix: '-en',
    submit: /Submit/,
    requesterNameRequired: 'Please enter your name',
    submitted: 'Submitted successfully',
    contact: 'Your contact details',
    loginTitle: 'smart work order',
    signIn: /^Sign in$/,
    companyTitle: 'Company switch',
    companyPlaceholder: 'Please select login company',
    close: /^Close$/,
    confirm: /^Confirm$/,
    reminder: (n) => `You have ${n} work orders awaiting assignment`,
    reminderDescription: 'Please assign promptly!',
    switchCompany: 'Switch company',
    listMenu: 'Work orders',
    search: /^Search$/,
    claim: /^Claim$/,
    complete: /^Complete$/,
    completeOk: /^Complete$/,
    status: { unassigned: 'Awaiting assignment', processing: 'Processing', completed: 'Completed', pending_review: 'Pending review' },
    actions: { create: 'created the work order', claim: 'claimed it', complete: 'completed it' },
    formData: 'Submitted form',
    records: 'Processing records',
  });
});
