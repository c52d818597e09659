import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The visitor's side of the live chat, as the chat, chat-nodes and console e2e files drive it: the
 * harness's (or a page's) Chat button opens the panel; a message is typed and sent with Enter; the
 * conversation is the panel's 'Messages' log.
 */
export async function openVisitorChat(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^chat/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Type your message...' }).waitFor();
  return dialog;
}

/** Sends `text` with Enter and waits until the input is cleared (the send was taken). */
export async function say(dialog: Locator, text: string): Promise<void> {
  const input = dialog.getByRole('textbox', { name: 'Type your message...' });
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe('');
}

export const chatLog = (dialog: Locator) => dialog.getByRole('log', { name: 'Messages' });
