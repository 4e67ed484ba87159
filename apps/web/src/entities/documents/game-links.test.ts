import { describe, expect, it } from 'vitest';
import { type GameLinkContext, remapGameLink } from './game-links';

const portal: GameLinkContext = { game: 'sky-runner', fixedGame: false, adapter: 'fxid', language: 'de' };

describe('remapping game links to the portal’s own pages', () => {
  it('sends legal pages to the document routes, by the game’s own addresses or by their file names', () => {
    const context = { ...portal, legalUrls: { tos: ['https://studio.example/legal/v2'], pp: [undefined] } };
    expect(remapGameLink('https://studio.example/legal/v2/', context)).toBe('/Docs/tos?game=sky-runner');
    expect(remapGameLink('https://studio.example/terms-of-service.html', portal)).toBe('/Docs/tos?game=sky-runner');
    expect(remapGameLink('https://studio.example/en/privacy-policy', portal)).toBe('/Docs/pp?game=sky-runner');
    expect(remapGameLink('https://studio.example/pp.txt', { ...portal, fixedGame: true })).toBe('/Docs/pp');
  });

  it('sends the help centre to the FAQ in the languages and adapters docs exist for', () => {
    expect(remapGameLink('https://help.studio.example/articles/42', portal)).toBe('/docs/fxid/en/faq.html');
    expect(remapGameLink('https://studio.zendesk.com/hc', { ...portal, adapter: 'ok', language: 'ru' })).toBe(
      '/docs/ok/ru/faq.html',
    );
    expect(remapGameLink('https://studio.example/faq', { ...portal, adapter: 'vkcom' })).toBe('/docs/fxid/en/faq.html');
  });

  it('sends a Discord invitation to the game’s QR page, which needs a game', () => {
    expect(remapGameLink('https://discord.gg/abc123', portal)).toBe('/discord-qr?game=sky-runner');
    expect(remapGameLink('https://discord.com/invite/abc123', portal)).toBe('/discord-qr?game=sky-runner');
    const { game: _, ...noGame } = portal;
    expect(remapGameLink('https://discord.gg/abc123', noGame)).toBe('https://discord.gg/abc123');
  });

  it('leaves every other link as it is', () => {
    for (const link of [
      '/play/sky-runner',
      'https://studio.example/blog/storm-islands',
      'https://discord.com/channels/1/2',
      'mailto:help@studio.example',
      'not a url',
    ]) {
      expect(remapGameLink(link, portal)).toBe(link);
    }
  });
});
