// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

/** The rendered HTML, parsed as a page would. */
function rendered(text: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = renderMarkdown(text);
  return box;
}

/** Every href/src in `box`, with the characters a browser ignores inside a scheme removed. */
function urls(box: HTMLElement): string[] {
  return [...box.querySelectorAll('[href], [src]')].flatMap((element) =>
    ['href', 'src'].flatMap((name) => {
      const value = element.getAttribute(name);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      return value === null ? [] : [value.replace(/[\u0000-\u0020]/g, '').toLowerCase()];
    }),
  );
}

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured markdown: headings, emphasis, lists, tables, task lists, strikethrough, code', () => {
    const box = rendered(
      '# Terms\n\n**Bold** and _soft_ ~~gone~~\n\n- one\n- [x] done\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```html\n<script>x()</script>\n```',
    );
    expect(box.querySelector('h1')?.textContent).toBe('Terms');
    expect(box.querySelector('strong')?.textContent).toBe('Bold');
    expect(box.querySelector('em')?.textContent).toBe('soft');
    expect(box.querySelector('del')?.textContent).toBe('gone');
    expect(box.querySelectorAll('li')).toHaveLength(2);
    expect(box.querySelector<HTMLInputElement>('li input[type="checkbox"]')?.checked).toBe(true);
    expect(box.querySelectorAll('table td')).toHaveLength(2);
    // A fenced block shows its HTML as text.
    expect(box.querySelector('pre code')?.textContent).toBe('<script>x()</script>\n');
    expect(box.querySelector('script')).toBeNull();
  });

  it('keeps http(s), mailto and relative links and images', () => {
    const box = rendered(
      '[site](https://fxid.test/a) [mail](mailto:help@fxid.test) [here](/Docs/TOS) [up](../x) ![logo](brand/logo.svg) <https://fxid.test/auto>',
    );
    expect(urls(box)).toEqual([
      'https://fxid.test/a',
      'mailto:help@fxid.test',
      '/docs/tos',
      '../x',
      'brand/logo.svg',
      'https://fxid.test/auto',
    ]);
  });

  it('shows raw HTML as text: script tags, event handlers, frames, styles and forms never become elements', () => {
    const attacks = [
      '<script>window.hacked = 1</script>',
      'inline <script>window.hacked = 1</script> script',
      '<img src=x onerror="window.hacked = 1">',
      '<div onclick="window.hacked = 1">div</div>',
      '<a href="https://fxid.test" onmouseover="window.hacked = 1">raw link</a>',
      '<iframe src="https://evil.test"></iframe>',
      '<svg onload="window.hacked = 1"></svg>',
      '<style>body { display: none }</style>',
      '<form action="https://evil.test"><button>Go</button></form>',
      '<details open ontoggle="window.hacked = 1">x</details>',
    ];
    const box = rendered(attacks.join('\n\n'));
    expect(box.querySelector('script, img, div, a, iframe, svg, style, form, button, details')).toBeNull();
    expect(box.textContent).toContain('<script>window.hacked = 1</script>');
    expect(box.textContent).toContain('onerror="window.hacked = 1"');
    for (const element of box.querySelectorAll('*'))
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
  });

  it('drops javascript:, vbscript:, data: and file: URLs from links and images, keeping their text', () => {
    const attacks = [
      '[plain](javascript:alert(1))',
      '[mixed](JaVaScRiPt:alert(1))',
      '[tabbed](java&#x09;script:alert(1))',
      '[encoded](&#106;avascript:alert(1))',
      '[spaced]( javascript:alert(1))',
      '[vb](vbscript:msgbox(1))',
      '[file](file:///etc/passwd)',
      '<javascript:alert(1)>',
      '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '![png](data:image/png;base64,iVBORw0KGgo=)',
      '[ref][evil]\n\n[evil]: javascript:alert(1)',
      '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [cell](javascript:alert(1)) |',
    ];
    const box = rendered(attacks.join('\n\n'));
    for (const name of ['plain', 'mixed', 'tabbed', 'encoded', 'spaced', 'vb', 'file', 'ref', 'cell'])
      expect(box.textContent).toContain(name);
    expect(box.querySelectorAll('table')).toHaveLength(1);
    for (const url of urls(box)) expect(url).not.toMatch(/^(javascript|vbscript|data|file):/);
  });
});
