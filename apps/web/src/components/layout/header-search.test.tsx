import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSearch } from './header-search.tsx';

describe('HeaderSearch', () => {
  it('renders on the server (no window) as a closed combobox, with no list until used', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/search?kw=XRD']}>
        <HeaderSearch />
      </MemoryRouter>,
    );
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('value="XRD"');
    expect(html).not.toContain('role="listbox"');
  });
});
