import {
  checklistItemInputSchema,
  eietCompanyInputSchema,
  pileCompanyInputSchema,
  projectInputSchema,
  PROJECT_STATUSES,
} from '@hpbc/shared';
import { INSPECTION_KINDS } from '@hpbc/shared/company-work-terms';
import { RegisterEditor, type RegisterConfig } from './register-editor';

const contactFields = [
  { name: 'email_address', type: 'email-lines' },
  { name: 'phone_number' },
  { name: 'issue_certificate_date', type: 'date' },
  { name: 'certificate_expire_date', type: 'date' },
] as const;

const dates = { issue_certificate_date: '', certificate_expire_date: '' };

const PROJECTS: RegisterConfig = {
  name: 'projects',
  key: 'projects',
  nameField: 'project_name',
  columns: [
    { name: 'project_name', sortable: true },
    { name: 'rn_number', sortable: true },
    { name: 'developer', sortable: true },
    { name: 'status', sortable: true },
    { name: 'storey', sortable: true, kind: 'number' },
    { name: 'location' },
  ],
  fields: [
    { name: 'project_name' },
    { name: 'rn_number', type: 'number' },
    { name: 'developer' },
    { name: 'status', type: 'select', options: PROJECT_STATUSES },
    { name: 'basement', type: 'number' },
    { name: 'storey', type: 'number' },
    { name: 'building_height', type: 'number', step: '0.1' },
    { name: 'location' },
    { name: 'region' },
    { name: 'state' },
  ],
  schema: projectInputSchema,
  blank: {
    project_name: '',
    rn_number: '',
    developer: '',
    status: '',
    basement: '0',
    storey: '',
    building_height: '',
    location: '',
    region: '',
    state: '',
  },
};

const EIET: RegisterConfig = {
  name: 'eiet-companies',
  key: 'eiet',
  nameField: 'eiet_name',
  columns: [
    { name: 'eiet_name', sortable: true },
    { name: 'ceo_name', sortable: true },
    { name: 'phone_number' },
    { name: 'certificate_expire_date', sortable: true, kind: 'date' },
  ],
  fields: [{ name: 'eiet_name' }, { name: 'ceo_name' }, { name: 'office_address', type: 'textarea' }, ...contactFields],
  schema: eietCompanyInputSchema,
  blank: { eiet_name: '', ceo_name: '', office_address: '', email_address: '', phone_number: '', ...dates },
};

const PILE: RegisterConfig = {
  name: 'pile-companies',
  key: 'pile',
  nameField: 'company_name',
  columns: [
    { name: 'company_name', sortable: true },
    { name: 'item', sortable: true },
    { name: 'phone_number' },
    { name: 'certificate_expire_date', sortable: true, kind: 'date' },
  ],
  fields: [
    { name: 'company_name' },
    { name: 'item', type: 'textarea' },
    { name: 'address', type: 'textarea' },
    ...contactFields,
  ],
  schema: pileCompanyInputSchema,
  blank: { company_name: '', item: '', address: '', email_address: '', phone_number: '', ...dates },
};

/** The inspection checklists (issue 30): one row per item of a kind, in both languages, from the technical recommendations. */
const CHECKLISTS: RegisterConfig = {
  name: 'inspection-checklists',
  key: 'checklists',
  nameField: 'text_en',
  columns: [
    { name: 'kind', sortable: true },
    { name: 'position', sortable: true, kind: 'number' },
    { name: 'text_en', sortable: true },
    { name: 'text_my' },
  ],
  fields: [
    { name: 'kind', type: 'select', options: INSPECTION_KINDS },
    { name: 'position', type: 'number' },
    { name: 'text_en', type: 'textarea' },
    { name: 'text_my', type: 'textarea' },
    { name: 'recommendation' },
  ],
  schema: checklistItemInputSchema,
  blank: { kind: '', position: '1', text_en: '', text_my: '', recommendation: '' },
};

export const AdminProjects = () => <RegisterEditor config={PROJECTS} />;
export const AdminEietCompanies = () => <RegisterEditor config={EIET} />;
export const AdminPileCompanies = () => <RegisterEditor config={PILE} />;
export const AdminChecklists = () => <RegisterEditor config={CHECKLISTS} />;
