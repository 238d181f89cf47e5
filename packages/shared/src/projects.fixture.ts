/**
 * The public project list's column headers and the project page's row headers, in English:
 * what the list's unit test and its journey both expect to read (tests only).
 */
export const PROJECT_LIST_COLUMNS = [
  'RN No.',
  'Project Name',
  'Developer',
  'Status',
  'Basement',
  'Storey',
  'Location',
  'Region',
  'State',
];

/** The project page's rows: the list's columns with the building height after the storeys. */
export const PROJECT_DETAIL_ROWS = [
  ...PROJECT_LIST_COLUMNS.slice(0, 6),
  'Building Height',
  ...PROJECT_LIST_COLUMNS.slice(6),
];
