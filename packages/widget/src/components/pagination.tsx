import { pageLinks } from '@portico/core/team/team-rules';

export interface PaginationLabels {
  /** The nav landmark's name. */
  region: string;
  page(page: number): string;
}

/**
 * Page links of a list (spec 2 section 9): up to 5 around the current page, none when everything
 * fits on one page. The current page is marked aria-current.
 */
export function Pagination({ total, limit, offset, onOffset, labels }: {
  total: number; limit: number; offset: number; onOffset(offset: number): void; labels: PaginationLabels;
}) {
  const pages = pageLinks({ total, limit, offset });
  if (pages.length === 0) return null;
  const current = Math.floor(offset / limit) + 1;
  return (
    <nav aria-label={labels.region} style={{ marginTop: 16 }}>
      <ul style={{ display: 'flex', gap: 8, listStyle: 'none', padding: 0, margin: 0, flexWrap: 'wrap' }}>
        {pages.map((page) => (
          <li key={page}>
            {/* Every page stays a button (the current one marked), so focus stays where it was clicked. */}
            <button type="button" className={`p-btn ${page === current ? 'p-btn-primary' : 'p-btn-secondary'}`} aria-label={labels.page(page)}
              aria-current={page === current ? 'page' : undefined} style={{ minWidth: 42, padding: '0 12px' }}
              onClick={() => { if (page !== current) onOffset((page - 1) * limit); }}>
              {page}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
