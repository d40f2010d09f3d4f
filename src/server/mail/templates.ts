import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password reset mail: one link, valid once, for an hour. */
export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    link,
    subject: 'Reset your Hedgehog Reading Bingo password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Hedgehog Reading Bingo account.',
      '',
      `Choose a new password here: ${link}`,
      '',
      'The link works once and expires in one hour. If you did not ask for it, ignore this mail.',
    ].join('\n'),
    html: `<p>Someone (hopefully you) asked to reset the password of your Hedgehog Reading Bingo account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in one hour. If you did not ask for it, ignore this mail.</p>`,
  };
}
