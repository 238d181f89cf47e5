/*
 * The library's volumes and what the browser needs to show them, without the search
 * query's zod schema (library.ts): the library page then loads no validation code.
 */

/** One volume of the Myanmar National Building Code in the digital library (specification section 3). */
export interface LibraryDocument {
  id: number;
  title: string;
  description: string;
  /** Where the PDF is served. */
  filePath: string;
}

function doc(id: number, title: string, description: string): LibraryDocument {
  return { id, title, description, filePath: `/documents/library/part-${id}.pdf` };
}

/** The fixed list of the eight volumes; titles exactly as the specification gives them. */
export const LIBRARY_DOCUMENTS: readonly LibraryDocument[] = [
  doc(
    1,
    'Part 1: Administration of Planning, Building and Build Environment',
    'Administrative provisions: planning permission, building permits, inspections and enforcement of the code.',
  ),
  doc(
    2,
    'Part 2: Architectural & Urban Design',
    'Requirements for architectural and urban design: site planning, open space, access, fire escape and accessibility.',
  ),
  doc(
    3,
    'Parts 3 & 4: Structural Design & Soil Foundation',
    'Structural design loads, concrete and steel design, seismic design, soil investigation and foundations.',
  ),
  doc(
    4,
    'Part 5 (A,B,C): Building Services - Lighting, Electrical & Allied Installation',
    'Lighting, electrical installations, lightning protection and allied building services.',
  ),
  doc(
    5,
    'Part 5 (D): Water Supply, Drainage & Sanitation',
    'Water supply, drainage, plumbing and sanitation installations in buildings.',
  ),
  doc(
    6,
    'Part 5 (E,F): Heating, Ventilation & Air Conditioning, Fire Protection',
    'Heating, ventilation and air conditioning (ACMV), and fire protection and fire fighting systems.',
  ),
  doc(
    7,
    'Part 6: Building Materials',
    'Quality, testing and acceptance of building materials such as cement, aggregates, steel, bricks and timber.',
  ),
  doc(
    8,
    'Part 7: Construction Practices, Safety & Building Maintenance',
    'Construction practice, site safety, demolition and the maintenance of buildings.',
  ),
];

export function libraryDocument(id: number): LibraryDocument | undefined {
  return LIBRARY_DOCUMENTS.find((d) => d.id === id);
}

/** Viewer parameters of specification section 9, and the page to open when there is one. */
export function pdfViewerUrl(filePath: string, page?: number): string {
  const params = ['toolbar=0', 'navpanes=0', 'scrollbar=1', 'view=FitH', 'zoom=100'];
  if (page && Number.isInteger(page) && page > 0) params.unshift(`page=${page}`);
  return `${filePath}#${params.join('&')}`;
}

/** Longest search text accepted by GET /api/library/search. */
export const LIBRARY_QUERY_MAX_LENGTH = 100;

/** One hit of GET /api/library/search: `snippet` is HTML-escaped text whose only tags are <mark> and </mark>. */
export interface LibrarySearchHit {
  document_id: number;
  title: string;
  page_number: number;
  snippet: string;
}

/** Whether text contains Myanmar script, which is written without spaces between words. */
export function hasMyanmarScript(text: string): boolean {
  return /[\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff]/.test(text);
}
